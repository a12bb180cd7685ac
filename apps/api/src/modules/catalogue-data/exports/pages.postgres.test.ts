import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app';
import { utcToday } from '../../../test/clock';
import { writeAces } from '../aces/writer';

// PostgreSQL only: its own count of the rows a transaction read (pg_stat_xact_user_tables).
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

const ADDED = 12_000;
// Each test takes today before its changes and tomorrow after them: a day taken when the file
// loaded, before midnight UTC, is no longer today's (or tomorrow's) after it.
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/**
 * The ACES net change since `since`, written in one transaction, and the rows of `applications` the
 * writer read, by scan or by index: PostgreSQL's counts of this connection not yet reported, those
 * of the statements before on it too (the test's own), taken before and after.
 */
async function netChange(since: string): Promise<{ file: string; read: number }> {
  return app.db.transaction().execute(async (trx) => {
    const reads = async () =>
      Number((await sql<{ read: string }>`select coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0) as read from pg_stat_xact_user_tables where relname = 'applications'`.execute(trx)).rows[0]?.read ?? 0);
    const before = await reads();
    let file = '';
    for await (const chunk of writeAces(trx, { since, company: 'Test', today: utcToday() })) file += chunk;
    const read = (await reads()) - before;
    return { file, read };
  });
}

it('writes a net change of many applications a page at a time, each page reading its own applications only', async () => {
  // Many applications changed today, as after an import: copies of the live ones, and a tombstone
  // of each tenth copy (the same application stays live, so its D is redundant and left out). The
  // seeded ones too: the run's database may have been seeded before midnight UTC.
  const today = utcToday();
  await sql`update applications set changed_at = now()`.execute(app.db);
  await sql`
    insert into applications (part_id, base_vehicle_id, submodel_id, engine_base_id, part_type_id, position_id, quantity, notes, mfr_label)
    select part_id, base_vehicle_id, submodel_id, engine_base_id, part_type_id, position_id, quantity, notes, mfr_label
    from applications cross join generate_series(1, ${Math.ceil(ADDED / 100)})
    where deleted_at is null and part_type_id is not null
    limit ${ADDED}
  `.execute(app.db);
  await sql`update applications set deleted_at = now(), changed_at = now() where id in (select id from applications order by id desc limit ${ADDED / 10})`.execute(app.db);
  await sql`analyze applications`.execute(app.db);
  const [{ rows, live }] = (
    await sql<{ rows: string; live: string }>`select count(*) as rows, count(*) filter (where deleted_at is null and part_type_id is not null and archived_at is null) as live from applications join parts on parts.id = applications.part_id`.execute(app.db)
  ).rows as [{ rows: string; live: string }];

  const { file, read } = await netChange(today);

  // Every live application changed today goes out once, as an add; the redundant tombstones do not go.
  expect((file.match(/<App action="A"/g) ?? []).length).toBe(Number(live));
  // Each application is read a few times (its page's range, the page, the tombstones' check, the
  // count of those left out): about 5 reads a row here. It was the page and every later
  // application, for each page: rows² / 1,000 (380,738 reads of these 14,985 rows; hours for 2,000,000).
  expect(read).toBeLessThan(10 * Number(rows));
});

it('reads none of the applications for a net change of nothing', async () => {
  const [{ rows }] = (await sql<{ rows: string }>`select count(*) as rows from applications`.execute(app.db)).rows as [{ rows: string }];
  expect(Number(rows)).toBeGreaterThan(ADDED);
  const { file, read } = await netChange(tomorrow());
  expect(file).toContain('<RecordCount>0</RecordCount>');
  expect(file).not.toContain('<App ');
  // Every page's range of ids was read to find nothing in it: each row twice or more (35 s at
  // 2,000,000 applications, decision 154): 44,961 reads here. The candidates' index finds none now.
  expect(read).toBeLessThan(100);
});

it('reads the few applications a small net change names, not the range between them', async () => {
  // Everything changed ten days ago but three applications far apart, changed today.
  const today = utcToday();
  await sql`update applications set changed_at = now() - interval '10 days'`.execute(app.db);
  const { rows: picked } = await sql<{ id: string }>`
    update applications set quantity = quantity % 10 + 1, changed_at = now()
    where id in (select id from applications where deleted_at is null and part_type_id is not null order by id limit 1)
       or id in (select id from applications where deleted_at is null and part_type_id is not null order by id desc limit 2)
    returning id
  `.execute(app.db);
  await sql`analyze applications`.execute(app.db);
  const { file, read } = await netChange(today);
  expect(picked).toHaveLength(3);
  expect([...file.matchAll(/<App action="A" id="(\d+)"/g)].map((match) => match[1])).toEqual(picked.map((row) => String(row.id)).sort((a, b) => Number(a) - Number(b)));
  // The range from the first to the last of them is every application: read a page at a time (29,979 reads; 12 now).
  expect(read).toBeLessThan(100);
});

it('finds whether a tombstone of a net change is the same application as another row among its part’s rows, not every later one', async () => {
  const today = utcToday();
  await sql`update applications set changed_at = now() - interval '10 days'`.execute(app.db);
  const { rows: deleted } = await sql<{ id: string }>`
    update applications set deleted_at = now(), changed_at = now()
    where id in (select id from applications where deleted_at is null and part_type_id is not null and id % 150 = 7)
    returning id
  `.execute(app.db);
  await sql`analyze applications`.execute(app.db);
  const { file, read } = await netChange(today);
  expect(deleted.length).toBeGreaterThan(50);
  expect(file).not.toContain('<App action="A"');
  // Each tombstone's check read every live application and every later id (an `or`): 107,172 reads for these 92
  // tombstones, 26 s; 460 now.
  expect(read).toBeLessThan(100 * deleted.length);
});
