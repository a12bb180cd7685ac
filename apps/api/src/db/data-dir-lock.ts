import fs from 'node:fs';
import path from 'node:path';
import { OWNER_ONLY } from '../lib/owner-only';

/** Lock files this process holds: a lock naming our own pid may be one of these, or stale. */
const heldLocks = new Set<string>();

/**
 * The embedded database is single-process (DESIGN §4). A lock file holding our pid keeps a
 * second process off the same DATA_DIR; a lock left by a process that no longer runs
 * (after `kill -9`) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true, mode: OWNER_ONLY.directory });
  const lockPath = path.join(fs.realpathSync(dataDir), 'server.lock');
  if (heldLocks.has(lockPath)) {
    // Two PGlite instances on one directory corrupt it, even inside one process.
    throw new Error(`DATA_DIR ${dataDir} is already open in this process.`);
  }
  for (;;) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx', mode: OWNER_ONLY.file });
      heldLocks.add(lockPath);
      return () => {
        heldLocks.delete(lockPath);
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(fs.readFileSync(lockPath, 'utf8'));
    // Our own pid in a lock we do not hold is stale: a container restart often reuses the pid.
    if (isRunning(holder) && holder !== process.pid) {
      throw new Error(
        `DATA_DIR ${dataDir} is in use by another process (pid ${holder}). ` +
          'The embedded database serves one process: stop that one, or set DATA_DIR to another directory ' +
          '(or DATABASE_URL to a PostgreSQL server to run several instances).',
      );
    }
    fs.rmSync(lockPath, { force: true });
  }
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
