import { Readable } from 'node:stream';
import { catalogueDataMessages, type CatalogueImportCounts, type CatalogueProblem } from '@autoparts/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { byToken, call } from '../../../test/admin';
import { twoInstances } from '../../../test/app';
import { holdInTransaction, someoneWaits } from '../../../test/locks';
import { insertPart, signUpAdmin, type Customer } from '../../../test/orders';
import { takeReplacementTurn } from '../../part-changes/repository';
import { importPartsCsv } from '../parts-csv/import';
import { importPies } from './import';
import { piesFile, piesItem, runImport } from './test-files';

// Runs in the PostgreSQL pass only (decision 181): a catalogue import applying its file's
// replacements and an admin superseding a part take the same turn (decision 175's lock), so the
// two cannot close a circle through parts neither names; and a file closing a circle, by itself or
// with the shop's replacements, is refused whole, skip or not.
const shops = twoInstances({}, { bareSecond: true });
let admin: Customer;

beforeAll(async () => {
  admin = await signUpAdmin(shops.first, 'race-import-admin');
}, 180_000);

async function aPart(lifecycle: string, replacedBy: string | null = null): Promise<{ id: string; number: string }> {
  const id = await insertPart(shops.first);
  const row = await shops.first.db
    .updateTable('parts')
    .set({ lifecycle_code: lifecycle, replaced_by: replacedBy })
    .where('id', '=', id)
    .returning('part_number')
    .executeTakeFirstOrThrow();
  return { id, number: row.part_number };
}

const superseded = '<ExtendedInformation><ExtendedProductInformation EXPICode="LIF">7</ExtendedProductInformation></ExtendedInformation>';
const replaces = (number: string) => `<PartInterchangeInfo><PartInterchange BrandAAIAID="BKPN"><PartNumber>${number}</PartNumber></PartInterchange></PartInterchangeInfo>`;

/** Whether following `id`'s replacements comes back to it. */
async function inACircle(id: string): Promise<boolean> {
  const seen = new Set<string>();
  for (let at: string | null = id; at !== null; ) {
    if (seen.has(at)) return true;
    seen.add(at);
    const row: { replaced_by: string | null } | undefined = await shops.first.db.selectFrom('parts').select('replaced_by').where('id', '=', at).executeTakeFirst();
    at = row?.replaced_by ?? null;
  }
  return false;
}

describe('a catalogue import and an admin supersede parts at once', () => {
  it('import A → B while an admin supersedes D by E, with B → C → D and E → A already: the admin waits for the import, then is refused the circle', async () => {
    const a = await aPart('8');
    const d = await aPart('2');
    const c = await aPart('7', d.id);
    const b = await aPart('7', c.id);
    const e = await aPart('7', a.id);
    const problems: CatalogueProblem[] = [];
    const counts: CatalogueImportCounts = { added: 0, changed: 0, deleted: 0, unchanged: 0, rejected: 0 };
    let reply: ReturnType<typeof call> | undefined;
    await shops.first.db.transaction().execute(async (trx) => {
      // The import's file: B replaces A (A → B). Applied, not yet committed.
      const text = piesFile(piesItem(b.number, { after: replaces(a.number) }));
      await importPies(Readable.from([Buffer.from(text)]), { trx, mode: 'apply', onProblems: 'refuse', fileName: 'test', fileSize: text.length, problem: (problem) => problems.push(problem), fatal: (problem) => problems.push(problem), progress: () => undefined, counts });
      expect(problems).toEqual([]);
      // The admin's change names none of A, B and C (B's replacement, which the import looks at
      // again): no row lock of the import meets it.
      let settled = false;
      reply = call(shops.second, byToken(admin), { method: 'PATCH', url: `/api/admin/part/${d.id}`, payload: { lifecycle: '7', replacedBy: e.number, expected: { lifecycle: '2', replacedBy: null } } }).finally(() => {
        settled = true;
      });
      // It waits for the import's turn (or, without one, has already answered). This database's
      // statements only: another file's could wait on a lock of the same text.
      await someoneWaits(shops.first, { query: 'pg_advisory_xact_lock', or: () => settled });
    });
    const answered = await reply!;
    expect({ status: answered.statusCode, body: answered.json() as unknown }).toEqual({
      status: 400,
      body: { message: expect.stringContaining('That replacement would go round in a circle') as unknown, field: 'replacedBy' },
    });
    expect(await inACircle(a.id)).toBe(false);
  }, 60_000);
});

