import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { OWNER_ONLY } from '../../lib/owner-only';

/**
 * On the embedded database `npm start` needs no configuration: the secret that signs sessions
 * is generated on first start and kept beside the data (DESIGN §4), readable by its owner only.
 */
export function loadOrCreateAuthSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  fs.mkdirSync(dataDir, { recursive: true, mode: OWNER_ONLY.directory });
  try {
    fs.writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: OWNER_ONLY.file });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return fs.readFileSync(file, 'utf8').trim();
}
