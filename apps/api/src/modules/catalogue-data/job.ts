import { mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { addAbortSignal } from 'node:stream';
import { finished } from 'node:stream/promises';
import {
  CATALOGUE_PROBLEMS_LISTED,
  CATALOGUE_PROBLEMS_SHOWN,
  catalogueDataMessages,
  type CatalogueImportCounts,
  type CatalogueImportKind,
  type CatalogueImportPhase,
  isCatalogueWarning,
  type CatalogueProblem,
} from '@autoparts/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql, type Selectable } from 'kysely';
import { storableText } from '../../lib/storable-text';
import { withTransaction } from '../../lib/transaction';
import { collided, databaseUnavailable, type Db } from '../../db/database';
import { HANDED_BACK } from '../../jobs/queue';
import type { CatalogueImportsTable } from '../../db/schema';
import type { ImportContext } from './importer';
import { importers } from './importers';
import { createCatalogueImports, failInterruptedImports, forgetDeadUploads, HEARTBEAT_EVERY_MS, HEARTBEAT_STALE_MS, storedUpload } from './repository';
import { unpacked } from './upload-stream';

/** Progress is written to the import's row at most this often. */
const PROGRESS_EVERY_MS = 500;
/** A job that finds its import already started twice (the instance stopped each time) fails it. */
const MAX_ATTEMPTS = 2;
/** The imports this process is running now. */
const runningHere = new Set<string>();

/** Thrown inside the import's transaction to roll it back: a dry run, or problems refused. */
class RolledBack extends Error {}

/**
 * The problems of one import: the first CATALOGUE_PROBLEMS_SHOWN in memory (for the row), the first
 * CATALOGUE_PROBLEMS_LISTED in a file of this instance (one JSON line each), the rest only counted
 * (decision 204: a file can hold millions of problems, and neither this file nor the table may grow
 * with them); those of the file are stored in their table once the import's
 * transaction has ended. They cannot go into the database as they come: a rolled back import
 * would take them with it, and on the embedded database its transaction holds the only connection.
 */
async function problemLog(onWriteError: () => void) {
  let dir: string | undefined = await mkdtemp(path.join(os.tmpdir(), 'catalogue-import-'));
  const file = await open(path.join(dir, 'problems.ndjson'), 'w+');
  // Its name is removed at once (decision 214): the file lives while this process holds it open, so
  // an instance killed mid-import (SIGKILL, the OOM killer) leaves nothing behind on the disk. Where
  // an open file cannot be removed, it is removed at the end, as before.
  await rm(dir, { recursive: true, force: true }).then(
    () => (dir = undefined),
    () => {},
  );
  const out = file.createWriteStream({ autoClose: false });
  // A write that fails (the disk full: ENOSPC; a file over the process's limit: EFBIG) ends the
  // import (decision 214): unheard, its error ended the whole process.
  let writeError: unknown;
  out.on('error', (error) => {
    if (writeError !== undefined) return;
    writeError = error;
    onWriteError();
  });
  const shown: CatalogueProblem[] = [];
  let count = 0;
  let errors = 0;
  let ended = false;
  const log = {
    shown,
    count: () => count,
    /** The problems that are not warnings: those an import refusing problems is not applied for. */
    errors: () => errors,
    /** Whether a problem ended the file before its end: such an import is never applied. */
    ended: () => ended,
    add(found: CatalogueProblem) {
      const problem = clipped(found);
      count += 1;
      if (!isCatalogueWarning(problem.code)) errors += 1;
      if (shown.length < CATALOGUE_PROBLEMS_SHOWN) shown.push(problem);
      if (count <= CATALOGUE_PROBLEMS_LISTED && writeError === undefined) out.write(`${JSON.stringify(problem)}\n`);
    },
    end(problem: CatalogueProblem) {
      log.add(problem);
      ended = true;
    },
    /** The error a write of the file met, if one did: then its problems are not all kept. */
    writeError: () => writeError,
    /** Ends the file and waits for its writes: then `writeError` says whether they all went. */
    async close() {
      if (!out.writableEnded) out.end();
      await finished(out).catch(() => {});
    },
    /** Stores those of the (closed) file through `store`, a batch at a time. */
    async storeAll(store: (from: number, batch: CatalogueProblem[]) => Promise<void>) {
      await log.close();
      if (count === 0 || writeError !== undefined) return;
      let batch: CatalogueProblem[] = [];
      let stored = 0;
      for await (const line of createInterface({ input: file.createReadStream({ start: 0, autoClose: false }), crlfDelay: Infinity })) {
        batch.push(JSON.parse(line) as CatalogueProblem);
        if (batch.length === 1_000) {
          await store(stored, batch);
          stored += batch.length;
          batch = [];
        }
      }
      if (batch.length > 0) await store(stored, batch);
    },
    async remove() {
      if (!out.destroyed) out.destroy();
      await file.close();
      if (dir) await rm(dir, { recursive: true, force: true });
    },
  };
  return log;
}

/** The most characters of a problem's `ref` and `message` kept: a file's value is quoted in them. */
const REF_MAX = 200;
const MESSAGE_MAX = 500;
const clip = (text: string, max: number) => storableText(text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * A problem as kept and shown: a file may hold a value of megabytes where a part number belongs,
 * and the thousand problems shown are kept in the import's row and sent with every list of imports;
 * a NUL it quotes is shown as U+FFFD (PostgreSQL keeps no NUL in text).
 */
function clipped(problem: CatalogueProblem): CatalogueProblem {
  return { ...problem, ref: clip(problem.ref, REF_MAX), message: clip(problem.message, MESSAGE_MAX) };
}

/**
 * Writes progress to the import's row outside its transaction, at most every PROGRESS_EVERY_MS
 * and one write at a time, never waited for by the import: on PostgreSQL another connection of
 * the pool takes it at once; on the embedded database it waits its turn until the import ends.
 * Progress told between two writes is written once the wait is over (the last of it), so that a
 * phase begun just before a long statement is shown while the statement runs (decision 147).
 */
function progressWriter(db: Db, id: string) {
  let last = 0;
  /** The stored upload's bytes read so far (decision 154): null until the file is opened. */
  let bytesRead: (() => number) | undefined;
  let writing: Promise<void> | undefined;
  let trailing: NodeJS.Timeout | undefined;
  let ended = false;
  let latest: { done: number; total: number | undefined; phase: CatalogueImportPhase | undefined } = { done: 0, total: undefined, phase: undefined };
  const write = () => {
    const { done, total, phase } = latest;
    last = Date.now();
    writing = db
      .updateTable('catalogue_imports')
      .set({ progress_done: done, progress_total: total ?? null, progress_phase: phase ?? null, progress_bytes: bytesRead?.() ?? null, heartbeat_at: new Date() })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .execute()
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => (writing = undefined));
  };
  // The heartbeat goes on while a long statement runs and nothing reports progress.
  const heartbeat = setInterval(() => {
    if (!writing && Date.now() - last >= HEARTBEAT_EVERY_MS) write();
  }, HEARTBEAT_EVERY_MS);
  heartbeat.unref();
  const later = () => {
    trailing = undefined;
    if (ended) return;
    if (writing) void writing.then(later);
    else write();
  };
  return {
    progress(done: number, total?: number, phase?: CatalogueImportPhase) {
      // A new phase counts its own work: the total of the one before is not its total.
      const samePhase = phase === undefined || phase === latest.phase;
      latest = { done, total: total ?? (samePhase ? latest.total : undefined), phase: phase ?? latest.phase };
      if (writing || Date.now() - last < PROGRESS_EVERY_MS) {
        trailing ??= setTimeout(later, PROGRESS_EVERY_MS);
        return;
      }
      write();
    },
    latest: () => latest,
    /** Counts the bytes of the upload read with `read` from now on. */
    reading(read: () => number) {
      bytesRead = read;
    },
    bytesRead: () => bytesRead?.() ?? null,
    /** The last write done, and none to come: the importer has returned. */
    settled: () => {
      ended = true;
      clearTimeout(trailing);
      trailing = undefined;
      return writing ?? Promise.resolve();
    },
    /** No more heartbeats: the import has ended. */
    stop: () => {
      clearInterval(heartbeat);
      clearTimeout(trailing);
    },
  };
}

/**
 * Runs import `id`: streams its stored file to the importer of its kind inside one transaction,
 * commits only for `apply` with no problems but warnings (or `skip`, unless a problem ended the
 * file before its end) and rolls back otherwise,
 * then writes what happened to the row and drops the stored file. An import the row says is running was started by
 * an instance that stopped: its transaction died with it, so it starts again from the beginning
 * (MAX_ATTEMPTS times at most, then it is shown failed). The row never says done for a half import.
 */
export interface RunOptions {
  baseUrl?: string;
  /**
   * Aborted when the instance stops (decision 108): the file stops being read, a statement running
   * on PostgreSQL is cancelled (`cancels`), the transaction rolls back, and the import is queued
   * again uncounted, for the retried job to run from the start on any instance.
   */
  signal?: AbortSignal;
  /** Whether another connection can cancel the import's statement: PostgreSQL's, not the embedded database's one. */
  cancels?: boolean;
  /** Where a fault of the instance's own (its temporary disk) is said, for the operator. */
  log?: FastifyBaseLogger;
}

export async function runImport(db: Db, id: string, options: RunOptions = {}): Promise<void> {
  // One run of an import at a time. pg-boss gives up on a job after its expiry without stopping
  // it, and hands it out again: the run still going, here or on another instance (its heartbeat
  // is fresh), keeps the import, and the import's row says when it ends.
  if (runningHere.has(id)) return;
  runningHere.add(id);
  try {
    await runOnce(db, id, options);
  } finally {
    runningHere.delete(id);
  }
}

async function runOnce(db: Db, id: string, options: RunOptions): Promise<void> {
  const row = await db.selectFrom('catalogue_imports').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || row.status === 'done' || row.status === 'failed') return;
  if (row.status === 'running' && row.heartbeat_at !== null && Date.now() - row.heartbeat_at.getTime() <= HEARTBEAT_STALE_MS) return;
  const finish = async (fields: { status: 'done' | 'failed'; error?: string }) => {
    await db
      .updateTable('catalogue_imports')
      .set({ status: fields.status, error: fields.error ?? null, finished_at: new Date() })
      .where('id', '=', id)
      .execute();
    await db.deleteFrom('catalogue_import_chunks').where('import_id', '=', id).execute();
  };
  if (row.attempts >= MAX_ATTEMPTS) return finish({ status: 'failed', error: catalogueDataMessages.interrupted });
  // Taken only as it was read: a run another instance began meanwhile (two jobs of the import
  // handed out at once, the watch's and an expired one's retry) keeps it.
  const taken = await db
    .updateTable('catalogue_imports')
    .set((eb) => ({ status: 'running', started_at: new Date(), heartbeat_at: new Date(), attempts: eb('attempts', '+', 1), progress_done: 0, progress_total: null, progress_phase: null, progress_bytes: null }))
    .where('id', '=', id)
    .where('status', '=', row.status)
    .where('attempts', '=', row.attempts)
    .returning('id')
    .executeTakeFirst();
  if (!taken) return;
  const progress = progressWriter(db, id);
  try {
    await importOnce(db, row, progress, finish, options);
  } finally {
    progress.stop();
  }
}

