import { useLayoutEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

/**
 * After a navigation that took the focused element away with the old page (a form's submit
 * button, a link in the page), focus goes to `top`, the start of the page: the browser would
 * otherwise go on from where that element stood, deep in the new page, and the next Tab would
 * land there, dozens of stops from the menu. So it does from an element still there but out of
 * sight once the new page has been scrolled to its top (the router's ScrollRestoration, a layout
 * effect of a child, has done so by now): a footer link followed left the focus at the bottom of
 * the new page, the next Tab scrolling back down to the footer; and from one the new page hides.
 * A focus still in the page and in view (the header's search box or links, a filter) is left
 * where it is. A layout effect: it runs
 * as the new page is put in, before the browser takes the next key; a Tab pressed between the new
 * page and a (later) passive effect would go on from where the old element stood, and the effect
 * would then leave it there.
 */
export function useFocusTopAfterNavigation(top: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const focused = document.activeElement;
    if (focused && focused !== document.body && focused.isConnected && inView(focused)) return;
    top.current?.focus({ preventScroll: true });
  }, [pathname, top]);
}

function inView(element: Element) {
  // Hidden by the new page (the header's search box, which /shop hides on a phone for its own):
  // Chromium drops its focus to the page's body once the page is drawn. (A browser without
  // `checkVisibility`, Safari before 17.4, or jsdom, goes by the box alone.)
  if ('checkVisibility' in element && !element.checkVisibility()) return false;
  const { top, bottom } = element.getBoundingClientRect();
  return bottom >= 0 && top <= window.innerHeight;
}
