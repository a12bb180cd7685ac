/**
 * `npm run make-admin -- <email>`: grants the admin role to an existing account (the first admin
 * of a shop is made this way). Works on DATABASE_URL, and on DATA_DIR while the server is stopped.
 */
import { openDatabase } from '../db/database';
import { parseEnv } from '../env';
import { createUsersRepository } from '../modules/users/repository';

async function main(email: string | undefined) {
  if (!email) {
    console.error('Usage: npm run make-admin -- <email>');
    return 2;
  }
  const config = parseEnv();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const updated = await createUsersRepository(database.db).setRole(email, 'admin');
    if (updated === 0) {
      console.error(`No account uses ${email}. Sign up with it first, then run this again.`);
      return 1;
    }
    console.log(`${email} is now an admin.`);
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv[2]).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