async function importOnce(
  db: Db,
  row: Selectable<CatalogueImportsTable>,
  progress: ReturnType<typeof progressWriter>,
  finish: (fields: { status: 'done' | 'failed'; error?: string }) => Promise<void>,
  options: RunOptions,
): Promise<void> {
  const { signal } = options;
  const { id } = row;
  const imports = createCatalogueImports(db);
  // The kind was one of `catalogueImportKinds` when the upload was taken.
  const importer = importers[row.kind as CatalogueImportKind];
  // The problems' file meeting a full disk stops the reading at once (the import cannot end well).
  const noRoom = new AbortController();
  const problems = await problemLog(() => noRoom.abort());
  const counts: CatalogueImportCounts = { added: 0, changed: 0, deleted: 0, unchanged: 0, rejected: 0 };
  let applied = false;
  let error: string | undefined;
  // The database went away under the import (a restart, a failover, its connection cut).
  let lostDatabase = false;
  // PostgreSQL stopped the import's transaction for another's (a deadlock with a checkout or an
  // admin's change to the same parts, 40P01; decision 188): nothing wrong with the file.
  let metAnotherChange = false;
  try {
    try {
      await db.transaction().execute(async (trx) => {
        const stopped = signal && (await stopWith(db, trx, signal, options.cancels ?? false));
        const context: ImportContext = {
          trx,
          mode: row.mode,
          onProblems: row.on_problems,
          fileName: row.file_name,
          fileSize: Number(row.file_size),
          baseUrl: options.baseUrl,
          problem: (problem) => problems.add(problem),
          fatal: (problem) => problems.end(problem),
          progress: (done, total, phase) => progress.progress(done, total, phase),
          counts,
        };
        try {
          // Stopped already: nothing is read (a stream given a signal that has fired is destroyed
          // at once, and its error would reach no listener).
          if (signal?.aborted) throw new Error(HANDED_BACK);
          const { file, bytesRead } = await unpacked(storedUpload(trx, id));
          progress.reading(bytesRead);
          if (signal) addAbortSignal(signal, file);
          await importer.read(addAbortSignal(noRoom.signal, file), context);
        } finally {
          stopped?.();
        }
        if (signal?.aborted) throw new Error(HANDED_BACK);
        await problems.close();
        if (problems.writeError() !== undefined) throw new Error(catalogueDataMessages.problemsNotWritten);
        applied = row.mode === 'apply' && !problems.ended() && (problems.errors() === 0 || row.on_problems === 'skip');
        if (!applied) throw new RolledBack();
        // The statistics commit with the import. Left to autovacuum, they trail it by up to a
        // minute or so, and the planner meanwhile takes 100,000 new parts for the few it knew: the
        // catalogue search took 1 s instead of 15–60 ms (docs/benchmarks.md).
        await sql`analyze ${sql.join(importer.tables.map((table) => sql.table(table)))}`.execute(trx);
      });
    } catch (caught) {
      if (!(caught instanceof RolledBack)) error = caught instanceof Error ? caught.message : String(caught);
      // Whatever ended the transaction, it rolled back (one that failed in its `analyze` or its
      // commit had said it applied).
      applied = false;
      lostDatabase = databaseUnavailable(caught);
      metAnotherChange = collided(caught);
      // Its last run: shown failed in words, not PostgreSQL's "deadlock detected".
      if (metAnotherChange && row.attempts + 1 >= MAX_ATTEMPTS) error = catalogueDataMessages.metAnotherChange;
      // The reading was stopped for it (an AbortError), or it was found after: the disk is the cause.
      if (problems.writeError() !== undefined) {
        error = catalogueDataMessages.problemsNotWritten;
        lostDatabase = false;
        metAnotherChange = false;
        options.log?.error({ err: problems.writeError(), importId: id }, 'catalogue import: its problems could not be written to the temporary disk');
      }
    }
    await progress.settled();
    if ((signal?.aborted || lostDatabase || (metAnotherChange && row.attempts + 1 < MAX_ATTEMPTS)) && !applied) {
      // Rolled back whatever stopped it (the instance stopping, the database going away under it,
      // or PostgreSQL ending it for another change: nothing wrong with the file): queued again,
      // for the job's retry to run it from the start. A stop's run is not counted; a lost
      // database's is, as an instance's crash is, so an import whose statement keeps ending its
      // connection (a backend killed for its memory) is shown failed after MAX_ATTEMPTS, not
      // retried for as long as pg-boss retries; and so is one stopped for another change.
      const counted = signal?.aborted ? 1 : 0;
      await db
        .updateTable('catalogue_imports')
        .set((eb) => ({ status: 'queued', started_at: null, heartbeat_at: null, attempts: eb('attempts', '-', counted), progress_done: 0, progress_total: null, progress_phase: null, progress_bytes: null }))
        .where('id', '=', id)
        .execute();
      throw new Error(signal?.aborted ? HANDED_BACK : (error ?? HANDED_BACK));
    }
    await problems.storeAll((from, batch) => imports.addProblems(id, from, batch));
  } finally {
    await problems.remove();
  }
  const { done, total } = progress.latest();
  await db
    .updateTable('catalogue_imports')
    .set({
      applied,
      fatal: problems.ended(),
      counts: JSON.stringify(counts),
      problems: JSON.stringify(problems.shown),
      problem_count: problems.count(),
      progress_done: error ? done : (total ?? done),
      progress_total: error ? (total ?? null) : (total ?? done),
      progress_bytes: progress.bytesRead(),
    })
    .where('id', '=', id)
    .execute();
  await finish(error ? { status: 'failed', error } : { status: 'done' });
}

