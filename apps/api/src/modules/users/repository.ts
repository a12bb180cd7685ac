import { USERS_PAGE_SIZE, type Me, type ProfileInput, type Role } from '@autoparts/shared';
import type { Db } from '../../db/database';
import { escapeLike } from '../../lib/like';
import { withTransaction } from '../../lib/transaction';
import { companyOnlyOwnedBy } from '../companies/repository';

export interface UserRecord extends Me {
  id: string;
}

const userColumns = [
  'id',
  'email',
  'name',
  'role',
  'education',
  'location',
  'phone',
  'linkedin',
  'email_verified as emailVerified',
] as const;

/** E-mails are compared the way Better Auth stores them: trimmed and lower-case. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function createUsersRepository(db: Db) {
  return {
    async findById(id: string): Promise<UserRecord | undefined> {
      return db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
    },

    async findByEmail(email: string): Promise<UserRecord | undefined> {
      return db
        .selectFrom('users')
        .select(userColumns)
        .where('email', '=', normaliseEmail(email))
        .executeTakeFirst();
    },

    /** Writes only the profile fields given; never the role (DESIGN §5). */
    async updateProfile(id: string, fields: Partial<ProfileInput>): Promise<number> {
      const { name, education, location, phone, linkedin } = fields;
      const changes = Object.fromEntries(
        Object.entries({ name, education, location, phone, linkedin }).filter(
          ([, value]) => value !== undefined,
        ),
      );
      if (Object.keys(changes).length === 0) return 0;
      const result = await db
        .updateTable('users')
        .set({ ...changes, updated_at: new Date() })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * One page of users' e-mail, name, role and whether the address is confirmed for Make Admin, oldest first: those whose e-mail or
     * name contains `q` (any case; `%` and `_` match themselves), or everyone.
     */
    async listSummaries({ page = 1, q }: { page?: number; q?: string } = {}): Promise<Array<Pick<Me, 'email' | 'name' | 'role' | 'emailVerified'>>> {
      let matching = db.selectFrom('users');
      if (q) {
        const pattern = `%${escapeLike(q)}%`;
        matching = matching.where((eb) => eb.or([eb('email', 'ilike', pattern), eb('name', 'ilike', pattern)]));
      }
      return matching
        .select(['email', 'name', 'role', 'email_verified as emailVerified'])
        .orderBy('created_at')
        .orderBy('email')
        .limit(USERS_PAGE_SIZE)
        .offset((page - 1) * USERS_PAGE_SIZE)
        .execute();
    },

    /**
     * Removes an account: Better Auth's sessions and accounts, and with them the access tokens,
     * go by cascade; orders stay, with their e-mail, for the records. The last admin stays: the
     * admins' rows are locked first, so two admins removing each other cannot both succeed. A
     * company's only owner stays too (its membership would go by cascade, leaving the company
     * without an owner): the account's row, then the company's, then its owners' are locked.
     */
    async remove(email: string): Promise<'removed' | 'not-found' | 'last-admin' | { onlyOwnerOf: string }> {
      return withTransaction(db, async (trx) => {
        const { admins, target } = await adminsAndTarget(trx, email);
        if (!target) return 'not-found';
        if (target.role === 'admin' && admins <= 1) return 'last-admin';
        await trx.selectFrom('users').select('id').where('id', '=', target.id).forUpdate().execute();
        const company = await companyOnlyOwnedBy(trx, target.id);
        if (company !== undefined) return { onlyOwnerOf: company };
        await trx.deleteFrom('users').where('id', '=', target.id).execute();
        return 'removed';
      });
    },

    /**
     * Makes an admin a customer again; the last admin stays one. The admins' rows are locked
     * first, as for a removal, so two admins demoting each other cannot both succeed.
     */
    async demote(email: string): Promise<'demoted' | 'not-found' | 'not-admin' | 'last-admin'> {
      return withTransaction(db, async (trx) => {
        const { admins, target } = await adminsAndTarget(trx, email);
        if (!target) return 'not-found';
        if (target.role !== 'admin') return 'not-admin';
        if (admins <= 1) return 'last-admin';
        await trx.updateTable('users').set({ role: 'customer', updated_at: new Date() }).where('id', '=', target.id).execute();
        return 'demoted';
      });
    },

    async setRole(email: string, role: Role): Promise<number> {
      const result = await db
        .updateTable('users')
        .set({ role, updated_at: new Date() })
        .where('email', '=', normaliseEmail(email))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

/**
 * Inside a removal's or a demotion's transaction: how many admins there are, their rows locked
 * first (two admins acting on each other wait for one another, so the last admin stays), and the
 * account acted on.
 */
async function adminsAndTarget(trx: Db, email: string) {
  const admins = await trx.selectFrom('users').select('email').where('role', '=', 'admin').forUpdate().execute();
  const target = await trx.selectFrom('users').select(['id', 'role']).where('email', '=', normaliseEmail(email)).executeTakeFirst();
  return { admins: admins.length, target };
}
