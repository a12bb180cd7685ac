import {
  catalogueDataMessages,
  catalogueMessages,
  centsToDollars,
  dollarsToCents,
  isCatalogueWarning,
  partChangeMessages,
  partChangesInputSchema,
  partNumberSchema,
  PRICE_BREAKS_MAX,
  PRICE_MAX,
  moneyAtMostMessage,
  priceBreaksProblem,
  priceBreaksToDollars,
  REPLACED_CODES,
  isEnded,
  type CatalogueProblem,
  directionControlMessage,
  hasNoDirectionControl,
  hasVisibleText,
} from '@autoparts/shared';
import { sql } from 'kysely';
import { schemaWords } from '../../../plugins/errors';
import type { ImportContext, Importer } from '../importer';
import { createPartChangesRepository, takeReplacementTurn } from '../../part-changes/repository';
import { createPartsRepository } from '../../parts/repository';
import type { CatalogueItem, ReadRecord } from './item';
import { readPies } from './reader';

/** Items written per round trip. */
export const IMPORT_BATCH = 500;
/** Items read back per round trip in the second pass. */
const PENDING_PAGE = 1_000;

type Outcome = 'added' | 'changed' | 'unchanged';

/** An item's fields that the second pass applies (the rest is dropped once its batch is written). */
type PartChangeFields = Pick<CatalogueItem, 'partNumber' | 'lifecycle' | 'replacedBy' | 'replaces' | 'interchange' | 'kit'>;

/** What is left to do for an item once every item of the file is written: its life cycle, replacement, interchange and kit (a row of `pies_pending`). */
interface Pending {
  id: string;
  line: number;
  item: PartChangeFields;
  outcome: Outcome;
  /** Whether its life cycle, interchange, kit or the numbers it replaces differ from what is stored. */
  partChanged: boolean;
  /** The number of the part that replaces it as stored, or null. */
  storedReplacer: string | null;
}

/** `importPies`: a PIES 7.2 file, read as a stream. */
export const importPies: Importer = (input, context) => importItems(readPies(input), context);

/**
 * Creates or updates parts by part number from `records` (decision 074): items are checked and
 * written `IMPORT_BATCH` at a time; then, with every part of the file in place, each item's life
 * cycle, replacement, interchange numbers and kit go through the rules of Manage Products
 * (`part-changes/repository.ts` `apply`), so a replacement or a kit component may come later in
 * the file. What that second pass needs of each item waits in a temporary table of the import's
 * transaction, not in memory (at 100,000 items it was half the shop's live heap). A new part
 * without a category of its own goes to its part type's (decision 084); its stock is 0.
 */
export async function importItems(
  records: AsyncIterable<ReadRecord>,
  context: ImportContext,
  { namesReplacements = () => true }: { namesReplacements?: () => boolean } = {},
): Promise<void> {
  await sql`
    create temporary table pies_pending (
      seq integer generated always as identity primary key, id uuid not null, line integer not null,
      part_number text not null unique, item jsonb not null, outcome text not null, part_changed boolean not null, stored_replacer text
    ) on commit drop
  `.execute(context.trx);
  const seen = new Set<string>();
  let batch: Array<{ line: number; item: CatalogueItem }> = [];
  // Every record read, rejected ones too: a file of nothing but problems still shows how far it is.
  let read = 0;
  const reject = (problems: CatalogueProblem[]) => {
    for (const problem of problems) context.problem(problem);
    context.counts.rejected += 1;
  };
  // The replacements' turn an admin's supersession takes before its rows (decision 175) is taken
  // before this import writes or locks its first row, when its file can name a new replacement
  // (decision 184): taken later, after the first pass's rows, an admin holding the turn and
  // waiting for one of those rows, and the import waiting for the turn, were a deadlock.
  let hasTurn = false;
  const flush = async () => {
    if (!hasTurn && namesReplacements()) {
      await takeReplacementTurn(context.trx);
      hasTurn = true;
    }
    await keepPending(await writeBatch(batch, context, reject), context);
    batch = [];
  };

  for await (const record of records) {
    if ('fatal' in record) {
      context.fatal(record.fatal);
      return;
    }
    read += 1;
    if (read % IMPORT_BATCH === 0) context.progress(read, undefined, 'reading');
    const { line, item, problems } = record;
    // The shop's own photo, as its PIES export writes it (absolute), is its path again.
    if (item.photoUrl && context.baseUrl && item.photoUrl.startsWith(`${context.baseUrl}/`)) item.photoUrl = item.photoUrl.slice(context.baseUrl.length);
    // The one rule of our part numbers (the catalogue editor's): "brk-3007" is BRK-3007.
    const number = item.partNumber ? partNumberSchema.safeParse(item.partNumber) : undefined;
    if (number?.success) item.partNumber = number.data;
    if (number && !number.success) {
      problems.push({ line, ref: item.partNumber, code: 'invalid-value', message: `Part number "${item.partNumber}": ${catalogueMessages.partNumber}.` });
    } else if (seen.has(item.partNumber)) {
      problems.push({ line, ref: item.partNumber, code: 'duplicate', message: `Part number ${item.partNumber} is in the file twice; the first one counts.` });
    }
    seen.add(item.partNumber);
    // A warning (a price yet to come) is told and the item is taken all the same.
    const refusals = problems.filter(({ code }) => !isCatalogueWarning(code));
    if (refusals.length === 0) for (const warning of problems) context.problem(warning);
    if (refusals.length > 0) {
      reject(problems);
      continue;
    }
    batch.push({ line, item });
    if (batch.length >= IMPORT_BATCH) await flush();
  }
  if (batch.length > 0) await flush();
  await applyPartChanges(context, hasTurn);
}

