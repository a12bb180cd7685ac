import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Customer } from './orders';

/** How a request is signed in: Better Auth's session cookie, the access token, or not at all. */
export type Credential = { cookie: string } | { token: string } | 'anonymous';

export const anonymous: Credential = 'anonymous';
export const byCookie = (who: Pick<Customer, 'cookie'>): Credential => ({ cookie: who.cookie });
export const byToken = (who: Pick<Customer, 'token'>): Credential => ({ token: who.token });

export function headersOf(credential: Credential): Record<string, string> {
  if (credential === 'anonymous') return {};
  if ('cookie' in credential) return { cookie: credential.cookie };
  return { authorization: `Bearer ${credential.token}` };
}

/** A call of the API as `credential`, with the request's own headers (a multipart body's type). */
export function call(
  app: FastifyInstance,
  credential: Credential,
  request: Pick<InjectOptions, 'method' | 'url' | 'payload'> & { headers?: Record<string, string> },
): Promise<LightMyRequestResponse> {
  return app.inject({ ...request, headers: { ...request.headers, ...headersOf(credential) } });
}

/** The status, with the body in the failure message; and the `{message}` when one is given. */
export function expectReply(response: LightMyRequestResponse, status: number, message?: string) {
  expect(response.statusCode, response.body).toBe(status);
  if (message !== undefined) expect(response.json()).toEqual({ message });
}

/** A validation reply: 400 and the rule's message alone, as a customer reads it (no field's name before it). */
export function expectInvalid(response: LightMyRequestResponse, message: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect((response.json() as { message: string }).message).toBe(message);
}

/**
 * A user row the way Better Auth writes one, without a password: enough to be listed, made an
 * admin or removed, without a sign-up's requests and password hash.
 */
export async function insertUser(
  app: FastifyInstance,
  fields: { email?: string; name?: string; role?: 'customer' | 'admin'; emailVerified?: boolean } = {},
) {
  const email = fields.email ?? `bare-${randomUUID()}@example.com`;
  await app.db
    .insertInto('users')
    .values({ id: randomUUID(), email, name: fields.name ?? 'Bare User', image: null, role: fields.role ?? 'customer', email_verified: fields.emailVerified ?? false })
    .execute();
  return email;
}

export async function insertReview(
  app: FastifyInstance,
  fields: { hidden?: boolean; name?: string; description?: string } = {},
): Promise<string> {
  const { id } = await app.db
    .insertInto('reviews')
    .values({
      email: 'reviewer@example.com',
      name: fields.name ?? 'A Reviewer',
      description: fields.description ?? 'Good parts.',
      rating: '4',
      hidden_at: fields.hidden ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function auditCount(app: FastifyInstance): Promise<number> {
  const row = await app.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function roleOf(app: FastifyInstance, email: string) {
  const row = await app.db.selectFrom('users').select('role').where('email', '=', email).executeTakeFirst();
  return row?.role;
}

/** Pays an order through the test provider's card form, the one real "payment succeeded" path. */
export async function payOrder(app: FastifyInstance, owner: Pick<Customer, 'cookie'>, orderId: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/payments/test/pay',
    headers: { cookie: owner.cookie },
    payload: { orderId, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/**
 * Everything an admin call could change: users and their roles, parts, orders, reviews, the
 * sessions and access tokens, and the audit log. Two snapshots are equal when nothing changed.
 * Each table is a digest of its rows (as text, in order) made by the database in one statement:
 * the matrix takes eight snapshots per admin call, and reading every row into the test took most
 * of its time.
 */
export async function snapshotDb(app: FastifyInstance) {
  const digest = (table: string, row: string) => sql<string>`(select md5(coalesce(string_agg(${sql.raw(row)}::text, '|' order by ${sql.raw(row)}::text), '')) from ${sql.table(table)} as t)`;
  const tables = {
    users: digest('users', '(t.id, t.email, t.name, t.role)'),
    sessions: digest('sessions', '(t.id, t.user_id)'),
    accessTokens: digest('access_tokens', '(t.token_hash, t.session_id)'),
    parts: digest('parts', 't'),
    orders: digest('orders', 't'),
    reviews: digest('reviews', 't'),
    fitments: digest('fitments', 't'),
    vehicles: digest('vehicles', '(t.id)'),
    garages: digest('garage_vehicles', 't'),
    auditEntries: sql<string>`(select count(*)::text from audit_log)`,
    images: digest('images', '(t.id)'),
    shippingMethods: digest('shipping_methods', 't'),
    taxRates: digest('tax_rates', 't'),
  };
  const { rows } = await sql<Record<keyof typeof tables, string>>`select ${sql.join(Object.entries(tables).map(([name, value]) => sql`${value} as ${sql.ref(name)}`))}`.execute(app.db);
  return rows[0];
}

/** An unsent message of the outbox whose sending failed (no job left for it); answers its id. */
export async function insertFailedMail(app: FastifyInstance, to = 'someone@example.com'): Promise<string> {
  const { id } = await app.db
    .insertInto('mail_outbox')
    .values({ kind: 'order-placed', recipient: to, subject: 'Your order', html: '<p>Hi</p>', text: 'Hi', attempts: 16, last_error: '451 Try again later' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
