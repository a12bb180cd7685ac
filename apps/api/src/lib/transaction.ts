import type { Db } from '../db/database';

/**
 * Runs `work` in a transaction: the caller's, when `db` is one already (so a repository's own
 * transaction joins a larger one, such as an admin change with its audit row), else a new one.
 */
export function withTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
