import { acknowledgedSchema, errorSchema, shippingIdParamsSchema } from '@autoparts/shared';
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
  remove(id: string): Promise<Removed | undefined>;
}

/** What one admin collection (shipping methods, tax rates) names; the routes are the same. */
export interface AdminCollection<Item extends { id: string }, Input, Removed, Taken extends string> {
  /** `/admin/shipping-methods`: GET and POST on it, PUT and DELETE on `<path>/:id`. */
  path: string;
  /** The audit log's noun: actions `<noun>.add|update|remove`, target `<noun> <id>`. */
  noun: 'shipping-method' | 'tax-rate';
  schemas: { list: z.ZodType<Item[]>; item: z.ZodType<Item>; input: z.ZodType<Input> };
  repository: (db: Db) => CollectionRepository<Item, Input, Removed, Taken>;
  /** The outcome of a write that collides with another item, and the catch that turns the unique violation into it. */
  taken: Taken;
  takenOr: (error: unknown) => Taken;
  messages: { notFound: string; taken: (input: Input) => string };
  /** What the audit log keeps of a removed item. */
  removedDetails: (removed: Removed) => Record<string, unknown>;
}

/**
 * Admins only, every write audited in its transaction: list, add, replace (idempotent) and remove.
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

    // The whole item: sending it twice changes nothing more.
    app.put(
      `${path}/:id`,
      {
        onRequest: app.requireAdmin,
        config: app.limitedBy('adminWrites'),
        schema: {
          tags: ['admin'],
          security,
          params: shippingIdParamsSchema,
          body: schemas.input,
          response: { 200: schemas.item, ...adminErrors, 409: errorSchema },
        },
      },
      async (request, reply) => {
        const { id } = request.params as { id: string };
        const outcome = await audited(
          app.db,
          identityOf(request),
          (trx) => repository(trx).update(id, body(request)),
          (updated) => (typeof updated === 'object' ? { action: `${noun}.update`, target: target(id), details: { ...body(request) } } : undefined),
        ).catch(collection.takenOr);
        if (outcome === 'not-found') return reply.code(404).send({ message: messages.notFound });
        if (outcome === taken) return reply.code(409).send({ message: messages.taken(body(request)) });
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
