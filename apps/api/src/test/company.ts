import { formatInvoiceNumber } from '@autoparts/shared';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { confirmAddress } from './accounts';
import { byCookie, byToken, call, expectReply } from './admin';
import { fillCart, insertShippingMethod, userIdOf } from './checkout';
import { insertPart, type Customer } from './orders';
import { eventually } from './wait';

/**
 * A company with terms on the real app (decisions 075, 081): created by an admin, members joined by
 * their invitations' links, a location to ship to, and orders on account that invoice it.
 */
export interface TestCompany {
  id: string;
  owner: Customer;
  locationId: string;
  shippingMethodId: string;
}

const post = (app: FastifyInstance, who: Customer, url: string, payload: object = {}, by: 'cookie' | 'token' = 'token') =>
  call(app, by === 'cookie' ? byCookie(who) : byToken(who), { method: 'POST', url, payload });

/**
 * The token of the newest invitation e-mailed to `email`, read from the message as it was sent:
 * the `.eml` file a test app without SMTP_URL writes to DATA_DIR/outbox/. The outbox's row loses
 * the token once the message is sent (decision 151).
 */
export async function tokenMailedTo(app: FastifyInstance, email: string): Promise<string> {
  const row = await app.db
    .selectFrom('mail_outbox')
    .select('id')
    .where('recipient', '=', email.toLowerCase())
    .where('kind', '=', 'company-invitation')
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  return invitationToken(await sentText(app, row.id));
}

/** The text part of outbox message `id` as it was sent (written to DATA_DIR/outbox/ by a shop without SMTP_URL). */
export async function sentText(app: FastifyInstance, id: string): Promise<string> {
  const directory = path.join(app.config.dataDir, 'outbox');
  let file: string | undefined;
  await eventually(async () => {
    file = (await readdir(directory).catch(() => [] as string[])).find((name) => name.endsWith(`-${id}.eml`));
    return file !== undefined;
  });
  return (await simpleParser(await readFile(path.join(directory, file ?? '')))).text ?? '';
}

/** A company of `owner` with net 30 terms and no credit limit, a location and a $5.00 shipping method. */
export async function createTestCompany(app: FastifyInstance, admin: Customer, owner: Customer, fields: object = {}): Promise<TestCompany> {
  // Only a confirmed address is made owner at once (decision 144), as a real owner's would be.
  await confirmAddress(app, owner.email);
  const created = await post(app, admin, '/api/admin/companies', { name: `Co ${owner.email.slice(0, 12)}`, ownerEmail: owner.email, paymentTerms: 'net30', ...fields });
  expectReply(created, 200);
  const location = await post(app, owner, '/api/company/locations', { name: 'Workshop', line1: '1 Depot Road', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' });
  expectReply(location, 200);
  return {
    id: (created.json() as { id: string }).id,
    owner,
    locationId: (location.json() as { id: string }).id,
    shippingMethodId: await insertShippingMethod(app, { name: `Courier ${owner.email.slice(0, 8)}`, baseCents: 500 }),
  };
}

/**
 * `who` joins the company as `role` by the link mailed to them: read from the message as a shop
 * without SMTP_URL writes it, or by `mailed` (a shop that sends to a test SMTP server).
 */
export async function joinCompany(app: FastifyInstance, company: TestCompany, who: Customer, role: string, mailed: (email: string) => Promise<string> = (email) => tokenMailedTo(app, email)) {
  expectReply(await post(app, company.owner, '/api/company/invitations', { email: who.email, role }), 200);
  expectReply(await post(app, who, `/api/company/invitations/${await mailed(who.email)}/accept`, {}, 'cookie'), 200);
}

/** The invitation token in a message `text`. */
export function invitationToken(text: string): string {
  const token = /\/company\/invitations\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no invitation link in: ${text}`);
  return token;
}

/** An order on account of one part at `priceCents` (+ $5.00 shipping): its invoice number as printed. */
export async function invoiceOnAccount(app: FastifyInstance, company: TestCompany, who: Customer, priceCents: number): Promise<string> {
  const part = await insertPart(app, { priceCents, available: 10 });
  await fillCart(app, await userIdOf(app, who.email), [[part, 1]]);
  const response = await post(app, who, '/api/checkout', { locationId: company.locationId, shippingMethodId: company.shippingMethodId, paymentMethod: 'account', poNumber: 'PO-1' }, 'cookie');
  expectReply(response, 200);
  const { insertedId } = response.json() as { insertedId: string };
  const order = await app.db.selectFrom('orders').select('invoice_number').where('id', '=', insertedId).executeTakeFirstOrThrow();
  return formatInvoiceNumber(order.invoice_number ?? 0);
}
