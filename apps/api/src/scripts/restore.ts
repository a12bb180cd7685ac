/**
 * `npm run restore -- FILE`: puts a copy made by `npm run backup` into DATA_DIR, which must be
 * empty (or not exist). Start the shop on it afterwards; its migrations run then.
 */
import fs from 'node:fs';
import { restoreDataDir } from '../db/backup';
import { parseEnv } from '../env';

async function main(file: string | undefined) {
  if (!file) {
    console.error('Usage: npm run restore -- <file>');
    return 2;
  }
  const config = parseEnv();
  if (config.databaseUrl) {
    console.error('DATABASE_URL is set: restore that PostgreSQL server with pg_restore or your provider\'s tools.');
    return 2;
  }
  await restoreDataDir(config.dataDir, fs.readFileSync(file));
  console.log(`${file} restored into ${config.dataDir}. Start the shop on it with DATA_DIR=${config.dataDir} npm start.`);
  return 0;
}

main(process.argv[2]).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