/**
 * The watch of imports whose run died with their instance (decision 214), on PostgreSQL, every
 * minute on one instance. A SIGKILL, the OOM killer or a machine lost mid-import hands nothing back:
 * the row stays `running` and its job active until pg-boss's hour is up, when the job's retry ran the
 * import from the start, an hour late, after the screen had called it failed ("nothing of it was
 * applied"). Once the heartbeat is HEARTBEAT_STALE_MS old the import is queued again (the run
 * counted, as a crash's) and its job failed now, for pg-boss to retry it on any instance within
 * seconds; an import already run MAX_ATTEMPTS times is failed (interrupted) and its stored file
 * dropped. An upload that died with its instance is forgotten.
 */
export async function takeBackDeadImports(app: FastifyInstance): Promise<void> {
  const { db } = app;
  await forgetDeadUploads(db, 2 * app.config.requestTimeoutMs);
  const stale = () => new Date(Date.now() - HEARTBEAT_STALE_MS);
  const dead = await db.selectFrom('catalogue_imports').select(['id', 'attempts', 'heartbeat_at']).where('status', '=', 'running').where('heartbeat_at', '<', stale()).execute();
  for (const { id, attempts, heartbeat_at: heartbeatAt } of dead) {
    const last = attempts >= MAX_ATTEMPTS;
    const taken = await withTransaction(db, async (trx) => {
      const row = await trx
        .updateTable('catalogue_imports')
        .set(
          last
            ? { status: 'failed', error: catalogueDataMessages.interrupted, finished_at: new Date() }
            : { status: 'queued', started_at: null, heartbeat_at: null, progress_done: 0, progress_total: null, progress_phase: null, progress_bytes: null },
        )
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where('heartbeat_at', '<', stale())
        .returning('id')
        .executeTakeFirst();
      if (!row) return false;
      if (last) await trx.deleteFrom('catalogue_import_chunks').where('import_id', '=', id).execute();
      const failed = await app.jobs.failActiveInTransaction(trx, 'catalogue-import', id, 'its instance died mid-run (its heartbeat stopped)');
      // No job left to retry (pg-boss expired it meanwhile, or gave up on it): one is added.
      if (!failed && !last) await app.jobs.sendInTransaction(trx, [{ queue: 'catalogue-import', data: { id } }]);
      return true;
    });
    if (taken) {
      app.log.warn(
        { importId: id, attempts, heartbeatAt },
        last ? 'catalogue import: its run died with its instance again, failed' : 'catalogue import: its run died with its instance, queued again',
      );
    }
  }
}

