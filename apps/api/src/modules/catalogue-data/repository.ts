import { Readable } from 'node:stream';
import type { CatalogueImportKind, CatalogueImportMode, CatalogueImportOnProblems, CatalogueProblem } from '@autoparts/shared';
import { catalogueDataMessages, catalogueImportPhases, type CatalogueImport, type CatalogueImportPhase } from '@autoparts/shared';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { CatalogueImportsTable } from '../../db/schema';

/** The upload is stored in rows of about this size. */
export const CHUNK_BYTES = 1024 * 1024;
/** Problems go into their table this many at a time. */
const PROBLEM_BATCH = 1_000;

/** A running import writes its heartbeat at least this often (job.ts), beside its progress. */
export const HEARTBEAT_EVERY_MS = 30_000;
/**
 * On PostgreSQL, a running import whose heartbeat is older than this died with its instance: the
 * watch (job.ts) queues it again for another instance, or fails it after its last run, and it no
 * longer blocks a new upload. Not on the embedded database, where a running import's transaction
 * holds the one connection and its heartbeat waits for it.
 */
export const HEARTBEAT_STALE_MS = 4 * HEARTBEAT_EVERY_MS;

/** PostgreSQL's answer when the partial unique index finds another import queued or running. */
export function isAnotherImport(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error) || error.code !== '23505') return false;
  const { constraint, message } = error as { constraint?: string; message?: string };
  return (constraint ?? message ?? '').includes('catalogue_imports_one_at_a_time');
}

const phaseOf = (phase: string | null): CatalogueImportPhase | null => (catalogueImportPhases as readonly (string | null)[]).includes(phase) ? (phase as CatalogueImportPhase) : null;

export function toCatalogueImport(row: Selectable<CatalogueImportsTable>): CatalogueImport {
  const counts = row.counts as CatalogueImport['counts'];
  return {
    id: row.id,
    kind: row.kind as CatalogueImportKind,
    mode: row.mode,
    onProblems: row.on_problems,
    status: row.status,
    applied: row.applied,
    fatal: row.fatal,
    fileName: row.file_name,
    fileSize: Number(row.file_size),
    progress: { done: Number(row.progress_done), total: row.progress_total === null ? null : Number(row.progress_total), phase: phaseOf(row.progress_phase), bytesRead: row.progress_bytes === null ? null : Number(row.progress_bytes) },
    counts,
    problems: row.problems as CatalogueProblem[],
    problemCount: row.problem_count,
    createdAt: row.created_at.toISOString(),
    startedAt: row.started_at?.toISOString() ?? null,
    finishedAt: row.finished_at?.toISOString() ?? null,
    by: row.created_by_email,
    error: row.error,
  };
}

