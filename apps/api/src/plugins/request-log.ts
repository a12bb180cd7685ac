import { randomUUID } from 'node:crypto';
import { paths } from '@autoparts/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Logged at `debug`, not `info`: a refusal that says nothing new (a 429 of a caller this
     * instance already logged over its limit in this window, plugins/rate-limits.ts).
     */
    quietLog: boolean;
  }
}

/**
 * One structured log line per request, written when the reply has gone. What the shop asks of its
 * own API while it renders a page (`plugins/web-app.ts`) is no request of a client's: its line is
 * at `debug`, with `page`, the id of the page's request, whose own line says what the visitor asked.
 */
export function requestLog(app: FastifyInstance) {
  app.decorateRequest('quietLog', false);
  app.addHook('onResponse', (request, reply, done) => {
    const page = pageRequestOf(request);
    const log = request.routeOptions.config.quietLog || request.quietLog || page ? request.log.debug : request.log.info;
    log.call(
      request.log,
      {
        method: request.method,
        url: withoutSecrets(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
        ...(page && { page }),
      },
      'request',
    );
    done();
  });
}

/** A request the shop makes of itself carries this header: a key only this process knows, then the page request's id. */
const IN_PROCESS_HEADER = 'x-shop-in-process';
const inProcessKey = randomUUID();

/** The headers that mark a request the shop makes of itself for `page`. */
export function inProcessHeaders(page: FastifyRequest): Record<string, string> {
  return { [IN_PROCESS_HEADER]: `${inProcessKey} ${page.id}` };
}

/** The id of the page request this one was made for, when the shop asked itself; a client cannot claim it. */
function pageRequestOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IN_PROCESS_HEADER];
  if (typeof value !== 'string') return undefined;
  const [key, page] = value.split(' ');
  return key === inProcessKey ? page : undefined;
}

/**
 * Searches whose words are the catalogue's (a part's name or number), kept in the log; every other
 * `q` searches people (Make Admin's users, the audit log) and is blanked, as are `email` and
 * `actor`, which hold an e-mail or a part of one (Manage All Orders, the audit log).
 */
const CATALOGUE_SEARCHES = new Set(['/api/search', paths.shop, '/api/admin/parts', paths.manageProducts]);

/**
 * The address as logged: it names no customer and carries no key.
 * - `/api/myorder/jane%40example.com` → `/api/myorder/[email]`;
 * - `?token=…`, `?code=…`, `?state=…` (a reset or confirmation link, Google's return) → `[secret]`;
 * - `/company/invitations/<token>` → `/company/invitations/[secret]`, and Better Auth's
 *   `/reset-password/<token>` (the link it sends opens it) → `/reset-password/[secret]`: each is as
 *   good as a password while it lives;
 * - `?email=jane`, `?actor=jane`, and `?q=Jane Doe` but on the catalogue's searches → `[person]`:
 *   an admin's search for a customer names them even without an `@`.
 * Each piece between `/ ? & =` is looked at once: a pattern that backtracks cost seconds a
 * request on a 100,000-character URL.
 */
export function withoutSecrets(url: string): string {
  const queryAt = url.indexOf('?');
  const people = queryAt >= 0 && !CATALOGUE_SEARCHES.has(url.slice(0, queryAt)) ? /([?&](?:email|actor|q)=)[^&]*/gi : /([?&](?:email|actor)=)[^&]*/gi;
  return url
    .replace(/[^/?&=]+/g, (piece) => (/@|%40/i.test(piece) ? '[email]' : piece))
    .replace(/([?&](?:token|code|state)=)[^&]*/gi, '$1[secret]')
    .replace(people, (whole, name: string) => (whole.endsWith('=[email]') ? whole : `${name}[person]`))
    .replace(/(\/(?:invitations|reset-password)\/)[^/?]+/g, '$1[secret]');
}