/** Stores a batch's pending items after those stored before, in the order given (`seq`). */
async function keepPending(pending: Pending[], { trx }: ImportContext): Promise<void> {
  if (pending.length === 0) return;
  const rows = pending.map((entry) => ({
    id: entry.id,
    line: entry.line,
    part_number: entry.item.partNumber,
    // JSON leaves out what is undefined, so an item's "leave as it is" survives the round trip.
    item: entry.item,
    outcome: entry.outcome,
    part_changed: entry.partChanged,
    stored_replacer: entry.storedReplacer,
  }));
  await sql`
    insert into pies_pending (id, line, part_number, item, outcome, part_changed, stored_replacer)
    select r.id, r.line, r.part_number, r.item, r.outcome, r.part_changed, r.stored_replacer
    from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) with ordinality as e(value, n)
    cross join lateral jsonb_to_record(e.value) as r(id uuid, line integer, part_number text, item jsonb, outcome text, part_changed boolean, stored_replacer text)
    order by e.n
  `.execute(trx);
}

/** A row of `pies_pending` as a `Pending`. */
const pendingColumns = sql`id, line, item, outcome, part_changed as "partChanged", stored_replacer as "storedReplacer"`;

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const byKey = <T>(rows: T[], key: (row: T) => string) => [...rows].sort((a, b) => key(a).localeCompare(key(b)));
const descriptionKey = (row: { code: string; language: string }) => `${row.code}|${row.language}`;

