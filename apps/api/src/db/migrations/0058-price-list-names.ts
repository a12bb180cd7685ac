import { sql, type Kysely } from 'kysely';

/** The column's own check (migration 0044): a name of 1 to 120 characters. */
const NAME_MAX = 120;

/**
 * A price list's name is used once, letter case and outer spaces aside, as a shipping method's
 * (migration 0026) and a company's (decision 107): the admin's form sent again after a reply that
 * never came, or a script run twice, adds one list and is refused the second time (409), where it
 * added two lists of the same name that the Companies screen could not tell apart.
 *
 * Lists that share a name already keep the oldest one's; each later one is renamed "Name (2)",
 * "Name (3)"… (a number no list has), so that the index can be made on any shop.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ id: string; name: string }>`select id, name from price_lists order by created_at, seq`.execute(db);
  const key = (name: string) => name.trim().toLowerCase();
  const taken = new Set(rows.map((row) => key(row.name)));
  const kept = new Set<string>();
  for (const row of rows) {
    if (!kept.has(key(row.name))) {
      kept.add(key(row.name));
      continue;
    }
    const base = row.name.trim();
    let renamed = base;
    for (let number = 2; taken.has(key(renamed)); number += 1) {
      const suffix = ` (${number})`;
      renamed = `${base.slice(0, NAME_MAX - suffix.length).trimEnd()}${suffix}`;
    }
    taken.add(key(renamed));
    kept.add(key(renamed));
    await sql`update price_lists set name = ${renamed} where id = ${row.id}`.execute(db);
  }
  await sql`create unique index price_lists_name_key on price_lists (lower(btrim(name)))`.execute(db);
}
