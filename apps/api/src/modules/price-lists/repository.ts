import { randomUUID } from 'node:crypto';
import {
  bpToPercent,
  centsToDollars,
  dollarsToCents,
  percentToBp,
  priceListMessages,
  unitPriceCents,
  type PriceList,
  type PriceListEntryInput,
  type PriceListInput,
  type PriceListSummary,
  type PriceListUpdate,
} from '@autoparts/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { isId } from '../../lib/ids';

/** Rows a single insert carries at most: 10,000 entries go in ten statements, not one huge one. */
const INSERT_CHUNK = 1000;

type Rate = { unit_price_cents: number | null; percent_off_bp: number | null };
const toRate = (input: { unitPrice?: number; percentOff?: number }): Rate => ({
  unit_price_cents: input.unitPrice === undefined ? null : dollarsToCents(input.unitPrice),
  percent_off_bp: input.percentOff === undefined ? null : percentToBp(input.percentOff),
});
const fromRate = (row: Rate) => (row.unit_price_cents !== null ? { unitPrice: centsToDollars(row.unit_price_cents) } : { percentOff: bpToPercent(row.percent_off_bp ?? 0) });

/** Why entries cannot be kept: parts or categories that do not exist. */
export type EntriesProblem = { problem: string };

const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';

/**
 * A rename onto another list's name (migration 0058's index): the failed statement rolled its
 * transaction back, audit row and all, and the caller answers 409. Any other error goes on.
 */
export function nameTakenOr(error: unknown): 'name-taken' {
  if (isUniqueViolation(error)) return 'name-taken';
  throw error;
}

