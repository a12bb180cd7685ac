import { sql, type Kysely } from 'kysely';

/**
 * The VCdb's and PCdb's words that cached catalogue reads show announce their changes (decision
 * 173), as migration 0016 says a table a cached read starts to show must: a part's applications in
 * words (its page, the cards' fit, `GET /api/vehicles/{id}/applications`) name makes, models,
 * submodels, engines, positions and part types from these tables. A PCdb load that renamed a
 * position ("Rear" to "Rear Axle") changed no table that announced itself, and every instance
 * kept answering the old words until some other catalogue change. One notification per topic and
 * transaction: a load of the whole VCdb announces itself once, when it commits.
 */
const tables = ['vcdb_makes', 'vcdb_models', 'vcdb_submodels', 'vcdb_engine_bases', 'vcdb_base_vehicles', 'pcdb_positions', 'pcdb_part_types'];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of tables) {
    await sql`
      create trigger ${sql.id(`${table}_notify_change`)}
        after insert or update or delete or truncate on ${sql.table(table)}
        for each statement execute function notify_shop_change('catalogue')
    `.execute(db);
  }
}
