import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database';
import { createScratchDatabase } from './scratch-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * A shop's database as it starts, migrated and seeded, made once for the whole run and copied
     * for each test app (test/app.ts): a file of PGlite's copy of its data directory, or the name
     * of a PostgreSQL template database on TEST_DATABASE_URL's server.
     */
    databaseTemplate: { engine: 'pglite'; file: string } | { engine: 'postgres'; serverUrl: string; name: string };
  }
}

/**
 * Makes the API suite's database template (`databaseTemplate`) and removes it when the run ends.
 * On PGlite a new database took 3.5 s to create, migrate and seed for each of ~80 test apps, and
 * PGlite's own copy of it (`dumpDataDir`/`loadDataDir`) takes 1.2 s. PostgreSQL's template database
 * (`create database … template …`) gives the same copy there; it saves little, as PostgreSQL
 * migrates fast, but keeps every test app's database made one way.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = await createScratchDatabase(serverUrl);
    try {
      // No connection may stay open on a template while databases are made from it.
      await (await openDatabase({ databaseUrl: template.url })).close();
    } catch (error) {
      await template.drop();
      throw error;
    }
    project.provide('databaseTemplate', { engine: 'postgres', serverUrl, name: template.name });
    return template.drop;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-test-template-'));
  const handle = await openDatabase({});
  try {
    if (!handle.dumpDataDir) throw new Error('The embedded database gives no copy of its data directory.');
    // Kept as a plain tar: PGlite would otherwise unzip the copy again for every test app (a copy
    // loaded in 0.8–1.0 s of CPU as a tar against 1.1–1.3 s gzipped; decision 142).
    const file = path.join(dir, 'pglite.tar');
    await writeFile(file, gunzipSync(Buffer.from(await (await handle.dumpDataDir()).arrayBuffer())));
    project.provide('databaseTemplate', { engine: 'pglite', file });
  } finally {
    await handle.close();
  }
  return () => rm(dir, { recursive: true, force: true });
}
