import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { compiledQuery } from './compiled-query';
import type { Db } from './database';
import { PGliteDialect } from './pglite-dialect';

const pglite = await PGlite.create();
const db = new Kysely({ dialect: new PGliteDialect(pglite) }) as unknown as Db;

afterAll(async () => {
  await db.destroy();
});

describe('a query compiled once', () => {
  const labelled = compiledQuery(['word', 'times'], (qb: Db, values: { word: string; times: number }) =>
    qb.selectNoFrom([
      sql<string>`repeat(${values.word}, ${values.times})`.as('repeated'),
      // A constant of the query, not one of its values: sent as it was when compiled.
      sql<string>`${'fixed'}::text`.as('constant'),
    ]),
  );

  it('runs with the values of each call, its constants kept', async () => {
    const first = await labelled.execute(db, { word: 'ab', times: 2 });
    const second = await labelled.execute(db, { word: 'xyz', times: 3 });
    expect(first.rows).toEqual([{ repeated: 'abab', constant: 'fixed' }]);
    expect(second.rows).toEqual([{ repeated: 'xyzxyzxyz', constant: 'fixed' }]);
  });

  it('runs in a transaction too', async () => {
    const rows = await db.transaction().execute(async (trx) => (await labelled.execute(trx, { word: 'q', times: 1 })).rows);
    expect(rows).toEqual([{ repeated: 'q', constant: 'fixed' }]);
  });

  it('refuses a value that the query does not receive as a parameter', async () => {
    // Computing with a value would compile the placeholder's result, not the caller's.
    const computed = compiledQuery(['times'], (qb: Db, values: { times: number }) =>
      qb.selectNoFrom(sql<string>`${String(values.times).length}::int`.as('n')),
    );
    await expect(computed.execute(db, { times: 5 })).rejects.toThrow('times is not passed to the query as a value');
    const inlined = compiledQuery(['word'], (qb: Db, values: { word: string }) => qb.selectNoFrom(sql.lit(values.word).as('w')));
    await expect(inlined.execute(db, { word: 'a' })).rejects.toThrow('word is not passed to the query as a value');
  });
});
