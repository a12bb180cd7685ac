import { sql, type Kysely } from 'kysely';

/**
 * What an ACES export's Header says of the sender (issue 29, decision 078): the shop's Auto Care
 * brand code (`BrandAAIAID`, four characters, as `parts.brand_aaia_id`) and the name of whoever
 * sends its catalogue files (`SenderName`). Both empty until an admin sets them; the Company is
 * the seller's legal name (`SHOP_LEGAL_NAME`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table shop_settings add column brand_aaia_id text check (brand_aaia_id ~ '^[A-Z0-9]{4}$')`.execute(db);
  await sql`alter table shop_settings add column catalogue_sender_name text check (length(catalogue_sender_name) between 1 and 100)`.execute(db);
}