/**
 * Imports run on whichever instance takes the job, one at a time on each, on the database without
 * a statement time limit: an import's set-wise writes and `analyze` may rightly take minutes.
 */
export async function registerCatalogueImports(app: FastifyInstance, engine: 'pglite' | 'postgres'): Promise<void> {
  // The embedded database has one process: an import it shows running was cut off (decision 073).
  if (engine === 'pglite') await failInterruptedImports(app.jobDb);
  await app.jobs.work<{ id: string }>(
    'catalogue-import',
    async ({ id }, { signal }) => runImport(app.jobDb, id, { baseUrl: app.config.baseUrl, signal, cancels: engine === 'postgres', log: app.log }),
    { batchSize: 1 },
  );
  if (engine === 'postgres') {
    await app.jobs.work('catalogue-import-watch', () => takeBackDeadImports(app));
    await app.jobs.schedule('catalogue-import-watch', '* * * * *');
  }
}

/**
 * On `signal`, cancels the statement the import's transaction runs on PostgreSQL, from another
 * connection (a long set-wise write or `analyze` reads no file); answers how to stop listening.
 */
async function stopWith(db: Db, trx: Db, signal: AbortSignal, cancels: boolean): Promise<() => void> {
  if (!cancels) return () => {};
  const pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]?.pid;
  if (pid === undefined) return () => {};
  const cancel = () => {
    void sql`select pg_cancel_backend(${pid})`.execute(db).catch(() => {});
  };
  signal.addEventListener('abort', cancel, { once: true });
  return () => signal.removeEventListener('abort', cancel);
}
