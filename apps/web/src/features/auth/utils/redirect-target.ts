import { paths } from '@autoparts/shared';

/** Pages of signing in and of the account's links: nowhere to come back to once signed in. */
const signingInPages = new Set<string>([paths.login, paths.signup, paths.forgotPassword, paths.resetPassword, paths.verifyEmail]);

/**
 * Where to go after signing in: the page the guard sent the user away from (`state.from`, a
 * path with its query), else home. Anything that is not a path of this site is ignored.
 */
export function redirectTarget(state: unknown): string {
  const from = typeof state === 'object' && state !== null && 'from' in state ? state.from : undefined;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) {
    return paths.home;
  }
  const pathname = from.split(/[?#]/, 1)[0] ?? '';
  return signingInPages.has(pathname) ? paths.home : from;
}

/**
 * The history state a sign-out arrives with. The page it goes to (/login, say) still knows the
 * user for a moment, and must not take them for signed in and send them on. /login clears it
 * once nobody is signed in, so a later Back to that entry, signed in again, is sent on.
 */
export const signedOutState = { signedOut: true } as const;

export function arrivedBySignOut(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'signedOut' in state && state.signedOut === true;
}
