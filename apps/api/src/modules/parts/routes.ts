import {
  acknowledgedSchema,
  adminMessages,
  adminPartPageSchema,
  adminPartsQuerySchema,
  apiErrors,
  errorSchema,
  partListSchema,
  partParamsSchema,
  partDetailSchema,
  partNumberParamsSchema,
  publicPartSchema,
  partsPageQuerySchema,
  partUpdatedSchema,
  placeOrderReplySchema,
  productInputSchema,
  productFieldChangedSchema,
  partRefusalSchema,
  productUpdateSchema,
  restockSchema,
} from '@autoparts/shared';
import { z } from 'zod';
import { adminErrors, signedIn as security } from '../../plugins/api-docs';
import { audited } from '../audit/repository';
import { identityOf } from '../auth/identity';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asMemberSees, contractPricesOfCaller } from '../price-lists/pricing';
import { createPartChangesRepository } from '../part-changes/repository';
import { createPartsRepository } from './repository';

export const partsRoutes: FastifyPluginAsyncZod = async (app) => {
  const parts = createPartsRepository(app.db);
  const contractsOf = contractPricesOfCaller(app);

  app.get(
    '/parts',
    // SPEC §7 keeps this an array: the first page of the catalogue, `?page=` for more (/api/search filters).
    { config: { cachedAs: 'catalogue', priced: true }, schema: { tags: ['parts'], querystring: partsPageQuerySchema, response: { 200: partListSchema, 400: errorSchema } } },
    async (request) => {
      const list = await parts.listOnSale(request.query.page);
      const contracts = await contractsOf(request, list.map((part) => part._id));
      return list.map((part) => asMemberSees(contracts, part));
    },
  );

  // SPEC's part read: what the cache does not answer (a member's prices, a part not kept, an id of
  // none) counts as a part page read, as the public page's does; a part that fits thousands of
  // vehicles costs a second a reply (decision 173).
  app.get(
    '/part/:id',
    {
      config: { ...app.limitedBy('partPageReads'), cachedAs: 'catalogue', priced: true },
      schema: {
        tags: ['parts'],
        params: partParamsSchema,
        response: { 200: partDetailSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const part = await parts.findOnSale(request.params.id);
      if (!part) return reply.code(404).send({ message: apiErrors.partNotFound });
      return asMemberSees(await contractsOf(request, [part._id]), part);
    },
  );

  // A part's public page (`/parts/{partNumber}`): no sign-in, cached like the catalogue's other reads;
  // what the cache does not answer counts against the address's part-page reads, as a search does
  // against its own (a scraper walking made-up numbers reaches the database only so often).
  app.get(
    '/parts/by-number/:partNumber',
    {
      config: { ...app.limitedBy('partPageReads'), cachedAs: 'catalogue', priced: true },
      schema: { tags: ['parts'], params: partNumberParamsSchema, response: { 200: publicPartSchema, 404: errorSchema } },
    },
    async (request, reply) => {
      const part = await parts.findOnSaleByNumber(request.params.partNumber);
      if (!part) return reply.code(404).send({ message: apiErrors.partNotFound });
      return asMemberSees(await contractsOf(request, [part._id]), part);
    },
  );

  // SPEC §7: `{acknowledged, insertedId}`, the same shape as an order's reply.
  app.post(
    '/addaproduct',
    {
      onRequest: app.requireAdmin,
      config: app.limitedBy('adminWrites'),
      schema: { tags: ['admin'], security, body: productInputSchema, response: { 200: placeOrderReplySchema, ...adminErrors } },
    },
    async (request) => {
      const id = await audited(
        app.db,
        identityOf(request),
        (trx) => createPartsRepository(trx).add(request.body),
        (added) => ({ action: 'part.add', target: `part ${added}`, details: { name: request.body.name } }),
      );
      return { acknowledged: true, insertedId: id };
    },
  );

  // Manage Products: one page of every part, archived ones too, searched by name or description.
  app.get(
    '/admin/parts',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['admin'], security, querystring: adminPartsQuerySchema, response: { 200: adminPartPageSchema, ...adminErrors } },
    },
    async (request) => parts.listPage(request.query),
  );

  app.patch(
    '/admin/part/:id',
    {
      onRequest: app.requireAdmin,
      config: app.limitedBy('adminWrites'),
      schema: {
        tags: ['admin'],
        security,
        params: partParamsSchema,
        body: productUpdateSchema,
        // A rule's 400 names the field it refuses when it is one (`field`, decision 157).
        response: { 200: partUpdatedSchema, 409: productFieldChangedSchema, ...adminErrors, 400: partRefusalSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const outcome = await audited(
        app.db,
        identityOf(request),
        (trx) => createPartsRepository(trx).update(id, request.body),
        (result) => (result === 'updated' ? { action: 'part.update', target: `part ${id}`, details: request.body } : undefined),
      );
      if (outcome === 'not-found') return reply.code(404).send({ message: apiErrors.partNotFound });
      // A field moved since the form loaded (orders took stock, another admin saved): which, and its value now.
      if (typeof outcome === 'object' && 'changed' in outcome) return reply.code(409).send(outcome.changed);
      if (typeof outcome === 'object') return reply.code(400).send({ message: outcome.problem, field: outcome.field });
      // Every value sent is the one stored: nothing written, nothing audited, no cache emptied.
      if (outcome === 'unchanged') return { acknowledged: true, warnings: [] };
      // Saved; a renumbering or supersession also says which vehicles the replacement does not fit (decision 111).
      const { lifecycle, replacedBy } = request.body;
      // And a replacement no longer made, either way round (decision 152).
      const changes = createPartChangesRepository(app.db);
      const warnings = lifecycle !== undefined || replacedBy !== undefined ? [...(await changes.noLongerMadeWarnings(id)), ...(await changes.replacementFitWarnings(id))] : [];
      return { acknowledged: true, warnings };
    },
  );

  app.post(
    '/admin/part/:id/restock',
    {
      onRequest: app.requireAdmin,
      config: app.limitedBy('adminWrites'),
      schema: { tags: ['admin'], security, params: partParamsSchema, body: restockSchema, response: { 200: acknowledgedSchema, ...adminErrors } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { quantity } = request.body;
      const outcome = await audited(
        app.db,
        identityOf(request),
        (trx) => createPartsRepository(trx).restock(id, quantity),
        (result) => (result === 'restocked' ? { action: 'part.restock', target: `part ${id}`, details: { quantity } } : undefined),
      );
      if (outcome === 'not-found') return reply.code(404).send({ message: apiErrors.partNotFound });
      if (outcome === 'over-limit') return reply.code(400).send({ message: adminMessages.stockOverLimit });
      return { acknowledged: true };
    },
  );

  app.put(
    '/admin/part/:id/archived',
    {
      onRequest: app.requireAdmin,
      config: app.limitedBy('adminWrites'),
      schema: {
        tags: ['admin'],
        security,
        params: partParamsSchema,
        body: z.object({ archived: z.boolean() }),
        response: { 200: acknowledgedSchema, 409: errorSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { archived } = request.body;
      const outcome = await audited(
        app.db,
        identityOf(request),
        (trx) => createPartsRepository(trx).setArchived(id, archived),
        (result) => (result === 'changed' ? { action: archived ? 'part.archive' : 'part.unarchive', target: `part ${id}` } : undefined),
      );
      if (outcome === 'not-found') return reply.code(404).send({ message: apiErrors.partNotFound });
      // Parts that replace it or kits that hold it: the message names them, for the admin to change first.
      if (typeof outcome === 'object') return reply.code(409).send({ message: outcome.pointedTo });
      return { acknowledged: true };
    },
  );
};
