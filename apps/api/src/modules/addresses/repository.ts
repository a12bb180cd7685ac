import { ADDRESSES_MAX, type Address, type AddressFields } from '@autoparts/shared';
import type { Selectable, Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { AddressesTable, Database } from '../../db/schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type AddressColumns = Pick<Selectable<AddressesTable>, 'name' | 'company' | 'line1' | 'line2' | 'city' | 'region' | 'postal_code' | 'country' | 'phone'>;

/** The fields of an address as the API has them (region null where the country has none, '' in
 * the table), from any table with the address book's columns (a company's locations too). */
export function addressFieldsOf(row: AddressColumns): Omit<AddressFields, 'isDefault'> {
  return {
    name: row.name,
    company: row.company,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    region: row.region === '' ? null : row.region,
    postalCode: row.postal_code,
    country: row.country,
    phone: row.phone,
  };
}

/** The API's form of a row of the address book. */
export function toAddress(row: Selectable<AddressesTable>): Address {
  return { id: row.id, ...addressFieldsOf(row), isDefault: row.is_default };
}

/** The address book's columns of `fields` (a company's locations have the same). */
export function addressColumns(fields: Omit<AddressFields, 'isDefault'>): AddressColumns {
  return {
    name: fields.name,
    company: fields.company,
    line1: fields.line1,
    line2: fields.line2,
    city: fields.city,
    region: fields.region ?? '',
    postal_code: fields.postalCode,
    country: fields.country,
    phone: fields.phone,
  };
}

/**
 * Serialises every change of one account's book (the row lock of its user), so that two tabs
 * adding an address at once cannot pass the limit together, and moving the default never meets
 * a second default (the partial unique index `addresses_one_default` would refuse one).
 */
async function lockBook(trx: Transaction<Database>, userId: string) {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** Makes `id` the account's one default: the old one is cleared first, in the same transaction. */
async function makeDefault(trx: Transaction<Database>, userId: string, id: string) {
  await trx.updateTable('addresses').set({ is_default: false }).where('user_id', '=', userId).where('is_default', '=', true).where('id', '!=', id).execute();
  await trx.updateTable('addresses').set({ is_default: true }).where('id', '=', id).where('user_id', '=', userId).execute();
}

/** A signed-in customer's address book; every call names the account, and finds only its rows. */
export function createAddressesRepository(db: Db) {
  return {
    /** The default first, then oldest first. */
    async list(userId: string): Promise<Address[]> {
      const rows = await db
        .selectFrom('addresses')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('is_default', 'desc')
        .orderBy('seq')
        .execute();
      return rows.map(toAddress);
    },

    /** One of the account's addresses, or undefined (another account's too). */
    async find(userId: string, id: string): Promise<Address | undefined> {
      if (!UUID.test(id)) return undefined;
      const row = await db.selectFrom('addresses').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return row && toAddress(row);
    },

    /** Adds an address; the first one, or one sent with `isDefault`, becomes the default. */
    async add(userId: string, fields: AddressFields): Promise<{ added: Address } | 'too-many'> {
      return db.transaction().execute(async (trx) => {
        await lockBook(trx, userId);
        const { n } = await trx
          .selectFrom('addresses')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        if (Number(n) >= ADDRESSES_MAX) return 'too-many';
        const row = await trx
          .insertInto('addresses')
          .values({ user_id: userId, ...addressColumns(fields), is_default: false })
          .returningAll()
          .executeTakeFirstOrThrow();
        if (fields.isDefault || Number(n) === 0) {
          await makeDefault(trx, userId, row.id);
          row.is_default = true;
        }
        return { added: toAddress(row) };
      });
    },

    /**
     * Replaces an address's fields (the same PUT twice changes nothing). `isDefault: true` moves
     * the default to it; `false` on the default leaves it the default, for an account with
     * addresses always has one: the default moves only to another address.
     */
    async replace(userId: string, id: string, fields: AddressFields): Promise<Address | undefined> {
      if (!UUID.test(id)) return undefined;
      return db.transaction().execute(async (trx) => {
        await lockBook(trx, userId);
        const row = await trx
          .updateTable('addresses')
          .set(addressColumns(fields))
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .returningAll()
          .executeTakeFirst();
        if (!row) return undefined;
        if (fields.isDefault && !row.is_default) {
          await makeDefault(trx, userId, id);
          row.is_default = true;
        }
        return toAddress(row);
      });
    },

    /** Deletes an address; when it was the default, the newest remaining one becomes the default. */
    async remove(userId: string, id: string): Promise<boolean> {
      if (!UUID.test(id)) return false;
      return db.transaction().execute(async (trx) => {
        await lockBook(trx, userId);
        const removed = await trx
          .deleteFrom('addresses')
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .returning('is_default')
          .executeTakeFirst();
        if (!removed) return false;
        if (removed.is_default) {
          const newest = await trx
            .selectFrom('addresses')
            .select('id')
            .where('user_id', '=', userId)
            .orderBy('seq', 'desc')
            .limit(1)
            .executeTakeFirst();
          if (newest) await makeDefault(trx, userId, newest.id);
        }
        return true;
      });
    },
  };
}
