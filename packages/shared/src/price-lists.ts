import { z } from 'zod';
import { adminMessages } from './admin';
import { moneyField, queryWholeNumber, withoutDirectionControls } from './form-fields';
import { PRICE_MAX } from './catalogue-constants';
import { bpToPercent, formatCents, formatPercent, formatPrice, moneyAtMostMessage, parseMoneyText, rateCents, type MemberPrice, type PriceBreakCents } from './money';
import { groupedNumber } from './text';

/**
 * Contract prices (issue 31 part 2, decision 080): price lists of fixed unit prices or percentages
 * off the list price, for parts or whole categories, with quantity tiers, assigned to companies.
 * The arithmetic is here, in integer cents and basis points (1,200 is 12 %), shared by the server
 * (which decides) and the browser (which only shows).
 */

/** A price in a list: exactly one of a unit price in cents or a percentage off in basis points. */
export type ContractRate = { unitPriceCents: number; percentOffBp?: undefined } | { percentOffBp: number; unitPriceCents?: undefined };
export type ContractTier = ContractRate & { minQuantity: number };
export type ContractEntry = ContractRate & { partId: string | null; categorySlug: string | null; tiers: readonly ContractTier[] };
export interface ContractList {
  id: string;
  name: string;
  /** 1 comes first. */
  priority: number;
  /** `YYYY-MM-DD`, both days included; null: open. */
  startsOn: string | null;
  endsOn: string | null;
  entries: readonly ContractEntry[];
}
export interface PricedPart {
  id: string;
  categorySlug: string | null;
  listPriceCents: number;
}
export interface ContractPrice {
  unitPriceCents: number;
  list: ContractList;
  entry: ContractEntry;
  /** The tier the quantity reached, or undefined for the entry's own price. */
  tier: ContractTier | undefined;
}

/** Whether a list is in force on `day` (`YYYY-MM-DD`); the strings compare as the dates do. */
export function listInForce(list: Pick<ContractList, 'startsOn' | 'endsOn'>, day: string): boolean {
  return (list.startsOn === null || list.startsOn <= day) && (list.endsOn === null || day <= list.endsOn);
}

/**
 * The contract price of `quantity` units of `part` on `day`, or undefined when no list prices it
 * (the part then keeps its list price and price breaks). The company's lists in force are tried by
 * priority (then by name, so equal priorities still decide the same way); the first that prices the
 * part wins, and within a list the part's own entry comes before its category's. The deepest tier
 * the quantity reaches applies, else the entry's own price.
 */
