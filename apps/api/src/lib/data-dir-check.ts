import fs from 'node:fs';
import path from 'node:path';
import { OWNER_ONLY } from './owner-only';

/** What DATA_DIR holds, said in every refusal: the person starting the shop learns what it is for. */
const HOLDS = 'it holds the embedded database, the mail outbox and the auth secret';

/**
 * Refuses, before anything else starts, a DATA_DIR the shop cannot use (decision 138): a file where
 * the directory should be, one that cannot be made or written (permissions, a read-only file
 * system), or a file where its `pglite` or `outbox` directory should be. The start stops with one
 * sentence naming the directory and what to do, instead of an error code from deep inside the
 * database or the first e-mail failing for ever after the shop said it was open.
 */
export function checkDataDir(dataDir: string, uses: { embeddedDatabase: boolean; outbox: boolean }): void {
  const refuse = (problem: string): never => {
    throw new Error(`DATA_DIR ${dataDir} ${problem}. Set DATA_DIR to a directory the shop's user can write (${HOLDS}).`);
  };
  const reason = (error: unknown) => ((error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error)));
  const stat = fs.statSync(dataDir, { throwIfNoEntry: false });
  if (stat && !stat.isDirectory()) refuse('is a file, not a directory');
  if (!stat) {
    try {
      fs.mkdirSync(dataDir, { recursive: true, mode: OWNER_ONLY.directory });
    } catch (error) {
      refuse(`cannot be created (${reason(error)})`);
    }
  }
  const probe = path.join(dataDir, `.write-check-${process.pid}`);
  try {
    fs.writeFileSync(probe, '', { mode: OWNER_ONLY.file });
    fs.rmSync(probe, { force: true });
  } catch (error) {
    refuse(`is not writable (${reason(error)})`);
  }
  const inside = [...(uses.embeddedDatabase ? ['pglite'] : []), ...(uses.outbox ? ['outbox'] : [])];
  for (const name of inside) {
    const entry = fs.statSync(path.join(dataDir, name), { throwIfNoEntry: false });
    if (entry && !entry.isDirectory()) refuse(`holds a file named ${name} where its ${name} directory should be`);
  }
}
