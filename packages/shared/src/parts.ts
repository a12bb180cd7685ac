import { z } from 'zod';
import { partAfterSaleSchema } from './after-sale';
import { readNumberText } from './form-fields';
import { PRICE_MAX } from './catalogue-constants';
import { dollarsToCents, formatPrice, moneyAtMostMessage, parseMoneyText } from './money';

/** A part as the API sends it (SPEC §3): money in dollars, the id as an opaque string. */
export const partSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  img: z.string(),
  /** Dollars: a unit at the part's minimum order, the deepest price break it reaches or the list price (decision 224); a member's own (decision 219). */
  price: z.number(),
  /** The list price (or the break the minimum order reaches), beside a member's `price` that is lower (decisions 080, 224). */
  listPrice: z.number().optional(),
  availableQuantity: z.number().int(),
  minOrderQuantity: z.number().int(),
});
export type Part = z.infer<typeof partSchema>;

/** `GET /parts`: SPEC's fields and the part number, which names the part's public page. */
export const listedPartSchema = partSchema.extend({ partNumber: z.string() });
export type ListedPart = z.infer<typeof listedPartSchema>;
export const partListSchema = z.array(listedPartSchema);

export const partParamsSchema = z.object({ id: z.string() });

/** A part's quantity price breaks: at most this many tiers. */
export const PRICE_BREAKS_MAX = 20;
/** The heaviest part the shop sells, in kg (the column holds grams up to 1,000,000). */
export const WEIGHT_KG_MAX = 1000;

/** A price break as the API sends it: from `minQuantity` units on, each costs `unitPrice` dollars. */
export const priceBreakSchema = z.object({ minQuantity: z.number().int(), unitPrice: z.number() });
export type PriceBreak = z.infer<typeof priceBreakSchema>;

/**
 * What a part's pages and the admin's list add to SPEC's fields: its weight, its price breaks (by
 * quantity), its core deposit and its warranty.
 */
export const partPricingSchema = z.object({ weightKg: z.number(), priceBreaks: z.array(priceBreakSchema) }).extend(partAfterSaleSchema.shape);

/** One place for what a refused weight or tier says; a tier is named by where it starts ("the tier from 10"). */
export const partPricingMessages = {
  weightNumber: 'Weight must be a number of kg, like 1.25',
  weightRange: `Weight is from 0 to ${WEIGHT_KG_MAX} kg`,
  weightDecimals: 'Weight has at most three decimals (grams)',
  tierQuantity: (row: number) => `Tier ${row}: the quantity is a whole number from 2`,
  tierPrice: (row: number) => `Tier ${row}: give a price like 8.50`,
  tierPriceMax: (row: number) => `Tier ${row}: ${moneyAtMostMessage('the price', PRICE_MAX)}`,
  tooManyTiers: `At most ${PRICE_BREAKS_MAX} price breaks`,
  tierTwice: (minQuantity: number) => `The tier from ${minQuantity} is given twice`,
  tierNotFalling: (minQuantity: number, below: number) =>
    `The tier from ${minQuantity} must cost less than the tier from ${below}: prices fall as quantities rise`,
  tierNotBelowList: (minQuantity: number, listPrice: number) =>
    `The tier from ${minQuantity} must cost less than the list price (${formatPrice(listPrice)})`,
  tierNeverCharged: (minQuantity: number, reached: number, minimum: number) =>
    `The tier from ${minQuantity} is never charged: every order is at least ${minimum}, so the tier from ${reached} applies to all of them. Remove it, or lower the minimum order quantity`,
} as const;

/** `weightKg` as an admin types it ("1.25", "0,5") or sends it: grams exactly, 0 to 1000 kg. */
export const weightKgInputSchema = z.preprocess(
  (value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value.trim().replace(',', '.'))) : value),
  z
    .number({ error: partPricingMessages.weightNumber })
    .min(0, partPricingMessages.weightRange)
    .max(WEIGHT_KG_MAX, partPricingMessages.weightRange)
    .multipleOf(0.001, partPricingMessages.weightDecimals),
);