export function contractPrice(lists: readonly ContractList[], part: PricedPart, quantity: number, day: string): ContractPrice | undefined {
  const ordered = lists.filter((list) => listInForce(list, day)).sort((a, b) => a.priority - b.priority || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  for (const list of ordered) {
    const entry =
      list.entries.find((candidate) => candidate.partId === part.id) ??
      (part.categorySlug === null ? undefined : list.entries.find((candidate) => candidate.partId === null && candidate.categorySlug === part.categorySlug));
    if (!entry) continue;
    let tier: ContractTier | undefined;
    for (const candidate of entry.tiers) {
      if (quantity >= candidate.minQuantity && (!tier || candidate.minQuantity > tier.minQuantity)) tier = candidate;
    }
    return { unitPriceCents: rateCents(tier ?? entry, part.listPriceCents), list, entry, tier };
  }
  return undefined;
}

/** A member's price of a part: the lower of its contract price (with the list that gave it) and retail (money.ts' `memberPrice`). */
export type MemberContractPrice = MemberPrice<ContractPrice>;

/**
 * The member's price breaks, for a reply whose browser works out a quantity's price with
 * `unitPriceCents(quantity, priceAt(1), breaks)`: one at each quantity where a contract tier or a
 * retail break starts (`starts`) and the member's price changes. Both prices are the same between
 * two such quantities, so their lower one is too.
 */
export function memberPriceBreaks(priceAt: (quantity: number) => number, starts: readonly number[]): PriceBreakCents[] {
  const breaks: PriceBreakCents[] = [];
  let previous = priceAt(1);
  for (const minQuantity of [...new Set(starts)].filter((start) => start > 1).sort((a, b) => a - b)) {
    const cents = priceAt(minQuantity);
    if (cents !== previous) breaks.push({ minQuantity, unitPriceCents: cents });
    previous = cents;
  }
  return breaks;
}

/** Why a price is what it is, in words: "Fleetco brakes 2026, −12 %, tier 10+". */
export function contractRule(price: Pick<ContractPrice, 'list' | 'entry' | 'tier'>): string {
  const rate = price.tier ?? price.entry;
  const amount = rate.percentOffBp !== undefined ? `\u2212${formatPercent(bpToPercent(rate.percentOffBp))}` : `${formatCents(rate.unitPriceCents)} each`;
  const scope = price.entry.partId === null ? `, category ${price.entry.categorySlug}` : '';
  return `${price.list.name}${scope}, ${amount}${price.tier ? `, tier ${price.tier.minQuantity}+` : ''}`;
}

/**
 * Why a member pays retail although a list prices the part (decision 104): "Retail price break
 * 100+ ($5.99) is lower than the contract price of $7.91 (Fleetco 2026, category filters, −12 %),
 * so the member pays it".
 * `reached` is the retail price break the quantity reaches, if any.
 */
export function retailWinsRule(price: Pick<MemberPrice, 'retailCents'> & { contract: ContractPrice }, reached: Pick<PriceBreakCents, 'minQuantity'> | undefined): string {
  const retail = reached ? `Retail price break ${reached.minQuantity}+` : 'The list price';
  return `${retail} (${formatCents(price.retailCents)}) is lower than the contract price of ${formatCents(price.contract.unitPriceCents)} (${contractRule(price.contract)}), so the member pays it`;
}

export const PRICE_LIST_NAME_MAX = 120;
export const PRICE_LIST_PRIORITY_MAX = 1000;
/** A list holds at most this many entries (a whole catalogue of a few thousand parts fits), */
export const PRICE_LIST_ENTRIES_MAX = 10_000;
/** and an entry at most this many tiers, as a part's price breaks. */
export const PRICE_LIST_TIERS_MAX = 20;
/** A company is assigned at most this many lists. */
export const COMPANY_PRICE_LISTS_MAX = 20;
/** 10,000 entries with a few tiers each, as JSON. */
export const priceListsBodyLimit = 4 * 1024 * 1024;

/** The fields of `POST|PATCH /api/admin/price-lists`, as a refusal of any other names them. */
export const PRICE_LIST_FIELDS = ['name', 'priority', 'startsAt', 'endsAt', 'entries'] as const;

export const priceListMessages = {
  /** A field a price list does not have (`startsOn` for `startsAt`): a 400 naming it, not a list saved without it (decision 133). */
  unknownFields: (keys: readonly string[]) => `A price list has no field ${keys.join(', ')}; its fields are ${PRICE_LIST_FIELDS.join(', ')}.`,
  nameRequired: 'Price list name is required',
  nameTooLong: `Price list name must be at most ${PRICE_LIST_NAME_MAX} characters`,
  priority: `Priority is a whole number from 1 to ${PRICE_LIST_PRIORITY_MAX} (1 comes first)`,
  date: 'Dates are written YYYY-MM-DD',
  dates: 'The end date is on or after the start date',
  tooManyEntries: `A price list has at most ${groupedNumber(PRICE_LIST_ENTRIES_MAX)} entries`,
  tooManyTiers: `An entry has at most ${PRICE_LIST_TIERS_MAX} tiers`,
  target: 'Each entry names one part (partId or partNumber) or one category (category)',
  rate: 'Each entry and tier has a unit price or a percent off, not both',
  percentOff: 'Percent off is more than 0 and at most 100, with at most two decimals',
  minQuantity: 'A tier starts at a quantity of 2 or more',
  tiersRepeat: 'Each tier of an entry starts at a different quantity',
  entriesRepeat: 'Each part and each category appears once in a list',
  notFound: 'Price list not found',
  /** A 409: another list has the name, letter case and outer spaces aside (migration 0058). */
  /** `PATCH`'s 409 when the list was saved by someone else since the editor loaded it: the fact, in the words of the parts' (decision 125). */
  changed: adminMessages.fieldChanged('price list'),
  nameTaken: (name: string) => `A price list named “${name}” exists already. Edit that one or choose another name.`,
  partsNotFound: (ids: readonly string[]) => `These parts do not exist: ${ids.slice(0, 10).join(', ')}`,
  partNumbersNotFound: (numbers: readonly string[]) => `No part has these part numbers: ${numbers.slice(0, 10).join(', ')}`,
  categoriesNotFound: (slugs: readonly string[]) => `These categories do not exist: ${slugs.slice(0, 10).join(', ')}`,
  listsNotFound: 'One of the price lists does not exist',
  tooManyLists: `A company has at most ${COMPANY_PRICE_LISTS_MAX} price lists`,
  /** Asked before a list is deleted, naming the companies it is assigned to (they pay the list price for what it priced). */
  confirmDelete: (name: string, companies: readonly string[]) =>
    `Delete the price list “${name}”?${companies.length === 0 ? '' : ` It is assigned to ${companies.join(', ')}, who will pay the list price for what it priced.`}`,
  /** An entry's or the explain tool's part number left empty. */
  partNumber: 'Enter a part number',
  category: 'Choose a category',
  quantity: 'Quantity is a whole number from 1 to 100,000',
  /** A warning with a saved list, not a refusal (decision 104): members pay the lower retail price there. */
  aboveRetail: (partNumber: string, minQuantity: number, contract: number, retail: number) =>
    minQuantity === 1
      ? `${partNumber}: the contract price ${formatPrice(contract)} is above the list price ${formatPrice(retail)}, so members will pay the list price`
      : `${partNumber}, tier ${minQuantity}+: the contract price ${formatPrice(contract)} is above the retail price at that quantity (${formatPrice(retail)}), so members will pay the retail price`,
} as const;

/** A real calendar day: 2026-02-30 is refused rather than read as 2 March. */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, priceListMessages.date)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), priceListMessages.date);
/** Figures typed into the admin's form arrive as text ("12,5" too); the API takes numbers. */
const typedNumber = (read: (text: string) => number | undefined) => (value: unknown) =>
  typeof value === 'string' ? (value.trim() === '' ? undefined : (read(value) ?? Number.NaN)) : value;
