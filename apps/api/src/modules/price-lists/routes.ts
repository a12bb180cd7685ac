import {
  companyMessages,
  acknowledgedSchema,
  apiErrors,
  errorSchema,
  explainQuerySchema,
  explainSchema,
  priceListCreatedSchema,
  priceListIdParamsSchema,
  priceListInputSchema,
  priceListMessages,
  priceListSchema,
  priceListsBodyLimit,
  priceListSummaryListSchema,
  priceListUpdateSchema,
} from '@autoparts/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminErrors, signedIn as security } from '../../plugins/api-docs';
import { audited } from '../audit/repository';
import { identityOf } from '../auth/identity';
import { explainPrice } from './pricing';
import { createPriceListsRepository, nameTakenOr } from './repository';

/**
 * The admins' price lists (decision 080): `GET|POST /api/admin/price-lists`, `GET|PATCH|DELETE
 * /api/admin/price-lists/{id}`, and the explain tool; every write audited in its transaction.
 */
export const priceListsRoutes: FastifyPluginAsyncZod = async (app) => {
  const lists = createPriceListsRepository(app.db);
  const tags = ['admin'];
  const write = { onRequest: app.requireAdmin, config: app.limitedBy('adminWrites'), bodyLimit: priceListsBodyLimit };
  const entryCount = (entries: readonly unknown[] | undefined) => entries?.length;

  app.get(
    '/admin/price-lists',
    { onRequest: app.requireAdmin, schema: { tags, security, response: { 200: priceListSummaryListSchema, ...adminErrors } } },
    async () => lists.list(),
  );

  app.post(
    '/admin/price-lists',
    {
      ...write,
      schema: {
        tags,
        security,
        description: `A whole list: at most 10,000 entries (a part or a category each, once), each with a unit price or a percent off and at most 20 tiers. Priority 1 comes first; dates are YYYY-MM-DD, both days included. \`warnings\`: fixed prices of parts above their retail price at that quantity (saved; members pay the lower price). A name another list has, letter case and outer spaces aside, is a 409: the same list sent twice is added once.`,
        body: priceListInputSchema,
        response: { 200: priceListCreatedSchema, ...adminErrors, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const outcome = await audited(
        app.db,
        identityOf(request),
        (trx) => createPriceListsRepository(trx).create(input),
        (created) =>
          typeof created === 'object' && 'id' in created
            ? { action: 'price-list.add', target: `price-list ${created.id}`, details: { name: input.name, priority: input.priority, entries: input.entries.length, startsAt: input.startsAt, endsAt: input.endsAt } }
            : undefined,
      );
      if (outcome === 'name-taken') return reply.code(409).send({ message: priceListMessages.nameTaken(input.name) });
      if ('problem' in outcome) return reply.code(400).send({ message: outcome.problem });
      return outcome;
    },
  );

  // Before `/:id`: `explain` is no list's id.
  app.get(
    '/admin/price-lists/explain',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security,
        description:
          'The unit price of `quantity` units of a part (by `partId` or `partNumber`) for a company (or, without `companyId`, for anyone else), the list that gave it and why, in words; beside it the retail price of that quantity and the contract price. A member pays the lower of the two (`priceListId` null when retail won).',
        querystring: explainQuerySchema,
        response: { 200: explainSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const { companyId, quantity, ...which } = request.query;
      // A company that is not there is said so, not answered with what anyone else pays.
      if (companyId !== undefined && !(await lists.companyExists(companyId))) return reply.code(404).send({ message: companyMessages.notFound });
      return (await explainPrice(app.db, companyId, which, quantity)) ?? reply.code(404).send({ message: apiErrors.partNotFound });
    },
  );

  app.get(
    '/admin/price-lists/:id',
    { onRequest: app.requireAdmin, schema: { tags, security, params: priceListIdParamsSchema, response: { 200: priceListSchema, ...adminErrors } } },
    async (request, reply) => (await lists.find(request.params.id)) ?? reply.code(404).send({ message: priceListMessages.notFound }),
  );

  app.patch(
    '/admin/price-lists/:id',
    {
      ...write,
      schema: {
        tags,
        security,
        description:
          'Changes the fields sent; `entries`, when sent, replace the whole list of entries. A new name another list has is a 409, and nothing changes. `expectedVersion`: the `version` the editor loaded; a list saved by someone else since is a 409, and nothing changes (decision 125).',
        params: priceListIdParamsSchema,
        body: priceListUpdateSchema,
        response: { 200: priceListSchema, ...adminErrors, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { entries, expectedVersion: _version, ...fields } = request.body;
      const outcome = await audited(
        app.db,
        identityOf(request),
        (trx) => createPriceListsRepository(trx).update(id, request.body),
        (updated) =>
          updated && updated !== 'changed' && 'name' in updated ? { action: 'price-list.update', target: `price-list ${id}`, details: { name: updated.name, changes: fields, entries: entryCount(entries) } } : undefined,
      ).catch(nameTakenOr);
      if (!outcome) return reply.code(404).send({ message: priceListMessages.notFound });
      if (outcome === 'name-taken') return reply.code(409).send({ message: priceListMessages.nameTaken(fields.name ?? '') });
      if (outcome === 'changed') return reply.code(409).send({ message: priceListMessages.changed });
      if ('problem' in outcome) return reply.code(400).send({ message: outcome.problem });
      return (await lists.find(id)) ?? reply.code(404).send({ message: priceListMessages.notFound });
    },
  );

  app.delete(
    '/admin/price-lists/:id',
    {
      onRequest: app.requireAdmin,
      config: app.limitedBy('adminWrites'),
      schema: { tags, security, params: priceListIdParamsSchema, response: { 200: acknowledgedSchema, ...adminErrors } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const removed = await audited(
        app.db,
        identityOf(request),
        (trx) => createPriceListsRepository(trx).remove(id),
        (list) => (list ? { action: 'price-list.remove', target: `price-list ${id}`, details: { name: list.name } } : undefined),
      );
      if (!removed) return reply.code(404).send({ message: priceListMessages.notFound });
      return { acknowledged: true };
    },
  );
};
