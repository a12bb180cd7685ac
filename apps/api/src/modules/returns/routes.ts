import {
  adminReturnListSchema,
  adminReturnsQuerySchema,
  approveReturnSchema,
  createReturnSchema,
  errorSchema,
  orderIdParamsSchema,
  receiveReturnSchema,
  refundPreviewSchema,
  rejectReturnSchema,
  returnCreatedSchema,
  returnListSchema,
  returnCan,
  returnPolicySchema,
  returnMessages,
  returnSchema,
  shopSettingsSchema,
  formatCreditNoteNumber,
  formatRmaNumber,
} from '@autoparts/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminErrors, signedIn as security } from '../../plugins/api-docs';
import { audited, createAuditLog } from '../audit/repository';
import { identityOf } from '../auth/identity';
import { createReturnsRepository, ReturnRefusal } from './repository';
import type { ReturnRow } from '../orders/model';

const refusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

const target = (row: Pick<ReturnRow, 'rma_number'>) => `return ${formatRmaNumber(row.rma_number)}`;

/** Runs `work`; a refusal becomes its status and message. */
async function answering<T>(work: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; refusal: ReturnRefusal }> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (error instanceof ReturnRefusal) return { ok: false, refusal: error };
    throw error;
  }
}

/**
 * Returns (RMA): customers ask to send shipped lines back; admins approve, reject, receive and
 * thereby refund. Every admin change is audited in its transaction; every state change is a
 * conditional update, so a request sent twice or by two admins at once changes a return once.
 */
export const returnsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(customerReturnRoutes);
  await app.register(returnDecisionRoutes);
  await app.register(returnReceiptRoutes);
  await app.register(returnSettingsRoutes);
};

/** The customer's returns: asked for, listed, one. */
const customerReturnRoutes: FastifyPluginAsyncZod = async (app) => {
  const returns = createReturnsRepository(app.db, app.mail);

  app.post(
    '/returns',
    {
      onRequest: app.requireUser,
      config: app.limitedBy('returns'),
      schema: { tags: ['returns'], security, body: createReturnSchema, response: { 200: returnCreatedSchema, ...refusals } },
    },
    async (request, reply) => {
      const outcome = await answering(() => returns.requestEach({ userId: identityOf(request).userId }, request.body));
      if (!outcome.ok) return reply.code(outcome.refusal.status).send({ message: outcome.refusal.message });
      const shown = await Promise.all(outcome.value.map((row) => returns.present(row)));
      const created = shown.map((ret) => ({ id: ret.id, rmaNumber: ret.rmaNumber, status: ret.status, reason: ret.reason, partIds: ret.lines.map((line) => line.partId) }));
      const [first] = created;
      if (!first) throw new Error('a return request made no return');
      return { id: first.id, rmaNumber: first.rmaNumber, status: first.status, returns: created, sendTo: app.config.shop.returnsAddress };
    },
  );

  app.get(
    '/returns',
    { onRequest: app.requireUser, schema: { tags: ['returns'], security, response: { 200: returnListSchema, 401: errorSchema } } },
    async (request) => returns.listMine(identityOf(request).userId),
  );

  app.get(
    '/returns/policy',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['returns'],
        security,
        description: 'What the return form says before a request: the restocking fee kept from a "no longer needed" refund (percent), and where approved returns are sent.',
        response: { 200: returnPolicySchema, 401: errorSchema },
      },
    },
    async () => ({ ...(await returns.settings()), sendTo: app.config.shop.returnsAddress }),
  );

  app.get(
    '/returns/:id',
    {
      onRequest: app.requireUser,
      schema: { tags: ['returns'], security, params: orderIdParamsSchema, response: { 200: returnSchema, 401: errorSchema, 404: errorSchema } },
    },
    async (request, reply) => {
      const identity = identityOf(request);
      const row = await returns.find(request.params.id);
      // Someone else's return is as unknown as a missing one.
      if (!row || (row.user_id !== identity.userId && identity.role !== 'admin')) return reply.code(404).send({ message: returnMessages.returnNotFound });
      return returns.present(row);
    },
  );
};