describe('an admin supersedes a part the running import has already written (decision 184)', () => {
  it('before the import applies its replacements: the admin waits for the import, then both are applied (a deadlock before: one of them failed, 40P01)', async () => {
    const w = await aPart('8');
    const x = await aPart('2');
    const q = await aPart('2');
    const e = await aPart('2');
    // The test holds Q's row: the import stops there, its first pass has written X (a new name) and
    // not yet applied its replacements (W → X, "X replaces W").
    const held = holdInTransaction(shops.first, (trx) => trx.selectFrom('parts').select('id').where('id', '=', q.id).forUpdate().execute());
    await held.locked;
    const problems: CatalogueProblem[] = [];
    const counts: CatalogueImportCounts = { added: 0, changed: 0, deleted: 0, unchanged: 0, rejected: 0 };
    const text = piesFile(piesItem(x.number, { name: 'Renamed by the import', after: replaces(w.number) }), piesItem(q.number, { name: 'Held by the test' }));
    const importing = shops.first.db.transaction().execute(async (trx) => {
      await importPies(Readable.from([Buffer.from(text)]), { trx, mode: 'apply', onProblems: 'refuse', fileName: 'test', fileSize: text.length, problem: (problem) => problems.push(problem), fatal: (problem) => problems.push(problem), progress: () => undefined, counts });
    });
    await someoneWaits(shops.first);
    // The admin supersedes X by E meanwhile: it waits (for X's row, or for the import's turn).
    let answered = false;
    const reply = call(shops.second, byToken(admin), { method: 'PATCH', url: `/api/admin/part/${x.id}`, payload: { lifecycle: '7', replacedBy: e.number, expected: { lifecycle: '2', replacedBy: null } } }).finally(
      () => (answered = true),
    );
    await someoneWaits(shops.first, { count: 2, or: () => answered }).finally(() => held.release());
    await held.done;
    const [imported, superseded] = await Promise.allSettled([importing, reply]);
    expect(imported).toEqual({ status: 'fulfilled', value: undefined });
    expect(problems).toEqual([]);
    expect(superseded.status === 'fulfilled' && { status: superseded.value.statusCode, body: superseded.value.json() as unknown }).toMatchObject({ status: 200 });
    const stored = await shops.first.db.selectFrom('parts').select(['id', 'name', 'lifecycle_code', 'replaced_by']).where('id', 'in', [w.id, x.id]).orderBy('name').execute();
    expect(Object.fromEntries(stored.map((row) => [row.id, { name: row.name, lifecycle: row.lifecycle_code, replacedBy: row.replaced_by }]))).toMatchObject({
      [w.id]: { replacedBy: x.id },
      [x.id]: { name: 'Renamed by the import', lifecycle: '7', replacedBy: e.id },
    });
  }, 60_000);
});

describe('which imports take the replacements’ turn, and when (decision 184)', () => {
  it('a PIES file asks for it before it writes any row; a parts CSV without replacedBy never does', async () => {
    const part = await aPart('2');
    const turn = holdInTransaction(shops.first, (trx) => takeReplacementTurn(trx));
    await turn.locked;
    let imported = false;
    let pies: ReturnType<typeof runImport> | undefined;
    try {
      // Prices alone: it goes through while an admin's supersession holds the turn.
      const csv = await runImport(shops.first, importPartsCsv, `partNumber,price,lifecycle\n${part.number},15.00,2\n`);
      expect(csv).toEqual({ problems: [], counts: expect.objectContaining({ changed: 1 }) as unknown });
      // A PIES file waits for the turn with none of its rows written or locked yet.
      pies = runImport(shops.first, importPies, piesFile(piesItem(part.number, { name: 'Renamed after the turn' }))).finally(() => (imported = true));
      await someoneWaits(shops.first, { query: 'pg_advisory_xact_lock', or: () => imported });
      expect(imported).toBe(false);
      const free = await shops.first.db.selectFrom('parts').select('id').where('id', '=', part.id).forUpdate().skipLocked().execute();
      expect(free).toEqual([{ id: part.id }]);
    } finally {
      turn.release();
      await turn.done;
    }
    expect(await pies).toEqual({ problems: [], counts: expect.objectContaining({ changed: 1 }) as unknown });
  }, 60_000);
});

describe('a file whose replacements close a circle', () => {
  it.each(['refuse', 'skip'] as const)('by themselves is refused whole with the circle in words, nothing applied (%s)', async (onProblems) => {
    const [x, y] = [`RC-${onProblems.toUpperCase()}-1`, `RC-${onProblems.toUpperCase()}-2`];
    const { problems } = await runImport(
      shops.first,
      importPies,
      piesFile(piesItem(x, { after: `${superseded}\n${replaces(y)}` }), piesItem(y, { after: `${superseded}\n${replaces(x)}` })),
      onProblems,
    );
    expect(problems).toEqual([{ line: expect.any(Number) as unknown, ref: y, code: 'part-change', message: catalogueDataMessages.replacementCircle([y, x, y]) }]);
    expect(await shops.first.db.selectFrom('parts').select('id').where('part_number', 'in', [x, y]).execute()).toEqual([]);
  }, 60_000);

  it('with the shop’s replacements is refused whole, skip or not: A → B in the file, B → A stored', async () => {
    const a = await aPart('8');
    const b = await aPart('7', a.id);
    const added = `RC-NEW-${Date.now().toString(36).toUpperCase()}`;
    const { problems } = await runImport(shops.first, importPies, piesFile(piesItem(added), piesItem(b.number, { after: replaces(a.number) })), 'skip');
    expect(problems).toEqual([{ line: expect.any(Number) as unknown, ref: b.number, code: 'part-change', message: expect.stringContaining(catalogueDataMessages.replacementCircle([]).split(':')[0]!) as unknown }]);
    expect(await shops.first.db.selectFrom('parts').select('replaced_by').where('id', '=', a.id).executeTakeFirst()).toEqual({ replaced_by: null });
    expect(await shops.first.db.selectFrom('parts').select('id').where('part_number', '=', added).execute()).toEqual([]);
  }, 60_000);
});
