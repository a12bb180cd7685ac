import { sql, type Kysely } from 'kysely';

/**
 * A return keeps the restocking fee's rate it was received at (parts per million), so that its
 * credit note says the fee's percentage as it was then, whatever the setting is later
 * (decision 061). Returns received before have 0: their notes show the fee without a rate.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table returns add column restocking_fee_ppm integer not null default 0 check (restocking_fee_ppm between 0 and 1000000)`.execute(db);
}
