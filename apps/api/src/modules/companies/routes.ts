import {
  acknowledgedSchema,
  addressInputSchema,
  companiesBodyLimit,
  companyMessages,
  companyOrderListSchema,
  errorSchema,
  invitationAcceptedSchema,
  invitationIdParamsSchema,
  invitationInputSchema,
  invitationSentSchema,
  invitationTokenParamsSchema,
  locationIdParamsSchema,
  locationListSchema,
  locationSchema,
  memberIdParamsSchema,
  memberListSchema,
  memberRoleInputSchema,
  myCompanySchema,
  companyOrdersQuerySchema,
  pendingInvitationListSchema,
} from '@autoparts/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database';
import { signedIn as security } from '../../plugins/api-docs';
import { identityOf } from '../auth/identity';
import { memberGuard, memberWrite } from './member-of';
import { createCompaniesRepository } from './repository';

/**
 * A member's company (decision 075). Who may call each route:
 *
 * | route                                      | owner | buyer | accounts | viewer | anyone else signed in |
 * |--------------------------------------------|-------|-------|----------|--------|------------------------|
 * | GET /company, /company/members,            |  yes  |  yes  |   yes    |  yes   | 404 (no company)       |
 * |   /company/locations, /company/orders      |       |       |          |        |                        |
 * | POST /company/invitations,                 |  yes  |  403  |   403    |  403   | 404                    |
 * |   GET /company/invitations,                |       |       |          |        |                        |
 * |   DELETE /company/invitations/{id},        |       |       |          |        |                        |
 * |   PATCH|DELETE /company/members/{userId},  |       |       |          |        |                        |
 * |   POST|PUT|DELETE /company/locations…      |       |       |          |        |                        |
 * | DELETE /company/members/{own id} (leave)   |  yes  |  yes  |   yes    |  yes   | 404                    |
 * |   (the last owner: 409)                    |       |       |          |        |                        |
 * | POST /company/invitations/{token}/accept   | the invitation's e-mail only                               |
 *
 * Signed out: 401 everywhere. An admin is a member only if invited like anyone else.
 */
