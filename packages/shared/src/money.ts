import type { ReturnReasonCode } from './after-sale';
import { groupedNumber } from './text';

/** Money is stored as integer cents and sent as dollars with at most two decimals (DESIGN §5). */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** The sum of amounts in dollars, added up in whole cents: a sum of float dollars drifts off the cent. */
export function sumDollars(amounts: Iterable<number>): number {
  let cents = 0;
  for (const dollars of amounts) cents += dollarsToCents(dollars);
  return centsToDollars(cents);
}

/**
 * `$1,234.50`: prices are shown with a $ prefix (SPEC §9), as en-US writes dollars. Written out
 * rather than with `Intl.NumberFormat`: a page's first formatter loads the locale's data, which
 * was nearly all of the app's start-up script on a phone (90 ms of 95 at a 4× slowdown),
 * for two decimals and a comma every three digits. The tests hold it to `Intl`'s output.
 */
export function formatPrice(dollars: number): string {
  const cents = Math.round(Math.abs(dollars) * 100);
  return `${dollars < 0 && cents > 0 ? '-' : ''}$${groupedNumber(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * What a money input over its limit says, on the form as from the API and the catalogue files:
 * "Unit price is at most $1,000,000.00", the limit written as the shop writes every amount.
 */
export function moneyAtMostMessage(label: string, maxDollars: number): string {
  return `${label} is at most ${formatPrice(maxDollars)}`;
}

/** `formatPrice` of an amount in cents: `$1,234.50`. Every amount the shop shows or prints is written by it. */
export function formatCents(cents: number): string {
  return formatPrice(centsToDollars(cents));
}

/**
 * An amount as a plain decimal with two places and no sign of currency: `1234.50`. What a form's
 * money field starts with, and a price in a CSV or PIES file.
 */
export function dollarsToDecimalText(dollars: number): string {
  return dollars.toFixed(2);
}

/**
 * An amount written as `dollarsToDecimalText` writes it, the way a URL carries a price
 * (`/shop?minPrice=12.50`): plain digits with at most two decimals, "12" and "12.5" too. Anything
 * else is undefined: `Number()` read " " as 0, "0x10" as 16 and "1e3" as 1000.
 */
export function parseDecimalText(text: string): number | undefined {
  return /^\d{1,12}(?:\.\d{1,2})?$/.test(text) ? Number(text) : undefined;
}

/**
 * An amount in dollars written as digits with any number of decimals ("12.345", "12.3450", "64"),
 * in whole cents rounded half up, read from the digits themselves: as a binary number 12.345 is
 * 12.34499…, so `dollarsToCents(12.345)` is 1234 and 1.005 is 100. What a supplier's file says a
 * price is (a PIES `Price` may have four decimals). Undefined for anything else ("-1", "1e3").
 */
export function decimalTextToCents(text: string): number | undefined {
  const match = /^(\d{1,15})(?:\.(\d+))?$/.exec(text);
  if (!match) return undefined;
  const [, whole = '0', decimals = ''] = match;
  const cents = Number(whole) * 100 + Number(decimals.slice(0, 2).padEnd(2, '0'));
  // Half up: the third decimal alone says which way (…4999 is below the half, …5 is the half).
  return (decimals[2] ?? '0') >= '5' ? cents + 1 : cents;
}

/** `dollarsToDecimalText` of an amount in cents. */
export function centsToDecimalText(cents: number): string {
  return dollarsToDecimalText(centsToDollars(cents));
}

/** The sum of amounts in cents. */
export function sumCents(amounts: Iterable<number>): number {
  let cents = 0;
  for (const amount of amounts) cents += amount;
  return cents;
}

/** A line's total: `quantity` units at `unitCents` each (a price break's, or a core deposit's). */
export function lineTotalCents(unitCents: number, quantity: number): number {
  return unitCents * quantity;
}

/**
 * An order's total (decision 135): its parts, their core deposits, the shipping and the tax, less
 * what is deducted (nothing yet at checkout). Each is already a whole number of cents, rounded once
 * where it was made (the tax in `orderTax`, the shipping's per-kg part in `shippingCents`): the
 * total adds them, and rounds nothing again.
 */
export function orderTotalCents(order: { partsCents: number; depositCents: number; shippingCents: number; taxCents: number; deductedCents?: number }): number {
  return order.partsCents + order.depositCents + order.shippingCents + order.taxCents - (order.deductedCents ?? 0);
}

/**
 * A price as a person types it: "12.50", "12,50" (a decimal comma), "$12.50", "12", and with
 * thousands separators where they cannot be decimals: "1,000.50", "$1,234,567" (two groups or
 * more). Anything it cannot read for certain — "1,250" (thousands or decimals?), "12.5.0",
 * "twelve" — is undefined, so the form asks again instead of guessing a price a thousand times off.
 */
export function parseMoneyText(text: string): number | undefined {
  const trimmed = text.trim();
  // Thousands separators: commas every three digits, with a decimal point after them, or in two
  // groups or more ("1,250" alone stays refused: it is as likely one and a quarter).
  const grouped = /^(-?)\$?\s*(\d{1,3}(?:,\d{3})+)(?:\.(\d+))?$/.exec(trimmed);
  if (grouped) {
    const [, sign, whole = '', decimals] = grouped;
    const digits = whole.replaceAll(',', '');
    if (decimals === undefined && whole.split(',').length < 3) return undefined;
    return digits.length > 12 ? undefined : Number(`${sign}${digits}.${decimals ?? '0'}`);
  }
  // A decimal point may carry any decimals (the schema then says "at most two"); a decimal
  // comma only one or two, since "1,250" is as likely a thousands separator.
  const match = /^(-?)\$?\s*(\d{1,12})(?:\.(\d+)|,(\d{1,2}))?$/.exec(trimmed);
  if (!match) return undefined;
  const [, sign, whole, pointDecimals, commaDecimals] = match;
  return Number(`${sign}${whole}.${pointDecimals ?? commaDecimals ?? '0'}`);
}

/** The one currency the shop sells in, as Stripe names it. */
export const SHOP_CURRENCY = 'usd';

/**
 * Whether a payment the provider reports (`amountCents` in `currency`, as Stripe's `amount_total`
 * and `currency`) pays `totalCents` exactly: another amount, or none named, pays nothing.
 */
export function paidInFull(payment: { amountCents: number | null | undefined; currency: string | null | undefined }, totalCents: number): boolean {
  return payment.amountCents === totalCents && payment.currency?.toLowerCase() === SHOP_CURRENCY;
}

// ——— Prices, shipping and tax of a cart and an order (formerly pricing.ts) ———

/**
 * The shop's arithmetic for a cart and an order, in integer cents and grams, shared by the server
 * (which decides) and the browser (which only shows). Conventions of the cart and checkout API:
 * - a price break applies from its `minQuantity` on; the deepest one the quantity reaches wins;
 * - shipping is `basePrice + pricePerKg × weight`, the weight summed exactly, free once the
 *   subtotal reaches `freeOver`;
 * - tax is the rate of the taxed amount, rounded half up to the cent once per order.
 */

export interface PriceBreakCents {
  minQuantity: number;
  unitPriceCents: number;
}

/** A price break as the API sends it and the admin's form reads it: the unit price in dollars. */
export interface PriceBreakDollars {
  minQuantity: number;
  unitPrice: number;
}

/**
 * Price breaks in dollars (a reply's, a form's) in cents: each price by `dollarsToCents`. For a
 * price the API sent (`priceBreaksToDollars` of cents) that gives back those cents exactly, for
 * every price up to the shop's cap (money-pricing.test.ts tries each one): one conversion, not a
 * cent off anywhere.
 */
export function priceBreaksToCents(breaks: readonly PriceBreakDollars[]): PriceBreakCents[] {
  return breaks.map((tier) => ({ minQuantity: tier.minQuantity, unitPriceCents: dollarsToCents(tier.unitPrice) }));
}

/** Price breaks in cents as the API sends them, in dollars. */
export function priceBreaksToDollars(breaks: readonly PriceBreakCents[]): PriceBreakDollars[] {
  return breaks.map((tier) => ({ minQuantity: tier.minQuantity, unitPrice: centsToDollars(tier.unitPriceCents) }));
}

/** The unit price for `quantity` units: the list price, or the deepest break the quantity reaches. */
export function unitPriceCents(quantity: number, listPriceCents: number, breaks: readonly PriceBreakCents[]): number {
  let best: PriceBreakCents | undefined;
  for (const tier of breaks) {
    if (quantity >= tier.minQuantity && (!best || tier.minQuantity > best.minQuantity)) best = tier;
  }
  return best ? best.unitPriceCents : listPriceCents;
}

export interface ShippingRateCents {
  basePriceCents: number;
  pricePerKgCents: number;
  maxWeightGrams: number | null;
  freeOverCents: number | null;
}

/**
 * What a method charges for `weightGrams` of parts worth `subtotalCents`, or undefined when the
 * parcel is too heavy for it. The per-kg part is rounded half up to the cent.
 */
export function shippingCents(method: ShippingRateCents, weightGrams: number, subtotalCents: number): number | undefined {
  if (method.maxWeightGrams !== null && weightGrams > method.maxWeightGrams) return undefined;
  if (method.freeOverCents !== null && subtotalCents >= method.freeOverCents) return 0;
  return method.basePriceCents + divideHalfUp(method.pricePerKgCents * weightGrams, 1000);
}

/** Tax at `ratePpm` parts per million (6.25 % is 62,500) of `taxedCents`, rounded half up once. */
export function taxCents(ratePpm: number, taxedCents: number): number {
  return divideHalfUp(ratePpm * taxedCents, 1_000_000);
}

/** 100 % in basis points: the most a percentage off can be. */
export const HUNDRED_PERCENT_BP = 10_000;

/**
 * `listPriceCents` less `percentOffBp` basis points, rounded half up to the cent (12 % off $10.05 is
 * $8.84): a contract's percentage off. A percentage off is 0 to 100 % in whole basis points (the
 * price lists' columns hold 1 to 10,000); any other is a fault of the caller, not a price. The
 * search's sort by a member's price runs the same division in SQL (`percentOffCentsSql` in the
 * API, built from these terms; a test holds the two equal on both engines).
 */
export function percentOffCents(listPriceCents: number, percentOffBp: number): number {
  if (!Number.isInteger(percentOffBp) || percentOffBp < 0 || percentOffBp > HUNDRED_PERCENT_BP) {
    throw new RangeError(`a percentage off is 0 to 10,000 basis points, not ${percentOffBp}`);
  }
  return divideHalfUp(listPriceCents * (HUNDRED_PERCENT_BP - percentOffBp), HUNDRED_PERCENT_BP);
}

/**
 * What a contract's rate charges a unit of a part listed at `listPriceCents` (decision 080): its
 * fixed unit price, or the list price less its percentage off (`percentOffCents`).
 */
export function rateCents(rate: { unitPriceCents?: number | undefined; percentOffBp?: number | undefined }, listPriceCents: number): number {
  return rate.unitPriceCents ?? percentOffCents(listPriceCents, rate.percentOffBp ?? 0);
}

/**
 * What a member pays for some units (decision 104): never more than anyone else pays for the same
 * quantity. `retailCents` is that: the list price, or the deepest price break the quantity reaches
 * (`unitPriceCents`); `contract` is the company's contract price for the quantity, if a list
 * prices the part. The lower of the two wins; on a tie, the contract.
 */
export interface MemberPrice<Contract extends { unitPriceCents: number } = { unitPriceCents: number }> {
  unitPriceCents: number;
  retailCents: number;
  contract: Contract | undefined;
  /** True when the member pays retail: no list prices the part, or retail is lower than the contract. */
  retailWins: boolean;
}

export function memberPrice<Contract extends { unitPriceCents: number }>(contract: Contract | undefined, retailCents: number): MemberPrice<Contract> {
  if (contract === undefined || retailCents < contract.unitPriceCents) return { unitPriceCents: retailCents, retailCents, contract, retailWins: true };
  return { unitPriceCents: contract.unitPriceCents, retailCents, contract, retailWins: false };
}

/** 1,250 basis points is 12.5 (a percentage as the API sends it); 12.5 is 1,250, exactly. */
export function bpToPercent(bp: number): number {
  return bp / 100;
}

export function percentToBp(percent: number): number {
  return Math.round(percent * 100);
}

/** 6.25 (a percentage as the API sends it) is 62,500 parts per million, exactly. */
export function percentToPpm(percent: number): number {
  return Math.round(percent * 10_000);
}

export function ppmToPercent(ppm: number): number {
  return ppm / 10_000;
}

/** "6.25 % with U+00A0": a no-break space keeps the sign beside its number when a narrow line wraps. */
export function formatPercent(percent: number): string {
  return `${percent}\u00a0%`;
}

/** `numerator / denominator` for non-negative integers, rounded half up, without floating error. */
function divideHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

// ——— An order's money after the sale: shares, refunds, deposits (formerly apps/api's orders/money.ts) ———

/** The reasons for which the shop is at fault: the refund includes the lines' share of shipping. */
export const SHOP_AT_FAULT_REASONS: readonly ReturnReasonCode[] = ['defective', 'damaged-in-transit', 'wrong-part-sent'];

/**
 * The money of an order after the sale, in integer cents, in one place (decision 061): each part
 * line's share of the order's tax and shipping, and what a return, a core return or a cancelled
 * rest gives back. Pure functions of what the order holds.
 *
 * One rounding rule, so that every refund of an order adds up to what was paid, to the cent:
 * - the order's tax is two amounts (decision 109): the tax on the goods and, where the rate taxes
 *   shipping, the tax on the shipping (`orderTax`). The goods tax, the shipping and the shipping's
 *   tax are each shared over its part lines in proportion to their values, by largest remainder
 *   (the shares add up to the totals exactly); the shipping's tax goes back only with the
 *   shipping. Core-deposit lines carry no share: checkout neither taxes them nor ships them
 *   (decision 058);
 * - a core deposit is held for each unit shipped until it is given back, once: by a core return,
 *   or with the part itself when the part is returned (decision 109). The deposits given back by
 *   returns are numbered like units, in the order the returns were received;
 * - a line's units are numbered: the shipped units first, the rest after them. Units `from` to `to`
 *   of an amount are `floor(amount × to / quantity) − floor(amount × from / quantity)`, so the
 *   units of every refund of a line add up to the line's amount exactly, whatever the chunks.
 */

export interface MoneyLine {
  position: number;
  kind: 'part' | 'core-deposit';
  /** A deposit line's part line (its position). */
  depositFor: number | null;
  quantity: number;
  lineTotalCents: number;
}

export interface MoneyOrder {
  shippingCents: number;
  /** All the order's tax: on the goods and on the shipping. */
  taxCents: number;
  /** Of `taxCents`, the tax charged on the shipping (0 where the rate does not tax shipping). */
  shippingTaxCents: number;
  totalCents: number;
  lines: readonly MoneyLine[];
}

/** The money of an order's row and its lines, as the database holds them. */
export function moneyOrderOf(
  order: { shipping_cents: number; tax_cents: number; shipping_tax_cents: number; total_cents: number },
  lines: readonly { position: number; kind: 'part' | 'core-deposit'; deposit_for: number | null; quantity: number; line_total_cents: number }[],
): MoneyOrder {
  return {
    shippingCents: order.shipping_cents,
    taxCents: order.tax_cents,
    shippingTaxCents: Math.min(order.shipping_tax_cents, order.tax_cents),
    totalCents: order.total_cents,
    lines: lines.map((line) => ({ position: line.position, kind: line.kind, depositFor: line.deposit_for, quantity: line.quantity, lineTotalCents: line.line_total_cents })),
  };
}

/** One line of a refund: `quantity` units of the order line at `position`, worth `cents`. */
export interface RefundLine {
  position: number;
  kind: 'part' | 'core-deposit';
  quantity: number;
  cents: number;
}

/** What a refund is made of; `amountCents` is what is paid back (never above what is left). */
export interface RefundBreakdown {
  lines: RefundLine[];
  taxCents: number;
  shippingCents: number;
  restockingFeeCents: number;
  restockingFeePpm: number;
  amountCents: number;
}

/**
 * `total` split in proportion to `weights`, each share a whole number of cents, adding up to
 * `total` exactly (largest remainder; ties to the earlier weight; all to the first when every
 * weight is 0).
 */
export function proportionalShares(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map((_, index) => (index === 0 ? total : 0));
  const shares = weights.map((weight) => Math.floor((total * weight) / sum));
  const rests = weights.map((weight, index) => ({ index, rest: total * weight - (shares[index] ?? 0) * sum }));
  rests.sort((a, b) => b.rest - a.rest || a.index - b.index);
  let left = total - shares.reduce((a, b) => a + b, 0);
  for (const { index } of rests) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/** Units `from` (inclusive) to `to` (exclusive) of `cents` spread over `quantity` units. */
export function unitsCents(cents: number, quantity: number, from: number, to: number): number {
  if (quantity <= 0 || to <= from) return 0;
  const upTo = (units: number) => Math.floor((cents * Math.min(units, quantity)) / quantity);
  return upTo(to) - upTo(Math.max(0, from));
}

/**
 * An order's tax as checkout charges it: `ratePpm` of the goods and, when the rate says so, of the
 * shipping, rounded once; of it, the goods' tax is what the goods alone would pay and the rest is
 * the shipping's.
 */
export function orderTax(ratePpm: number, goodsCents: number, shippingCents: number, appliesToShipping: boolean): { taxCents: number; shippingTaxCents: number } {
  const all = taxCents(ratePpm, goodsCents + (appliesToShipping ? shippingCents : 0));
  return { taxCents: all, shippingTaxCents: all - taxCents(ratePpm, goodsCents) };
}

/** A part line's shares of the order's goods tax, shipping and shipping tax. */
export interface LineShare {
  taxCents: number;
  shippingCents: number;
  shippingTaxCents: number;
}

/** Each part line's share of the order's goods tax, shipping and shipping tax, by position (deposit lines have none). */
export function lineShares(order: MoneyOrder): Map<number, LineShare> {
  const parts = order.lines.filter((line) => line.kind === 'part');
  const weights = parts.map((line) => line.lineTotalCents);
  const tax = proportionalShares(order.taxCents - order.shippingTaxCents, weights);
  const shipping = proportionalShares(order.shippingCents, weights);
  const shippingTax = proportionalShares(order.shippingTaxCents, weights);
  return new Map(
    parts.map((line, index) => [line.position, { taxCents: tax[index] ?? 0, shippingCents: shipping[index] ?? 0, shippingTaxCents: shippingTax[index] ?? 0 }]),
  );
}

const NO_SHARE: LineShare = { taxCents: 0, shippingCents: 0, shippingTaxCents: 0 };

/** The restocking fee at `ppm` of `goodsCents`, rounded half up to the cent. */
export function restockingFeeCents(goodsCents: number, ppm: number): number {
  return Math.floor((2 * goodsCents * ppm + 1_000_000) / 2_000_000);
}

/** What may still be refunded of an order: what was paid less what was refunded (or is owed) so far. */
export function stillRefundable(order: Pick<MoneyOrder, 'totalCents'>, refundedCents: number): number {
  return Math.max(0, order.totalCents - refundedCents);
}

/**
 * What an order's credit notes gave back, as its Order history says it (decision 109): refunded
 * to the card it was paid with, or credited to its company's account (an order on account was
 * never paid by card). Null for what does not apply: `refundedCents` for an order on account or
 * one never paid (and never credited), `creditedToAccountCents` for any other than on account.
 */
export function givenBack(
  order: { paymentMethod: 'card' | 'account'; paid: boolean },
  creditNoteCents: readonly number[],
): { refundedCents: number | null; creditedToAccountCents: number | null } {
  const cents = creditNoteCents.reduce((total, amount) => total + amount, 0);
  if (order.paymentMethod === 'account') return { refundedCents: null, creditedToAccountCents: cents };
  return { refundedCents: order.paid || creditNoteCents.length > 0 ? cents : null, creditedToAccountCents: null };
}

/** A range of units of one line: `from` units of it were refunded (or are numbered) before these. */
export interface UnitsRange {
  position: number;
  from: number;
  quantity: number;
}

function sum(lines: readonly RefundLine[]) {
  return lines.reduce((total, line) => total + line.cents, 0);
}

function partLine(order: MoneyOrder, position: number) {
  return order.lines.find((line) => line.kind === 'part' && line.position === position);
}

function depositLine(order: MoneyOrder, position: number) {
  return order.lines.find((line) => line.kind === 'core-deposit' && line.depositFor === position);
}

/**
 * The core deposits of a part line that a return of `quantity` of its units (parts or cores) gives
 * back: as many as are still held, numbered after those given back before. `shipped`: the line's
 * units shipped (the rest's deposits go back with a cancelled rest); `givenBack`: the deposits
 * returns received before gave back (by cores, or with their parts). None without a deposit line.
 */
export function depositsToGiveBack(order: MoneyOrder, position: number, quantity: number, shipped: number, givenBack: number): UnitsRange | undefined {
  const deposit = depositLine(order, position);
  if (!deposit) return undefined;
  const held = Math.max(0, Math.min(deposit.quantity, shipped) - givenBack);
  return { position, from: givenBack, quantity: Math.max(0, Math.min(quantity, held)) };
}

/** The lines of deposits given back: each range's units of its part's deposit line (ranges by the part's position). */
function depositLines(order: MoneyOrder, deposits: readonly UnitsRange[]): RefundLine[] {
  return deposits.flatMap((range) => {
    const deposit = depositLine(order, range.position);
    if (!deposit || range.quantity <= 0) return [];
    return [
      {
        position: deposit.position,
        kind: 'core-deposit' as const,
        quantity: range.quantity,
        cents: unitsCents(deposit.lineTotalCents, deposit.quantity, range.from, range.from + range.quantity),
      },
    ];
  });
}

/**
 * A return of parts: each range's units of its line's price and goods-tax share; of its shipping
 * share and that shipping's tax share when the shop is at fault or the fit promise covers it
 * (decision 109: the tax on shipping the customer keeps is not refunded); the deposits still held
 * for the returned units (`deposits`, from `depositsToGiveBack`: a customer who sends the part
 * back has no core to send); less the restocking fee (of the price) for `no-longer-needed` outside
 * the fit promise. `from` counts the line's units returned before.
 */
export function returnRefund(
  order: MoneyOrder,
  ret: { reason: ReturnReasonCode; fitPromise: boolean; restockingFeePpm: number; units: readonly UnitsRange[]; deposits?: readonly UnitsRange[] },
  refundedCents: number,
): RefundBreakdown {
  const shares = lineShares(order);
  const withShipping = ret.fitPromise || SHOP_AT_FAULT_REASONS.includes(ret.reason);
  const parts: RefundLine[] = [];
  let taxCents = 0;
  let shippingCents = 0;
  for (const range of ret.units) {
    const line = partLine(order, range.position);
    if (!line) continue;
    const to = range.from + range.quantity;
    const share = shares.get(line.position) ?? NO_SHARE;
    parts.push({ position: line.position, kind: 'part', quantity: range.quantity, cents: unitsCents(line.lineTotalCents, line.quantity, range.from, to) });
    taxCents += unitsCents(share.taxCents, line.quantity, range.from, to);
    if (withShipping) {
      shippingCents += unitsCents(share.shippingCents, line.quantity, range.from, to);
      taxCents += unitsCents(share.shippingTaxCents, line.quantity, range.from, to);
    }
  }
  const deposits = depositLines(order, ret.deposits ?? []);
  const lines = parts.flatMap((part) => {
    const deposit = deposits.find((candidate) => order.lines.some((line) => line.position === candidate.position && line.depositFor === part.position));
    return deposit ? [part, deposit] : [part];
  });
  const goods = sum(parts);
  const ppm = ret.reason === 'no-longer-needed' && !ret.fitPromise ? ret.restockingFeePpm : 0;
  const made = sum(lines) + taxCents + shippingCents;
  const fee = Math.min(restockingFeeCents(goods, ppm), made);
  const amountCents = Math.min(made - fee, stillRefundable(order, refundedCents));
  return { lines, taxCents, shippingCents, restockingFeeCents: fee, restockingFeePpm: ppm, amountCents };
}

/**
 * A core return: each range's units of its part's deposit line, nothing else. The ranges are
 * `depositsToGiveBack`'s: `from` counts the deposits given back before, and a core whose deposit
 * went back with its part gives nothing.
 */
export function coreRefund(order: MoneyOrder, units: readonly UnitsRange[], refundedCents: number): RefundBreakdown {
  const lines = depositLines(order, units);
  const amountCents = Math.min(sum(lines), stillRefundable(order, refundedCents));
  return { lines, taxCents: 0, shippingCents: 0, restockingFeeCents: 0, restockingFeePpm: 0, amountCents };
}

/**
 * The unshipped rest of an order cancelled: for each part line, the units after the shipped ones
 * (price, goods-tax, shipping and shipping-tax shares) and as many of its deposit's units.
 */
export function restRefund(order: MoneyOrder, shipped: ReadonlyMap<number, number>, refundedCents: number): RefundBreakdown {
  const shares = lineShares(order);
  const lines: RefundLine[] = [];
  let taxCents = 0;
  let shippingCents = 0;
  for (const line of order.lines) {
    if (line.kind !== 'part') continue;
    const from = Math.min(line.quantity, shipped.get(line.position) ?? 0);
    if (from === line.quantity) continue;
    const share = shares.get(line.position) ?? NO_SHARE;
    lines.push({ position: line.position, kind: 'part', quantity: line.quantity - from, cents: unitsCents(line.lineTotalCents, line.quantity, from, line.quantity) });
    taxCents += unitsCents(share.taxCents, line.quantity, from, line.quantity) + unitsCents(share.shippingTaxCents, line.quantity, from, line.quantity);
    shippingCents += unitsCents(share.shippingCents, line.quantity, from, line.quantity);
    const deposit = depositLine(order, line.position);
    if (deposit && from < deposit.quantity) {
      lines.push({ position: deposit.position, kind: 'core-deposit', quantity: deposit.quantity - from, cents: unitsCents(deposit.lineTotalCents, deposit.quantity, from, deposit.quantity) });
    }
  }
  const amountCents = Math.min(sum(lines) + taxCents + shippingCents, stillRefundable(order, refundedCents));
  return { lines, taxCents, shippingCents, restockingFeeCents: 0, restockingFeePpm: 0, amountCents };
}

// ——— A company's account (decision 081) ———

/** What a credit limit leaves to spend on account: the limit less the balance owed, never below 0; null without a limit. */
export function availableCreditCents(creditLimitCents: number | null, balanceCents: number): number | null {
  return creditLimitCents === null ? null : Math.max(0, creditLimitCents - balanceCents);
}

/** Whether `totalCents` more on account would take a balance past its credit limit (never without a limit). */
export function overCreditLimitCents(creditLimitCents: number | null, balanceCents: number, totalCents: number): boolean {
  return creditLimitCents !== null && balanceCents + totalCents > creditLimitCents;
}

// ——— An amount applied in turn (decision 207) ———

/**
 * `amountCents` applied to amounts owed in turn (a payment to the invoices it settles, a credit on
 * account to the invoices still owing): each takes what it owes, up to what is left, so the shares
 * are never more than owed nor, together, than the amount. `shares` in the order of `owedCents`
 * (0 once nothing is left); `leftCents`: what no one took.
 */
export function allocateCents(amountCents: number, owedCents: readonly number[]): { shares: number[]; leftCents: number } {
  let leftCents = amountCents;
  const shares = owedCents.map((owed) => {
    const share = Math.min(leftCents, owed);
    leftCents -= share;
    return share;
  });
  return { shares, leftCents };
}
