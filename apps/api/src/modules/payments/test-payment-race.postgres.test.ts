import { apiErrors } from '@autoparts/shared';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { twoInstances } from '../../test/app';
import { someoneWaits } from '../../test/locks';
import { insertPart, orderRow, placeOrder, signUpCustomer } from '../../test/orders';

// Runs in the PostgreSQL pass only: a cancel that commits while a test-card payment of the same
// order waits on its row, held from another instance as a cancel there would hold it.
const shops = twoInstances();

describe('a test-card payment that loses the race with a cancel', () => {
  it('says the order was cancelled, not that it was already paid, and charges nothing', async () => {
    const buyer = await signUpCustomer(shops.first, 'race-payer');
    const partId = await insertPart(shops.first, { available: 5, priceCents: 1999 });
    const orderId = await placeOrder(shops.first, buyer, partId, 1);

    let paying: Promise<LightMyRequestResponse> | undefined;
    await shops.first.db.transaction().execute(async (trx) => {
      // The order's row held, as a cancel under way holds it: the payment reads it unpaid, then queues.
      await trx.selectFrom('orders').select('id').where('id', '=', orderId).forUpdate().execute();
      paying = shops.second.inject({
        method: 'POST',
        url: '/api/payments/test/pay',
        headers: { cookie: buyer.cookie },
        payload: { orderId, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
      });
      await someoneWaits(shops.first);
      await trx.updateTable('orders').set({ status: 'cancelled', cancelled_at: new Date() }).where('id', '=', orderId).execute();
    });
    const reply = await paying!;

    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toEqual({ message: apiErrors.orderCancelled });
    expect(await orderRow(shops.first, orderId)).toMatchObject({ status: 'cancelled', transaction_id: null });
  });
});
