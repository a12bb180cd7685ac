import { centsToDollars, dollarsToCents, type ShippingMethod, type ShippingMethodInput } from '@autoparts/shared';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { ShippingMethodsTable } from '../../db/schema';
import { isId } from '../../lib/ids';

const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';

/**
 * An update that collided with another method (its name): the failed statement rolled its
 * transaction back, audit row and all, and the caller answers 409. Any other error goes on.
 */
export function nameTakenOr(error: unknown): 'name-taken' {
  if (isUniqueViolation(error)) return 'name-taken';
  throw error;
}

/** A kilogram figure with up to three decimals is a whole number of grams. */
const kgToGrams = (kg: number) => Math.round(kg * 1000);

function toMethod(row: Selectable<ShippingMethodsTable>): ShippingMethod {
  return {
    id: row.id,
    name: row.name,
    estimate: row.estimate,
    countries: row.countries,
    basePrice: centsToDollars(row.base_price_cents),
    pricePerKg: centsToDollars(row.price_per_kg_cents),
    maxWeightKg: row.max_weight_grams === null ? null : row.max_weight_grams / 1000,
    freeOver: row.free_over_cents === null ? null : centsToDollars(row.free_over_cents),
    active: row.active,
  };
}

function toRow(input: ShippingMethodInput) {
  return {
    name: input.name,
    estimate: input.estimate,
    countries: input.countries,
    base_price_cents: dollarsToCents(input.basePrice),
    price_per_kg_cents: dollarsToCents(input.pricePerKg),
    max_weight_grams: input.maxWeightKg === null ? null : kgToGrams(input.maxWeightKg),
    free_over_cents: input.freeOver === null ? null : dollarsToCents(input.freeOver),
    active: input.active,
  };
}

/**
 * The admin's shipping methods (migration 0021 keeps cents and grams). A name is used once
 * (migration 0026), so the same form sent twice adds one method and answers 409 the second time.
 */
export function createShippingMethodsRepository(db: Db) {
  return {
    async list(): Promise<ShippingMethod[]> {
      const rows = await db.selectFrom('shipping_methods').selectAll().orderBy('seq').execute();
      return rows.map(toMethod);
    },

    async add(input: ShippingMethodInput): Promise<ShippingMethod | 'name-taken'> {
      const row = await db.insertInto('shipping_methods').values(toRow(input)).onConflict((conflict) => conflict.doNothing()).returningAll().executeTakeFirst();
      return row ? toMethod(row) : 'name-taken';
    },

    async locked(id: string): Promise<ShippingMethod | undefined> {
      if (!isId(id)) return undefined;
      const row = await db.selectFrom('shipping_methods').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      return row ? toMethod(row) : undefined;
    },

    async update(id: string, input: ShippingMethodInput): Promise<ShippingMethod | 'not-found'> {
      if (!isId(id)) return 'not-found';
      const row = await db.updateTable('shipping_methods').set(toRow(input)).where('id', '=', id).returningAll().executeTakeFirst();
      return row ? toMethod(row) : 'not-found';
    },

    /** Orders keep their own copy of the method they were placed with, so any method may go. */
    async remove(id: string): Promise<{ name: string } | undefined> {
      if (!isId(id)) return undefined;
      return db.deleteFrom('shipping_methods').where('id', '=', id).returning('name').executeTakeFirst();
    },
  };
}
