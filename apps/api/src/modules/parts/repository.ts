import {
  centsToDollars,
  dollarsToCents,
  STOCK_MAX,
  type AdminPartPage,
  type AdminPartsQuery,
  type Product,
  type ProductUpdate,
} from '@autoparts/shared';
import type { Part } from '@autoparts/shared';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { PartsTable } from '../../db/schema';
import { isId } from '../../lib/ids';

export function toPart(row: Selectable<PartsTable>): Part {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    img: row.img,
    price: centsToDollars(row.price_cents),
    availableQuantity: row.available_quantity,
    minOrderQuantity: row.min_order_quantity,
  };
}

export function createPartsRepository(db: Db) {
  return {
    /** The parts on sale, oldest first (the first six are the featured ones). */
    async listOnSale(): Promise<Part[]> {
      const rows = await db
        .selectFrom('parts')
        .selectAll()
        .where('archived_at', 'is', null)
        .orderBy('seq')
        .execute();
      return rows.map(toPart);
    },

    async findOnSale(id: string): Promise<Part | undefined> {
      if (!isId(id)) return undefined;
      const row = await db
        .selectFrom('parts')
        .selectAll()
        .where('id', '=', id)
        .where('archived_at', 'is', null)
        .executeTakeFirst();
      return row && toPart(row);
    },

    /**
     * One page of every part, archived ones too, for Manage Products: oldest first, those whose
     * name or description contains `q` (any case; `%` and `_` match themselves).
     */
    async listPage({ q, page, pageSize }: AdminPartsQuery): Promise<AdminPartPage> {
      let matching = db.selectFrom('parts');
      if (q) {
        const pattern = `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
        matching = matching.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('description', 'ilike', pattern)]));
      }
      const [rows, counted] = await Promise.all([
        matching.selectAll().orderBy('seq').limit(pageSize).offset((page - 1) * pageSize).execute(),
        matching.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return {
        parts: rows.map((row) => ({ ...toPart(row), archived: row.archived_at !== null })),
        total: Number(counted.total),
        page,
        pageSize,
      };
    },

    async add(product: Product): Promise<string> {
      const row = await db
        .insertInto('parts')
        .values({
          name: product.name,
          img: product.img,
          description: product.description,
          price_cents: dollarsToCents(product.price),
          available_quantity: product.storequantity,
          min_order_quantity: product.minOrderQuantity,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: string, changes: ProductUpdate): Promise<boolean> {
      if (!isId(id)) return false;
      const { name, img, description, price, availableQuantity, minOrderQuantity } = changes;
      const set = Object.fromEntries(
        Object.entries({
          name,
          img,
          description,
          price_cents: price === undefined ? undefined : dollarsToCents(price),
          available_quantity: availableQuantity,
          min_order_quantity: minOrderQuantity,
        }).filter(([, value]) => value !== undefined),
      );
      if (Object.keys(set).length === 0) return (await this.exists(id));
      const result = await db.updateTable('parts').set(set).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Adds to the stock in one statement, so it composes with orders taking stock meanwhile. */
    async restock(id: string, quantity: number): Promise<'restocked' | 'not-found' | 'over-limit'> {
      if (!isId(id)) return 'not-found';
      const result = await db
        .updateTable('parts')
        .set({ available_quantity: sql`available_quantity + ${quantity}` })
        .where('id', '=', id)
        .where('available_quantity', '<=', STOCK_MAX - quantity)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) return 'restocked';
      return (await this.exists(id)) ? 'over-limit' : 'not-found';
    },

    /** An archived part leaves the shop; its orders keep it. */
    async setArchived(id: string, archived: boolean): Promise<boolean> {
      if (!isId(id)) return false;
      const result = await db
        .updateTable('parts')
        .set({ archived_at: archived ? new Date() : null })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async exists(id: string): Promise<boolean> {
      if (!isId(id)) return false;
      return (await db.selectFrom('parts').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },
  };
}
