import { useSyncExternalStore } from 'react';

/**
 * The access token of `PUT /user/{email}` (DESIGN §5), kept in localStorage under `accessToken`
 * as SPEC §3 says, with its expiry and the account it belongs to under keys of their own. The
 * session cookie stays the primary credential; this token is what the calls of SPEC §7 that say
 * "bearer token" send.
 */
const TOKEN_KEY = 'accessToken';
const EXPIRES_AT_KEY = 'accessTokenExpiresAt';
const EMAIL_KEY = 'accessTokenEmail';

export interface StoredAccessToken {
  token: string;
  /** Milliseconds since the epoch; NaN when the server sent no readable time. */
  expiresAt: number;
  /** The account the token was issued for. */
  email: string;
}

const listeners = new Set<() => void>();
let snapshot: { raw: string; value: StoredAccessToken | null } = { raw: '', value: null };

// Storage can be switched off (or full); the shop then works on the session cookie alone.
function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(entries: [string, string | null][]) {
  try {
    for (const [key, value] of entries) {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
    }
  } catch {
    // See read().
  }
  for (const listener of listeners) listener();
}

/** The stored token, whether or not it has expired; the same object until the storage changes. */
export function readAccessToken(): StoredAccessToken | null {
  const token = read(TOKEN_KEY);
  const expiresAt = read(EXPIRES_AT_KEY);
  const email = read(EMAIL_KEY);
  const raw = JSON.stringify([token, expiresAt, email]);
  if (raw !== snapshot.raw) {
    snapshot = {
      raw,
      value: token ? { token, expiresAt: Date.parse(expiresAt ?? ''), email: email ?? '' } : null,
    };
  }
  return snapshot.value;
}

/** The token to send as `Authorization: Bearer`, or null when there is none or it has expired. */
export function getAccessToken(now = Date.now()): string | null {
  const stored = readAccessToken();
  return stored && stored.expiresAt > now ? stored.token : null;
}

/** Keeps the token of a `PUT /user/{email}` reply (`expiresAt` is its ISO time). */
export function setAccessToken({ token, expiresAt, email }: { token: string; expiresAt: string; email: string }) {
  write([
    [TOKEN_KEY, token],
    [EXPIRES_AT_KEY, expiresAt],
    [EMAIL_KEY, email],
  ]);
}

export function clearAccessToken() {
  if (read(TOKEN_KEY) === null && read(EXPIRES_AT_KEY) === null && read(EMAIL_KEY) === null) return;
  write([
    [TOKEN_KEY, null],
    [EXPIRES_AT_KEY, null],
    [EMAIL_KEY, null],
  ]);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab of the shop may sign in, renew or sign out.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The stored token as React state: components re-render when it is set, renewed or cleared. */
export function useStoredAccessToken(): StoredAccessToken | null {
  return useSyncExternalStore(subscribe, readAccessToken, () => null);
}
