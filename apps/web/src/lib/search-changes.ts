import { useEffect, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

/**
 * `useSearchParams`, whose setter hands each change the search last asked for (decision 092).
 * React Router navigates in a transition and builds even its function form on the render's search,
 * so a second change made before React has drawn the first (two choices kept from before hydration
 * in one pass of effects, a button pressed at once) would undo it. Here a change builds on the
 * search last asked for until React draws another, however that one came (a change, a link, Back).
 * The URL stays the one place the search lives.
 */
export function useSearchChanges(): [URLSearchParams, (change: (latest: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const drawn = searchParams.toString();
  // What was last asked for, and the search drawn when that run of changes began.
  const asked = useRef<{ search: string; over: string }>(undefined);
  useEffect(() => {
    if (asked.current && asked.current.over !== drawn) asked.current = undefined;
  }, [drawn]);
  function changeSearch(change: (latest: URLSearchParams) => URLSearchParams, options?: NavigateOptions) {
    const next = change(new URLSearchParams(asked.current?.search ?? drawn));
    asked.current = { search: next.toString(), over: asked.current?.over ?? drawn };
    setSearchParams(next, options);
  }
  return [searchParams, changeSearch];
}
