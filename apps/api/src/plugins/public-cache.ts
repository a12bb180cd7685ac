import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { DatabaseHandle } from '../db/database';
import { encodedFor, sendStored, storedReply, storedSize, type StoredReply } from './stored-reply';

export { BROTLI_OPTIONS } from './stored-reply';

/** What a cached read shows; migration 0016 names the tables whose changes announce each topic. */
export type CacheTopic = 'catalogue' | 'reviews';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A public GET answered from memory until its topic changes. Only for replies that are the
     * same for every caller: nothing per user (orders, garage, admin lists) is ever cached.
     */
    cachedAs?: CacheTopic;
    /**
     * A write whose only public change is stock (placing an order), which a cached read may show
     * up to a second late: it does not empty this instance's cache as its reply leaves;
     * its change arrives as every other instance's do, coalesced (decision 030).
     */
    changesStockOnly?: true;
  }
  interface FastifyRequest {
    /** The topic's generation when a cacheable request began (public-cache.ts). */
    cacheGeneration: number;
    /** Its reply's key in the public cache; undefined: not one to keep (public-cache.ts). */
    cacheKey: string | undefined;
  }
  interface FastifyInstance {
    publicCache: {
      /**
       * Settles once every change committed so far has reached this instance's cache, a drop
       * still waiting for its turn included (for tests: a change through the API is seen at once,
       * but for an order's, and a change written to the database directly is otherwise seen
       * within COALESCE_MS).
       */
      caughtUp(): Promise<void>;
      /**
       * What the cached reads show, as a number that changes whenever either topic is emptied;
       * undefined while changes cannot be heard, when nothing may be kept. Something derived
       * from those reads (a rendered page, plugins/web-app.ts) is kept while it is unchanged.
       */
      version(): number | undefined;
      /** Cached reads answered from memory (hits) or from the database (misses) so far, by topic. */
      counts(): Record<CacheTopic, { hits: number; misses: number }>;
    };
  }
}

/** The channel migration 0016's triggers notify, with the topic as payload. */
const CHANNEL = 'shop_changes';
/** Memory the cached replies of a topic may hold at most (JSON and its compressed forms). */
const MAX_BYTES: Record<CacheTopic, number> = { catalogue: 48 * 1024 * 1024, reviews: 4 * 1024 * 1024 };
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** A reply with a member's contract prices: no cache anywhere keeps it (decision 080). */
export const PERSONAL = 'private, no-store';
/**
 * A topic heard to change is emptied at most once per this long (decision 030): the first change
 * after a quiet spell empties it at once, the changes heard within this time after that empty it
 * once more when the time is up. A stream of orders (each announces a stock change) thus costs a
 * few drops a second, not one per order, and every change still shows within a second.
 */
const COALESCE_MS = 250;

/**
 * Public catalogue and review reads served from memory (decision 026). A route opts in
 * with `config: { cachedAs: 'catalogue' }`; its first 200 is kept as bytes with a strong ETag and
 * sent again as they are, or as `304` to a matching `If-None-Match`, until a change of its topic.
 *
 * Changes announce themselves: every statement on a topic's tables fires `pg_notify` inside its
 * transaction (migration 0016), which every instance hears on commit and drops that topic, at
 * most once per COALESCE_MS (decision 030). A request that began before the drop does not store
 * what it read. While the listening
 * connection is down nothing is served from or stored in memory, and it all starts afresh once
 * it listens again. A write request (any method but GET, HEAD, OPTIONS) answered below 400
 * catches up with the notifications before its reply leaves, so whoever changed something sees it
 * in the next read and a write that changed nothing shown empties nothing; an order
 * (`changesStockOnly`) leaves its stock change to the coalesced notification.
 */
