import { apiErrors } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { UNSTORABLE } from '../lib/storable-text';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** No body of ours nests deeper than this (objects and arrays); a deeper one is not one of ours. */
export const MAX_JSON_DEPTH = 8;
/**
 * The largest body a route takes unless it says otherwise (its `bodyLimit`): every JSON form of
 * ours is a few kilobytes; photos and the fitment CSV name their own limits.
 */
export const DEFAULT_BODY_LIMIT = 64 * 1024;
// Character codes of JSON's structure.
const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/**
 * Rules every request passes before its route runs (DESIGN §8):
 * - CSRF: a state-changing call that carries cookies must come from the shop's own pages (its
 *   `Origin` is BASE_URL's, or the browser says `Sec-Fetch-Site: same-origin`), whatever its path:
 *   the router decodes a path (`/%61pi/order` is `/api/order`), so a rule on the raw one misses
 *   writes. A call with a bearer token and no cookie carries its credential itself and is not
 *   affected; one with both is checked, as a browser's would be (a junk bearer token must not
 *   carry a cookie's session past the check).
 * - No `text/plain` bodies: a cross-site form can send those without a preflight.
 * - A JSON body is at most its route's `bodyLimit` (DEFAULT_BODY_LIMIT unless the route says) and
 *   nests at most MAX_JSON_DEPTH deep, counted over its text before it is parsed: a megabyte of
 *   `[[[[…` costs one pass over the text, not a parse and walks of a million-level tree.
 * - Strings anywhere in the body, query or path hold no NUL and no lone surrogate: 400, not a
 *   database error.
 */
export function requestGuards(app: FastifyInstance) {
  const ownOrigin = new URL(app.config.baseUrl).origin;
  app.removeContentTypeParser('text/plain');
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(Object.assign(new Error(apiErrors.bodyTooDeep), { statusCode: 400 }), undefined);
      return;
    }
    parseJson(request, text, done);
  });

  // Callback hooks: every request passes them, and a promise each is a cost a cached read notices.
  app.addHook('onRequest', (request, reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    if (!request.headers.cookie) return done();
    const origin = request.headers.origin;
    const sameOrigin = origin ? origin === ownOrigin : request.headers['sec-fetch-site'] === 'same-origin';
    if (sameOrigin) return done();
    request.log.warn({ origin: origin ?? null, route: request.url.split('?', 1)[0] }, 'cross-origin write refused');
    reply.code(403).send({ message: apiErrors.crossOrigin });
  });

  app.addHook('preValidation', (request, reply, done) => {
    if (holdsUnstorableText(request.params) || holdsUnstorableText(request.query) || holdsUnstorableText(request.body)) {
      reply.code(400).send({ message: apiErrors.invalidText });
      return;
    }
    done();
  });
}

/** Whether any string (key or value) in `value` is one PostgreSQL cannot store. */
function holdsUnstorableText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (UNSTORABLE.test(next)) return true;
    } else if (typeof next === 'object' && next !== null && !Buffer.isBuffer(next)) {
      for (const [key, item] of Object.entries(next as Record<string, unknown>)) {
        if (UNSTORABLE.test(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/** Whether JSON text opens more than `limit` objects or arrays inside one another (strings skipped). */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const byte = text.charCodeAt(index);
    if (inString) {
      if (byte === BACKSLASH) index++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_BRACKET || byte === OPEN_BRACE) {
      depth++;
      if (depth > limit) return true;
    } else if (byte === CLOSE_BRACKET || byte === CLOSE_BRACE) {
      depth--;
    }
  }
  return false;
}
