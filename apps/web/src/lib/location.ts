/** Leaves the web app for another site (e.g. Google's sign-in page). */
export function leaveTo(url: string) {
  window.location.assign(url);
}
