import {
  centsToDollars,
  dollarsToCents,
  STOCK_MAX,
  type AdminPartPage,
  type AdminPartsQuery,
  type Product,
  type ProductUpdate,
} from '@autoparts/shared';
import { PARTS_PAGE_SIZE, type CatalogPart, type Part, type PartDetail } from '@autoparts/shared';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { PartsTable } from '../../db/schema';
import { isId } from '../../lib/ids';

/** The columns of SPEC's part fields. */
export const partColumns = [
  'parts.id',
  'parts.name',
  'parts.description',
  'parts.img',
  'parts.price_cents',
  'parts.available_quantity',
  'parts.min_order_quantity',
] as const;

type PartRow = Pick<Selectable<PartsTable>, 'id' | 'name' | 'description' | 'img' | 'price_cents' | 'available_quantity' | 'min_order_quantity'>;
type CatalogRow = PartRow & { part_number: string; category_slug: string | null; category_name: string | null };

export function toPart(row: PartRow): Part {
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

export function toCatalogPart(row: CatalogRow): CatalogPart {
  return {
    ...toPart(row),
    category: row.category_slug && row.category_name ? { slug: row.category_slug, name: row.category_name } : null,
    partNumber: row.part_number,
  };
}

/** Parts with their category's name, for the catalogue's lists. */
export const selectCatalogParts = (db: Db) =>
  db
    .selectFrom('parts')
    .leftJoin('categories', 'categories.slug', 'parts.category_slug')
    .select([...partColumns, 'parts.part_number', 'parts.category_slug', 'categories.name as category_name']);

export function createPartsRepository(db: Db) {
  return {
    /** One page of the parts on sale, oldest first (the first six are the featured ones). */
    async listOnSale(page: number): Promise<Part[]> {
      const rows = await db
        .selectFrom('parts')
        .select(partColumns)
        .where('archived_at', 'is', null)
        .orderBy('seq')
        .limit(PARTS_PAGE_SIZE)
        .offset((page - 1) * PARTS_PAGE_SIZE)
        .execute();
      return rows.map(toPart);
    },

    /** The ids of the parts on sale, oldest first, at most `limit` (the sitemap). */
    async listOnSaleIds(limit: number): Promise<string[]> {
      const rows = await db.selectFrom('parts').select('id').where('archived_at', 'is', null).orderBy('seq').limit(limit).execute();
      return rows.map((row) => row.id);
    },

    async findOnSale(id: string): Promise<PartDetail | undefined> {
      if (!isId(id)) return undefined;
      const row = await selectCatalogParts(db)
        .select(['parts.oem_numbers', 'parts.specs'])
        .where('parts.id', '=', id)
        .where('parts.archived_at', 'is', null)
        .executeTakeFirst();
      return row && { ...toCatalogPart(row), oemNumbers: row.oem_numbers, specs: row.specs };
    },

    /**
     * One page of every part, archived ones too, for Manage Products: oldest first, those whose
     * name or description contains `q` (any case; `%` and `_` match themselves).
     */
    async listPage({ q, page, pageSize }: AdminPartsQuery): Promise<AdminPartPage> {
      let matching = db.selectFrom('parts');
      if (q) {
        const pattern = `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
        // A number is typed as it is read off a box or an invoice: any case, with or without its
        // spaces and dashes; an OEM number finds the part it interchanges with.
        const digits = q.replace(/[^0-9a-z]/gi, '');
        const numberPattern = `%${digits}%`;
        matching = matching.where((eb) =>
          eb.or([
            eb('name', 'ilike', pattern),
            eb('description', 'ilike', pattern),
            ...(digits
              ? [
                  eb(sql<string>`regexp_replace(part_number, '[^0-9A-Za-z]', '', 'g')`, 'ilike', numberPattern),
                  eb(sql<string>`regexp_replace(array_to_string(oem_numbers, '|'), '[^0-9A-Za-z|]', '', 'g')`, 'ilike', numberPattern),
                ]
              : []),
          ]),
        );
      }
      const [rows, counted] = await Promise.all([
        matching.select([...partColumns, 'part_number', 'archived_at']).orderBy('seq').limit(pageSize).offset((page - 1) * pageSize).execute(),
        matching.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return {
        parts: rows.map((row) => ({ ...toPart(row), partNumber: row.part_number, archived: row.archived_at !== null })),
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

    /**
     * Changes a part's fields. A new stock figure applies only if the stock is still the one the
     * admin saw (`expectedAvailableQuantity`): orders taken since are never undone.
     */
    async update(id: string, changes: ProductUpdate): Promise<'updated' | 'not-found' | 'stock-changed'> {
      if (!isId(id)) return 'not-found';
      const { name, img, description, price, availableQuantity, minOrderQuantity, expectedAvailableQuantity } = changes;
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
      if (Object.keys(set).length === 0) return (await this.exists(id)) ? 'updated' : 'not-found';
      let update = db.updateTable('parts').set(set).where('id', '=', id);
      if (availableQuantity !== undefined && expectedAvailableQuantity !== undefined) {
        update = update.where('available_quantity', '=', expectedAvailableQuantity);
      }
      const result = await update.executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) return 'updated';
      return (await this.exists(id)) ? 'stock-changed' : 'not-found';
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
