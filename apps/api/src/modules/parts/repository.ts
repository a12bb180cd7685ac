import { centsToDollars, type Part } from '@autoparts/shared';
import type { Selectable } from 'kysely';
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
  };
}
