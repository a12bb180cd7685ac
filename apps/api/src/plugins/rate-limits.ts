import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { rateLimited } from '@autoparts/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { addressKey, addressMax, limits, type LimitName } from '../modules/limits/limits';
import { createRateCounters } from '../modules/limits/repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** A route's `config` that applies one of the shop's limits (modules/limits/limits.ts). */
    limitedBy: (name: LimitName) => { rateLimit: { max: number; timeWindow: number; keyGenerator: (request: FastifyRequest) => string } };
  }
}

/** Callers past a limit remembered at once by an instance (decision 153). */
const OVER_LIMIT_KEYS = 10_000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * Between the two counters of a signed-in write in the key @fastify/rate-limit hands the store:
 * its account's and its address's (`<limit>:account:<id>|<limit>:accounts-at:<address>`).
 */
const AND_ADDRESS = '|';

/**
 * `@fastify/rate-limit` with its counters in the shop's database (DESIGN §8): the limits hold
 * across instances. Routes opt in with `config: app.limitedBy('orders')`; the check runs as a
 * preHandler, after the route's guard has said who is calling, so a signed-in caller is counted
 * per account (whatever address it comes from) and anyone else per address. A signed-in write of
 * a limit with `perAddress` is counted per its address too (`addressMax`, decision 211): accounts
 * made one after another from one address share it. Both counters are one statement; past either
 * is 429.
 */
export async function rateLimits(app: FastifyInstance) {
  const counters = createRateCounters(app.db);
  /**
   * The keys the database said are past their limit, each until its window ends: a caller kept
   * asking after its 429 is answered from memory, so a flood past a limit writes nothing more to
   * the database (decision 153). Each instance learns it at its own first refusal; the count still
   * holds across instances. Bounded: a flood from many addresses forgets the oldest.
   */
  const overLimit = new LRUCache<string, { current: number; until: number; max: number; logged: boolean }>({ max: OVER_LIMIT_KEYS });

  class DatabaseStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number, max: number) {
      const known = overLimit.get(key);
      const now = Date.now();
      if (known && known.until > now) return callback(null, { current: known.current, ttl: known.until - now });
      const [own = key, address] = key.split(AND_ADDRESS);
      const windowSeconds = Math.ceil(timeWindow / 1000);
      counters.hitEach(address === undefined ? [own] : [own, address], { max, windowSeconds }).then(
        ([mine, at]) => {
          if (!mine) return callback(new Error('the rate counter answered no count'));
          // Past the address's allowance is past the limit, however few this account has made.
          const ceiling = (addressMax(key.slice(0, key.indexOf(':')) as LimitName) ?? Number.POSITIVE_INFINITY) * app.config.limitScale;
          const over = at && at.count > ceiling ? { count: max + at.count - ceiling, retryAfterSeconds: at.retryAfterSeconds, max: ceiling } : { ...mine, max };
          const { count, retryAfterSeconds } = over;
          // Kept as first learnt: a refusal that was on its way to the database meanwhile neither
          // extends the window nor has its caller logged again.
          if (count > max && !((overLimit.get(key)?.until ?? 0) > Date.now())) overLimit.set(key, { current: count, until: Date.now() + retryAfterSeconds * 1000, max: over.max, logged: false });
          callback(null, { current: count, ttl: retryAfterSeconds * 1000 });
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child() {
      return this;
    }
  }

  // Every signed-in read without a limit of its own counts under `accountReads`: added before
  // @fastify/rate-limit's own onRoute hook, which reads the route's `config.rateLimit`.
  app.addHook('onRoute', (route) => {
    const reads = [route.method].flat().every((method) => method === 'GET' || method === 'HEAD');
    const guards = [route.onRequest ?? []].flat();
    if (!reads || route.config?.rateLimit || !(guards.includes(app.requireUser) || guards.includes(app.requireAdmin))) return;
    route.config = { ...route.config, ...app.limitedBy('accountReads') };
  });

  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    store: DatabaseStore,
    // A limit the database cannot count is no limit: the request fails instead of passing.
    skipOnError: false,
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false, 'retry-after': true },
    // "rate limit reached" once per caller and window on each instance, when it first remembers the
    // caller as over its limit: a flood past a limit logged it beside every request line, doubling
    // the log. Named by the limit, not the key (an address). The refusals after it say nothing
    // new: their request lines are at debug (decision 159: a flood of missing photo ids past its
    // limit wrote 5,300 lines a second, 63,551 in 12 s, all "429").
    onExceeded: (request, key) => {
      const known = overLimit.get(key);
      if (!known) return;
      if (known.logged) {
        request.quietLog = true;
        return;
      }
      known.logged = true;
      request.log.warn({ route: request.routeOptions.url, limit: key.slice(0, key.indexOf(':')), max: known.max }, 'rate limit reached');
    },
    errorResponseBuilder: (_request, context) => ({ statusCode: 429, message: rateLimited(context.after) }),
  });

  app.decorate('limitedBy', (name: LimitName) => {
    const limit = limits[name];
    return {
      rateLimit: {
        max: limit.max * app.config.limitScale,
        timeWindow: limit.windowSeconds * 1000,
        keyGenerator: (request: FastifyRequest) => {
          const address = addressKey(request.ip);
          if (!request.identity) return `${name}:ip:${address}`;
          const own = `${name}:account:${request.identity.userId}`;
          // A write of a limit with `perAddress` is counted per its address too (decision 211).
          return addressMax(name) === undefined || SAFE_METHODS.has(request.method) ? own : `${own}${AND_ADDRESS}${name}:accounts-at:${address}`;
        },
      },
    };
  });
}