async function writeBatch(
  batch: Array<{ line: number; item: CatalogueItem }>,
  context: ImportContext,
  reject: (problems: CatalogueProblem[]) => void,
): Promise<Pending[]> {
  const { trx, counts } = context;
  const numbers = batch.map(({ item }) => item.partNumber);
  const stored = await trx
    .selectFrom('parts')
    .leftJoin('parts as replacer', 'replacer.id', 'parts.replaced_by')
    .select([
      'parts.id',
      'parts.part_number',
      'parts.name',
      'parts.description',
      'parts.img',
      'parts.price_cents',
      'parts.min_order_quantity',
      'parts.category_slug',
      'parts.gtin',
      'parts.package_gtin',
      'parts.brand_aaia_id',
      'parts.part_terminology_id',
      'parts.weight_grams',
      'parts.package_length_mm',
      'parts.package_width_mm',
      'parts.package_height_mm',
      'parts.lifecycle_code',
      'parts.archived_at',
      'replacer.part_number as replacer',
    ])
    .where('parts.part_number', 'in', numbers)
    .execute();
  const ids = stored.map((row) => row.id);
  const [descriptions, breaks, interchange, kits, replaced, categories] = await Promise.all([
    ids.length === 0 ? [] : trx.selectFrom('part_descriptions').select(['part_id', 'code', 'language', 'text']).where('part_id', 'in', ids).execute(),
    ids.length === 0 ? [] : trx.selectFrom('part_price_breaks').select(['part_id', 'min_quantity', 'unit_price_cents']).where('part_id', 'in', ids).orderBy('min_quantity').execute(),
    ids.length === 0 ? [] : trx.selectFrom('part_interchange').select(['part_id', 'brand', 'brand_kind', 'part_number', 'quantity']).where('part_id', 'in', ids).orderBy('position').execute(),
    ids.length === 0
      ? []
      : trx
          .selectFrom('part_kit_components')
          .innerJoin('parts', 'parts.id', 'part_kit_components.component_id')
          .select(['part_kit_components.kit_id', 'parts.part_number', 'part_kit_components.quantity'])
          .where('part_kit_components.kit_id', 'in', ids)
          .orderBy('part_kit_components.position')
          .execute(),
    ids.length === 0 ? [] : trx.selectFrom('parts').select(['replaced_by', 'part_number']).where('replaced_by', 'in', ids).execute(),
    batch.some(({ item }) => item.categorySlug) ? trx.selectFrom('categories').select('slug').execute() : [],
  ]);
  const group = <T, K extends keyof T>(rows: T[], key: K) => {
    const map = new Map<T[K], T[]>();
    for (const row of rows) map.set(row[key], [...(map.get(row[key]) ?? []), row]);
    return map;
  };
  const byNumber = new Map(stored.map((row) => [row.part_number, row]));
  // A number an admin corrected away (decision 112) is no part's to update, and none may be added under it (decision 115).
  const unknown = numbers.filter((number) => !byNumber.has(number));
  const formerOf = new Map(
    (unknown.length === 0
      ? []
      : await trx
          .selectFrom('part_former_numbers')
          .innerJoin('parts', 'parts.id', 'part_former_numbers.part_id')
          .select(['part_former_numbers.part_number as former', 'parts.part_number as current'])
          .where('part_former_numbers.part_number', 'in', unknown)
          .execute()
    ).map((row) => [row.former, row.current]),
  );
  const [descriptionsOf, breaksOf, interchangeOf, kitOf, replacedOf] = [
    group(descriptions, 'part_id'),
    group(breaks, 'part_id'),
    group(interchange, 'part_id'),
    group(kits, 'kit_id'),
    group(replaced, 'replaced_by'),
  ];
  const categorySlugs = new Set(categories.map((row) => row.slug));

  const out: Pending[] = [];
  const itemOf = new Map<string, CatalogueItem>();
  const rowsOf = new Map<string, { descriptions: boolean; breaks: boolean }>();
  const inserts: Array<{ line: number; item: CatalogueItem; values: ReturnType<typeof columns> & { name: string; price_cents: number; part_number: string; lifecycle_code?: string } }> = [];
  for (const { line, item } of batch) {
    const current = byNumber.get(item.partNumber);
    const nowNumbered = formerOf.get(item.partNumber);
    if (nowNumbered !== undefined) {
      reject([{ line, ref: item.partNumber, code: 'former-number', message: catalogueDataMessages.formerNumber(item.partNumber, nowNumbered) }]);
      continue;
    }
    if (item.archive) {
      await archive(item.partNumber, line, current, context);
      continue;
    }
    const problems: CatalogueProblem[] = [];
    const problem = (code: CatalogueProblem['code'], message: string) => problems.push({ line, ref: item.partNumber, code, message });
    if (!current && item.name === undefined) problem('missing-field', `New part ${item.partNumber} has no name (a DES description).`);
    // What shows on the part's page must show something, as Add a Product's fields (`visibleTextField`).
    if (item.name !== undefined && !hasVisibleText(item.name)) problem('invalid-value', catalogueDataMessages.invisibleText('The name'));
    if (item.description !== undefined && item.description !== '' && !hasVisibleText(item.description)) problem('invalid-value', catalogueDataMessages.invisibleText('The description'));
    for (const row of item.descriptions ?? []) if (!hasVisibleText(row.text)) problem('invalid-value', catalogueDataMessages.invisibleText(`The ${row.code} description`));
    // Nor a text-direction control, as Add a Product's fields (decision 220): a buyer would read it otherwise than it is.
    if (item.name !== undefined && !hasNoDirectionControl(item.name)) problem('invalid-value', directionControlMessage('The name'));
    if (item.description !== undefined && !hasNoDirectionControl(item.description)) problem('invalid-value', directionControlMessage('The description'));
    for (const row of item.descriptions ?? []) if (!hasNoDirectionControl(row.text)) problem('invalid-value', directionControlMessage(`The ${row.code} description`));
    if (!current && item.listPrice === undefined) problem('missing-field', `New part ${item.partNumber} has no list price.`);
    // The shop's cap on a price, in its words (the editor's): a file's 9,999,999.99 (CSV) or
    // 999,999,999 (PIES) was taken, past what any form takes or a 32-bit column holds.
    if (item.listPrice !== undefined && item.listPrice > dollarsToCents(PRICE_MAX)) problem('invalid-value', moneyAtMostMessage('The list price', PRICE_MAX));
    for (const tier of item.priceBreaks ?? []) {
      if (tier.unitPriceCents > dollarsToCents(PRICE_MAX)) problem('invalid-value', moneyAtMostMessage(`The price from ${tier.minQuantity}`, PRICE_MAX));
    }
    if (item.categorySlug && !categorySlugs.has(item.categorySlug)) problem('invalid-value', `There is no category "${item.categorySlug}".`);
    const listPrice = item.listPrice ?? current?.price_cents;
    if (item.priceBreaks && item.priceBreaks.length > PRICE_BREAKS_MAX) problem('invalid-value', `At most ${PRICE_BREAKS_MAX} price breaks.`);
    // Breaks the item leaves as they are must still fall below a new list price.
    const tiers = item.priceBreaks ?? (current && item.listPrice !== undefined ? (breaksOf.get(current.id) ?? []).map((row) => ({ minQuantity: row.min_quantity, unitPriceCents: row.unit_price_cents })) : undefined);
    const tierProblem = tiers && priceBreaksProblem(priceBreaksToDollars(tiers), listPrice === undefined ? undefined : centsToDollars(listPrice));
    if (tierProblem) problem('invalid-value', tierProblem);
    for (const row of item.descriptions ?? []) {
      if (!/^[A-Z]{3}$/.test(row.code) || !/^[A-Z]{2}$/.test(row.language)) problem('invalid-value', `Description code "${row.code}" and language "${row.language}" must be three and two letters.`);
    }
    for (const [field, rows] of [['interchange', item.interchange], ['kit', item.kit]] as const) {
      const parsed = rows === undefined ? undefined : partChangesInputSchema.shape[field].safeParse(rows);
      if (parsed && !parsed.success) problem('part-change', schemaWords(parsed.error, `The ${field} rows cannot stand.`));
    }
    if (problems.length > 0) {
      reject(problems);
      continue;
    }

    const values = columns(item);
    if (!current) {
      // A new part's life cycle that names no replacement needs no rule: it is written with the part.
      const lifecycle = item.lifecycle !== undefined && !REPLACED_CODES.includes(item.lifecycle) ? { lifecycle_code: item.lifecycle } : {};
      inserts.push({ line, item, values: { ...values, ...lifecycle, name: item.name ?? '', price_cents: item.listPrice ?? 0, part_number: item.partNumber } });
      continue;
    }
    const set = Object.fromEntries(Object.entries(values).filter(([key, value]) => value !== undefined && current[key as keyof typeof current] !== value));
    const descriptionsChanged =
      item.descriptions !== undefined &&
      !sameJson(byKey(item.descriptions, descriptionKey), byKey((descriptionsOf.get(current.id) ?? []).map(({ code, language, text }) => ({ code, language, text })), descriptionKey));
    const breaksChanged =
      item.priceBreaks !== undefined &&
      !sameJson(item.priceBreaks, (breaksOf.get(current.id) ?? []).map((row) => ({ minQuantity: row.min_quantity, unitPriceCents: row.unit_price_cents })));
    const partChanged =
      (item.lifecycle !== undefined && item.lifecycle !== current.lifecycle_code) ||
      (item.replacedBy !== undefined && item.replacedBy !== current.replacer) ||
      (item.replaces !== undefined && !sameJson([...item.replaces].sort(), (replacedOf.get(current.id) ?? []).map((row) => row.part_number).sort())) ||
      (item.interchange !== undefined &&
        !sameJson(item.interchange, (interchangeOf.get(current.id) ?? []).map((row) => ({ brand: row.brand, brandKind: row.brand_kind, partNumber: row.part_number, quantity: row.quantity })))) ||
      (item.kit !== undefined && !sameJson(item.kit, (kitOf.get(current.id) ?? []).map((row) => ({ partNumber: row.part_number, quantity: row.quantity }))));
    const changed = Object.keys(set).length > 0 || descriptionsChanged || breaksChanged || partChanged;
    if (Object.keys(set).length > 0) await trx.updateTable('parts').set(set).where('id', '=', current.id).execute();
    rowsOf.set(current.id, { descriptions: descriptionsChanged, breaks: breaksChanged });
    itemOf.set(current.id, item);
    const outcome: Outcome = changed ? 'changed' : 'unchanged';
    counts[outcome] += 1;
    out.push({ id: current.id, line, item: partChangeFields(item), outcome, partChanged, storedReplacer: current.replacer });
  }

  if (inserts.length > 0) {
    await categoriseByPartType(inserts, context);
    const added = await trx
      .insertInto('parts')
      .values(inserts.map(({ values }) => ({ ...values, description: values.description ?? '', img: values.img ?? '', available_quantity: 0, weight_grams: values.weight_grams ?? 0 })))
      .returning(['id', 'part_number'])
      .execute();
    const idOf = new Map(added.map((row) => [row.part_number, row.id]));
    for (const { line, item } of inserts) {
      const id = idOf.get(item.partNumber) ?? '';
      rowsOf.set(id, { descriptions: true, breaks: true });
      counts.added += 1;
      itemOf.set(id, item);
      out.push({ id, line, item: partChangeFields(item), outcome: 'added', partChanged: hasPartChangesToApply(item), storedReplacer: null });
    }
  }

  // A part's descriptions and price breaks are replaced as a set when they changed.
  const descriptionsFor = [...rowsOf].filter(([, what]) => what.descriptions).map(([id]) => id);
  const breaksFor = [...rowsOf].filter(([, what]) => what.breaks).map(([id]) => id);
  if (descriptionsFor.length > 0) {
    await trx.deleteFrom('part_descriptions').where('part_id', 'in', descriptionsFor).execute();
    const rows = descriptionsFor.flatMap((id) => (itemOf.get(id)?.descriptions ?? []).map((row) => ({ part_id: id, code: row.code, language: row.language, text: row.text.slice(0, 2000) })));
    if (rows.length > 0) await trx.insertInto('part_descriptions').values(rows).execute();
  }
  if (breaksFor.length > 0) {
    await trx.deleteFrom('part_price_breaks').where('part_id', 'in', breaksFor).execute();
    const rows = breaksFor.flatMap((id) => (itemOf.get(id)?.priceBreaks ?? []).map((tier) => ({ part_id: id, min_quantity: tier.minQuantity, unit_price_cents: tier.unitPriceCents })));
    if (rows.length > 0) await trx.insertInto('part_price_breaks').values(rows).execute();
  }
  return out;
}

