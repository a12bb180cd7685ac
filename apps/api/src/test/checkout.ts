import type { FastifyInstance } from 'fastify';
import { insertPart } from './orders';

/**
 * Rows of the tables checkout reads (addresses, shipping methods, tax rates, cart lines, price
 * breaks), written directly: their own routes are another module's.
 */

export async function userIdOf(app: FastifyInstance, email: string): Promise<string> {
  const { id } = await app.db.selectFrom('users').select('id').where('email', '=', email.toLowerCase()).executeTakeFirstOrThrow();
  return id;
}

export async function insertAddress(
  app: FastifyInstance,
  userId: string,
  fields: { country?: string; region?: string; isDefault?: boolean; name?: string } = {},
): Promise<string> {
  const { id } = await app.db
    .insertInto('addresses')
    .values({
      user_id: userId,
      name: fields.name ?? 'Ada Garage',
      company: 'Ada Motors',
      line1: '100 Main Street',
      city: 'Springfield',
      region: fields.region ?? 'IL',
      postal_code: '62701',
      country: fields.country ?? 'US',
      phone: '+1 217 555 0100',
      is_default: fields.isDefault ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Clears the demo shop's shipping methods and tax rates, so that a test's own are the only ones a
 * quote can offer or apply.
 */
export async function withoutDemoShippingAndTax(app: FastifyInstance): Promise<void> {
  await app.db.deleteFrom('shipping_methods').execute();
  await app.db.deleteFrom('tax_rates').execute();
}

export async function insertShippingMethod(
  app: FastifyInstance,
  fields: {
    name: string;
    countries?: string[];
    baseCents: number;
    perKgCents?: number;
    maxWeightGrams?: number | null;
    freeOverCents?: number | null;
    active?: boolean;
  },
): Promise<string> {
  const { id } = await app.db
    .insertInto('shipping_methods')
    .values({
      name: fields.name,
      estimate: `${fields.name} estimate`,
      countries: fields.countries ?? ['US'],
      base_price_cents: fields.baseCents,
      price_per_kg_cents: fields.perKgCents ?? 0,
      max_weight_grams: fields.maxWeightGrams ?? null,
      free_over_cents: fields.freeOverCents ?? null,
      active: fields.active ?? true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function insertTaxRate(
  app: FastifyInstance,
  fields: { country: string; region?: string; ratePpm: number; appliesToShipping?: boolean },
): Promise<void> {
  await app.db
    .insertInto('tax_rates')
    .values({
      country: fields.country,
      region: fields.region ?? '',
      rate_ppm: fields.ratePpm,
      applies_to_shipping: fields.appliesToShipping ?? false,
    })
    .execute();
}

/** A part with a weight and price breaks (`[[minQuantity, unitPriceCents], …]`). */
export async function insertWeighedPart(
  app: FastifyInstance,
  fields: { priceCents: number; weightGrams: number; available?: number; minimum?: number; breaks?: Array<[number, number]>; name?: string },
): Promise<string> {
  const id = await insertPart(app, fields);
  await app.db.updateTable('parts').set({ weight_grams: fields.weightGrams }).where('id', '=', id).execute();
  if (fields.breaks?.length) {
    await app.db
      .insertInto('part_price_breaks')
      .values(fields.breaks.map(([minQuantity, cents]) => ({ part_id: id, min_quantity: minQuantity, unit_price_cents: cents })))
      .execute();
  }
  return id;
}

/** Replaces the account's cart with these lines (`[[partId, quantity], …]`), oldest first. */
export async function fillCart(app: FastifyInstance, userId: string, lines: Array<[string, number]>): Promise<void> {
  await app.db.deleteFrom('cart_lines').where('user_id', '=', userId).execute();
  if (lines.length === 0) return;
  await app.db
    .insertInto('cart_lines')
    // Added one after the other, in the order given (a cart lists its lines oldest first).
    .values(lines.map(([partId, quantity], index) => ({ user_id: userId, part_id: partId, quantity, added_at: new Date(Date.now() + index) })))
    .execute();
}

export async function cartOf(app: FastifyInstance, userId: string): Promise<Array<[string, number]>> {
  const rows = await app.db.selectFrom('cart_lines').select(['part_id', 'quantity']).where('user_id', '=', userId).orderBy('part_id').execute();
  return rows.map((row) => [row.part_id, row.quantity]);
}

export function postCheckout(app: FastifyInstance, cookie: string | undefined, body: object, headers: Record<string, string | undefined> = {}) {
  return app.inject({ method: 'POST', url: '/api/checkout', headers: { ...(cookie ? { cookie } : {}), ...headers }, payload: body });
}

export function postQuote(app: FastifyInstance, cookie: string | undefined, body: object) {
  return app.inject({ method: 'POST', url: '/api/checkout/quote', headers: cookie ? { cookie } : {}, payload: body });
}
