import { apiErrors } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** A NUL, or a UTF-16 surrogate without its other half: PostgreSQL can store neither as text. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Rules every API request passes before its route runs (DESIGN §8, issue 8):
 * - CSRF: a state-changing call that carries cookies must come from the shop's own pages (its
 *   `Origin` is BASE_URL's, or the browser says `Sec-Fetch-Site: same-origin`); a call with a
 *   bearer token carries its credential itself and is not affected.
 * - No `text/plain` bodies: a cross-site form can send those without a preflight.
 * - Strings anywhere in the body, query or path hold no NUL and no lone surrogate: 400, not a
 *   database error.
 */
export function requestGuards(app: FastifyInstance) {
  const ownOrigin = new URL(app.config.baseUrl).origin;
  app.removeContentTypeParser('text/plain');

  // Callback hooks: every request passes them, and a promise each is a cost a cached read notices.
  app.addHook('onRequest', (request, reply, done) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return done();
    if (!request.headers.cookie || /^Bearer\s/i.test(request.headers.authorization ?? '')) return done();
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
