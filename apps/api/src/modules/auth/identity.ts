import { apiErrors, type Role } from '@autoparts/shared';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createUsersRepository, normaliseEmail } from '../users/repository';
import { createAccessTokens } from './access-tokens';
import type { Auth } from './auth';

/** Who is calling: decided by the server from a session cookie or an access token. */
export interface Identity {
  userId: string;
  sessionId: string;
  email: string;
  name: string;
  role: Role;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.requireUser` / `app.requireAdmin`. */
    identity: Identity | null;
  }
  interface FastifyInstance {
    /** Who is calling, or null; guarded routes use requireUser/requireAdmin instead. */
    identify: (request: FastifyRequest) => Promise<Identity | null>;
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * The guards of a call on an account's own things by its `{email}` (the profile, its orders):
     * the caller alone, or also an admin. Each runs after `requireUser`.
     */
    requireEmailOwner: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireEmailOwnerOrAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/**
 * Route guards, run as `onRequest` hooks: who may call is decided before the body is even read,
 * so a refused caller learns nothing about validation. Either credential of DESIGN §5 works:
 * `Authorization: Bearer <accessToken>`, or Better Auth's session cookie. The role is read fresh from the database on every request, so a
 * role change or a removal takes effect at once.
 */
export function registerIdentity(app: FastifyInstance, auth: Auth) {
  const users = createUsersRepository(app.db);
  const accessTokens = createAccessTokens(app.db);

  async function identify(request: FastifyRequest): Promise<Identity | null> {
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (bearer) {
      const holder = await accessTokens.identityOf(bearer);
      if (holder) return holder;
    }
    const cookieSession = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    const user = cookieSession && (await users.findById(cookieSession.user.id));
    if (!cookieSession || !user) return null;
    return { userId: user.id, sessionId: cookieSession.session.id, email: user.email, name: user.name, role: user.role };
  }

  app.decorateRequest('identity', null);
  app.decorate('identify', identify);

  app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
    request.identity = await identify(request);
    if (!request.identity) return reply.code(401).send({ message: apiErrors.signInRequired });
  });

  app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
    request.identity = await identify(request);
    if (!request.identity) return reply.code(401).send({ message: apiErrors.signInRequired });
    if (request.identity.role !== 'admin') return reply.code(403).send({ message: apiErrors.forbidden });
  });

  // The caller's right to an `{email}` comes before the body and query string are read and
  // validated, as a role's does: another account's address with a bad body is 403, not 400 (decision 193).
  const emailOwner = (admins: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const identity = identityOf(request);
    const { email } = request.params as { email?: unknown };
    if (typeof email === 'string' && normaliseEmail(email) === identity.email) return;
    if (admins && identity.role === 'admin') return;
    return reply.code(403).send({ message: apiErrors.emailMismatch });
  };
  app.decorate('requireEmailOwner', emailOwner(false));
  app.decorate('requireEmailOwnerOrAdmin', emailOwner(true));
}

/** The identity a guarded route runs with (its guard has set it). */
export function identityOf(request: FastifyRequest): Identity {
  if (!request.identity) throw new Error('route has no requireUser/requireAdmin guard');
  return request.identity;
}
