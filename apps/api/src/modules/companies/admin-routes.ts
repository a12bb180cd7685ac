import {
  adminCompanySchema,
  companiesBodyLimit,
  companiesQuerySchema,
  companyCreatedSchema,
  companyConflictSchema,
  companyCreateSchema,
  companyIdParamsSchema,
  companyMessages,
  companySummaryListSchema,
  companyUpdateSchema,
  errorSchema,
  priceListMessages,
} from '@autoparts/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminErrors, signedIn as security } from '../../plugins/api-docs';
import { audited } from '../audit/repository';
import { identityOf } from '../auth/identity';
import { createPriceListsRepository } from '../price-lists/repository';
import { createCompaniesRepository } from './repository';

/** A price list named for a company that does not exist: the whole change is undone. */
class UnknownPriceList extends Error {}

/**
 * The admins' companies (decision 075): `GET|POST /api/admin/companies`, `GET|PATCH
 * /api/admin/companies/{id}`; every write audited in its transaction. A name another company has
 * (letter case aside) is a 409 (decision 107).
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
        description: 'An existing user with `ownerEmail` whose address is confirmed becomes the owner at once (`owner: member`); any other address, an unconfirmed account\'s too, is sent an owner invitation (`owner: invited`).',
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
      if (outcome === 'name-taken') return reply.code(409).send({ message: companyMessages.nameTaken(input.name) });
      return { id: outcome.id, owner: outcome.owner };
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
        description:
          'Changes the fields sent; `priceListIds` become the company’s price lists (their priorities order them). `expected`: what the form loaded of each field it changes; one someone else saved since is a 409 with `field` and its `current` value, and nothing changes (decision 125).',
        params: companyIdParamsSchema,
        body: companyUpdateSchema,
        response: { 200: adminCompanySchema, ...adminErrors, 409: companyConflictSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { priceListIds, expected, ...fields } = request.body;
      const updated = await audited(
        app.db,
        identityOf(request),
        async (trx) => {
          const stale = expected && (await repository(trx).changedSince(id, expected));
          if (stale === 'not-found') return undefined;
          if (stale) return stale;
          const company = await repository(trx).update(id, fields);
          if (!company || company === 'name-taken') return company;
          if (priceListIds === undefined) return { name: company.name, changes: fields };
          const priceLists = await createPriceListsRepository(trx).assign(id, priceListIds);
          // Thrown inside the transaction: the company's other changes are undone with it.
          if (!priceLists) throw new UnknownPriceList();
          return { name: company.name, changes: { ...fields, priceLists } };
        },
        (company) => (company && company !== 'name-taken' && !('changed' in company) ? { action: 'company.update', target: `company ${id}`, details: company } : undefined),
      ).catch((error: unknown) => {
        if (error instanceof UnknownPriceList) return 'unknown-list' as const;
        throw error;
      });
      if (updated === 'unknown-list') return reply.code(400).send({ message: priceListMessages.listsNotFound });
      if (updated === 'name-taken') return reply.code(409).send({ message: companyMessages.nameTaken(fields.name ?? '') });
      if (updated && 'changed' in updated) return reply.code(409).send(updated.changed);
      if (!updated) return reply.code(404).send({ message: companyMessages.notFound });
      return (await companies.find(id)) ?? reply.code(404).send({ message: companyMessages.notFound });
    },
  );
};
