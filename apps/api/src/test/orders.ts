import type { Order, OrderStatus } from '@autoparts/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createUsersRepository } from '../modules/users/repository';
import { issueToken, newAccount, signUp, type TestAccount } from './accounts';

/** A signed-up account with its session cookie and an access token for `Authorization: Bearer`. */
export interface Customer extends TestAccount {
  cookie: string;
  token: string;
}

/** Signs a new account up and gets its access token. */
export async function signUpCustomer(app: FastifyInstance, label = 'customer'): Promise<Customer> {
  const account = newAccount(label);
  const cookie = await signUp(app, account);
  const token = await issueToken(app, cookie, account.email);
  return { ...account, email: account.email.toLowerCase(), cookie, token };
}

/** Signs a new account up and makes it an admin; the role is read fresh on every request. */
export async function signUpAdmin(app: FastifyInstance, label = 'admin'): Promise<Customer> {
  const admin = await signUpCustomer(app, label);
  await createUsersRepository(app.db).setRole(admin.email, 'admin');
  return admin;
}

/** A part of the test's own, so stock counts are not shared with other tests or the demo catalogue. */
export async function insertPart(
  app: FastifyInstance,
  fields: { priceCents?: number; available?: number; minimum?: number; name?: string } = {},
): Promise<string> {
  const { id } = await app.db
    .insertInto('parts')
    .values({
      name: fields.name ?? `Test part ${Math.random().toString(36).slice(2, 8)}`,
      description: 'A part made for a test.',
      img: '/images/parts/test-part.png',
      price_cents: fields.priceCents ?? 1234,
      available_quantity: fields.available ?? 100,
      min_order_quantity: fields.minimum ?? 1,
      archived_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function stockOf(app: FastifyInstance, partId: string): Promise<number> {
  const part = await app.db
    .selectFrom('parts')
    .select('available_quantity')
    .where('id', '=', partId)
    .executeTakeFirstOrThrow();
  return part.available_quantity;
}

export async function setStock(app: FastifyInstance, partId: string, available: number, minimum = 1) {
  await app.db
    .updateTable('parts')
    .set({ available_quantity: available, min_order_quantity: minimum })
    .where('id', '=', partId)
    .execute();
}

/** The stored order, as the database has it. */
export async function orderRow(app: FastifyInstance, orderId: string) {
  return app.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
}

export async function setOrderStatus(
  app: FastifyInstance,
  orderId: string,
  status: OrderStatus,
) {
  await app.db.updateTable('orders').set({ status }).where('id', '=', orderId).execute();
}

/** POST /api/order with the session cookie and the body as given; the reply as it comes. */
export function postOrder(app: FastifyInstance, cookie: string | undefined, body: object) {
  return app.inject({
    method: 'POST',
    url: '/api/order',
    headers: cookie ? { cookie } : {},
    payload: body,
  });
}

/** Places an order that must succeed and answers its id. */
export async function placeOrder(
  app: FastifyInstance,
  customer: Pick<Customer, 'cookie' | 'name'>,
  partId: string,
  orderQuantity = 1,
): Promise<string> {
  const response = await postOrder(app, customer.cookie, {
    partId,
    customername: customer.name,
    address: '1 Test Street, Testville',
    orderQuantity,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { insertedId: string }).insertedId;
}

/** GET /api/myorder/{email} with the bearer token, as the web app calls it (SPEC §7). */
export function getMyOrders(app: FastifyInstance, token: string | undefined, email: string) {
  return app.inject({
    method: 'GET',
    url: `/api/myorder/${encodeURIComponent(email)}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** The caller's own My Orders, which must be readable. */
export async function myOrders(app: FastifyInstance, customer: Pick<Customer, 'token' | 'email'>): Promise<Order[]> {
  const response = await getMyOrders(app, customer.token, customer.email);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** DELETE /api/myorder?id= with the session cookie. */
export function cancelOrderRequest(app: FastifyInstance, cookie: string | undefined, orderId: string) {
  return app.inject({
    method: 'DELETE',
    url: `/api/myorder?id=${encodeURIComponent(orderId)}`,
    headers: cookie ? { cookie } : {},
  });
}

export function messageOf(response: LightMyRequestResponse): string {
  return (response.json() as { message: string }).message;
}