/** The admin's list of returns, and approving or rejecting one. */
const returnDecisionRoutes: FastifyPluginAsyncZod = async (app) => {
  const returns = createReturnsRepository(app.db, app.mail);

  app.get(
    '/admin/returns',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        security,
        description: 'A page of the returns (`pageSize` at most 200; without it the newest 200, as before the list was paged), in one status or all, newest first; a page past the last is empty.',
        querystring: adminReturnsQuerySchema,
        response: { 200: adminReturnListSchema, ...adminErrors },
      },
    },
    async (request) => returns.listAll(request.query),
  );

  app.post(
    '/admin/returns/:id/approve',
    {
      onRequest: app.requireAdmin,
      config: app.limitedBy('adminWrites'),
      schema: { tags: ['admin'], security, params: orderIdParamsSchema, body: approveReturnSchema, response: { 200: returnSchema, ...refusals } },
    },
    async (request, reply) => {
      const outcome = await answering(() =>
        audited(
          app.db,
          identityOf(request),
          (trx) => createReturnsRepository(trx, app.mail).approve(request.params.id, request.body?.resolution),
          (row) => ({ action: 'return.approve', target: target(row), details: { resolution: row.resolution, replacementOrderId: row.replacement_order_id } }),
        ),
      );
      if (!outcome.ok) return reply.code(outcome.refusal.status).send({ message: outcome.refusal.message });
      return returns.present(outcome.value);
    },
  );

  app.post(
    '/admin/returns/:id/reject',
    {
      onRequest: app.requireAdmin,
      config: app.limitedBy('adminWrites'),
      schema: { tags: ['admin'], security, params: orderIdParamsSchema, body: rejectReturnSchema, response: { 200: returnSchema, ...refusals } },
    },
    async (request, reply) => {
      const outcome = await answering(() =>
        audited(
          app.db,
          identityOf(request),
          (trx) => createReturnsRepository(trx, app.mail).reject(request.params.id, request.body.reason),
          (row) => ({ action: 'return.reject', target: target(row), details: { reason: request.body.reason } }),
        ),
      );
      if (!outcome.ok) return reply.code(outcome.refusal.status).send({ message: outcome.refusal.message });
      return returns.present(outcome.value);
    },
  );
};

/** Receiving a return, and what receiving it will refund. */
const returnReceiptRoutes: FastifyPluginAsyncZod = async (app) => {
  const returns = createReturnsRepository(app.db, app.mail);

  app.get(
    '/admin/returns/:id/refund-preview',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        security,
        description: 'What receiving this approved return will refund: its lines (units or core deposits), tax, shipping, the restocking fee and the amount; 409 unless approved.',
        params: orderIdParamsSchema,
        response: { 200: refundPreviewSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const outcome = await answering(() => returns.refundPreview(request.params.id));
      if (!outcome.ok) return reply.code(outcome.refusal.status).send({ message: outcome.refusal.message });
      return outcome.value;
    },
  );

  app.post(
    '/admin/returns/:id/receive',
    {
      onRequest: app.requireAdmin,
      config: app.limitedBy('adminWrites'),
      schema: { tags: ['admin'], security, params: orderIdParamsSchema, body: receiveReturnSchema, response: { 200: returnSchema, ...refusals } },
    },
    async (request, reply) => {
      const identity = identityOf(request);
      const existing = await returns.find(request.params.id);
      if (!existing) return reply.code(404).send({ message: returnMessages.returnNotFound });
      // Received before, its refund not through (the provider failed): this call retries the refund only.
      if (!returnCan(existing.status, 'refund', 'admin')) {
        const outcome = await answering(() =>
          audited(
            app.db,
            identity,
            (trx) => createReturnsRepository(trx, app.mail).receive(existing.id, request.body.lines),
            (row) => ({
              action: 'return.receive',
              target: target(row),
              details: { lines: request.body.lines, refundCents: row.refund_cents, restockingFeeCents: row.restocking_fee_cents },
            }),
          ),
        );
        if (!outcome.ok) return reply.code(outcome.refusal.status).send({ message: outcome.refusal.message });
      }
      const refunded = await answering(() =>
        returns.refund(existing.id, app.payments.provider, (trx, row) =>
          createAuditLog(trx).record(identity, 'return.refund', target(row), { refundCents: row.refund_cents, creditNote: row.credit_note_number === null ? null : formatCreditNoteNumber(row.credit_note_number) }),
        ),
      );
      if (!refunded.ok) return reply.code(refunded.refusal.status).send({ message: refunded.refusal.message });
      return returns.present(refunded.value);
    },
  );
};

/** The restocking fee's setting. */
const returnSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const returns = createReturnsRepository(app.db, app.mail);

  app.get(
    '/admin/settings',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], security, response: { 200: shopSettingsSchema, ...adminErrors } } },
    async () => returns.settings(),
  );

  app.put(
    '/admin/settings',
    {
      onRequest: app.requireAdmin,
      config: app.limitedBy('adminWrites'),
      schema: { tags: ['admin'], security, body: shopSettingsSchema, response: { 200: shopSettingsSchema, ...adminErrors } },
    },
    async (request) =>
      audited(
        app.db,
        identityOf(request),
        (trx) => createReturnsRepository(trx, app.mail).saveSettings(request.body),
        (saved) => ({ action: 'settings.update', target: 'shop settings', details: saved }),
      ),
  );
};
