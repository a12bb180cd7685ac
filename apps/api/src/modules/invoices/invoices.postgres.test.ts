import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { actsAsOwnPage, anotherInstance, createTestApp } from '../../test/app';
import { insertPart, placeOrder, signUpCustomer, type Customer } from '../../test/orders';

// Runs in the PostgreSQL pass only: two instances of the shop on one database take payments at
// once. The invoice counter's row is locked in each payment's transaction, so the numbers are
// exactly 1..N: none given twice, none skipped by a declined or repeated payment.
let first: FastifyInstance;
let second: FastifyInstance;
let customers: Customer[];

beforeAll(async () => {
  first = await createTestApp();
  second = actsAsOwnPage(await anotherInstance(first));
  customers = await Promise.all(['a', 'b', 'c', 'd'].map((label) => signUpCustomer(first, `gapless-${label}`)));
});

afterAll(async () => {
  await second?.close();
  await first?.close();
});

it('numbers 40 invoices paid at once on two instances 1..40, with declined and repeated payments among them', { timeout: 120_000 }, async () => {
  const partId = await insertPart(first, { available: 1000 });
  const orders = await Promise.all(
    Array.from({ length: 40 }, async (_, n) => {
      const customer = customers[n % customers.length]!;
      return { customer, orderId: await placeOrder(first, customer, partId, 1) };
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
      pay(first, customer, orderId, '4242424242424242'),
      pay(second, customer, orderId, '4242424242424242'),
      ...(n % 2 === 0 ? [pay(n % 4 === 0 ? first : second, customer, orderId, '4000000000000002')] : []),
    ]),
  );

  expect(replies.filter((reply) => ![200, 402, 409].includes(reply.statusCode)).map((reply) => `${reply.statusCode} ${reply.body}`)).toEqual([]);
  expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(40);
  const rows = await first.db
    .selectFrom('orders')
    .select(['id', 'status', 'invoice_number', 'invoiced_at'])
    .where('id', 'in', orders.map((order) => order.orderId))
    .execute();
  expect(rows.every((row) => row.status === 'paid' && row.invoiced_at !== null)).toBe(true);
  const numbers = rows.map((row) => Number(row.invoice_number)).sort((a, b) => a - b);
  expect(numbers).toEqual(Array.from({ length: 40 }, (_, n) => n + 1));
  const counter = await first.db.selectFrom('document_numbers').select('last_number').where('kind', '=', 'invoice').executeTakeFirstOrThrow();
  expect(Number(counter.last_number)).toBe(40);
});
