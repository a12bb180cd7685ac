import type { FastifyInstance } from 'fastify';

/** One structured log line per request, written when the reply has gone. */
export function requestLog(app: FastifyInstance) {
  app.addHook('onResponse', (request, reply, done) => {
    const log = request.routeOptions.config.quietLog ? request.log.debug : request.log.info;
    log.call(
      request.log,
      {
        method: request.method,
        url: withoutSecrets(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
      },
      'request',
    );
    done();
  });
}

/**
 * The address as logged: it names no customer and carries no key.
 * - `/api/myorder/jane%40example.com` → `/api/myorder/[email]`;
 * - `?token=…`, `?code=…`, `?state=…` (a reset or confirmation link, Google's return) → `[secret]`;
 * - `/company/invitations/<token>` → `/company/invitations/[secret]`, and Better Auth's
 *   `/reset-password/<token>` (the link it sends opens it) → `/reset-password/[secret]`: each is as
 *   good as a password while it lives.
 * Each piece between `/ ? & =` is looked at once: a pattern that backtracks cost seconds a
 * request on a 100,000-character URL.
 */
export function withoutSecrets(url: string): string {
  return url
    .replace(/[^/?&=]+/g, (piece) => (/@|%40/i.test(piece) ? '[email]' : piece))
    .replace(/([?&](?:token|code|state)=)[^&]*/gi, '$1[secret]')
    .replace(/(\/(?:invitations|reset-password)\/)[^/?]+/g, '$1[secret]');
}
