import {
  adminCompanySchema,
  companiesBodyLimit,
  companiesQuerySchema,
  companyCreatedSchema,
  companyCreateSchema,
  companyIdParamsSchema,
  companyMessages,
  companySummaryListSchema,
  companyUpdateSchema,
  errorSchema,
} from '@autoparts/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminErrors, signedIn as security } from '../../plugins/api-docs';
import { audited } from '../audit/repository';
import { identityOf } from '../auth/identity';
import { createCompaniesRepository } from './repository';

/**
 * The admins' companies (decision 075): `GET|POST /api/admin/companies`, `GET|PATCH
 * /api/admin/companies/{id}`; every write audited in its transaction.
 */
export const companiesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = (db = app.db) => createCompaniesRepository(db, app.mail, app.config.baseUrl);
  const companies = repository();
  const tags = ['admin'];
  const write = { onRequest: app.requireAdmin, config: app.limitedBy('adminWrites'), bodyLimit: companiesBodyLimit };

  app.get(
    '/admin/companies',
    {
      onRequest: app.requireAdmin,
      schema: { tags, security, querystring: companiesQuerySchema, response: { 200: companySummaryListSchema, ...adminErrors } },
    },
    async (request) => companies.list(request.query.page),
  );

  app.post(
    '/admin/companies',
    {
      ...write,
      schema: {
        tags,
        security,
        description: 'An existing user with `ownerEmail` becomes the owner at once; any other address is sent an owner invitation.',
        body: companyCreateSchema,
        response: { 200: companyCreatedSchema, ...adminErrors, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const identity = identityOf(request);
      const input = request.body;
      const outcome = await audited(
        app.db,
        identity,
        (trx) => repository(trx).create(input, { userId: identity.userId, name: identity.name }),
        (created) =>
          typeof created === 'object'
            ? { action: 'company.add', target: `company ${created.id}`, details: { ...input, ownerEmail: input.ownerEmail.toLowerCase(), invited: created.owner === 'invited' } }
            : undefined,
      );
      if (outcome === 'in-other-company') return reply.code(409).send({ message: companyMessages.alreadyInCompany(input.ownerEmail) });
      return { id: outcome.id };
    },
  );

  app.get(
    '/admin/companies/:id',
    {
      onRequest: app.requireAdmin,
      schema: { tags, security, params: companyIdParamsSchema, response: { 200: adminCompanySchema, ...adminErrors } },
    },
    async (request, reply) => (await companies.find(request.params.id)) ?? reply.code(404).send({ message: companyMessages.notFound }),
  );

  app.patch(
    '/admin/companies/:id',
    {
      ...write,
      schema: {
        tags,
        security,
        description: 'Changes the fields sent. `priceListIds` comes with the price lists (issue 31, part 2).',
        params: companyIdParamsSchema,
        body: companyUpdateSchema,
        response: { 200: adminCompanySchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const updated = await audited(
        app.db,
        identityOf(request),
        (trx) => repository(trx).update(id, request.body),
        (company) => (company ? { action: 'company.update', target: `company ${id}`, details: { name: company.name, changes: request.body } } : undefined),
      );
      if (!updated) return reply.code(404).send({ message: companyMessages.notFound });
      return (await companies.find(id)) ?? reply.code(404).send({ message: companyMessages.notFound });
    },
  );
};
