import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Says the new page's name to a screen reader after a link or a form has opened it within the
 * app: the browser says a page's title when it loads one, not when the router draws another in
 * its place, and React Router has no announcer of its own (Next.js's and Gatsby's are the model).
 * The name is the page's title, or its main heading while a title is still on its way (the home
 * page's head comes with its own chunk). Not on the first page, which the browser has said.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [said, setSaid] = useState('');
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setSaid(document.title || (document.querySelector('main h1')?.textContent ?? ''));
  }, [pathname]);
  return (
    <p aria-live="assertive" aria-atomic="true" className="sr-only">
      {said}
    </p>
  );
}