/**
 * A PIES Item of MaintenanceType D: the part leaves the shop as Manage Products archives it (its
 * orders keep it), counted deleted; one already archived is unchanged; one the shop lacks is never
 * created: unchanged, with a `not-applied` warning (decision 074).
 */
async function archive(partNumber: string, line: number, current: { id: string; archived_at: Date | null } | undefined, context: ImportContext): Promise<void> {
  const { trx, counts } = context;
  if (!current) {
    counts.unchanged += 1;
    context.problem({ line, ref: partNumber, code: 'not-applied', message: `${partNumber} is not a part of the shop: its Item of MaintenanceType D deletes nothing, and no part is added.` });
    return;
  }
  if (current.archived_at !== null) {
    counts.unchanged += 1;
    return;
  }
  await createPartsRepository(trx).setArchived(current.id, true);
  counts.deleted += 1;
}

/** What the second pass needs of an item: its row of `pies_pending` keeps no more. */
function partChangeFields({ partNumber, lifecycle, replacedBy, replaces, interchange, kit }: CatalogueItem): PartChangeFields {
  return { partNumber, lifecycle, replacedBy, replaces, interchange, kit };
}

/**
 * Whether a new part has anything for the second pass: a life cycle that needs a replacement, a
 * replacement, interchange numbers or a kit. (One named as replaced by another item is found by
 * that item's `replaces`.)
 */
