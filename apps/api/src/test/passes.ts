import fs from 'node:fs';
import path from 'node:path';

/**
 * How the API suite's files are shared between its two passes (PGlite, then PostgreSQL) and in
 * which order a pass starts them (decision 189). Read by `vitest.config.ts`; paths are relative to
 * `apps/api`.
 */

/**
 * Files that reach no database of the pass: no test app (`createTestApp`, `openTestDatabase`), no
 * `TEST_DATABASE_URL`. Their shops run on an embedded database in a DATA_DIR of their own, or on
 * none, in either pass; the PostgreSQL pass ran them a second time exactly as the PGlite pass had
 * (the shutdown tests, ~35 s and ~18 s, among them). They run in the PGlite pass only.
 *
 * A file named here that reaches the pass's database is refused: its source naming a door to it
 * when the config loads (`checkEngineFree`), a test app it opens when it runs (test/app.ts).
 */
export const ENGINE_FREE_FILES = [
  'src/server.test.ts',
  'src/shutdown.test.ts',
  'src/shutdown-jobs.test.ts',
  'src/npm-start.test.ts',
  'src/data-dir.test.ts',
  'src/env.test.ts',
  'src/db/durability.test.ts',
  'src/db/demo-catalogue.test.ts',
  'src/lib/owner-only.test.ts',
  'src/modules/audit/sentence.test.ts',
  'src/modules/auth/password.test.ts',
  'src/modules/auth/secret.test.ts',
  'src/modules/catalogue-data/aces/reader.test.ts',
  'src/modules/catalogue-data/exports/snapshot.test.ts',
  'src/modules/catalogue-data/pies/reader.test.ts',
  'src/modules/catalogue-data/pipe-table.test.ts',
  'src/modules/catalogue-data/upload-stream.test.ts',
  'src/modules/catalogue-data/xml-decoder.test.ts',
  'src/modules/catalogue-data/xml-text.test.ts',
  'src/modules/invoices/pdf.test.ts',
  'src/modules/ledger/open-items.test.ts',
  'src/modules/mail/templates.test.ts',
  'src/modules/mail/transport.test.ts',
  'src/plugins/request-log.test.ts',
  'src/plugins/stored-reply.test.ts',
];

/** What in a file's source opens the pass's database, directly or through a helper that does. */
const DATABASE_DOOR =
  /TEST_DATABASE_URL|databaseTemplate|createTestApp|openTestDatabase|twoInstances|anotherInstance|createScratchDatabase|startOutageShop|from '(?:\.\.?\/)+test\/(?:app|accounts|admin|checkout|company|fitment|hostile|orders|outage|scratch-database)'/;

/** Throws, naming the file, if a file of `ENGINE_FREE_FILES` is gone or opens the pass's database. */
export function checkEngineFree(apiRoot: string): void {
  for (const file of ENGINE_FREE_FILES) {
    const source = path.join(apiRoot, file);
    if (!fs.existsSync(source)) throw new Error(`${file} is listed as engine-free (apps/api/src/test/passes.ts) but does not exist`);
    const door = DATABASE_DOOR.exec(fs.readFileSync(source, 'utf8'));
    if (door) {
      throw new Error(
        `${file} is listed as engine-free (apps/api/src/test/passes.ts) but uses ${door[0]}: it must run in both passes; remove it from the list`,
      );
    }
  }
}

/** Whether the test file at `testPath` (absolute) is one of `ENGINE_FREE_FILES`. */
export function isEngineFree(apiRoot: string, testPath: string | undefined): boolean {
  return testPath !== undefined && ENGINE_FREE_FILES.includes(path.relative(apiRoot, testPath).split(path.sep).join('/'));
}

/**
 * The API files that take longest, longest first, in either pass (seconds in the CI run of
 * 2026-12-06 19:00, PGlite/PostgreSQL; "–": not run in that pass; `~`: estimated beside a listed
 * file, decision 199): a pass starts them before the rest. Vitest otherwise starts
 * the largest files first when it has no durations of its own (a fresh clone, as CI is): a small
 * file that spends 35 s waiting on a shop process or a stopped server then started last and ran
 * alone at the end of the pass, one worker idle (`shutdown-jobs.test.ts` in the PGlite pass,
 * `queue-outage.postgres.test.ts` in the PostgreSQL pass). A file not named here keeps Vitest's
 * order after these; a name no longer there is ignored.
 */
export const LONGEST_FILES_FIRST = [
  'src/modules/catalogue-data/killed.postgres.test.ts', // –/~60: waits up to a minute for the watch's cron (decision 214)
  'src/modules/admin-matrix.test.ts', // 47/41
  'src/modules/catalogue-data/catalogue-data.test.ts', // 42/42
  'src/server.test.ts', // 39/–
  'src/scripts/backup.pglite.test.ts', // 37/–
  'src/jobs/queue-outage.postgres.test.ts', // –/36
  'src/shutdown-jobs.test.ts', // 35/–
  'src/modules/hostile-input.test.ts', // 35/35
  'src/db/database.test.ts', // 31/12
  'src/modules/mail/account-mail.test.ts', // 30/26
  'src/modules/companies/companies.test.ts', // 26/26
  'src/modules/mail/order-mail.test.ts', // 21/24
  'src/modules/catalogue-data/aces/scale.test.ts', // 23/9
  'src/shutdown.test.ts', // 17/–
  'src/modules/returns/returns.test.ts', // 17/15
  'src/modules/ledger/ledger.test.ts', // 16/15
  'src/modules/catalogue/search.test.ts', // 13/~15 (decision 199)
  'src/npm-start.test.ts', // 13/–
  'src/scripts/make-admin.test.ts', // 12/5
  'src/db/silent-database.postgres.test.ts', // –/11
];
