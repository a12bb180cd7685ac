import { acknowledgedSchema, errorSchema, shippingIdParamsSchema } from '@autoparts/shared';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/database';
import { audited } from '../modules/audit/repository';
import { identityOf } from '../modules/auth/identity';
import { adminErrors, signedIn as security } from './api-docs';

interface CollectionRepository<Item, Input, Removed, Taken> {
  list(): Promise<Item[]>;
  add(input: Input): Promise<Item | Taken>;
  update(id: string, input: Input): Promise<Item | 'not-found'>;
  /** The item, its row locked until the transaction ends (a PUT with `expected` compares it). */
  locked(id: string): Promise<Item | undefined>;
  remove(id: string): Promise<Removed | undefined>;
}

/** What one admin collection (shipping methods, tax rates) names; the routes are the same. */
export interface AdminCollection<Item extends { id: string }, Input, Removed, Taken extends string> {
  /** `/admin/shipping-methods`: GET and POST on it, PUT and DELETE on `<path>/:id`. */
  path: string;
  /** The audit log's noun: actions `<noun>.add|update|remove`, target `<noun> <id>`. */
  noun: 'shipping-method' | 'tax-rate';
  /** `update`: the input and optionally `expected`, the item (without its id) as the page loaded it. */
  schemas: { list: z.ZodType<Item[]>; item: z.ZodType<Item>; input: z.ZodType<Input>; update: z.ZodType<Input & { expected?: Omit<Item, 'id'> | undefined }> };
  repository: (db: Db) => CollectionRepository<Item, Input, Removed, Taken>;
  /** The outcome of a write that collides with another item, and the catch that turns the unique violation into it. */
  taken: Taken;
  takenOr: (error: unknown) => Taken;
  /** `changed`: a PUT whose `expected` is not the item as it is now (decision 202). */
  messages: { notFound: string; taken: (input: Input) => string; changed: string };
  /** What the audit log keeps of a removed item. */
  removedDetails: (removed: Removed) => Record<string, unknown>;
}

/** A replacement refused: the item is no longer what the page loaded, but this. */
interface Changed<Item> {
  changedTo: Item;
}

/**
 * Admins only, every write audited in its transaction: list, add, replace (idempotent) and remove.
 * A replacement sent with `expected` is made only while the item is still that, compared under its
 * row lock: else nothing is written and the 409 brings the item as it is now (decision 202).
 * The route schemas validate and serialize as everywhere; `app` is untyped only because the type
 * provider cannot infer through generic schemas, hence the casts of body and params.
 */
export function adminCollectionRoutes<Item extends { id: string }, Input extends Record<string, unknown>, Removed, Taken extends string>(
  collection: AdminCollection<Item, Input, Removed, Taken>,
) {
  const { path, noun, schemas, repository, taken, messages } = collection;
  const target = (id: string) => `${noun} ${id}`;
  const body = (request: { body: unknown }) => request.body as Input;
  return async (app: FastifyInstance) => {
    const items = repository(app.db);

    app.get(
      path,
      { onRequest: app.requireAdmin, schema: { tags: ['admin'], security, response: { 200: schemas.list, ...adminErrors } } },
      async () => items.list(),
    );

    app.post(
      path,
      {
        onRequest: app.requireAdmin,
        config: app.limitedBy('adminWrites'),
        schema: { tags: ['admin'], security, body: schemas.input, response: { 200: schemas.item, ...adminErrors, 409: errorSchema } },
      },
      async (request, reply) => {
        const outcome = await audited(
          app.db,
          identityOf(request),
          (trx) => repository(trx).add(body(request)),
          (added) => (typeof added === 'object' ? { action: `${noun}.add`, target: target(added.id), details: { ...body(request) } } : undefined),
        );
        if (outcome === taken) return reply.code(409).send({ message: messages.taken(body(request)) });
        return outcome;
      },
    );

    // The whole item: sending it twice changes nothing more (without `expected`, or with the item it made).
    app.put(
      `${path}/:id`,
      {
        onRequest: app.requireAdmin,
        config: app.limitedBy('adminWrites'),
        schema: {
          tags: ['admin'],
          security,
          params: shippingIdParamsSchema,
          body: schemas.update,
          response: { 200: schemas.item, ...adminErrors, 409: errorSchema.extend({ current: schemas.item.optional() }) },
        },
      },
      async (request, reply) => {
        const { id } = request.params as { id: string };
        const { expected, ...fields } = request.body as Input & { expected?: Omit<Item, 'id'> };
        const input = fields as unknown as Input;
        const outcome = await audited(
          app.db,
          identityOf(request),
          async (trx): Promise<Item | 'not-found' | Changed<Item>> => {
            const items = repository(trx);
            if (expected) {
              const current = await items.locked(id);
              if (!current) return 'not-found';
              const { id: _id, ...now } = current;
              if (!isDeepStrictEqual(now, expected)) return { changedTo: current };
            }
            return items.update(id, input);
          },
          (updated) =>
            typeof updated === 'object' && !('changedTo' in updated) ? { action: `${noun}.update`, target: target(id), details: { ...input } } : undefined,
        ).catch(collection.takenOr);
        if (outcome === 'not-found') return reply.code(404).send({ message: messages.notFound });
        if (outcome === taken) return reply.code(409).send({ message: messages.taken(input) });
        if (typeof outcome === 'object' && 'changedTo' in outcome) return reply.code(409).send({ message: messages.changed, current: outcome.changedTo });
        return outcome;
      },
    );

    app.delete(
      `${path}/:id`,
      {
        onRequest: app.requireAdmin,
        config: app.limitedBy('adminWrites'),
        schema: { tags: ['admin'], security, params: shippingIdParamsSchema, response: { 200: acknowledgedSchema, ...adminErrors } },
      },
      async (request, reply) => {
        const { id } = request.params as { id: string };
        const removed = await audited(
          app.db,
          identityOf(request),
          (trx) => repository(trx).remove(id),
          (item) => (item ? { action: `${noun}.remove`, target: target(id), details: collection.removedDetails(item) } : undefined),
        );
        if (!removed) return reply.code(404).send({ message: messages.notFound });
        return { acknowledged: true };
      },
    );
  };
}
