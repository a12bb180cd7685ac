import { authErrors } from '@autoparts/shared';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { normaliseEmail } from '../users/repository';
import { authLimits, countAttempt, type Limit } from './attempt-limiter';
import { CLIENT_IP_HEADER, type Auth } from './auth';

/** Better Auth's endpoints at /api/auth/*, behind the shop's sign-in and sign-up limits. */
export const authRoutes: FastifyPluginAsyncZod<{ auth: Auth }> = async (app, { auth }) => {
  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    schema: { hide: true },
    preHandler: async (request, reply) => {
      if (request.method !== 'POST') return;
      const path = new URL(request.url, app.config.baseUrl).pathname;
      const email = emailOf(request.body);
      if (path === '/api/auth/sign-in/email') {
        await enforce(app, request, reply, `sign-in:ip:${request.ip}`, authLimits.signInPerIp);
        if (email && !reply.sent) {
          await enforce(app, request, reply, `sign-in:account:${email}`, authLimits.signInPerAccount);
        }
      } else if (path === '/api/auth/sign-up/email') {
        await enforce(app, request, reply, `sign-up:ip:${request.ip}`, authLimits.signUpPerIp);
      }
    },
    handler: async (request, reply) => {
      const headers = fromNodeHeaders(request.headers);
      // Better Auth reads the client's address from this header; only the server sets it.
      headers.set(CLIENT_IP_HEADER, request.ip);
      headers.delete('content-length');
      const response = await auth.handler(
        new Request(new URL(request.url, app.config.baseUrl), {
          method: request.method,
          headers,
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
        }),
      );
      reply.code(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') reply.header(name, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(response.body ? await response.text() : null);
    },
  });
};

function emailOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('email' in body)) return undefined;
  return typeof body.email === 'string' ? normaliseEmail(body.email) : undefined;
}

async function enforce(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  limit: Limit,
) {
  const verdict = await countAttempt(app.db, key, limit);
  if (verdict.allowed) return;
  request.log.warn({ key }, 'auth attempt limit reached');
  await reply
    .code(429)
    .header('retry-after', String(verdict.retryAfterSeconds))
    .send({ code: 'TOO_MANY_REQUESTS', message: authErrors.tooManyAttempts });
}
