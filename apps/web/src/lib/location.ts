/** Leaves the web app for another site (e.g. Google's sign-in page). */
export function leaveTo(url: string) {
  window.location.assign(url);
}

/**
 * The address bar's path as React Router reads it without a warning: a segment holding a broken
 * percent-escape (`/nope%zz`, `/x/%E0%A4%A`), which names no page (decision 166), has its `%`
 * written as the escape of the character typed (`/nope%25zz`); every other segment is kept as it is.
 * The server answers either address with the not-found page. Read as sent, the router logged
 * "could not be decoded" three times (decision 193).
 */
export function readablePath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => (decoded(segment) === undefined ? segment.replaceAll('%', '%25') : segment))
    .join('/');
}

/**
 * A segment decoded, or undefined where it cannot be. Its result is used: the build's minifier
 * takes a bare `decodeURIComponent(…)` for a call without effects and drops it, throw and all.
 */
function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
