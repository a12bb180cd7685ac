import { isApiError } from './api-client';

/**
 * Why a page could not be shown, as far as the browser can tell:
 * - `chunk`: its script did not load (the shop was redeployed and the old asset names are gone,
 *   or the server was down when the page was opened);
 * - `offline`: the API could not be reached at all;
 * - `other`: anything else (a bug): said plainly, never with a stack trace.
 */
export type PageFailure = 'chunk' | 'offline' | 'other';

// Chromium, Firefox and Safari word a failed `import()` differently; Vite adds its CSS preload.
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

export function classifyPageFailure(error: unknown): PageFailure {
  if (isApiError(error, 0)) return 'offline';
  if (error instanceof Error && CHUNK_FAILURE.test(error.message)) return 'chunk';
  if (error instanceof TypeError && /Failed to fetch|NetworkError|Load failed/i.test(error.message)) return 'offline';
  return 'other';
}

/** Whether the shop's server answers at all (any HTTP status counts: it is up). */
export async function shopReachable(): Promise<boolean> {
  try {
    await fetch('/api/config', { cache: 'no-store', credentials: 'omit' });
    return true;
  } catch {
    return false;
  }
}

const RELOADED_AT_KEY = 'autoparts:reloaded-for-assets-at';
/** A reload that did not mend the page within this time is not tried again by itself. */
const RELOAD_GUARD_MS = 60_000;

/**
 * Reloads the page once to pick up the new asset names after a redeploy. Returns false, without
 * reloading, when the page was reloaded for this reason a moment ago: a second reload would not
 * mend it and could loop.
 */
export function reloadOnceForNewAssets(reload = () => window.location.reload(), now = Date.now()): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOADED_AT_KEY));
    if (now - last < RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(RELOADED_AT_KEY, String(now));
  } catch {
    // Without session storage the guard cannot hold: leave the reload to the customer.
    return false;
  }
  reload();
  return true;
}