export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const companies = createCompaniesRepository(app.db, app.mail, app.config.baseUrl);
  const tags = ['company'];
  const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema };
  const write = { onRequest: app.requireUser, config: app.limitedBy('company'), bodyLimit: companiesBodyLimit };

  const memberOf = memberGuard(companies);
  // Each write runs with the company locked and the caller's role checked again (member-of.ts).
  const asMember = memberWrite(companies);
  /** The repository on `trx`, the write's transaction. */
  const within = (trx: Db) => createCompaniesRepository(trx, app.mail, app.config.baseUrl);
  const owner = ['owner'] as const;

  app.get(
    '/company',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        description:
          'The caller’s company, their role, its balance and the credit it leaves. To owners and accounts members (who see its ledger) also `givenBack`: its newest 20 card payments given back whole, newest first, as the admins’ Account lists them (decision 228).',
        response: { 200: myCompanySchema, ...errors },
      },
    },
    async (request, reply) => {
      const membership = await memberOf(request, reply);
      return membership && companies.mine(membership.company, membership.role);
    },
  );

  app.post(
    '/company/invitations',
    {
      ...write,
      config: app.limitedBy('companyInvitations'),
      schema: { tags, security, body: invitationInputSchema, response: { 200: invitationSentSchema, 400: errorSchema, ...errors, 409: errorSchema } },
    },
    async (request, reply) => {
      const membership = await memberOf(request, reply, owner);
      if (!membership) return reply;
      const identity = identityOf(request);
      const { email, role } = request.body;
      const written = await asMember(request, reply, membership.company.id, owner, (trx) => within(trx).invite(membership.company, email, role, { userId: identity.userId, name: identity.name }));
      if (!written) return reply;
      const sent = written.value;
      if (sent === 'already-member') return reply.code(409).send({ message: companyMessages.alreadyMember(email) });
      return { message: companyMessages.invitationSent(email), email: email.toLowerCase(), role, expiresAt: sent.expiresAt.toISOString() };
    },
  );

  app.post(
    '/company/invitations/:token/accept',
    {
      onRequest: app.requireUser,
      config: app.limitedBy('company'),
      schema: {
        tags,
        security,
        description: 'Signed in with the invitation’s e-mail. Accepting again answers as the first time.',
        params: invitationTokenParamsSchema,
        response: { 200: invitationAcceptedSchema, ...errors, 409: errorSchema, 410: errorSchema },
      },
    },
    async (request, reply) => {
      const identity = identityOf(request);
      const outcome = await companies.accept(request.params.token, identity);
      if ('accepted' in outcome) return outcome.accepted;
      switch (outcome.refused) {
        case 'not-found':
          return reply.code(404).send({ message: companyMessages.invitationNotFound });
        case 'expired':
          return reply.code(410).send({ message: companyMessages.invitationExpired });
        case 'used':
          return reply.code(410).send({ message: companyMessages.invitationUsed });
        case 'revoked':
          return reply.code(410).send({ message: companyMessages.invitationRevoked });
        case 'too-many':
          return reply.code(409).send({ message: companyMessages.tooManyMembers });
        case 'other-email':
          return reply.code(403).send({ message: companyMessages.invitationOtherEmail(outcome.email) });
        case 'in-other-company':
          return reply.code(409).send({ message: companyMessages.alreadyInCompany(identity.email) });
      }
    },
  );

  app.get(
    '/company/invitations',
    { onRequest: app.requireUser, schema: { tags, security, description: 'The invitations not yet accepted, withdrawn or expired.', response: { 200: pendingInvitationListSchema, ...errors } } },
    async (request, reply) => {
      const membership = await memberOf(request, reply, owner);
      return membership && companies.pendingInvitations(membership.company.id);
    },
  );

  app.delete(
    '/company/invitations/:id',
    {
      onRequest: app.requireUser,
      config: app.limitedBy('company'),
      schema: {
        tags,
        security,
        description: 'Withdraws a pending invitation: its link then answers 410 “withdrawn”.',
        params: invitationIdParamsSchema,
        response: { 200: pendingInvitationListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const membership = await memberOf(request, reply, owner);
      if (!membership) return reply;
      const written = await asMember(request, reply, membership.company.id, owner, (trx) => within(trx).revokeInvitation(membership.company.id, request.params.id));
      if (!written) return reply;
      if (!written.value) return reply.code(404).send({ message: companyMessages.pendingInvitationNotFound });
      return companies.pendingInvitations(membership.company.id);
    },
  );

  app.get('/company/members', { onRequest: app.requireUser, schema: { tags, security, response: { 200: memberListSchema, ...errors } } }, async (request, reply) => {
    const membership = await memberOf(request, reply);
    return membership && companies.members(membership.company.id);
  });

  app.delete(
    '/company/members/:userId',
    {
      onRequest: app.requireUser,
      config: app.limitedBy('company'),
      schema: {
        tags,
        security,
        description:
          'An owner removes a member; any member removes themselves (leaves the company: the answer is then an empty list, and they are priced as any customer at once). The last owner stays (409); the member’s past orders stay the company’s.',
        params: memberIdParamsSchema,
        response: { 200: memberListSchema, ...errors, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const leaving = request.params.userId === identityOf(request).userId;
      const membership = await memberOf(request, reply, leaving ? undefined : owner);
      if (!membership) return reply;
      const written = await asMember(request, reply, membership.company.id, leaving ? undefined : owner, (trx) => within(trx).removeMember(membership.company.id, request.params.userId));
      if (!written) return reply;
      const outcome = written.value;
      if (outcome === 'not-found') return reply.code(404).send({ message: companyMessages.memberNotFound });
      if (outcome === 'last-owner') return reply.code(409).send({ message: companyMessages.lastOwner });
      return leaving ? [] : companies.members(membership.company.id);
    },
  );

  app.patch(
    '/company/members/:userId',
    {
      ...write,
      schema: {
        tags,
        security,
        description: 'Changes a member’s role; the last owner stays an owner (409).',
        params: memberIdParamsSchema,
        body: memberRoleInputSchema,
        response: { 200: memberListSchema, 400: errorSchema, ...errors, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const membership = await memberOf(request, reply, owner);
      if (!membership) return reply;
      const written = await asMember(request, reply, membership.company.id, owner, (trx) => within(trx).changeRole(membership.company.id, request.params.userId, request.body.role));
      if (!written) return reply;
      const outcome = written.value;
      if (outcome === 'not-found') return reply.code(404).send({ message: companyMessages.memberNotFound });
      if (outcome === 'last-owner') return reply.code(409).send({ message: companyMessages.lastOwner });
      return companies.members(membership.company.id);
    },
  );

  app.get('/company/locations', { onRequest: app.requireUser, schema: { tags, security, response: { 200: locationListSchema, ...errors } } }, async (request, reply) => {
    const membership = await memberOf(request, reply);
    return membership && companies.locations(membership.company.id);
  });

  app.post(
    '/company/locations',
    {
      ...write,
      schema: {
        tags,
        security,
        description: 'A location is `{ name }` plus the address book’s fields (`isDefault` is not one of a location’s).',
        body: addressInputSchema,
        response: { 200: locationSchema, 400: errorSchema, ...errors, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const membership = await memberOf(request, reply, owner);
      if (!membership) return reply;
      const written = await asMember(request, reply, membership.company.id, owner, (trx) => within(trx).addLocation(membership.company.id, request.body));
      if (!written) return reply;
      const added = written.value;
      if (added === 'too-many') return reply.code(409).send({ message: companyMessages.tooManyLocations });
      return added;
    },
  );

  app.put(
    '/company/locations/:id',
    { ...write, schema: { tags, security, params: locationIdParamsSchema, body: addressInputSchema, response: { 200: locationSchema, 400: errorSchema, ...errors } } },
    async (request, reply) => {
      const membership = await memberOf(request, reply, owner);
      if (!membership) return reply;
      const written = await asMember(request, reply, membership.company.id, owner, (trx) => within(trx).replaceLocation(membership.company.id, request.params.id, request.body));
      if (!written) return reply;
      return written.value ?? reply.code(404).send({ message: companyMessages.locationNotFound });
    },
  );

  app.delete(
    '/company/locations/:id',
    {
      onRequest: app.requireUser,
      config: app.limitedBy('company'),
      schema: { tags, security, params: locationIdParamsSchema, response: { 200: acknowledgedSchema, ...errors } },
    },
    async (request, reply) => {
      const membership = await memberOf(request, reply, owner);
      if (!membership) return reply;
      const written = await asMember(request, reply, membership.company.id, owner, (trx) => within(trx).removeLocation(membership.company.id, request.params.id));
      if (!written) return reply;
      if (!written.value) {
        return reply.code(404).send({ message: companyMessages.locationNotFound });
      }
      return { acknowledged: true as const };
    },
  );

  app.get(
    '/company/orders',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        description:
          'Every member sees all of the company’s orders, newest first, 20 a page; with `poNumber`, only those not cancelled or expired that carry that PO number (checkout’s warning of an order placed twice).',
        querystring: companyOrdersQuerySchema,
        response: { 200: companyOrderListSchema, 400: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const membership = await memberOf(request, reply);
      return membership && companies.orders(membership.company.id, request.query.page, request.query.poNumber);
    },
  );
};
