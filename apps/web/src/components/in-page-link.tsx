import type { ComponentPropsWithoutRef, MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';

interface InPageLinkProps extends Omit<ComponentPropsWithoutRef<'a'>, 'href'> {
  /** The id of the element on this page to go to, without the '#'. */
  to: string;
}

/**
 * A real `<a href="#id">` that goes through the router on a plain click, and gives its target the
 * focus, as the browser's fragment link moves the keyboard there (its target has `tabIndex={-1}`).
 *
 * Why not a bare fragment link: the browser adds its history entry behind the router's back, with no
 * key, so <ScrollRestoration> cannot tell the entries apart and Back changes the URL but leaves the page
 * where it is (see also remix-run/remix#7573). Through the router the entry gets a key, the target is
 * scrolled into view and Back returns to where the user was. Modified and non-primary clicks are left
 * to the browser, so "open in new tab" keeps working.
 */
export function InPageLink({ to, onClick, ...props }: InPageLinkProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const hash = `#${to}`;

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey ||
      (props.target !== undefined && props.target !== '_self')
    ) {
      return;
    }
    event.preventDefault();
    void navigate({ search: location.search, hash }, { replace: location.hash === hash });
    // The browser's own fragment link moves where the next Tab starts to its target; through the
    // router the focus stayed on the link, and the next Tab went on from there (back up the page).
    // The target takes the focus (a target is focusable: `tabIndex={-1}`), without a scroll of its
    // own: the router's scroll keeps the sticky header clear of it.
    document.getElementById(to)?.focus({ preventScroll: true });
  }

  return <a {...props} href={hash} onClick={handleClick} />;
}
