import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { twoInstances } from '../../test/app';
import { insertPart, placeOrder, signUpCustomer, type Customer } from '../../test/orders';

// Runs in the PostgreSQL pass only: two instances of the shop on one database take payments at
// once. The invoice counter's row is locked in each payment's transaction, so the numbers are
// exactly 1..N: none given twice, none skipped by a declined or repeated payment.
const shops = twoInstances();
let customers: Customer[];

beforeAll(async () => {
  customers = await Promise.all(['a', 'b', 'c', 'd'].map((label) => signUpCustomer(shops.first, `gapless-${label}`)));
});

it('numbers 40 invoices paid at once on two instances 1..40, with declined and repeated payments among them', { timeout: 120_000 }, async () => {
  const partId = await insertPart(shops.first, { available: 1000 });
  const orders = await Promise.all(
    Array.from({ length: 40 }, async (_, n) => {
      const customer = customers[n % customers.length]!;
      return { customer, orderId: await placeOrder(shops.first, customer, partId, 1) };
    }),
  );

  // Each order paid on both instances at once (one wins), and a declined card tried on every other.
  const pay = (app: FastifyInstance, customer: Customer, orderId: string, cardNumber: string) =>
    app.inject({
      method: 'POST',
      url: '/api/payments/test/pay',
      headers: { cookie: customer.cookie },
      payload: { orderId, cardNumber, expiry: '12/34', cvc: '123' },
    });
  const replies = await Promise.all(
    orders.flatMap(({ customer, orderId }, n) => [
      pay(shops.first, customer, orderId, '4242424242424242'),
      pay(shops.second, customer, orderId, '4242424242424242'),
      ...(n % 2 === 0 ? [pay(n % 4 === 0 ? shops.first : shops.second, customer, orderId, '4000000000000002')] : []),
    ]),
  );

  expect(replies.filter((reply) => ![200, 402, 409].includes(reply.statusCode)).map((reply) => `${reply.statusCode} ${reply.body}`)).toEqual([]);
  expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(40);
  const rows = await shops.first.db
    .selectFrom('orders')
    .select(['id', 'status', 'invoice_number', 'invoiced_at'])
    .where('id', 'in', orders.map((order) => order.orderId))
    .execute();
  expect(rows.every((row) => row.status === 'paid' && row.invoiced_at !== null)).toBe(true);
  const numbers = rows.map((row) => Number(row.invoice_number)).sort((a, b) => a - b);
  expect(numbers).toEqual(Array.from({ length: 40 }, (_, n) => n + 1));
  const counter = await shops.first.db.selectFrom('document_numbers').select('last_number').where('kind', '=', 'invoice').executeTakeFirstOrThrow();
  expect(Number(counter.last_number)).toBe(40);
});
