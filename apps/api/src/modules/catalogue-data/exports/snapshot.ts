import { sql } from 'kysely';
import type { Db } from '../../../db/database';

/**
 * An export's pages read as of one moment (decision 134). Each page is its own query, so an import
 * committed while a file was being written left its first pages as they were and its last ones as
 * they became: a FULL file of two catalogues, an application moved from one part to another
 * written under both. On PostgreSQL the writer reads in one transaction, repeatable read and read
 * only, committed at the end (rolled back when the download is cut off: `return()` on the
 * generator). The embedded database has one connection, which a transaction would hold for the
 * whole download, the shop's every other request waiting: there the pages stay separate.
 */
export async function* asOfOneMoment(db: Db, postgres: boolean, write: (db: Db) => AsyncGenerator<string>): AsyncGenerator<string> {
  if (!postgres) {
    yield* write(db);
    return;
  }
  const trx = await db.startTransaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute();
  let ended = false;
  try {
    // An export is thousands of queries of a page each: PostgreSQL's JIT compiles one it prices
    // over `jit_above_cost` (a net change's tombstone check is priced so), about a second of
    // compiling for a query of a few milliseconds, for every page.
    await sql`set local jit = off`.execute(trx);
    yield* write(trx);
    await trx.commit().execute();
    ended = true;
  } finally {
    if (!ended) await trx.rollback().execute().catch(() => undefined);
  }
}

/**
 * How many exports an instance writes at once. On PostgreSQL each holds one of the pool's ten
 * connections for its whole download (minutes for a big catalogue, more on a slow link): without
 * a bound, a few clicks too many would leave the shop's requests none.
 */
export const EXPORTS_AT_ONCE = 2;

/** Slots for exports being written: `take` answers whether one was free (and takes it); `free` only asks. */
export function exportSlots(size = EXPORTS_AT_ONCE) {
  let taken = 0;
  return {
    free: () => taken < size,
    take: () => {
      if (taken >= size) return false;
      taken += 1;
      return true;
    },
    release: () => {
      taken = Math.max(0, taken - 1);
    },
  };
}