const readWhole = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : undefined);
const percentOff = z.preprocess(typedNumber(parseMoneyText), z
  .number({ error: priceListMessages.percentOff })
  .gt(0, priceListMessages.percentOff)
  .max(100, priceListMessages.percentOff)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, priceListMessages.percentOff));
const unitPrice = moneyField('Unit price').pipe(z.number().min(0, 'Unit price is 0 or more').max(PRICE_MAX, moneyAtMostMessage('Unit price', PRICE_MAX)));
const oneRate = <T extends { unitPrice?: number; percentOff?: number }>(value: T) => (value.unitPrice === undefined) !== (value.percentOff === undefined);
const minQuantity = z.preprocess(typedNumber(readWhole), z.number({ error: priceListMessages.minQuantity }).int(priceListMessages.minQuantity).min(2, priceListMessages.minQuantity).max(100_000, priceListMessages.minQuantity));

export const priceListTierInputSchema = z
  .object({ minQuantity, unitPrice: unitPrice.optional(), percentOff: percentOff.optional() })
  .refine(oneRate, priceListMessages.rate);
export const priceListEntryInputSchema = z
  .object({
    partId: z.string().max(64).optional(),
    /** The part by its number, as the admins know it, instead of its id; upper-cased as the catalogue keeps numbers. */
    partNumber: z.string().trim().toUpperCase().min(1, priceListMessages.partNumber).max(100).optional(),
    category: z.string().min(1, priceListMessages.category).max(100).optional(),
    unitPrice: unitPrice.optional(),
    percentOff: percentOff.optional(),
    tiers: z.array(priceListTierInputSchema).max(PRICE_LIST_TIERS_MAX, priceListMessages.tooManyTiers).optional(),
  })
  .refine((entry) => [entry.partId, entry.partNumber, entry.category].filter((target) => target !== undefined).length === 1, priceListMessages.target)
  .refine(oneRate, priceListMessages.rate)
  .refine((entry) => new Set((entry.tiers ?? []).map((tier) => tier.minQuantity)).size === (entry.tiers ?? []).length, priceListMessages.tiersRepeat);
export type PriceListEntryInput = z.infer<typeof priceListEntryInputSchema>;

const priceListFields = {
  // Other admins read it in the lists, on a company's page and in the audit log (decision 220).
  name: withoutDirectionControls(z.string({ error: priceListMessages.nameRequired }).trim().min(1, priceListMessages.nameRequired).max(PRICE_LIST_NAME_MAX, priceListMessages.nameTooLong), 'Name'),
  priority: z.preprocess(
    typedNumber(readWhole),
    z.number({ error: priceListMessages.priority }).int(priceListMessages.priority).min(1, priceListMessages.priority).max(PRICE_LIST_PRIORITY_MAX, priceListMessages.priority),
  ),
  startsAt: day.nullable().optional(),
  endsAt: day.nullable().optional(),
  entries: z
    .array(priceListEntryInputSchema)
    .max(PRICE_LIST_ENTRIES_MAX, priceListMessages.tooManyEntries)
    .refine((entries) => {
      const keys = entries.map((entry) =>
        entry.partId !== undefined ? `part:${entry.partId}` : entry.partNumber !== undefined ? `number:${entry.partNumber}` : `category:${entry.category}`,
      );
      return new Set(keys).size === keys.length;
    }, priceListMessages.entriesRepeat),
};
const datesInOrder = (list: { startsAt?: string | null; endsAt?: string | null }) => !list.startsAt || !list.endsAt || list.startsAt <= list.endsAt;
/**
 * Strict, as a company's update is (decision 125): a field a list does not have is a 400 naming
 * it. A mistyped `endsOn` was dropped and the list saved without its last day — in force for good.
 */