/** Price lists and their assignment to companies (decision 080). */
export function createPriceListsRepository(db: Db) {
  /**
   * The entries with each part named by its id (a part number read as its part's), or why they
   * cannot be kept: parts or categories that do not exist, or a part named twice.
   */
  async function resolved(entries: readonly PriceListEntryInput[]): Promise<{ entries: PriceListEntryInput[] } | EntriesProblem> {
    const partIds = [...new Set(entries.flatMap((entry) => (entry.partId === undefined ? [] : [entry.partId])))];
    const numbers = [...new Set(entries.flatMap((entry) => (entry.partNumber === undefined ? [] : [entry.partNumber])))];
    const slugs = [...new Set(entries.flatMap((entry) => (entry.category === undefined ? [] : [entry.category])))];
    const badIds = partIds.filter((id) => !isId(id));
    const [parts, numbered, categories] = await Promise.all([
      partIds.length > badIds.length ? db.selectFrom('parts').select('id').where('id', 'in', partIds.filter(isId)).execute() : [],
      numbers.length > 0 ? db.selectFrom('parts').select(['id', 'part_number']).where('part_number', 'in', numbers).execute() : [],
      slugs.length > 0 ? db.selectFrom('categories').select('slug').where('slug', 'in', slugs).execute() : [],
    ]);
    const knownParts = new Set(parts.map((row) => row.id));
    const missingParts = partIds.filter((id) => !knownParts.has(id));
    if (missingParts.length > 0) return { problem: priceListMessages.partsNotFound(missingParts) };
    const idOfNumber = new Map(numbered.map((row) => [row.part_number, row.id]));
    const missingNumbers = numbers.filter((number) => !idOfNumber.has(number));
    if (missingNumbers.length > 0) return { problem: priceListMessages.partNumbersNotFound(missingNumbers) };
    const knownSlugs = new Set(categories.map((row) => row.slug));
    const missingSlugs = slugs.filter((slug) => !knownSlugs.has(slug));
    if (missingSlugs.length > 0) return { problem: priceListMessages.categoriesNotFound(missingSlugs) };
    const byId = entries.map(({ partNumber, ...entry }) => (partNumber === undefined ? entry : { ...entry, partId: idOfNumber.get(partNumber) }));
    const named = byId.flatMap((entry) => (entry.partId === undefined ? [] : [entry.partId]));
    return new Set(named).size === named.length ? { entries: byId } : { problem: priceListMessages.entriesRepeat };
  }

  async function insertEntries(listId: string, entries: readonly PriceListEntryInput[]) {
    const rows = entries.map((entry) => ({ id: randomUUID(), price_list_id: listId, part_id: entry.partId ?? null, category_slug: entry.category ?? null, ...toRate(entry) }));
    const tiers = rows.flatMap((row, index) => (entries[index]?.tiers ?? []).map((tier) => ({ entry_id: row.id, min_quantity: tier.minQuantity, ...toRate(tier) })));
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) await db.insertInto('price_list_entries').values(rows.slice(start, start + INSERT_CHUNK)).execute();
    for (let start = 0; start < tiers.length; start += INSERT_CHUNK) await db.insertInto('price_list_tiers').values(tiers.slice(start, start + INSERT_CHUNK)).execute();
  }

  const companiesOf = async (listIds: readonly string[]) => {
    const rows =
      listIds.length === 0
        ? []
        : await db
            .selectFrom('company_price_lists')
            .innerJoin('companies', 'companies.id', 'company_price_lists.company_id')
            .select(['company_price_lists.price_list_id', 'companies.id', 'companies.name'])
            .where('company_price_lists.price_list_id', 'in', listIds)
            .orderBy('companies.name')
            .execute();
    const byList = new Map<string, Array<{ id: string; name: string }>>();
    for (const row of rows) byList.set(row.price_list_id, [...(byList.get(row.price_list_id) ?? []), { id: row.id, name: row.name }]);
    return byList;
  };

  /**
   * The list's fixed prices of parts above what anyone else pays for the same quantity (decision
   * 104): an entry's price against the part's list price, a tier's against the retail price at
   * its first quantity (the list price or the part's break). Saved all the same (members pay the
   * lower price), but told. A category's fixed price is not compared with each of its parts.
   */
  async function warningsOf(listId: string): Promise<string[]> {
    const fixed = await db
      .selectFrom('price_list_entries as entry')
      .innerJoin('parts', 'parts.id', 'entry.part_id')
      .leftJoin('price_list_tiers as tier', 'tier.entry_id', 'entry.id')
      .select(['parts.id', 'parts.part_number', 'parts.price_cents', 'entry.unit_price_cents as entry_cents', 'tier.min_quantity', 'tier.unit_price_cents as tier_cents'])
      .where('entry.price_list_id', '=', listId)
      .where((eb) => eb.or([eb('entry.unit_price_cents', 'is not', null), eb('tier.unit_price_cents', 'is not', null)]))
      .orderBy('parts.part_number')
      .orderBy('tier.min_quantity')
      .execute();
    if (fixed.length === 0) return [];
    const partIds = [...new Set(fixed.map((row) => row.id))];
    const breaks = await db.selectFrom('part_price_breaks').select(['part_id', 'min_quantity as minQuantity', 'unit_price_cents as unitPriceCents']).where('part_id', 'in', partIds).execute();
    const warnings: string[] = [];
    const seen = new Set<string>();
    const check = (row: (typeof fixed)[number], minQuantity: number, cents: number) => {
      const key = `${row.id}:${minQuantity}`;
      if (seen.has(key)) return;
      seen.add(key);
      const retail = unitPriceCents(minQuantity, row.price_cents, breaks.filter((tier) => tier.part_id === row.id));
      if (cents > retail) warnings.push(priceListMessages.aboveRetail(row.part_number, minQuantity, centsToDollars(cents), centsToDollars(retail)));
    };
    for (const row of fixed) {
      if (row.entry_cents !== null) check(row, 1, row.entry_cents);
      if (row.tier_cents !== null && row.min_quantity !== null) check(row, row.min_quantity, row.tier_cents);
    }
    return warnings;
  }

  return {
    /** Whether a company of this id is there (the explain tool names one: decision 133). */
    async companyExists(id: string): Promise<boolean> {
      if (!isId(id)) return false;
      return (await db.selectFrom('companies').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },

    /**
     * A new list with its entries; its id and its warnings, why its entries cannot be kept, or
     * 'name-taken' when another list has its name (letter case aside, migration 0058): the same
     * form sent twice, at once too, adds one list (the second insert waits for the first).
     */
    async create(input: PriceListInput): Promise<{ id: string; warnings: string[] } | EntriesProblem | 'name-taken'> {
      const entries = await resolved(input.entries);
      if ('problem' in entries) return entries;
      const list = await db
        .insertInto('price_lists')
        .values({ name: input.name, priority: input.priority, starts_on: input.startsAt ?? null, ends_on: input.endsAt ?? null })
        .onConflict((conflict) => conflict.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!list) return 'name-taken';
      await insertEntries(list.id, entries.entries);
      return { id: list.id, warnings: await warningsOf(list.id) };
    },

    /** Every list, by priority then name (a shop has tens of them, not thousands). */
    async list(): Promise<PriceListSummary[]> {
      const rows = await db
        .selectFrom('price_lists')
        .select((eb) => [
          'id',
          'name',
          'priority',
          sql<string | null>`starts_on::text`.as('starts_on'),
          sql<string | null>`ends_on::text`.as('ends_on'),
          eb.selectFrom('price_list_entries').select(eb.fn.countAll<string>().as('count')).whereRef('price_list_entries.price_list_id', '=', 'price_lists.id').as('entries'),
        ])
        .orderBy('priority')
        .orderBy('name')
        .execute();
      const companies = await companiesOf(rows.map((row) => row.id));
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        currency: 'USD' as const,
        priority: row.priority,
        startsAt: row.starts_on,
        endsAt: row.ends_on,
        entries: Number(row.entries ?? 0),
        companies: companies.get(row.id) ?? [],
      }));
    },

    async find(id: string): Promise<PriceList | undefined> {
      if (!isId(id)) return undefined;
      const row = await db
        .selectFrom('price_lists')
        .select(['id', 'name', 'priority', 'version', sql<string | null>`starts_on::text`.as('starts_on'), sql<string | null>`ends_on::text`.as('ends_on')])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const [entries, tiers, companies, warnings] = await Promise.all([
        db
          .selectFrom('price_list_entries')
          .leftJoin('parts', 'parts.id', 'price_list_entries.part_id')
          .selectAll('price_list_entries')
          .select('parts.part_number')
          .where('price_list_id', '=', id)
          .orderBy('category_slug')
          .orderBy('parts.part_number')
          .execute(),
        db
          .selectFrom('price_list_tiers')
          .innerJoin('price_list_entries', 'price_list_entries.id', 'price_list_tiers.entry_id')
          .select(['price_list_tiers.entry_id', 'price_list_tiers.min_quantity', 'price_list_tiers.unit_price_cents', 'price_list_tiers.percent_off_bp'])
          .where('price_list_entries.price_list_id', '=', id)
          .orderBy('price_list_tiers.min_quantity')
          .execute(),
        companiesOf([id]),
        warningsOf(id),
      ]);
      return {
        id: row.id,
        name: row.name,
        currency: 'USD',
        priority: row.priority,
        startsAt: row.starts_on,
        endsAt: row.ends_on,
        version: row.version,
        companies: companies.get(id) ?? [],
        entries: entries.map((entry) => ({
          ...(entry.part_id !== null ? { partId: entry.part_id, partNumber: entry.part_number ?? '' } : { category: entry.category_slug ?? '' }),
          ...fromRate(entry),
          tiers: tiers.filter((tier) => tier.entry_id === entry.id).map((tier) => ({ minQuantity: tier.min_quantity, ...fromRate(tier) })),
        })),
        warnings,
      };
    },

    /**
     * Changes the fields sent; `entries`, when sent, replace the list's. Its name after, or why
     * not; a new name another list has throws the unique violation (`nameTakenOr` reads it).
     */
    /**
     * Changes the fields sent, one more on the list's version. With `expectedVersion`, a list saved
     * by someone else since (its version moved on) is 'changed', nothing written; the row is locked
     * first, so the check holds until the change is written (decision 125).
     */
    async update(id: string, changes: PriceListUpdate): Promise<{ name: string } | EntriesProblem | 'changed' | undefined> {
      if (!isId(id)) return undefined;
      const current = await db
        .selectFrom('price_lists')
        .select(['name', 'version', sql<string | null>`starts_on::text`.as('starts_on'), sql<string | null>`ends_on::text`.as('ends_on')])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!current) return undefined;
      if (changes.expectedVersion !== undefined && changes.expectedVersion !== current.version) return 'changed';
      const startsOn = changes.startsAt === undefined ? current.starts_on : changes.startsAt;
      const endsOn = changes.endsAt === undefined ? current.ends_on : changes.endsAt;
      if (startsOn && endsOn && startsOn > endsOn) return { problem: priceListMessages.dates };
      if (changes.entries) {
        const entries = await resolved(changes.entries);
        if ('problem' in entries) return entries;
        await db.deleteFrom('price_list_entries').where('price_list_id', '=', id).execute();
        await insertEntries(id, entries.entries);
      }
      return db
        .updateTable('price_lists')
        .set({
          ...(changes.name !== undefined && { name: changes.name }),
          ...(changes.priority !== undefined && { priority: changes.priority }),
          starts_on: startsOn,
          ends_on: endsOn,
          version: sql<number>`version + 1`,
        })
        .where('id', '=', id)
        .returning('name')
        .executeTakeFirstOrThrow();
    },

    /** Deletes a list (its entries and assignments go with it); its name, or undefined. */
    async remove(id: string): Promise<{ name: string } | undefined> {
      if (!isId(id)) return undefined;
      return db.deleteFrom('price_lists').where('id', '=', id).returning('name').executeTakeFirst();
    },

    /** The ids of a company's lists, by priority. */
    async ofCompany(companyId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('company_price_lists')
        .innerJoin('price_lists', 'price_lists.id', 'company_price_lists.price_list_id')
        .select('price_lists.id')
        .where('company_price_lists.company_id', '=', companyId)
        .orderBy('price_lists.priority')
        .orderBy('price_lists.name')
        .execute();
      return rows.map((row) => row.id);
    },

    /** Makes `listIds` the company's lists: their names, or undefined when one does not exist. */
    async assign(companyId: string, listIds: readonly string[]): Promise<string[] | undefined> {
      const unique = [...new Set(listIds)];
      const lists = unique.every(isId) && unique.length > 0 ? await db.selectFrom('price_lists').select(['id', 'name']).where('id', 'in', unique).orderBy('priority').orderBy('name').execute() : [];
      if (lists.length !== unique.length) return undefined;
      await db.deleteFrom('company_price_lists').where('company_id', '=', companyId).execute();
      if (unique.length > 0) await db.insertInto('company_price_lists').values(unique.map((id) => ({ company_id: companyId, price_list_id: id }))).execute();
      return lists.map((list) => list.name);
    },
  };
}
