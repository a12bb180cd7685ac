import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../test/scratch-database';
import { count } from '../test/count';
import { eventually } from '../test/wait';
import { openDatabase, type DatabaseHandle } from './database';
import { generateDemoCatalogue } from './demo-catalogue';
import { demoReviews } from './seed-data';

const demoParts = generateDemoCatalogue().parts;

// Runs in the PostgreSQL pass only (vitest.config.ts includes *.postgres.test.ts with TEST_DATABASE_URL).
const serverUrl = process.env.TEST_DATABASE_URL;

// DESIGN §8: N instances start together on one PostgreSQL; only one of them may seed.
describe('instances starting together on one PostgreSQL', () => {
  it('migrate once and seed the catalogue once', async () => {
    const scratch = await createScratchDatabase(serverUrl ?? '');
    const handles: DatabaseHandle[] = [];
    try {
      const opened = await Promise.allSettled(
        Array.from({ length: 4 }, () => openDatabase({ databaseUrl: scratch.url })),
      );
      for (const result of opened) if (result.status === 'fulfilled') handles.push(result.value);
      expect(opened.map((result) => result.status)).toEqual(Array(4).fill('fulfilled'));
      const [first] = handles;
      if (!first) throw new Error('no handle');
      expect(await count(first.db, 'parts')).toBe(demoParts.length);
      expect(await count(first.db, 'reviews')).toBe(demoReviews.length);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      await scratch.drop();
    }
  });
});

// A PostgreSQL restart, failover or admin closes idle pooled connections: the API must live on.
describe('a DATABASE_URL the server refuses', () => {
  it('stops the start with a line naming DATABASE_URL and what the server said, not a wait', async () => {
    const url = new URL(serverUrl ?? '');
    url.pathname = '/no_such_shop_database';
    await expect(openDatabase({ databaseUrl: url.toString() })).rejects.toThrow(/^DATABASE_URL: database "no_such_shop_database" does not exist$/);
    url.pathname = '/postgres';
    url.username = 'no_such_shop_role';
    await expect(openDatabase({ databaseUrl: url.toString() })).rejects.toThrow(/^DATABASE_URL: .*no_such_shop_role/);
  });
});

describe('a PostgreSQL connection closed by the server', () => {
  it('is replaced by a new one without crashing the process', async () => {
    const scratch = await createScratchDatabase(serverUrl ?? '');
    const { db, close, poolStats } = await openDatabase({ databaseUrl: scratch.url });
    try {
      await sql`select 1`.execute(db);
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      try {
        const { rowCount } = await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
          [new URL(scratch.url).pathname.slice(1)],
        );
        expect(rowCount).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      // The idle connection hears of its end as an 'error' event, and the pool drops it: waited for,
      // not given a fixed time (a busy machine's backend takes longer to end).
      await eventually(async () => poolStats().total === 0);

      expect(await count(db, 'parts')).toBe(demoParts.length);
    } finally {
      await close();
      await scratch.drop();
    }
  });
});
