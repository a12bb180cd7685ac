/**
 * A double click on a control that moves the page under the pointer is one press: the click it
 * began with acts, and the second click of the pair (`detail` 2) is cancelled wherever it lands —
 * on the same control, which would turn a second page, or on whatever the move put under the
 * pointer (a row's link once the list's top is scrolled into view, the next row once this one is
 * removed, another filter once /shop is scrolled to its top). The pagers, /shop's filters, the
 * home page's categories, the cart's and My Garage's Remove use it (decisions 200, 210). The
 * listener goes with the next click, whatever it is; a key press (`detail` 0) arms nothing. On a
 * checkbox it goes on the box, whose click a click on its label passes on with the same `detail`.
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