function priceBreakInput(row: number) {
  const tierMoney = z.preprocess(
    (value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : (parseMoneyText(value) ?? Number.NaN)) : value),
    z.number({ error: partPricingMessages.tierPrice(row) }).min(0, partPricingMessages.tierPrice(row)).max(PRICE_MAX, partPricingMessages.tierPriceMax(row)).multipleOf(0.01, partPricingMessages.tierPrice(row)),
  );
  const quantity = z.preprocess(
    readNumberText,
    z.number({ error: partPricingMessages.tierQuantity(row) }).int(partPricingMessages.tierQuantity(row)).min(2, partPricingMessages.tierQuantity(row)).max(1_000_000_000, partPricingMessages.tierQuantity(row)),
  );
  return z.object({ minQuantity: quantity, unitPrice: tierMoney });
}

/**
 * The tiers that replace a part's price breaks (`[]` removes them): each from 2 units on, no
 * quantity twice, and the unit price falling as the quantity rises. Whether each is below the
 * list price is checked against the price being set, or the stored one on the server.
 */
const typed = z.union([z.string(), z.number()]).optional();

export const priceBreaksInputSchema = z
  .array(z.object({ minQuantity: typed, unitPrice: typed }))
  .max(PRICE_BREAKS_MAX, partPricingMessages.tooManyTiers)
  .transform((rows, context) => {
    const tiers: PriceBreak[] = [];
    rows.forEach((row, index) => {
      const parsed = priceBreakInput(index + 1).safeParse(row);
      if (parsed.success) tiers.push(parsed.data);
      else for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', message: issue.message, path: [index, ...issue.path] });
    });
    return tiers;
  })
  .superRefine((tiers, context) => {
    const seen = new Set<number>();
    tiers.forEach((tier) => {
      if (seen.has(tier.minQuantity)) context.addIssue({ code: 'custom', message: partPricingMessages.tierTwice(tier.minQuantity) });
      seen.add(tier.minQuantity);
    });
    const problem = priceBreaksProblem(tiers);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .transform((tiers) => [...tiers].sort((a, b) => a.minQuantity - b.minQuantity));

/**
 * Why `tiers` cannot stand beside `listPrice` and the minimum order (a price must fall as the
 * quantity rises, every tier cost less than the list price, and at most one tier be at or below
 * the minimum: that one is the price of every order, one below it could never be charged), or
 * undefined. Tiers with one quantity twice are left to the schema.
 */
export function priceBreaksProblem(tiers: readonly PriceBreak[], listPrice?: number, minOrderQuantity?: number): string | undefined {
  const sorted = [...tiers].sort((a, b) => a.minQuantity - b.minQuantity);
  if (minOrderQuantity !== undefined) {
    const reached = sorted.filter((tier) => tier.minQuantity <= minOrderQuantity);
    const [lowest, highest] = [reached.at(0), reached.at(-1)];
    if (lowest && highest && lowest !== highest) return partPricingMessages.tierNeverCharged(lowest.minQuantity, highest.minQuantity, minOrderQuantity);
  }
  // Compared in the cents they are kept in: two amounts a hair apart as doubles (12.3 and
  // 12.300000000000002) are the same price.
  for (const [index, tier] of sorted.entries()) {
    if (listPrice !== undefined && dollarsToCents(tier.unitPrice) >= dollarsToCents(listPrice)) return partPricingMessages.tierNotBelowList(tier.minQuantity, listPrice);
    const below = sorted[index - 1];
    if (below && below.minQuantity !== tier.minQuantity && dollarsToCents(tier.unitPrice) >= dollarsToCents(below.unitPrice)) {
      return partPricingMessages.tierNotFalling(tier.minQuantity, below.minQuantity);
    }
  }
  return undefined;
}
