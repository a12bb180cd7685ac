import { apiErrors, authErrors, signupSchema } from '@autoparts/shared';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { normaliseEmail } from '../users/repository';
import { attemptsInWindow, authLimits, countAttempt, type Limit } from './attempt-limiter';
import { CLIENT_IP_HEADER, type Auth } from './auth';

const SIGN_IN = '/api/auth/sign-in/email';
const SIGN_UP = '/api/auth/sign-up/email';

/**
 * Better Auth's endpoints at /api/auth/*, behind the shop's rules: sign-up runs the shared
 * signupSchema (SPEC §5) and passes on only its fields; sign-in is limited per IP (every
 * attempt) and per account (failed attempts only: signing in often is no offence, guessing is).
 */
export const authRoutes: FastifyPluginAsyncZod<{ auth: Auth }> = async (app, { auth }) => {
  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    schema: { hide: true },
    preHandler: async (request, reply) => {
      if (request.method !== 'POST') return;
      const path = pathOf(app, request);
      if (path === SIGN_IN) {
        if (!(await within(app, request, reply, `sign-in:ip:${request.ip}`, authLimits.signInPerIp))) return;
        const email = emailOf(request.body);
        const key = email && `sign-in:account:${email}`;
        if (!key) return;
        const failures = await attemptsInWindow(app.db, key, authLimits.signInPerAccount);
        if (failures.count >= authLimits.signInPerAccount.max) {
          await tooMany(request, reply, key, failures.retryAfterSeconds);
        }
      } else if (path === SIGN_UP) {
        if (!(await within(app, request, reply, `sign-up:ip:${request.ip}`, authLimits.signUpPerIp))) return;
        const parsed = signupSchema.safeParse(request.body);
        if (!parsed.success) {
          return reply.code(400).send({ message: parsed.error.issues[0]?.message ?? authErrors.generic });
        }
        // Only the form's fields reach Better Auth: no `image`, `role` or anything else.
        request.body = parsed.data;
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
      if (pathOf(app, request) === SIGN_IN && response.status === 401) {
        const email = emailOf(request.body);
        if (email) await countAttempt(app.db, `sign-in:account:${email}`, authLimits.signInPerAccount);
      }
      reply.code(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') reply.header(name, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      const body = response.body ? await response.text() : '';
      // DESIGN §5: every error reply is JSON with a message, also where Better Auth sends none.
      if (response.status >= 400 && body.trim() === '') {
        return reply
          .type('application/json; charset=utf-8')
          .send({ message: response.status >= 500 ? apiErrors.internal : apiErrors.notFound });
      }
      return reply.send(body || null);
    },
  });
};

function pathOf(app: FastifyInstance, request: FastifyRequest) {
  return new URL(request.url, app.config.baseUrl).pathname;
}

function emailOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('email' in body)) return undefined;
  return typeof body.email === 'string' ? normaliseEmail(body.email) : undefined;
}

/** Counts this attempt; answers 429 and false when it is over the limit. */
async function within(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, key: string, limit: Limit) {
  const verdict = await countAttempt(app.db, key, limit);
  if (verdict.allowed) return true;
  await tooMany(request, reply, key, verdict.retryAfterSeconds);
  return false;
}

async function tooMany(request: FastifyRequest, reply: FastifyReply, key: string, retryAfterSeconds: number) {
  request.log.warn({ key }, 'auth attempt limit reached');
  await reply
    .code(429)
    .header('retry-after', String(retryAfterSeconds))
    .send({ code: 'TOO_MANY_REQUESTS', message: authErrors.tooManyAttempts });
}
