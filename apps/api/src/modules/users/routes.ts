import {
  adminMessages,
  adminReplySchema,
  deletedCountSchema,
  modifiedCountSchema,
  userSummaryListSchema,
  apiErrors,
  emailParamsSchema,
  errorSchema,
  meSchema,
  userUpdateReplySchema,
  userUpdateSchema,
  usersQuerySchema,
} from '@autoparts/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn as security } from '../../plugins/api-docs';
import { createAccessTokens } from '../auth/access-tokens';
import { audited } from '../audit/repository';
import { identityOf } from '../auth/identity';
import { createCompaniesRepository } from '../companies/repository';
import { createUsersRepository, normaliseEmail } from './repository';


export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = createUsersRepository(app.db);
  const accessTokens = createAccessTokens(app.db);
  const companies = createCompaniesRepository(app.db, app.mail, app.config.baseUrl);

  // "Who am I?" has an answer when nobody is signed in too: null, not an error.
  app.get(
    '/me',
    { schema: { tags: ['users'], security, response: { 200: meSchema.nullable() } } },
    async (request) => {
      const identity = await app.identify(request);
      const user = identity && (await users.findById(identity.userId));
      if (!user) return null;
      const membership = await companies.membership(user.id);
      return membership ? { ...user, company: true as const, companyId: membership.company.id } : user;
    },
  );

  // SPEC §7: `{email}` alone asks for an access token; with profile fields it also saves them.
  app.put(
    '/user/:email',
    {
      onRequest: [app.requireUser, app.requireEmailOwner],
      config: app.limitedBy('userUpdates'),
      schema: {
        tags: ['users'],
        security,
        params: emailParamsSchema,
        body: userUpdateSchema,
        response: { 200: userUpdateReplySchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const identity = identityOf(request);
      const { email, ...profile } = request.body;
      if (
        normaliseEmail(request.params.email) !== identity.email ||
        normaliseEmail(email) !== identity.email
      ) {
        return reply.code(403).send({ message: apiErrors.emailMismatch });
      }
      const modifiedCount = await users.updateProfile(identity.userId, profile);
      const { token, expiresAt } = await accessTokens.issue(identity.sessionId);
      return {
        result: { acknowledged: true, modifiedCount },
        token,
        expiresAt: expiresAt.toISOString(),
      };
    },
  );

  app.get(
    '/admin/:email',
    {
      onRequest: [app.requireUser, app.requireEmailOwnerOrAdmin],
      schema: {
        tags: ['users'],
        security,
        params: emailParamsSchema,
        response: { 200: adminReplySchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const identity = identityOf(request);
      const email = normaliseEmail(request.params.email);
      if (email !== identity.email && identity.role !== 'admin') {
        return reply.code(403).send({ message: apiErrors.emailMismatch });
      }
      const user = email === identity.email ? identity : await users.findByEmail(email);
      return { admin: user?.role === 'admin' };
    },
  );

  app.get(
    '/users',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        security,
        description: 'One page of users, oldest first; `q` keeps those whose e-mail or name contains it (any case).',
        querystring: usersQuerySchema,
        response: { 200: userSummaryListSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => users.listSummaries(request.query),
  );

  app.put(
    '/user/admin/:email',
    {
      onRequest: app.requireAdmin,
      config: app.limitedBy('adminWrites'),
      schema: {
        tags: ['admin'],
        security,
        params: emailParamsSchema,
        response: { 200: modifiedCountSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const email = normaliseEmail(request.params.email);
      const user = await users.findByEmail(email);
      if (!user) return reply.code(404).send({ message: adminMessages.userNotFound });
      if (user.role === 'admin') return { modifiedCount: 0 };
      // Anyone can sign up with an address they do not hold (decision 144); a Google account's is confirmed.
      if (!user.emailVerified) return reply.code(409).send({ message: adminMessages.makeAdminUnconfirmed });
      const modifiedCount = await audited(
        app.db,
        identityOf(request),
        (trx) => createUsersRepository(trx).setRole(email, 'admin'),
        (count) => (count > 0 ? { action: 'user.make-admin', target: email } : undefined),
      );
      return { modifiedCount };
    },
  );

  // Not in SPEC: the way back from Make Admin. The last admin stays one (the shop needs one).
  app.delete(
    '/user/admin/:email',
    {
      onRequest: app.requireAdmin,
      config: app.limitedBy('adminWrites'),
      schema: {
        tags: ['admin'],
        security,
        params: emailParamsSchema,
        response: { 200: modifiedCountSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const email = normaliseEmail(request.params.email);
      const outcome = await audited(
        app.db,
        identityOf(request),
        (trx) => createUsersRepository(trx).demote(email),
        (result) => (result === 'demoted' ? { action: 'user.remove-admin', target: email } : undefined),
      );
      if (outcome === 'not-found') return reply.code(404).send({ message: adminMessages.userNotFound });
      if (outcome === 'last-admin') return reply.code(409).send({ message: adminMessages.lastAdminRole });
      return { modifiedCount: outcome === 'demoted' ? 1 : 0 };
    },
  );

  app.delete(
    '/user/:email',
    {
      onRequest: app.requireAdmin,
      config: app.limitedBy('adminWrites'),
      schema: {
        tags: ['admin'],
        security,
        params: emailParamsSchema,
        response: { 200: deletedCountSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const identity = identityOf(request);
      const email = normaliseEmail(request.params.email);
      if (email === identity.email) return reply.code(409).send({ message: adminMessages.cannotRemoveSelf });
      const outcome = await audited(
        app.db,
        identity,
        (trx) => createUsersRepository(trx).remove(email),
        (result) => (result === 'removed' ? { action: 'user.remove', target: email } : undefined),
      );
      if (outcome === 'not-found') return reply.code(404).send({ message: adminMessages.userNotFound });
      if (outcome === 'last-admin') return reply.code(409).send({ message: adminMessages.lastAdmin });
      if (typeof outcome === 'object') return reply.code(409).send({ message: adminMessages.onlyOwner(email, outcome.onlyOwnerOf) });
      return { deletedCount: 1 };
    },
  );
};