function hasPartChangesToApply(item: CatalogueItem): boolean {
  return (
    (item.lifecycle !== undefined && REPLACED_CODES.includes(item.lifecycle)) ||
    (item.replacedBy !== undefined && item.replacedBy !== null) ||
    (item.interchange?.length ?? 0) > 0 ||
    (item.kit?.length ?? 0) > 0
  );
}

/**
 * A new part without a category of its own goes to the category its part type is mapped to
 * (decision 084); a part type without one is an `unmapped-part-type` warning, and the part is
 * added without a category.
 */
async function categoriseByPartType(inserts: Array<{ line: number; item: CatalogueItem; values: { category_slug?: string | null } }>, context: ImportContext): Promise<void> {
  const typed = inserts.filter(({ item, values }) => !values.category_slug && item.partTerminologyId !== undefined && item.partTerminologyId !== null);
  const typeIds = [...new Set(typed.map(({ item }) => item.partTerminologyId as number))];
  if (typeIds.length === 0) return;
  const rows = await context.trx
    .selectFrom('pcdb_part_types as t')
    .leftJoin('part_type_categories as m', 'm.part_type_id', 't.id')
    .select(['t.id', 't.name', 'm.category_slug'])
    .where('t.id', 'in', typeIds)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const { line, item, values } of typed) {
    const type = byId.get(item.partTerminologyId as number);
    if (type?.category_slug) {
      values.category_slug = type.category_slug;
      continue;
    }
    context.problem({
      line,
      ref: item.partNumber,
      code: 'unmapped-part-type',
      message: `New part ${item.partNumber} is added without a category: its part type ${item.partTerminologyId}${type ? ` (${type.name})` : ''} is not mapped to one. Map it under Part type categories, then give the part its category.`,
    });
  }
}