export function createCatalogueImports(db: Db) {
  return {
    /**
     * A new import, queued while its file arrives; throws (isAnotherImport) when one is queued or
     * running. An upload still arriving after `staleAfterMs` died with its instance (a request
     * takes a minute at most): it is forgotten first, so that it does not block every import. On
     * PostgreSQL a run that died with its instance is taken out of the way by the watch (job.ts)
     * within minutes; on the embedded database by the next start.
     */
    async create(fields: {
      kind: CatalogueImportKind;
      mode: CatalogueImportMode;
      onProblems: CatalogueImportOnProblems;
      fileName: string;
      userId: string | null;
      email: string;
      staleAfterMs: number;
    }): Promise<string> {
      await forgetDeadUploads(db, fields.staleAfterMs);
      const row = await db
        .insertInto('catalogue_imports')
        .values({
          kind: fields.kind,
          mode: fields.mode,
          on_problems: fields.onProblems,
          file_name: fields.fileName,
          created_by: fields.userId,
          created_by_email: fields.email,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async addChunk(id: string, seq: number, bytes: Buffer): Promise<void> {
      await db.insertInto('catalogue_import_chunks').values({ import_id: id, seq, bytes }).execute();
    },

    /** An upload that did not arrive whole: it is forgotten, and another may start. */
    async discard(id: string): Promise<void> {
      await db.deleteFrom('catalogue_imports').where('id', '=', id).execute();
    },

    /**
     * The latest imports, newest first, each without its problems (`problems: []`; `problemCount`
     * counts them); with `before`, those listed after that import (its page's next). Undefined for
     * a `before` that is no import.
     */
    async list({ before, limit }: { before?: string; limit: number }): Promise<CatalogueImport[] | undefined> {
      let query = db.selectFrom('catalogue_imports').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit);
      if (before !== undefined) {
        const after = await db.selectFrom('catalogue_imports').select('id').where('id', '=', before).executeTakeFirst();
        if (!after) return undefined;
        // The order's next rows: older, or as old and of a later id. Its time is compared in the
        // database: read back into JavaScript it would lose its microseconds.
        const at = sql`(select created_at from catalogue_imports where id = ${after.id})`;
        query = query.where(sql<boolean>`(created_at < ${at} or (created_at = ${at} and id > ${after.id}))`);
      }
      const rows = await query.execute();
      // The list is asked for every second while an import runs: an import's problems (up to 1,000
      // each, 284 KB for two) are sent by GET …/imports/{id} alone; `problemCount` says how many.
      return rows.map((row) => ({ ...toCatalogueImport(row), problems: [] }));
    },

    async get(id: string): Promise<CatalogueImport | undefined> {
      const row = await db.selectFrom('catalogue_imports').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toCatalogueImport(row);
    },

    /** Every problem of an import, in order, a page at a time: never all in memory. */
    problems(id: string): Readable {
      let after = -1;
      return Readable.from(
        (async function* () {
          for (;;) {
            const page = await db
              .selectFrom('catalogue_import_problems')
              .select(['seq', 'line', 'ref', 'code', 'message'])
              .where('import_id', '=', id)
              .where('seq', '>', after)
              .orderBy('seq')
              .limit(PROBLEM_BATCH)
              .execute();
            for (const { seq: _seq, ...problem } of page) yield problem;
            const last = page.at(-1);
            if (!last || page.length < PROBLEM_BATCH) return;
            after = last.seq;
          }
        })(),
      );
    },

    /** Stores problems `from` the given sequence number on. */
    async addProblems(id: string, from: number, problems: CatalogueProblem[]): Promise<void> {
      for (let start = 0; start < problems.length; start += PROBLEM_BATCH) {
        const batch = problems.slice(start, start + PROBLEM_BATCH).map((problem, index) => ({ import_id: id, seq: from + start + index, ...problem }));
        await db.insertInto('catalogue_import_problems').values(batch).execute();
      }
    },
  };
}

/**
 * Forgets the uploads still arriving after `staleAfterMs` (a request takes a minute at most): they
 * died with their instance, and their rows block every import (their stored chunks go with them).
 */
export async function forgetDeadUploads(db: Db, staleAfterMs: number): Promise<void> {
  await db.deleteFrom('catalogue_imports').where('status', '=', 'queued').where('uploaded_at', 'is', null).where('created_at', '<', new Date(Date.now() - staleAfterMs)).execute();
}

/**
 * An instance starting on the embedded database (one process by construction): the imports an
 * earlier process left running died with it (their transaction too), and so did an upload still
 * arriving; they are marked failed (interrupted), so that they neither show Running nor block the
 * next import for the hour until their job expires. A queued import whose file arrived whole is
 * left to its job, which runs it.
 */
export async function failInterruptedImports(db: Db): Promise<void> {
  const failed = await db
    .updateTable('catalogue_imports')
    .set({ status: 'failed', error: catalogueDataMessages.interrupted, finished_at: new Date() })
    .where((eb) => eb.or([eb('status', '=', 'running'), eb.and([eb('status', '=', 'queued'), eb('uploaded_at', 'is', null)])]))
    .returning('id')
    .execute();
  if (failed.length > 0) await db.deleteFrom('catalogue_import_chunks').where('import_id', 'in', failed.map((row) => row.id)).execute();
}

/**
 * The stored upload of import `id` as a stream, a chunk at a time, read through `db` (the
 * import's own transaction: on the embedded database it is the only connection).
 */
export function storedUpload(db: Db, id: string): Readable {
  return Readable.from(
    (async function* () {
      for (let seq = 0; ; seq += 1) {
        const row = await db.selectFrom('catalogue_import_chunks').select('bytes').where('import_id', '=', id).where('seq', '=', seq).executeTakeFirst();
        if (!row) return;
        yield Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
      }
    })(),
  );
}
