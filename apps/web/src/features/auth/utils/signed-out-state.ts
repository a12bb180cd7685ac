// Apart from redirect-target.ts: Sign Out is in the home page's first script, the login page's
// return rules are not (they load with /login).

/**
 * The history state a sign-out arrives with. The page it goes to (/login, say) still knows the
 * user for a moment, and must not take them for signed in and send them on. /login clears it
 * once nobody is signed in, so a later Back to that entry, signed in again, is sent on.
 */
export const signedOutState = { signedOut: true } as const;

export function arrivedBySignOut(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'signedOut' in state && state.signedOut === true;
}
