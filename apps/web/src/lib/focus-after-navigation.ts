import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

/**
 * After a navigation that took the focused element away with the old page (a form's submit
 * button, a link in the page), focus goes to `top`, the start of the page: the browser would
 * otherwise go on from where that element stood, deep in the new page, and the next Tab would
 * land there, dozens of stops from the menu. A focus still in the page (the header's search box,
 * a filter) is left where it is.
 */
export function useFocusTopAfterNavigation(top: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const focused = document.activeElement;
    if (focused && focused !== document.body && focused.isConnected) return;
    top.current?.focus({ preventScroll: true });
  }, [pathname, top]);
}
