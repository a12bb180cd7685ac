import { AsyncLocalStorage } from 'node:async_hooks';
import os from 'node:os';
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt at the OWASP Password Storage Cheat Sheet's minimum:
 * N = 2^17, r = 8, p = 1 (Better Auth's default, N = 2^14 with r = 16, is below it).
 * Node's native scrypt runs on the libuv pool, so hashing does not block the event loop.
 * The parameters are stored with each hash, so raising them later leaves old hashes valid.
 * Test runs hash at a lower N (config.passwordHashN, decision 094).
 */
export const passwordHashParams = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;

/**
 * Hashing is bounded: at most HASHING_CONCURRENCY scrypt runs at once (one core left for
 * the event loop, at most two of libuv's four threads), so a flood of sign-ins leaves static files,
 * zlib and the catalogue their share; callers beyond that wait
 * their turn. Routes refuse work with 503 once HASHING_QUEUE_MAX calls are waiting (hashingBusy).
 */
const HASHING_CONCURRENCY = Math.max(1, Math.min(2, os.availableParallelism() - 1));
const HASHING_QUEUE_MAX = 8;
let running = 0;
const waiting: Array<() => void> = [];

/** Whether a new hashing call would wait beyond the queue's bound: answer 503 instead. */
export function hashingBusy(): boolean {
  return waiting.length >= HASHING_QUEUE_MAX;
}

/** Calls waiting for a hashing slot now (the metrics). */
export function hashingQueueLength(): number {
  return waiting.length;
}

async function withHashingSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASHING_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

function scrypt(password: string, salt: Buffer, params: { N: number; r: number; p: number }) {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return withHashingSlot(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  );
}

/**
 * A hash made before Better Auth's sign-up transaction opens: Better Auth hashes inside it, which
 * on PGlite would hold the one connection for the whole hash. `withPrecomputedHash` makes the
 * hash first and `hashPassword` hands it over for exactly that password.
 */
const precomputed = new AsyncLocalStorage<{ password: string; hash: string }>();

export async function withPrecomputedHash<T>(password: string, N: number, work: () => Promise<T>): Promise<T> {
  const hash = await hashPassword(password, N);
  return precomputed.run({ password, hash }, work);
}

/** `scrypt$N$r$p$salt$key`, salt and key in base64. */
export async function hashPassword(password: string, N: number = passwordHashParams.N): Promise<string> {
  const ready = precomputed.getStore();
  if (ready && ready.password === password) return ready.hash;
  const salt = randomBytes(16);
  const params = { ...passwordHashParams, N };
  const key = await scrypt(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** False for a wrong password and for a stored hash that is not one of ours: never throws. */
export async function verifyPassword({ hash, password }: { hash: string; password: string }) {
  const parts = hash.split('$');
  const [scheme, n, r, p, salt, key] = parts;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const sane =
    parts.length === 6 &&
    scheme === 'scrypt' &&
    Object.values(params).every((value) => Number.isSafeInteger(value) && value > 0) &&
    (params.N & (params.N - 1)) === 0 &&
    params.N > 1 &&
    params.N <= 2 ** 20 &&
    params.r <= 32 &&
    params.p <= 16;
  if (!sane || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  try {
    const actual = await scrypt(password, Buffer.from(salt, 'base64'), params);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}
