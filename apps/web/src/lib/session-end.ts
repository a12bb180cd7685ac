import { api, isApiError } from './api-client';

/**
 * Ending the session on the server. The session cookie is httpOnly, so only the server can
 * remove it; when it cannot be reached at sign-out, the browser marks the sign-out as pending
 * (SPEC §4: sign-out always clears the session in the browser) and finishes it on the next
 * check of who is signed in. Signing in again drops the mark first.
 */
const PENDING_KEY = 'signOutPending';

function endSession() {
  return api<unknown>('/auth/sign-out', { method: 'POST', body: {} });
}

export function isSignOutPending(): boolean {
  try {
    return localStorage.getItem(PENDING_KEY) !== null;
  } catch {
    return false;
  }
}

export function setSignOutPending(pending: boolean) {
  try {
    if (pending) localStorage.setItem(PENDING_KEY, '1');
    else localStorage.removeItem(PENDING_KEY);
  } catch {
    // Storage switched off: the sign-out lasts as long as this page.
  }
}

/**
 * Ends the session on the server and drops the pending mark. Returns false when the server could
 * not be reached (or failed): the mark stays and the next attempt tries again.
 */
export async function finishSignOut(): Promise<boolean> {
  try {
    await endSession();
  } catch (error) {
    if (isApiError(error, 0) || (isApiError(error) && error.status >= 500)) return false;
  }
  setSignOutPending(false);
  return true;
}
