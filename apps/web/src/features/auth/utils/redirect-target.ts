import { GOOGLE_CALLBACK_MAX_LENGTH, paths } from '@autoparts/shared';

/** Pages of signing in and of the account's links: nowhere to come back to once signed in. */
const signingInPages = new Set<string>([paths.login, paths.signup, paths.forgotPassword, paths.resetPassword, paths.verifyEmail]);

/** An origin no page of the shop has: a `from` that resolves to any other is not a path of this site. */
const SAME_SITE = 'http://shop.invalid';

/**
 * Where to go after signing in: the page the guard sent the user away from (`state.from`, a
 * path with its query and hash), else home. Anything that is not a path of this site is ignored:
 * it is read as the browser would (tabs and line breaks dropped, `\` as `/`), so `/\t/evil.example`
 * is another site's address, not a path.
 */
export function redirectTarget(state: unknown): string {
  const from = typeof state === 'object' && state !== null && 'from' in state ? state.from : undefined;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) {
    return paths.home;
  }
  let url: URL;
  try {
    url = new URL(from, SAME_SITE);
  } catch {
    return paths.home;
  }
  if (url.origin !== SAME_SITE || signingInPages.has(url.pathname)) return paths.home;
  return url.pathname + url.search + url.hash;
}

/** The query parameter of /login that says where to go after signing in, when no history state can. */
export const FROM_PARAM = 'from';

/**
 * Where a sign-in goes afterwards: the router's `state.from`, else `?from=` — the address Google
 * comes back to when its sign-in did not complete (cancelled at Google, an address not linked) is
 * a new page load, which has no history state: without it a customer who came from checkout and
 * then logged in with a password went home.
 */
export function signInTarget(state: unknown, search: URLSearchParams): string {
  const fromState = redirectTarget(state);
  if (fromState !== paths.home) return fromState;
  return redirectTarget({ from: search.get(FROM_PARAM) });
}

/**
 * Where Google sends the browser back to when its sign-in did not complete: /login saying so, and
 * where to go from there. A page whose address, written into the query, would be longer than the
 * shop takes for it is left out (the sign-in itself must not be refused for it).
 */
export function googleErrorCallback(from: string): string {
  const plain = `${paths.login}?error=google`;
  if (from === paths.home) return plain;
  const withFrom = `${plain}&${new URLSearchParams({ [FROM_PARAM]: from })}`;
  return withFrom.length <= GOOGLE_CALLBACK_MAX_LENGTH ? withFrom : plain;
}
