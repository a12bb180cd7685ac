import { dollarsToCents, HUNDRED_PERCENT_BP, percentOffCents, PRICE_MAX, seededRandom } from '@autoparts/shared';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/app';
import { percentOffCentsSql } from './pricing';

const database = await openTestDatabase();

afterAll(async () => {
  await database.close();
});

// The search sorts by a member's price in SQL (`memberUnitCentsSql`) and the member pays the money
// module's (`percentOffCents`): one rule, held equal here on the engine of the pass (decision 210).
it('gives percentOffCents’s cents for every percentage off, of prices at the edges and at random up to the cap', async () => {
  const random = seededRandom(210);
  const cap = dollarsToCents(PRICE_MAX);
  // Halves of a cent (5 and 1005 at 10 %, 50 %, 90 %…), a cent either side of a dollar, the cap.
  const edges = [0, 1, 2, 3, 5, 15, 99, 100, 101, 199, 1005, 12_345, 99_999, cap - 1, cap];
  const prices = [...edges, ...Array.from({ length: 25 }, () => random.int(1, cap))];
  const { rows } = await sql<{ price: number; cents: number[] }>`
    select price, array_agg(${percentOffCentsSql(sql.ref('price'), sql.ref('bp'))} order by bp) as cents
    from unnest(array[${sql.join(prices.map((price) => sql.lit(price)))}]::int[]) as price
    cross join generate_series(0, ${sql.lit(HUNDRED_PERCENT_BP)}) as bp
    group by price`.execute(database.db);
  expect(rows.map((row) => row.price).sort((a, b) => a - b)).toEqual([...new Set(prices)].sort((a, b) => a - b));
  for (const { price, cents } of rows) {
    expect(cents).toHaveLength(HUNDRED_PERCENT_BP + 1);
    const bp = cents.findIndex((sqlCents, at) => sqlCents !== percentOffCents(price, at));
    expect(bp === -1 ? undefined : { price, bp, sql: cents[bp], money: percentOffCents(price, bp) }, `${price} cents`).toBeUndefined();
  }
});
