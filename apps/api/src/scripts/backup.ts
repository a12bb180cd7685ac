/**
 * `npm run backup -- FILE`: a consistent copy of the embedded shop in DATA_DIR, whether it runs or
 * not, written to FILE (a gzipped tar of the database's directory; decision 047). On DATABASE_URL
 * the server's own tools back it up (pg_dump, or the provider's point-in-time recovery).
 */
import fs from 'node:fs';
import { backUpDataDir } from '../db/backup';
import { parseEnv } from '../env';

async function main(file: string | undefined) {
  if (!file) {
    console.error('Usage: npm run backup -- <file>');
    return 2;
  }
  const config = parseEnv();
  if (config.databaseUrl) {
    console.error('DATABASE_URL is set: back up that PostgreSQL server with pg_dump or your provider\'s backups.');
    return 2;
  }
  const copy = await backUpDataDir(config.dataDir);
  // Written beside FILE first: an interrupted backup never leaves a truncated FILE behind.
  const partial = `${file}.partial`;
  fs.writeFileSync(partial, copy, { mode: 0o600 });
  fs.renameSync(partial, file);
  console.log(`${config.dataDir} backed up to ${file} (${(copy.length / 1e6).toFixed(1)} MB).`);
  return 0;
}

main(process.argv[2]).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
