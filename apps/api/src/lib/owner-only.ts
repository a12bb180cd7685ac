import fs from 'node:fs';
import path from 'node:path';

/**
 * Modes for what only the shop's own user may read (issue 32): the embedded database's files
 * (accounts' e-mails among them) and the outbox's messages (confirmation and reset links).
 */
export const OWNER_ONLY = { directory: 0o700, file: 0o600 } as const;

/**
 * Makes `root` and everything under it owner-only, directories 0700 and files 0600; nothing when
 * `root` does not exist. Run on start for what earlier versions left open, and after PGlite has
 * made its files (it makes them open to every user).
 */
export function makeOwnerOnly(root: string): void {
  if (!fs.existsSync(root)) return;
  chmodIfThere(root, OWNER_ONLY.directory);
  for (const entry of fs.readdirSync(root, { withFileTypes: true, recursive: true })) {
    const where = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) chmodIfThere(where, OWNER_ONLY.directory);
    else if (entry.isFile()) chmodIfThere(where, OWNER_ONLY.file);
  }
}

/** A file gone since the directory was read (a temporary one) needs no mode. */
function chmodIfThere(where: string, mode: number): void {
  try {
    fs.chmodSync(where, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
