import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../test/scratch-database';
import { count } from '../test/count';
import { lockDataDir } from './data-dir-lock';
import { migrationProvider } from './migrations';
import { databaseUnavailable, openDatabase, type DatabaseOptions } from './database';
import { generateDemoCatalogue } from './demo-catalogue';
import { demoParts as originalParts, demoReviews, demoShippingMethods, demoTaxRates } from './seed-data';

const demoParts = generateDemoCatalogue().parts;

const serverUrl = process.env.TEST_DATABASE_URL;
const tempDirs: string[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-data-'));
  tempDirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A place to open one database twice: a DATA_DIR, or a database on TEST_DATABASE_URL's server. */
async function reopenableDatabase(): Promise<{ options: DatabaseOptions; remove(): Promise<void> }> {
  if (serverUrl) {
    const scratch = await createScratchDatabase(serverUrl);
    return { options: { databaseUrl: scratch.url }, remove: scratch.drop };
  }
  return { options: { dataDir: tempDir() }, remove: async () => {} };
}


describe('a database that is opened again', () => {
  // Each test here migrates a database from nothing (the first also seeds it, twice opened): ~10 s
  // on a quiet machine, 35 s seen in a CI beside other work; a time-out is room, never a measure.
  it('is seeded when new; later runs no migration twice and seeds nothing once it has data', { timeout: 120_000 }, async () => {
    const location = await reopenableDatabase();
    try {
      const first = await openDatabase(location.options);
      expect(await count(first.db, 'parts')).toBe(demoParts.length);
      expect(await count(first.db, 'reviews')).toBe(demoReviews.length);
      const names = await first.db.selectFrom('parts').select('name').orderBy('seq').execute();
      expect(names.map((row) => row.name)).toEqual(demoParts.map((part) => part.name));
      // Every part has a weight; the everyday ones have trade prices below the list price.
      const parts = await first.db.selectFrom('parts').select(['id', 'weight_grams', 'price_cents', 'min_order_quantity', 'warranty_months']).execute();
      expect(parts.filter((part) => part.weight_grams <= 0)).toEqual([]);
      // Every part carries the 12-month warranty the home page promises (issue 34.6).
      expect(parts.filter((part) => part.warranty_months !== 12)).toEqual([]);
      const breaks = await first.db.selectFrom('part_price_breaks').selectAll().execute();
      expect(breaks.length).toBe(demoParts.reduce((sum, part) => sum + part.price_breaks.length, 0));
      for (const tier of breaks) {
        const part = parts.find((each) => each.id === tier.part_id)!;
        expect(tier.min_quantity).toBeGreaterThan(part.min_order_quantity);
        expect(tier.unit_price_cents).toBeLessThan(part.price_cents);
      }
      const methods = await first.db.selectFrom('shipping_methods').select('name').orderBy('seq').execute();
      expect(methods.map((method) => method.name)).toEqual(demoShippingMethods.map((method) => method.name));
      expect(await first.db.selectFrom('tax_rates').select(['country', 'region']).orderBy('region').execute()).toEqual(
        demoTaxRates.map(({ country, region }) => ({ country, region })),
      );
      // The shop's reviews are gone, and its shipping methods, its parts are not: the database still has data.
      await first.db.deleteFrom('reviews').execute();
      await first.db.deleteFrom('shipping_methods').execute();
      await first.close();

      const second = await openDatabase(location.options);
      try {
        expect(await count(second.db, 'reviews')).toBe(0);
        expect(await second.db.selectFrom('shipping_methods').select('id').execute()).toEqual([]);
        expect(await count(second.db, 'parts')).toBe(demoParts.length);
        const migrations = await sql<{ name: string }>`select name from kysely_migration`.execute(second.db);
        const shipped = Object.keys(await migrationProvider.getMigrations());
        expect(migrations.rows.map((row) => row.name)).toEqual(shipped);
      } finally {
        await second.close();
      }
    } finally {
      await location.remove();
    }
  });
});

describe('databaseUnavailable', () => {
  const failed = (fields: { code?: string; message?: string }) => Object.assign(new Error(fields.message ?? 'failed'), fields);

  it('knows a server that refuses for now or does not answer: a 503, not a 500', () => {
    // A demoted primary (failover), every connection taken, a statement cancelled at its limit,
    // node-postgres giving up on an answer (`query_timeout`).
    for (const code of ['25006', '53300', '57014', '57P01', '08006']) expect(databaseUnavailable(failed({ code })), code).toBe(true);
    expect(databaseUnavailable(failed({ message: 'Query read timeout' }))).toBe(true);
    expect(databaseUnavailable(new Error('Failed to get session', { cause: failed({ code: '53300' }) }))).toBe(true);
  });

  it('does not take a wrong query for an outage', () => {
    for (const code of ['23505', '42P01', '22P02']) expect(databaseUnavailable(failed({ code })), code).toBe(false);
  });
});

describe('a database a newer release has migrated (a rollback)', { timeout: 120_000 }, () => {
  it('opens, runs nothing, and names the migrations it does not know', async () => {
    const location = await reopenableDatabase();
    try {
      const first = await openDatabase(location.options);
      await sql`insert into kysely_migration (name, timestamp) values ('9999-from-a-newer-release', ${new Date().toISOString()})`.execute(first.db);
      await first.close();

      const older = await openDatabase(location.options);
      try {
        expect(older.start).toMatchObject({ migrated: [], unknownMigrations: ['9999-from-a-newer-release'] });
        expect(await count(older.db, 'parts')).toBe(demoParts.length);
      } finally {
        await older.close();
      }
    } finally {
      await location.remove();
    }
  });
});


describe('the DATA_DIR lock', { timeout: 120_000 }, () => {
  it('keeps a second opener off an open DATA_DIR and lets it in once the first has closed', async () => {
    const dataDir = tempDir();
    const first = await openDatabase({ dataDir });
    try {
      await expect(openDatabase({ dataDir })).rejects.toThrow(/DATA_DIR/);
      // The failed attempt must not have taken the lock away from the first opener.
      expect(fs.readFileSync(path.join(dataDir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    } finally {
      await first.close();
    }
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    const second = await openDatabase({ dataDir });
    expect(await count(second.db, 'parts')).toBe(demoParts.length);
    await second.close();
  });

  it('names DATA_DIR and the holder when another running process holds the lock', () => {
    const dataDir = tempDir();
    // The parent process (vitest's main process or the shell) certainly runs.
    fs.writeFileSync(path.join(dataDir, 'server.lock'), String(process.ppid));

    expect(() => lockDataDir(dataDir)).toThrow(new RegExp(`DATA_DIR .*\\(pid ${process.ppid}\\)`));
  });

  it.each([
    ['a process that has exited', () => String(spawnSync(process.execPath, ['-e', '']).pid)],
    ['our own pid, left by an earlier holder of it (a restarted container)', () => String(process.pid)],
    ['garbage', () => 'not a pid'],
  ])('takes over a stale lock holding %s', (_label, content) => {
    const dataDir = tempDir();
    const lockPath = path.join(dataDir, 'server.lock');
    fs.writeFileSync(lockPath, content());

    const unlock = lockDataDir(dataDir);

    expect(fs.readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    unlock();
    expect(fs.existsSync(lockPath)).toBe(false);
  });
});

describe('a shop that has data from before the catalogue (migration 0007)', { timeout: 120_000 }, () => {
  it('gives its parts categories, part numbers and OEM numbers, and seeds nothing on top', async () => {
    const location = await reopenableDatabase();
    try {
      // The shop as it was: migrated up to 0005 and seeded with the fourteen original parts.
      const old = await openDatabase({ ...location.options, migrateTo: '0005-refund-claims' });
      await old.db
        .insertInto('parts')
        .values(originalParts.map((part) => ({ ...part })))
        .execute();
      await old.close();

      const upgraded = await openDatabase(location.options);
      try {
        expect(await count(upgraded.db, 'parts')).toBe(originalParts.length);
        // Its vehicles are the demo VCdb's configurations (decision 079), and nothing fits them.
        const unnamed = await upgraded.db.selectFrom('vehicles').select('id').where('base_vehicle_id', 'is', null).execute();
        expect(unnamed).toEqual([]);
        expect(await count(upgraded.db, 'fitments')).toBe(0);
        const pads = await upgraded.db
          .selectFrom('parts')
          .select(['part_number', 'category_slug', 'oem_numbers'])
          .where('img', '=', '/images/parts/brake-pads.svg')
          .executeTakeFirstOrThrow();
        expect(pads).toEqual({ part_number: 'BRK-1001', category_slug: 'brakes', oem_numbers: ['04465-33450'] });
        const categorised = await upgraded.db.selectFrom('parts').select('id').where('category_slug', 'is not', null).execute();
        expect(categorised).toHaveLength(originalParts.length);
        // The generated demo catalogue gives its first fourteen parts the same numbers.
        const numbers = await upgraded.db.selectFrom('parts').select('part_number').orderBy('seq').execute();
        expect(numbers.map((row) => row.part_number)).toEqual(demoParts.slice(0, originalParts.length).map((part) => part.part_number));
      } finally {
        await upgraded.close();
      }
    } finally {
      await location.remove();
    }
  });
});

describe('a shop with price lists of the same name (migration 0058)', { timeout: 120_000 }, () => {
  it('keeps the oldest one’s name, numbers the others past any name taken, and refuses the next one', async () => {
    const location = await reopenableDatabase();
    try {
      const old = await openDatabase({ ...location.options, migrateTo: '0057-part-numbers-checked-after-the-wait' });
      const long = 'L'.repeat(120);
      const names = ['Fleet', 'fleet ', 'Fleet (2)', ' FLEET', long, long.toLowerCase(), 'Other'];
      const ids: string[] = [];
      // One after another: the first of each name is the oldest.
      for (const name of names) ids.push((await old.db.insertInto('price_lists').values({ name, priority: 1 }).returning('id').executeTakeFirstOrThrow()).id);
      await old.close();

      const upgraded = await openDatabase(location.options);
      try {
        const rows = await upgraded.db.selectFrom('price_lists').select(['id', 'name']).execute();
        const byId = Object.fromEntries(rows.map((row) => [row.id, row.name]));
        expect(ids.map((id) => byId[id])).toEqual(['Fleet', 'fleet (3)', 'Fleet (2)', 'FLEET (4)', long, `${'l'.repeat(116)} (2)`, 'Other']);
        await expect(upgraded.db.insertInto('price_lists').values({ name: ' other', priority: 1 }).execute()).rejects.toMatchObject({ code: '23505' });
      } finally {
        await upgraded.close();
      }
    } finally {
      await location.remove();
    }
  }, 120_000);
});

describe('a shop with orders from before decision 109 (migration 0052)', { timeout: 120_000 }, () => {
  it('splits the shipping’s tax off orders whose tax took it and nothing was refunded; counts received cores’ deposits given back', async () => {
    const location = await reopenableDatabase();
    try {
      const old = await openDatabase({ ...location.options, migrateTo: '0051-certificate-decisions' });
      const [part] = await old.db.insertInto('parts').values({ ...originalParts[0] }).returning(['id', 'part_number']).execute();
      if (!part) throw new Error('no part');
      // Each: $200 of parts and $10 shipping at 8.25 %: taxed with the shipping ($17.33) or without it ($16.50).
      const order = async (taxCents: number) => {
        const row = await old.db
          .insertInto('orders')
          .values({
            email: 'old@example.com',
            customer_name: 'Old',
            part_id: part.id,
            part_name: 'Part',
            part_img: '',
            unit_price_cents: 10_000,
            quantity: 2,
            total_cents: 21_000 + taxCents,
            address: 'Somewhere',
            subtotal_cents: 20_000,
            shipping_cents: 1_000,
            tax_cents: taxCents,
            tax_rate_ppm: 82_500,
            status: 'delivered',
            paid_at: new Date(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await old.db
          .insertInto('order_lines')
          .values({ order_id: row.id, position: 1, part_id: part.id, part_number: part.part_number, name: 'Part', img: '', quantity: 2, unit_price_cents: 10_000, line_total_cents: 20_000 })
          .execute();
        return row.id;
      };
      const shippingTaxed = await order(1_733);
      const goodsOnly = await order(1_650);
      const refundedAlready = await order(1_733);
      await old.db.insertInto('credit_notes').values({ number: 1, order_id: refundedAlready, return_id: null, amount_cents: 5_000 }).execute();
      const core = await old.db
        .insertInto('returns')
        .values({ rma_number: 1, order_id: goodsOnly, user_id: null, reason: 'core', photo: null, status: 'refunded', rejection_reason: null, resolution: null, refund_cents: 0, credit_note_number: null, replacement_order_id: null, decided_at: new Date(), received_at: new Date(), refunded_at: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await old.db.insertInto('return_lines').values({ return_id: core.id, order_id: goodsOnly, position: 1, quantity: 2, action: 'scrap' }).execute();
      await old.close();

      const upgraded = await openDatabase(location.options);
      try {
        const split = await upgraded.db.selectFrom('orders').select(['id', 'shipping_tax_cents']).where('id', 'in', [shippingTaxed, goodsOnly, refundedAlready]).execute();
        expect(Object.fromEntries(split.map((row) => [row.id, row.shipping_tax_cents]))).toEqual({ [shippingTaxed]: 83, [goodsOnly]: 0, [refundedAlready]: 0 });
        const lines = await upgraded.db.selectFrom('return_lines').select('deposit_quantity').where('return_id', '=', core.id).execute();
        expect(lines).toEqual([{ deposit_quantity: 2 }]);
      } finally {
        await upgraded.close();
      }
    } finally {
      await location.remove();
    }
    // Two openings of a database, the second migrating and seeding the demo catalogue.
  }, 120_000);
});

describe('a shop with interchange numbers from before decision 206 (migration 0128)', { timeout: 120_000 }, () => {
  it('keeps each of them a brand name, as the PIES export wrote them, and holds a code to four letters or digits', async () => {
    const location = await reopenableDatabase();
    try {
      const old = await openDatabase({ ...location.options, migrateTo: '0127-catalogue-import-problems-bounded' });
      const [part] = await old.db.insertInto('parts').values({ ...originalParts[0], part_number: 'MIG-0128' }).returning('id').execute();
      await sql`insert into part_interchange (part_id, position, brand, part_number, quantity) values (${part?.id}, 0, 'RVLX', 'RX-1', 1), (${part?.id}, 1, 'Rival Brakes', 'RV-1', 2)`.execute(old.db);
      await old.close();

      const upgraded = await openDatabase(location.options);
      try {
        const rows = await upgraded.db.selectFrom('part_interchange').select(['brand', 'brand_kind']).where('part_id', '=', part?.id ?? '').orderBy('position').execute();
        expect(rows).toEqual([
          { brand: 'RVLX', brand_kind: 'label' },
          { brand: 'Rival Brakes', brand_kind: 'label' },
        ]);
        await expect(upgraded.db.updateTable('part_interchange').set({ brand_kind: 'code' }).where('brand', '=', 'Rival Brakes').execute()).rejects.toThrow(/part_interchange_brand_code/);
        await upgraded.db.updateTable('part_interchange').set({ brand_kind: 'code' }).where('brand', '=', 'RVLX').execute();
      } finally {
        await upgraded.close();
      }
    } finally {
      await location.remove();
    }
  }, 120_000);
});

describe('a shop with parts from before decision 224 (migration 0135)', { timeout: 120_000 }, () => {
  it('stores each part’s price at its minimum order, the break it reaches or its list price, and changes no part’s updated_at', async () => {
    const location = await reopenableDatabase();
    try {
      const old = await openDatabase({ ...location.options, migrateTo: '0133-lifecycle-code-a' });
      const insert = (partNumber: string, minimum: number) =>
        old.db.insertInto('parts').values({ ...originalParts[0], part_number: partNumber, price_cents: 899, min_order_quantity: minimum }).returning(['id', 'updated_at']).executeTakeFirstOrThrow();
      const [reaching, below] = [await insert('MIG-0135-A', 100), await insert('MIG-0135-B', 99)];
      await old.db.insertInto('part_price_breaks').values([reaching, below].map((part) => ({ part_id: part.id, min_quantity: 100, unit_price_cents: 599 }))).execute();
      const touched = await old.db.selectFrom('parts').select(['id', 'updated_at']).where('id', 'in', [reaching.id, below.id]).orderBy('part_number').execute();
      await old.close();

      const upgraded = await openDatabase(location.options);
      try {
        const rows = await upgraded.db.selectFrom('parts').select(['id', 'min_order_price_cents', 'updated_at']).where('id', 'in', [reaching.id, below.id]).orderBy('part_number').execute();
        expect(rows).toEqual([
          { id: reaching.id, min_order_price_cents: 599, updated_at: touched[0]?.updated_at },
          { id: below.id, min_order_price_cents: 899, updated_at: touched[1]?.updated_at },
        ]);
      } finally {
        await upgraded.close();
      }
    } finally {
      await location.remove();
    }
  }, 120_000);
});