export async function publicCache(app: FastifyInstance, database: DatabaseHandle) {
  const caches = {
    catalogue: newCache(MAX_BYTES.catalogue),
    reviews: newCache(MAX_BYTES.reviews),
  } satisfies Record<CacheTopic, LRUCache<string, StoredReply>>;
  const generation: Record<CacheTopic, number> = { catalogue: 0, reviews: 0 };
  const lastDrop: Record<CacheTopic, number> = { catalogue: Number.NEGATIVE_INFINITY, reviews: Number.NEGATIVE_INFINITY };
  const pending: Record<CacheTopic, NodeJS.Timeout | undefined> = { catalogue: undefined, reviews: undefined };
  let live = true;
  const counts: Record<CacheTopic, { hits: number; misses: number }> = {
    catalogue: { hits: 0, misses: 0 },
    reviews: { hits: 0, misses: 0 },
  };

  const drop = (topic: CacheTopic) => {
    clearTimeout(pending[topic]);
    pending[topic] = undefined;
    lastDrop[topic] = performance.now();
    generation[topic] += 1;
    caches[topic].clear();
  };
  const dropAll = () => {
    drop('catalogue');
    drop('reviews');
  };
  /** A change heard: the topic is emptied now, or once at the end of its COALESCE_MS. */
  const changed = (topic: CacheTopic) => {
    if (pending[topic]) return;
    const wait = lastDrop[topic] + COALESCE_MS - performance.now();
    if (wait <= 0) return drop(topic);
    pending[topic] = setTimeout(() => drop(topic), wait);
  };
  const dropPending = () => {
    for (const topic of ['catalogue', 'reviews'] as const) if (pending[topic]) drop(topic);
  };
  app.addHook('onClose', async () => {
    for (const timer of Object.values(pending)) clearTimeout(timer);
  });
  const listener = await database.listen(CHANNEL, {
    notified: (payload) => {
      if (payload === 'catalogue' || payload === 'reviews') return changed(payload);
      changed('catalogue');
      changed('reviews');
    },
    lost: () => {
      live = false;
      dropAll();
      app.log.warn('public cache: change notifications lost, answering from the database until they are back');
    },
    resumed: () => {
      dropAll();
      live = true;
      app.log.info('public cache: change notifications are back');
    },
  });
  app.decorate('publicCache', {
    caughtUp: () => listener.caughtUp().then(dropPending),
    // Each generation only grows, so their sum changes whenever either does.
    version: () => (live ? generation.catalogue + generation.reviews : undefined),
    counts: () => counts,
  });
  app.decorateRequest('cacheGeneration', -1);
  app.decorateRequest('cacheKey', undefined);

  // Before @fastify/compress is registered: a cached route compresses its stored bytes once.
  app.addHook('onRoute', (route) => {
    const topic = route.config?.cachedAs;
    if (!topic || route.method !== 'GET') return;
    route.compress = false;
    route.onRequest = [
      ...toArray(route.onRequest),
      (request, reply, done) => {
        request.cacheGeneration = generation[topic];
        request.cacheKey = keyOf(route, request);
        const serve = () => {
          const key = request.cacheKey;
          const entry = live && key !== undefined ? caches[topic].get(key) : undefined;
          counts[topic][entry ? 'hits' : 'misses'] += 1;
          if (!entry) return done();
          sendStored(request, reply, entry);
        };
        // A member with contract prices is answered from the database, for them alone (decision 080).
        if (!route.config?.priced) return serve();
        app.contractBuyer(request).then((buyer) => (buyer ? done() : serve()), done);
      },
    ];
    route.onSend = [
      ...toArray(route.onSend),
      (request, reply, payload, done) => {
        if (reply.statusCode !== 200 || typeof payload !== 'string' || request.method !== 'GET') {
          return done(null, payload);
        }
        if (route.config?.priced && request.contractBuyerMemo) {
          request.contractBuyerMemo.then((buyer) => {
            if (buyer) reply.header('cache-control', PERSONAL);
            done(null, buyer ? payload : keep(topic, request, reply, payload));
          }, done);
          return;
        }
        done(null, keep(topic, request, reply, payload));
      },
    ];
  });

  /** A public reply kept (unless a change came since its request began) and sent as stored bytes. */
  function keep(topic: CacheTopic, request: FastifyRequest, reply: FastifyReply, payload: string) {
    // JSON, or the route's own type (the sitemap's XML).
    const entry = storedReply(payload, String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'));
    // Read before a change was heard: sent this once, never kept.
    if (live && request.cacheGeneration === generation[topic] && request.cacheKey !== undefined) caches[topic].set(request.cacheKey, entry);
    const { encoding, etag, bytes } = encodedFor(request, entry);
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').header('etag', etag);
    if (encoding) reply.header('content-encoding', encoding);
    return bytes;
  }

  // A write done here is read back at once: its transaction has committed before its reply, and
  // the notifications it sent name the topics it changed; catching up with them before the reply
  // leaves empties those topics now rather than at the end of their COALESCE_MS. A write that
  // touched no table a cached read shows (signing out, a profile, a session) announces nothing and
  // empties nothing, so a stream of them from anyone cannot keep the cache empty. An order's stock
  // is left to the coalesced notification, as on every other instance. The wait is bounded: a
  // listening connection that does not answer within a second counts as lost (db/database.ts),
  // so the cache is emptied and unused until it listens again, and the reply leaves.
  app.addHook('onSend', (request, reply, payload, done) => {
    const wrote = !SAFE_METHODS.has(request.method) && reply.statusCode < 400;
    if (!wrote || request.routeOptions.config.changesStockOnly) return done(null, payload);
    listener.caughtUp().then(() => {
      dropPending();
      done(null, payload);
    }, done);
  });
}

/**
 * A cached read's key (DESIGN §10: path and normalised query): the route and its params and query
 * as its schemas parse them, object keys sorted. So `?q=filter&zz=1`, `?zz=2&q=filter` and
 * `?q=filter%20` are one entry with `?q=filter` (zod's objects drop unknown keys, the search schema
 * trims `q`), and nobody can fill the cache or go past it by adding to a URL. Whatever the reply
 * depends on is what the handler reads, and a cached route's handler reads only what its schemas
 * parse; a query that does not parse is a 400, never kept (undefined). Run in `onRequest`, before
 * Fastify's own validation, so that a reply from memory still costs no rate-limit count.
 */
function keyOf(route: RouteOptions, request: FastifyRequest): string | undefined {
  const parsed = (schema: unknown, value: unknown, otherwise: unknown) => {
    if (!isSchema(schema)) return otherwise;
    const result = schema.safeParse(value ?? {});
    return result.success ? result.data : undefined;
  };
  // A route without a params schema still tells its replies apart by its path's params as sent;
  // one without a querystring schema reads no query.
  const params = parsed(route.schema?.params, request.params, request.params ?? {});
  const query = parsed(route.schema?.querystring, request.query, {});
  if (params === undefined || query === undefined) return undefined;
  return JSON.stringify([route.url, params, query], (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : value,
  );
}

function isSchema(schema: unknown): schema is { safeParse(value: unknown): { success: true; data: unknown } | { success: false } } {
  return typeof (schema as { safeParse?: unknown } | undefined)?.safeParse === 'function';
}

function newCache(maxBytes: number) {
  return new LRUCache<string, StoredReply>({
    maxSize: maxBytes,
    sizeCalculation: (entry, key) => storedSize(entry) + key.length,
  });
}

function toArray<T>(value: T | T[] | undefined): T[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}
