/**
 * A double click on a control that moves the page (Next, Previous) is one press: the click it
 * began with acts, and the second click of the pair (`detail` 2) is cancelled wherever it lands —
 * on the same control, which would turn a second page, or on whatever the move put under the
 * pointer (a row's link once the list's top is scrolled into view). The listener goes with the
 * next click, whatever it is; a key press (`detail` 0) arms nothing.
 */
export function oneClickOfADouble(event: { detail: number }) {
  if (event.detail !== 1) return;
  document.addEventListener(
    'click',
    (next) => {
      if (next.detail < 2) return;
      next.preventDefault();
      next.stopPropagation();
    },
    { capture: true, once: true },
  );
}
