import { startTransition, useCallback, useEffect, useMemo, useOptimistic, useRef } from 'react';
import { useNavigate, useSearchParams, type NavigateOptions } from 'react-router';

/**
 * `useSearchParams`, whose setter hands each change the search last asked for (decision 092), and
 * whose search shows a change at once (decision 093).
 *
 * React Router navigates in a transition and builds even its function form on the render's search,
 * so a second change made before React has drawn the first (two choices kept from before hydration
 * in one pass of effects, a button pressed at once) would undo it. Here a change builds on the
 * search last asked for until React draws another, however that one came (a change, a link, Back).
 *
 * Until the navigation's transition is drawn, a control bound to the search would show the old one
 * (React puts a clicked checkbox back). The search returned is React's optimistic state: the one
 * asked for while its navigation is under way, the router's once it is drawn. The URL stays the one
 * place the search lives.
 */
export function useSearchChanges(): [URLSearchParams, (change: (latest: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => void] {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const drawn = searchParams.toString();
  const [shown, show] = useOptimistic(drawn);
  // What was last asked for, and the search drawn when that run of changes began.
  const asked = useRef<{ search: string; over: string }>(undefined);
  useEffect(() => {
    if (asked.current && asked.current.over !== drawn) asked.current = undefined;
  }, [drawn]);
  // The same function until another search is drawn, as React Router's own setter.
  const changeSearch = useCallback(
    (change: (latest: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
      const next = change(new URLSearchParams(asked.current?.search ?? drawn)).toString();
      asked.current = { search: next, over: asked.current?.over ?? drawn };
      // An action: the search asked for is shown until the navigation it awaits is drawn.
      startTransition(async () => {
        show(next);
        await navigate({ search: next }, options);
      });
    },
    [drawn, navigate, show],
  );
  return [useMemo(() => new URLSearchParams(shown), [shown]), changeSearch];
}
