import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { insertPart, placeOrder, signUpCustomer } from '../../test/orders';
import { issueCreditNote, nextDocumentNumber } from './repository';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

it('numbers each kind of document from its own gapless sequence: a rolled-back transaction gives its number back', async () => {
  const first = await app.db.transaction().execute((trx) => nextDocumentNumber(trx, 'invoice'));
  await expect(
    app.db.transaction().execute(async (trx) => {
      await nextDocumentNumber(trx, 'invoice');
      throw new Error('the payment failed');
    }),
  ).rejects.toThrow('the payment failed');
  const second = await app.db.transaction().execute((trx) => nextDocumentNumber(trx, 'invoice'));
  const rma = await app.db.transaction().execute((trx) => nextDocumentNumber(trx, 'rma'));

  expect(second).toBe(first + 1);
  expect(rma).toBeGreaterThanOrEqual(1);
});

it('issues a credit note with the next credit-note number', async () => {
  const order = { id: await placeOrder(app, await signUpCustomer(app), await insertPart(app, { available: 10 })) };
  const numbers = await app.db.transaction().execute(async (trx) => [
    await issueCreditNote(trx, app.mail, { orderId: order.id, returnId: null, amountCents: 1250 }),
    await issueCreditNote(trx, app.mail, { orderId: order.id, returnId: null, amountCents: 300 }),
  ]);
  const stored = await app.db.selectFrom('credit_notes').select(['number', 'amount_cents']).where('order_id', '=', order.id).orderBy('number').execute();

  expect(numbers[1]).toBe((numbers[0] ?? 0) + 1);
  expect(stored.map((row) => [Number(row.number), row.amount_cents])).toEqual([
    [numbers[0], 1250],
    [numbers[1], 300],
  ]);
});
