import fs from 'node:fs';
import path from 'node:path';

/**
 * The embedded database is single-process (DESIGN §4). A lock file holding our pid keeps a
 * second process off the same DATA_DIR; a lock left by a process that no longer runs
 * (after `kill -9`) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'server.lock');
  for (;;) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(fs.readFileSync(lockPath, 'utf8'));
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
