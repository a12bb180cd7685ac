/**
 * Gives the journeys a first admin, the way a shop gets one: an account made before the server
 * starts, then granted the role (DESIGN §4's make-admin). The account is written with the shop's
 * own database code and password hashing, so it signs in like any other.
 */
import { randomUUID } from 'node:crypto';
import { openDatabase } from '../apps/api/src/db/database';
import { hashPassword } from '../apps/api/src/modules/auth/password';
import { parseEnv } from '../apps/api/src/env';
import { e2eAdmin } from './tests/admin-account';

const { dataDir, passwordHashN } = parseEnv();
const database = await openDatabase({ dataDir });
try {
  const id = randomUUID();
  await database.db
    .insertInto('users')
    .values({ id, name: e2eAdmin.name, email: e2eAdmin.email, email_verified: true, role: 'admin' })
    .execute();
  await database.db
    .insertInto('accounts')
    .values({
      id: randomUUID(),
      user_id: id,
      account_id: id,
      provider_id: 'credential',
      password: await hashPassword(e2eAdmin.password, passwordHashN),
    })
    .execute();
} finally {
  await database.close();
}
