import { percentToPpm, ppmToPercent, type TaxRate, type TaxRateInput } from '@autoparts/shared';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { TaxRatesTable } from '../../db/schema';
import { isId } from '../../lib/ids';

const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';

/**
 * An update that collided with another rate (its place): the failed statement rolled its
 * transaction back, audit row and all, and the caller answers 409. Any other error goes on.
 */
export function placeTakenOr(error: unknown): 'place-taken' {
  if (isUniqueViolation(error)) return 'place-taken';
  throw error;
}

function toRate(row: Selectable<TaxRatesTable>): TaxRate {
  return {
    id: row.id,
    country: row.country,
    region: row.region === '' ? null : row.region,
    ratePercent: ppmToPercent(row.rate_ppm),
    appliesToShipping: row.applies_to_shipping,
  };
}

function toRow(input: TaxRateInput) {
  return {
    country: input.country,
    region: input.region ?? '',
    rate_ppm: percentToPpm(input.ratePercent),
    applies_to_shipping: input.appliesToShipping,
  };
}

/**
 * The admin's tax rates (migration 0021: parts per million, region '' for the whole country).
 * One rate a place: the table's unique (country, region) refuses a second, also two sent at once.
 */
export function createTaxRatesRepository(db: Db) {
  return {
    async list(): Promise<TaxRate[]> {
      const rows = await db.selectFrom('tax_rates').selectAll().orderBy('country').orderBy('region').execute();
      return rows.map(toRate);
    },

    async add(input: TaxRateInput): Promise<TaxRate | 'place-taken'> {
      const row = await db.insertInto('tax_rates').values(toRow(input)).onConflict((conflict) => conflict.doNothing()).returningAll().executeTakeFirst();
      return row ? toRate(row) : 'place-taken';
    },

    async locked(id: string): Promise<TaxRate | undefined> {
      if (!isId(id)) return undefined;
      const row = await db.selectFrom('tax_rates').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      return row ? toRate(row) : undefined;
    },

    async update(id: string, input: TaxRateInput): Promise<TaxRate | 'not-found'> {
      if (!isId(id)) return 'not-found';
      const row = await db.updateTable('tax_rates').set(toRow(input)).where('id', '=', id).returningAll().executeTakeFirst();
      return row ? toRate(row) : 'not-found';
    },

    async remove(id: string): Promise<TaxRate | undefined> {
      if (!isId(id)) return undefined;
      const row = await db.deleteFrom('tax_rates').where('id', '=', id).returningAll().executeTakeFirst();
      return row ? toRate(row) : undefined;
    },
  };
}