const strictly = { error: (issue: { code?: string; keys?: readonly string[] }) => (issue.code === 'unrecognized_keys' ? priceListMessages.unknownFields(issue.keys ?? []) : undefined) };

/** `POST /api/admin/price-lists`: a whole list; dates `YYYY-MM-DD`, both days included. */
export const priceListInputSchema = z.strictObject(priceListFields, strictly).refine(datesInOrder, { message: priceListMessages.dates, path: ['endsAt'] });
export type PriceListInput = z.infer<typeof priceListInputSchema>;
/** `PATCH /api/admin/price-lists/{id}`: the fields sent change; `entries`, when sent, replace the list's. */
export const priceListUpdateSchema = z
  .strictObject(priceListFields, strictly)
  .partial()
  .extend({
    /**
     * The list's `version` as the editor loaded it (decision 125): a list saved by someone else
     * since is a 409 (`priceListMessages.changed`), and nothing changes. Optional: without it the
     * change is written as before.
     */
    expectedVersion: z.number().int().min(1).max(2_147_483_647).optional(),
  })
  .refine(datesInOrder, { message: priceListMessages.dates, path: ['endsAt'] });
export type PriceListUpdate = z.infer<typeof priceListUpdateSchema>;

const rateFields = { unitPrice: z.number().optional(), percentOff: z.number().optional() };
export const priceListEntrySchema = z.object({
  partId: z.string().optional(),
  /** Beside `partId`, for the admins' screen. */
  partNumber: z.string().optional(),
  category: z.string().optional(),
  ...rateFields,
  tiers: z.array(z.object({ minQuantity: z.number().int(), ...rateFields })),
});
export const priceListSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  currency: z.literal('USD'),
  priority: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  entries: z.number().int(),
  companies: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type PriceListSummary = z.infer<typeof priceListSummarySchema>;
export const priceListSummaryListSchema = z.array(priceListSummarySchema);
/**
 * Fixed contract prices of the list's parts above what anyone else pays for the same quantity
 * (`priceListMessages.aboveRetail`): saved, since the members pay the lower price anyway, but told
 * (decision 104).
 */
const warnings = z.array(z.string());
export const priceListSchema = priceListSummarySchema.omit({ entries: true }).extend({
  entries: z.array(priceListEntrySchema),
  warnings,
  /** One more on every change (decision 125): what an edit sends back as `expectedVersion`. */
  version: z.number().int(),
});
export type PriceList = z.infer<typeof priceListSchema>;
export const priceListIdParamsSchema = z.object({ id: z.string().max(64) });
export const priceListCreatedSchema = z.object({ id: z.string(), warnings });

export const explainQuerySchema = z
  .object({
    companyId: z.string().max(64).optional(),
    partId: z.string().max(64).optional(),
    /** The part by its number instead of its id (the admins' screen), upper-cased as the catalogue keeps numbers. */
    partNumber: z.string().trim().toUpperCase().min(1, priceListMessages.partNumber).max(100).optional(),
    quantity: queryWholeNumber(z.number({ error: priceListMessages.quantity }).int(priceListMessages.quantity).min(1, priceListMessages.quantity).max(100_000, priceListMessages.quantity)).default(1),
  })
  .refine((query) => (query.partId === undefined) !== (query.partNumber === undefined), { message: priceListMessages.partNumber, path: ['partNumber'] });
export type ExplainQuery = z.input<typeof explainQuerySchema>;
/**
 * `GET /api/admin/price-lists/explain`: the price, the list that gave it (or null) and why, in
 * words; beside them what anyone else pays for that quantity (`retailPrice`: the list price or its
 * break) and the company's contract price for it (`contractPrice`, null when no list prices the
 * part). The lower of the two is the price (decision 104); `priceListId` is null when retail won.
 */
export const explainSchema = z.object({
  unitPrice: z.number(),
  listPrice: z.number(),
  retailPrice: z.number(),
  contractPrice: z.number().nullable(),
  priceListId: z.string().nullable(),
  rule: z.string(),
});
export type PriceExplained = z.infer<typeof explainSchema>;
