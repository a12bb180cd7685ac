import {
  partChangeMessages,
  lifecycleLabel,
  ENDED_CODES,
  REPLACED_CODES,
  centsToDollars,
  dollarsToCents,
  priceBreaksProblem,
  priceBreaksToCents,
  priceBreaksToDollars,
  type PriceBreakCents,
  STOCK_MAX,
  type PriceBreak,
  type PublicPart,
  type AdminPartPage,
  type AdminPartsQuery,
  type CheckedProductField,
  productFieldChangedMessage,
  type ProductFieldChanged,
  type Product,
  type ProductUpdate,
} from '@autoparts/shared';
import { PARTS_PAGE_SIZE, type CatalogPart, type Part, type PartDetail } from '@autoparts/shared';
import { sql, type Selectable, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import type { PartsTable } from '../../db/schema';
import { isId } from '../../lib/ids';
import { partDescriptions } from '../catalogue-data/pies/item';
import { createPartChangesRepository } from '../part-changes/repository';
import { applicationsInWords, applicationVehicles } from '../vehicles/repository';
import { escapeLike } from '../../lib/like';

/** Life cycles of a part not on sale: renumbered or superseded (6, 7: its page moves) or no longer made (8, 9). */
const NOT_ON_SALE_CODES = [...REPLACED_CODES, ...ENDED_CODES];

/**
 * The one definition of a part on sale, a condition on the `parts` table: not archived, not
 * renumbered or superseded (6, 7) and still made (not 8, 9). What the home list, the sitemap,
 * search's "in stock" and the overview's low stock keep; raw SQL, so a query builder's `where`
 * and a `sql` template take it alike.
 */
export const onSale = sql<SqlBool>`(parts.archived_at is null and parts.lifecycle_code not in (${sql.join(NOT_ON_SALE_CODES)}))`;

/** The columns of SPEC's part fields (the list price too, which the admins edit). */
export const partColumns = [
  'parts.id',
  'parts.name',
  'parts.description',
  'parts.img',
  'parts.price_cents',
  'parts.min_order_price_cents',
  'parts.available_quantity',
  'parts.min_order_quantity',
] as const;

type PartRow = Pick<Selectable<PartsTable>, 'id' | 'name' | 'description' | 'img' | 'price_cents' | 'min_order_price_cents' | 'available_quantity' | 'min_order_quantity'>;
type CatalogRow = PartRow & { part_number: string; category_slug: string | null; category_name: string | null };

/**
 * A part as SPEC has it. Its `price` is, for a buyer, what everyone pays a unit at the part's
 * minimum order (decision 224: the deepest retail break the minimum reaches, else the list price,
 * stored by migration 0135's triggers); the admins' reads pass the list price they edit.
 */
function toPart(row: PartRow, priceCents = row.min_order_price_cents): Part {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    img: row.img,
    price: centsToDollars(priceCents),
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

/** Grams as the API sends them: kilograms. */
const gramsToKg = (grams: number) => grams / 1000;
const kgToGrams = (kg: number) => Math.round(kg * 1000);

/** A part's core deposit and warranty as the API sends them (dollars; null when none). */
const afterSale = (row: { core_deposit_cents: number | null; warranty_months: number | null }) => ({
  coreDeposit: row.core_deposit_cents === null ? null : centsToDollars(row.core_deposit_cents),
  warrantyMonths: row.warranty_months,
});

/** Each part's price breaks, by quantity, for the parts in `ids`. */
async function priceBreaksOf(db: Db, ids: readonly string[]): Promise<Map<string, PriceBreak[]>> {
  const byPart = new Map<string, PriceBreakCents[]>(ids.map((id) => [id, []]));
  if (ids.length > 0) {
    const rows = await db
      .selectFrom('part_price_breaks')
      .select(['part_id', 'min_quantity', 'unit_price_cents'])
      .where('part_id', 'in', ids)
      .orderBy('part_id')
      .orderBy('min_quantity')
      .execute();
    for (const row of rows) byPart.get(row.part_id)?.push({ minQuantity: row.min_quantity, unitPriceCents: row.unit_price_cents });
  }
  return new Map([...byPart].map(([id, tiers]) => [id, priceBreaksToDollars(tiers)]));
}

/** A change of a part's fields: done, nothing to change (every value already stored), no such part, a field moved since the form loaded, or a rule refuses it. */
export type PartUpdateOutcome = 'updated' | 'unchanged' | 'not-found' | { changed: ProductFieldChanged } | { problem: string; field?: string };

/** Two values of a checked field, as the API gives them, are the same (money and weight compared as stored: cents, grams). */
function sameStored(field: CheckedProductField, expected: unknown, stored: unknown): boolean {
  if (field === 'price' || field === 'coreDeposit') {
    return expected === null || stored === null ? expected === stored : dollarsToCents(expected as number) === dollarsToCents(stored as number);
  }
  if (field === 'weightKg') return kgToGrams(expected as number) === kgToGrams(stored as number);
  if (field === 'priceBreaks') {
    const cents = (tiers: PriceBreak[]) => JSON.stringify(priceBreaksToCents([...tiers].sort((a, b) => a.minQuantity - b.minQuantity)));
    return cents(expected as PriceBreak[]) === cents(stored as PriceBreak[]);
  }
  return expected === stored;
}

export function createPartsRepository(db: Db) {
  return {
    /**
     * One page of the parts on sale (`onSale`), oldest first (the first six are the featured
     * ones): none that is archived, replaced or no longer made, which cannot be bought.
     */
    async listOnSale(page: number): Promise<Array<Part & { partNumber: string }>> {
      const rows = await db
        .selectFrom('parts')
        .select([...partColumns, 'part_number'])
        .where(onSale)
        .orderBy('seq')
        .limit(PARTS_PAGE_SIZE)
        .offset((page - 1) * PARTS_PAGE_SIZE)
        .execute();
      return rows.map((row) => ({ ...toPart(row), partNumber: row.part_number }));
    },

    /**
     * The public pages the sitemap lists, oldest first: `limit` of them from the `offset`th, each
     * a part on sale's number and when its row last changed. Not a renumbered or superseded
     * part's page (a 301), nor one no longer made (8, 9: its page says noindex, decision 049).
     */
    async listPageNumbers(offset: number, limit: number): Promise<Array<{ partNumber: string; updatedAt: Date }>> {
      if (limit <= 0) return [];
      const rows = await db
        .selectFrom('parts')
        .select(['part_number', 'updated_at'])
        .where(onSale)
        .orderBy('seq')
        .offset(offset)
        .limit(limit)
        .execute();
      return rows.map((row) => ({ partNumber: row.part_number, updatedAt: row.updated_at }));
    },

    /** How many parts `listPageNumbers` lists. */
    async countPages(): Promise<number> {
      const row = await db
        .selectFrom('parts')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where(onSale)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async findOnSale(id: string): Promise<PartDetail | undefined> {
      if (!isId(id)) return undefined;
      return this.detail((query) => query.where('parts.id', '=', id));
    },

    /**
     * A part's public page (`/parts/{partNumber}`): the part on sale whose number is exactly
     * `partNumber` as stored (the unique key), with the vehicles it fits grouped by make and model.
     */
    async findOnSaleByNumber(partNumber: string): Promise<PublicPart | undefined> {
      const part = await this.detail((query) => query.where('parts.part_number', '=', partNumber));
      if (!part) return undefined;
      const rows = await applicationVehicles(db, part._id).execute();
      const fitment: PublicPart['fitment'] = [];
      for (const row of rows) {
        let group = fitment.at(-1);
        if (!group || group.make !== row.make || group.model !== row.model) {
          group = { make: row.make, model: row.model, vehicles: [] };
          fitment.push(group);
        }
        group.vehicles.push({ _id: row.id, year: row.year, submodel: row.submodel, engine: row.engine });
      }
      return { ...part, fitment };
    },

    /** One part on sale with its catalogue fields, weight and price breaks. */
    async detail(where: (query: ReturnType<typeof selectCatalogParts>) => ReturnType<typeof selectCatalogParts>): Promise<PartDetail | undefined> {
      const row = await where(selectCatalogParts(db))
        .select([
          'parts.oem_numbers',
          'parts.specs',
          'parts.weight_grams',
          'parts.core_deposit_cents',
          'parts.warranty_months',
          'parts.lifecycle_code',
          'parts.gtin',
          'parts.package_length_mm',
          'parts.package_width_mm',
          'parts.package_height_mm',
        ])
        .where('parts.archived_at', 'is', null)
        .executeTakeFirst();
      if (!row) return undefined;
      const [breaks, changes, formerNumbers, descriptions, applications] = await Promise.all([
        priceBreaksOf(db, [row.id]),
        createPartChangesRepository(db).of(row.id, row.lifecycle_code),
        // Numbers an admin corrected away (decision 112), newest first: the page says "Formerly …".
        db.selectFrom('part_former_numbers').select('part_number').where('part_id', '=', row.id).orderBy('created_at', 'desc').orderBy('part_number').execute(),
        db.selectFrom('part_descriptions').select(['code', 'language', 'text']).where('part_id', '=', row.id).execute(),
        applicationsInWords(db, [row.id]).then((byPart) => byPart.get(row.id) ?? []),
      ]);
      return {
        ...toCatalogPart(row),
        oemNumbers: row.oem_numbers,
        specs: row.specs,
        weightKg: gramsToKg(row.weight_grams),
        priceBreaks: breaks.get(row.id) ?? [],
        ...afterSale(row),
        ...changes,
        formerNumbers: formerNumbers.map((former) => former.part_number),
        gtin: row.gtin,
        package: { weightGrams: row.weight_grams, lengthMm: row.package_length_mm, widthMm: row.package_width_mm, heightMm: row.package_height_mm },
        descriptions: partDescriptions(row, descriptions).map(({ code, text }) => ({ code, text })),
        applications,
      };
    },

    /**
     * One page of every part, archived ones too, for Manage Products: oldest first, those whose
     * name or description contains `q` (any case; `%` and `_` match themselves).
     */
    async listPage({ q, page, pageSize }: AdminPartsQuery): Promise<AdminPartPage> {
      let matching = db.selectFrom('parts');
      if (q) {
        const pattern = `%${escapeLike(q)}%`;
        // A number is typed as it is read off a box or an invoice: any case, with or without its
        // spaces and dashes; an OEM number finds the part it interchanges with.
        const digits = q.replace(/[^0-9a-z]/gi, '');
        const numberPattern = `%${digits}%`;
        matching = matching.where((eb) =>
          eb.or([
            eb('name', 'ilike', pattern),
            eb('description', 'ilike', pattern),
            // The part number's and the OEM numbers' letters and digits, `|` between them (migration
            // 0138): a search's letters and digits never span a `|`, so one match of the indexed
            // text is a match of one of the numbers.
            ...(digits ? [eb(sql<string>`admin_part_number_text(part_number, oem_numbers)`, 'ilike', numberPattern)] : []),
          ]),
        );
      }
      // The page's parts first, then their columns and subqueries: an offset skips rows before its
      // page, and the subqueries would run for every one skipped (decision 229).
      const pageIds = matching.select('parts.id').orderBy('seq').limit(pageSize).offset((page - 1) * pageSize);
      const [rows, counted] = await Promise.all([
        db
          .selectFrom('parts')
          .where('parts.id', 'in', pageIds)
          .select([...partColumns, 'part_number', 'archived_at', 'weight_grams', 'core_deposit_cents', 'warranty_months', 'lifecycle_code'])
          .select((eb) => eb.selectFrom('parts as replacer').select('replacer.part_number').whereRef('replacer.id', '=', 'parts.replaced_by').as('replaced_by_number'))
          .select((eb) =>
            eb
              .selectFrom('fitment_reports')
              .select(eb.fn.countAll<string>().as('count'))
              .whereRef('fitment_reports.part_id', '=', 'parts.id')
              .where('fitment_reports.status', '=', 'open')
              .as('open_reports'),
          )
          .orderBy('seq')
          .execute(),
        matching.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      const breaks = await priceBreaksOf(db, rows.map((row) => row.id));
      return {
        parts: rows.map((row) => ({
          ...toPart(row, row.price_cents),
          partNumber: row.part_number,
          archived: row.archived_at !== null,
          weightKg: gramsToKg(row.weight_grams),
          priceBreaks: breaks.get(row.id) ?? [],
          ...afterSale(row),
          openFitmentReports: Number(row.open_reports ?? 0),
          lifecycle: { code: row.lifecycle_code, label: lifecycleLabel(row.lifecycle_code) },
          replacedBy: row.replaced_by_number,
        })),
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
     * Changes a part's fields, in the caller's transaction. A new stock figure applies only if the
     * stock is still the one the admin saw (`expectedAvailableQuantity`): orders taken since are
     * never undone. New price breaks replace the part's; a new price, minimum or new tiers are first
     * checked together (every tier below the list price, at most one at or below the minimum), with
     * the part's row locked, before anything is written.
     */
    async update(id: string, changes: ProductUpdate): Promise<PartUpdateOutcome> {
      if (!isId(id)) return 'not-found';
      const { name, img, description, price, availableQuantity, minOrderQuantity, expectedAvailableQuantity, weightKg, priceBreaks, coreDeposit, warrantyMonths } = changes;
      const { lifecycle: lifecycleSeen, replacedBy: replacedBySeen, interchange: interchangeSeen, kit: kitSeen, ...productSeen } = changes.expected ?? {};
      const expected: Partial<Record<CheckedProductField, unknown>> = { ...productSeen };
      if (availableQuantity !== undefined) expected.availableQuantity = expectedAvailableQuantity;
      const { lifecycle, replacedBy, interchange, kit } = changes;
      const partChanges = createPartChangesRepository(db);
      const changesParts = lifecycle !== undefined || replacedBy !== undefined || interchange !== undefined || kit !== undefined;
      // The part and the parts it names, locked in id order before any other look (decision 152).
      if (changesParts) await partChanges.lockNamed(id, { replacedBy, kit });
      const changed =
        (await this.changedSince(id, expected)) ??
        (await partChanges.changedSince(id, { lifecycle: lifecycleSeen, replacedBy: replacedBySeen, interchange: interchangeSeen, kit: kitSeen }));
      if (changed) return changed;
      const current = await db
        .selectFrom('parts')
        .select(['name', 'img', 'description', 'price_cents', 'available_quantity', 'min_order_quantity', 'weight_grams', 'core_deposit_cents', 'warranty_months', 'lifecycle_code', 'replaced_by'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!current) return 'not-found';
      const storedTiers = (await priceBreaksOf(db, [id])).get(id) ?? [];
      if (price !== undefined || priceBreaks !== undefined || minOrderQuantity !== undefined) {
        const problem = priceBreaksProblem(priceBreaks ?? storedTiers, price ?? centsToDollars(current.price_cents), minOrderQuantity ?? current.min_order_quantity);
        // The field the refusal is said at (decision 164): the tiers when sent; else the stored
        // tiers were right until the new price (when they refuse it) or the new minimum.
        if (problem) return { problem, field: priceBreaks !== undefined ? 'priceBreaks' : price !== undefined && priceBreaksProblem(storedTiers, price) ? 'price' : 'minOrderQuantity' };
      }
      // Only what differs from what is stored is written: a save of the values already there
      // writes nothing, so it empties no cache on any instance and leaves no audit row (decision 152).
      const set = Object.fromEntries(
        Object.entries({
          name,
          img,
          description,
          price_cents: price === undefined ? undefined : dollarsToCents(price),
          available_quantity: availableQuantity,
          min_order_quantity: minOrderQuantity,
          weight_grams: weightKg === undefined ? undefined : kgToGrams(weightKg),
          // null (remove) is written; undefined (not sent) is left out below.
          core_deposit_cents: coreDeposit === undefined ? undefined : coreDeposit === null ? null : dollarsToCents(coreDeposit),
          warranty_months: warrantyMonths,
        }).filter(([column, value]) => value !== undefined && value !== current[column as keyof typeof current]),
      );
      const newTiers = priceBreaks !== undefined && !sameStored('priceBreaks', priceBreaks, storedTiers);
      const partChangesSent = changesParts ? await partChanges.differing(id, current.lifecycle_code, current.replaced_by, { lifecycle, replacedBy, interchange, kit }) : {};
      if (Object.keys(set).length === 0 && !newTiers && Object.keys(partChangesSent).length === 0) return 'unchanged';
      if (Object.keys(partChangesSent).length > 0) {
        const refused = await partChanges.apply(id, partChangesSent);
        if (refused) return refused;
      }
      if (Object.keys(set).length > 0) await db.updateTable('parts').set(set).where('id', '=', id).execute();
      if (newTiers) {
        await db.deleteFrom('part_price_breaks').where('part_id', '=', id).execute();
        if (priceBreaks.length > 0) {
          await db
            .insertInto('part_price_breaks')
            .values(priceBreaksToCents(priceBreaks).map((tier) => ({ part_id: id, min_quantity: tier.minQuantity, unit_price_cents: tier.unitPriceCents })))
            .execute();
        }
      }
      return 'updated';
    },

    /**
     * The first field of `expected` whose stored value is no longer the one given (what the admin's
     * form loaded), with its value now; undefined when all still hold. Locks the part's row, so
     * the values stay so until the caller's transaction writes its change.
     */
    async changedSince(id: string, expected: Partial<Record<CheckedProductField, unknown>>): Promise<'not-found' | { changed: ProductFieldChanged } | undefined> {
      const fields = (Object.keys(expected) as CheckedProductField[]).filter((field) => expected[field] !== undefined);
      if (fields.length === 0) return undefined;
      const row = await db
        .selectFrom('parts')
        .select(['name', 'img', 'description', 'price_cents', 'min_order_price_cents', 'available_quantity', 'min_order_quantity', 'weight_grams', 'core_deposit_cents', 'warranty_months'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!row) return 'not-found';
      const stored: Record<CheckedProductField, unknown> = {
        ...toPart({ id, ...row }, row.price_cents),
        weightKg: gramsToKg(row.weight_grams),
        ...afterSale(row),
        priceBreaks: fields.includes('priceBreaks') ? ((await priceBreaksOf(db, [id])).get(id) ?? []) : [],
      };
      for (const field of fields) {
        if (!sameStored(field, expected[field], stored[field])) {
          return { changed: { message: productFieldChangedMessage(field, stored[field]), field, current: stored[field] } };
        }
      }
      return undefined;
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

    /**
     * An archived part leaves the shop; its orders keep it. A part that replaces another or is in
     * a kit stays until those change (its message names them): nothing may point to a part that is gone.
     */
    async setArchived(id: string, archived: boolean): Promise<'changed' | 'unchanged' | 'not-found' | { pointedTo: string }> {
      if (!isId(id)) return 'not-found';
      const current = await db.selectFrom('parts').select('archived_at').where('id', '=', id).forUpdate().executeTakeFirst();
      if (!current) return 'not-found';
      // Archived already (or on sale already): nothing to write, audit or announce (decision 152).
      if ((current.archived_at !== null) === archived) return 'unchanged';
      if (archived) {
        const { replaced, kits } = await createPartChangesRepository(db).pointedTo(id);
        if (replaced.length > 0 || kits.length > 0) return { pointedTo: partChangeMessages.archivePointedTo(replaced, kits) };
      }
      const result = await db
        .updateTable('parts')
        .set({ archived_at: archived ? new Date() : null })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0 ? 'changed' : 'not-found';
    },

    async exists(id: string): Promise<boolean> {
      if (!isId(id)) return false;
      return (await db.selectFrom('parts').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },
  };
}
