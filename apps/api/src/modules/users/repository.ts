import type { Me, ProfileInput, Role } from '@autoparts/shared';
import type { Db } from '../../db/database';

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