/** The `parts` columns an item sets; undefined leaves a column as it is. */
function columns(item: CatalogueItem) {
  const pack = item.package;
  return {
    name: item.name,
    description: item.description,
    img: item.photoUrl,
    price_cents: item.listPrice,
    min_order_quantity: item.minOrderQuantity,
    category_slug: item.categorySlug,
    gtin: item.gtin,
    package_gtin: pack && pack.gtin,
    brand_aaia_id: item.brandAaiaId,
    part_terminology_id: item.partTerminologyId,
    weight_grams: pack && (pack.weightGrams ?? 0),
    package_length_mm: pack && pack.lengthMm,
    package_width_mm: pack && pack.widthMm,
    package_height_mm: pack && pack.heightMm,
  };
}

/**
 * The second pass, once every part of the file exists: life cycles and replacements (a PIES item
 * names the numbers it replaces; a CSV row the number replacing it), interchange numbers and kits,
 * each checked by Manage Products' rules. A part's replacement named by an item of the file wins;
 * one the file's items no longer name is dropped, unless it was given by a part whose item does
 * not say what it replaces (outside the file, or without PartInterchangeInfo).
 */
async function applyPartChanges(context: ImportContext, hasTurn: boolean): Promise<void> {
  const { trx, counts } = context;
  const changes = createPartChangesRepository(trx);
  const replacerOf = new Map<string, { by: string; line: number }>();
  const replacing = await sql<{ old: string; by: string; line: number }>`
    select r.old, p.part_number as by, p.line
    from pies_pending p cross join lateral jsonb_array_elements_text(p.item -> 'replaces') as r(old)
    where jsonb_typeof(p.item -> 'replaces') = 'array'
    order by p.seq
  `.execute(trx);
  for (const { old, by, line } of replacing.rows) replacerOf.set(old, { by, line });
  const tellingReplaces = await sql<{ part_number: string }>`select part_number from pies_pending where jsonb_typeof(item -> 'replaces') = 'array'`.execute(trx);
  const saysWhatItReplaces = new Set(tellingReplaces.rows.map((row) => row.part_number));
  const refuse = (entry: Pending | undefined, problem: CatalogueProblem) => {
    context.problem(problem);
    if (!entry) return;
    counts.rejected += 1;
    counts[entry.outcome] -= 1;
  };
  // A new replacement the file names is applied holding the replacements' turn an admin's takes
  // (decision 181), taken before the first pass wrote anything (decision 184): an admin's
  // supersession at the same moment waits for the import to commit and then sees its replacements
  // (or the import sees the admin's), so the two cannot close a circle through parts neither names
  // (decision 175). A file that cannot name one (a parts CSV without replacedBy) only keeps or
  // drops stored replacements, which close no circle; one that did anyway is a fault of ours.
  const apply = async (id: string, change: Parameters<typeof changes.apply>[1], stored: string | null) => {
    if (!hasTurn && typeof change.replacedBy === 'string' && change.replacedBy !== stored) {
      throw new Error(`a new replacement (${change.replacedBy}) from a file said to name none`);
    }
    return changes.apply(id, change);
  };
  // A circle, closed by the file's replacements alone or with the shop's, ends the file: skipping
  // the item that closed it would keep the others, a choice left to the order of the items.
  const circle = (line: number, ref: string, chain: string[]) => context.fatal({ line, ref, code: 'part-change', message: catalogueDataMessages.replacementCircle(chain) });
  const codeOf = (message: string, number: string | null | undefined): CatalogueProblem['code'] =>
    number && (message === partChangeMessages.replacementMissing(number) || message === partChangeMessages.componentMissing(number)) ? 'unknown-part' : 'part-change';

  // The second pass's own progress (decision 147): it took minutes at 100,000 items, and counted from 0 again with no total.
  const pending = Number((await sql<{ count: string }>`select count(*) as count from pies_pending`.execute(trx)).rows[0]?.count ?? 0);
  let done = 0;
  context.progress(done, pending, 'writing');
  for (let after = 0; ; ) {
    const page = await sql<Pending & { seq: number }>`
      select seq, ${pendingColumns} from pies_pending where seq > ${after} order by seq limit ${PENDING_PAGE}
    `.execute(trx);
    for (const entry of page.rows) {
      const { item } = entry;
      const named = replacerOf.get(item.partNumber)?.by;
      // A life cycle that takes no replacement (back on sale) drops the stored one: the item comes
      // alone in a net change, nothing replacing it any longer to say so (decision 134).
      const keepsStored = item.lifecycle === undefined || REPLACED_CODES.includes(item.lifecycle) || isEnded(item.lifecycle);
      const replacedBy =
        item.replacedBy !== undefined ? item.replacedBy : named ?? (entry.storedReplacer && keepsStored && !saysWhatItReplaces.has(entry.storedReplacer) ? entry.storedReplacer : null);
      if (entry.partChanged || replacedBy !== entry.storedReplacer) {
        const outcome = await apply(entry.id, { lifecycle: item.lifecycle, replacedBy, interchange: item.interchange, kit: item.kit }, entry.storedReplacer);
        if (outcome?.circle) return circle(entry.line, item.partNumber, outcome.circle);
        if (outcome) {
          const missing = outcome.problem === partChangeMessages.replacementMissing(replacedBy ?? '') ? replacedBy : item.kit?.find((row) => outcome.problem === partChangeMessages.componentMissing(row.partNumber))?.partNumber;
          refuse(entry, { line: entry.line, ref: item.partNumber, code: codeOf(outcome.problem, missing), message: outcome.problem });
        }
      }
      done += 1;
      if (done % IMPORT_BATCH === 0) context.progress(done, pending, 'writing');
    }
    const last = page.rows.at(-1);
    if (!last) break;
    after = last.seq;
  }

  // The written items that replace or are replaced (a number is in the file once: `seen`).
  const numbers = [...new Set([...replacerOf].flatMap(([old, { by }]) => [old, by]))];
  const named = numbers.length === 0 ? [] : (await sql<Pending>`select ${pendingColumns} from pies_pending where part_number = any(${numbers}::text[])`.execute(trx)).rows;
  const byNumber = new Map(named.map((entry) => [entry.item.partNumber, entry]));

  // An older number named by an item but not in the file itself: it must exist, and takes the replacement.
  for (const [old, { by, line }] of replacerOf) {
    if (byNumber.has(old)) continue;
    const row = await trx.selectFrom('parts').select('id').where('part_number', '=', old).executeTakeFirst();
    if (!row) {
      refuse(byNumber.get(by), { line, ref: by, code: 'unknown-part', message: `${by} replaces ${old}, which is not a part of the shop.` });
      continue;
    }
    const outcome = await apply(row.id, { replacedBy: by }, null);
    if (outcome?.circle) return circle(line, by, outcome.circle);
    if (outcome) refuse(byNumber.get(by), { line, ref: by, code: 'part-change', message: `${old}: ${outcome.problem}` });
  }
}
