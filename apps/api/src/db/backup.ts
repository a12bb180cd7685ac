import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { makeOwnerOnly } from '../lib/owner-only';
import { lockDataDir } from './data-dir-lock';

/**
 * The embedded database is one process's (data-dir-lock.ts): while the shop runs, nobody else may
 * open DATA_DIR, so `npm run backup` asks the process holding it for a copy instead (decision 047).
 * It asks through a Unix socket inside DATA_DIR, readable by the directory's owner only: whoever
 * may connect could copy the files anyway, so no other credential is needed, and nothing listens
 * on the network.
 */
const BACKUP_SOCKET = 'backup.sock';

/**
 * Answers every connection on DATA_DIR/backup.sock with one copy of the database (`dump`), then
 * closes it. Answers a function that stops listening. Where a socket cannot be made (a path too
 * long for one), backups need the shop stopped, and `warn` says so.
 */
export async function serveBackups(
  dataDir: string,
  dump: () => Promise<Blob>,
  warn: (message: string) => void,
): Promise<() => Promise<void>> {
  const socketPath = path.join(fs.realpathSync(dataDir), BACKUP_SOCKET);
  // The caller holds DATA_DIR's lock: a socket file left there is a dead process's.
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((connection) => {
    connection.on('error', () => {});
    dump().then(
      async (copy) => connection.end(Buffer.from(await copy.arrayBuffer())),
      (error: unknown) => connection.destroy(error instanceof Error ? error : new Error(String(error))),
    );
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => resolve());
    });
    fs.chmodSync(socketPath, 0o600);
  } catch (error) {
    warn(`backups of the running shop are off (${String(error)}): stop it to back it up`);
    return async () => {};
  }
  // A server that is closing should not be kept alive by a socket nobody uses.
  server.unref();
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      fs.rmSync(socketPath, { force: true });
    });
}

/**
 * A copy of the database from the shop running on `dataDir`, or undefined when none answers (the
 * shop is stopped, or was killed and left its socket file behind).
 */
function requestBackup(dataDir: string): Promise<Buffer | undefined> {
  const socketPath = path.join(dataDir, BACKUP_SOCKET);
  return new Promise((resolve, reject) => {
    if (!fs.existsSync(socketPath)) return resolve(undefined);
    const chunks: Buffer[] = [];
    let connected = false;
    const connection = net.createConnection(socketPath, () => (connected = true));
    connection.on('data', (chunk: Buffer) => chunks.push(chunk));
    connection.on('end', () => resolve(Buffer.concat(chunks)));
    connection.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ECONNREFUSED' || error.code === 'ENOENT')) resolve(undefined);
      else reject(new Error(`the running shop did not send its backup: ${error.message}`, { cause: error }));
    });
  });
}

/**
 * A copy of the embedded shop in `dataDir`, running or stopped: the running shop sends its own;
 * a stopped one is opened here (and kept off meanwhile by DATA_DIR's lock), without migrating it.
 * The copy is checked whole (gzip's length and checksum) before it is answered.
 */
export async function backUpDataDir(dataDir: string): Promise<Buffer> {
  if (!fs.existsSync(path.join(dataDir, 'pglite'))) throw new Error(`There is no shop in DATA_DIR ${dataDir}.`);
  let copy = await requestBackup(dataDir);
  if (!copy) {
    const unlock = lockDataDir(dataDir);
    try {
      const pglite = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: { pg_trgm } });
      try {
        await pglite.exec('checkpoint');
        copy = Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer());
      } finally {
        await pglite.close();
      }
    } finally {
      unlock();
    }
  }
  try {
    gunzipSync(copy);
  } catch (error) {
    throw new Error(`The backup came out incomplete (${String(error)}); nothing was written.`, { cause: error });
  }
  return copy;
}

/**
 * Fills an empty DATA_DIR with a copy made by `backUpDataDir` (`npm run restore`). The shop is not
 * opened on it here: migrations run at its next start, as after an upgrade.
 */
export async function restoreDataDir(dataDir: string, copy: Buffer): Promise<void> {
  const entries = fs.existsSync(dataDir) ? fs.readdirSync(dataDir) : [];
  if (entries.length > 0) throw new Error(`DATA_DIR ${dataDir} is not empty: restore into an empty directory.`);
  const unlock = lockDataDir(dataDir);
  try {
    const pglite = await PGlite.create({
      dataDir: path.join(dataDir, 'pglite'),
      loadDataDir: new Blob([new Uint8Array(copy)]),
      extensions: { pg_trgm },
    });
    await pglite.close();
    // PGlite makes its files open to every user, and a DATA_DIR made beforehand with `mkdir` is
    // 0755: every customer's data would be readable by anyone on the machine until the shop's
    // first start made it owner-only. The backup file is the owner's alone; so is its restore.
    makeOwnerOnly(dataDir);
  } finally {
    unlock();
  }
}
