import { SHOP_AT_FAULT_REASONS, type ReturnReasonCode } from '@autoparts/shared';

/**
 * The money of an order after the sale, in integer cents, in one place (decision 061): each part
 * line's share of the order's tax and shipping, and what a return, a core return or a cancelled
 * rest gives back. Pure functions of what the order holds.
 *
 * One rounding rule, so that every refund of an order adds up to what was paid, to the cent:
 * - the order's tax and shipping are shared over its part lines in proportion to their values, by
 *   largest remainder (the shares add up to the totals exactly). Core-deposit lines carry no
 *   share: checkout neither taxes them nor ships them (decision 058);
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
  taxCents: number;
  totalCents: number;
  lines: readonly MoneyLine[];
}

/** The money of an order's row and its lines, as the database holds them. */
export function moneyOrderOf(
  order: { shipping_cents: number; tax_cents: number; total_cents: number },
  lines: readonly { position: number; kind: 'part' | 'core-deposit'; deposit_for: number | null; quantity: number; line_total_cents: number }[],
): MoneyOrder {
  return {
    shippingCents: order.shipping_cents,
    taxCents: order.tax_cents,
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

/** Each part line's share of the order's tax and shipping, by position (deposit lines have none). */
export function lineShares(order: MoneyOrder): Map<number, { taxCents: number; shippingCents: number }> {
  const parts = order.lines.filter((line) => line.kind === 'part');
  const weights = parts.map((line) => line.lineTotalCents);
  const tax = proportionalShares(order.taxCents, weights);
  const shipping = proportionalShares(order.shippingCents, weights);
  return new Map(parts.map((line, index) => [line.position, { taxCents: tax[index] ?? 0, shippingCents: shipping[index] ?? 0 }]));
}

/** The restocking fee at `ppm` of `goodsCents`, rounded half up to the cent. */
export function restockingFeeCents(goodsCents: number, ppm: number): number {
  return Math.floor((2 * goodsCents * ppm + 1_000_000) / 2_000_000);
}

/** What may still be refunded of an order: what was paid less what was refunded (or is owed) so far. */
export function stillRefundable(order: Pick<MoneyOrder, 'totalCents'>, refundedCents: number): number {
  return Math.max(0, order.totalCents - refundedCents);
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
 * A return of parts: each range's units of its line's price and tax share; of its shipping share
 * when the shop is at fault or the fit promise covers it; less the restocking fee (of the price)
 * for `no-longer-needed` outside the fit promise. `from` counts the line's units returned before.
 * The part's core deposit is not in it: it comes back with the core (`coreRefund`).
 */
export function returnRefund(
  order: MoneyOrder,
  ret: { reason: ReturnReasonCode; fitPromise: boolean; restockingFeePpm: number; units: readonly UnitsRange[] },
  refundedCents: number,
): RefundBreakdown {
  const shares = lineShares(order);
  const withShipping = ret.fitPromise || SHOP_AT_FAULT_REASONS.includes(ret.reason);
  const lines: RefundLine[] = [];
  let taxCents = 0;
  let shippingCents = 0;
  for (const range of ret.units) {
    const line = partLine(order, range.position);
    if (!line) continue;
    const to = range.from + range.quantity;
    const share = shares.get(line.position) ?? { taxCents: 0, shippingCents: 0 };
    lines.push({ position: line.position, kind: 'part', quantity: range.quantity, cents: unitsCents(line.lineTotalCents, line.quantity, range.from, to) });
    taxCents += unitsCents(share.taxCents, line.quantity, range.from, to);
    if (withShipping) shippingCents += unitsCents(share.shippingCents, line.quantity, range.from, to);
  }
  const goods = sum(lines);
  const ppm = ret.reason === 'no-longer-needed' && !ret.fitPromise ? ret.restockingFeePpm : 0;
  const fee = Math.min(restockingFeeCents(goods, ppm), goods + taxCents + shippingCents);
  const amountCents = Math.min(goods + taxCents + shippingCents - fee, stillRefundable(order, refundedCents));
  return { lines, taxCents, shippingCents, restockingFeeCents: fee, restockingFeePpm: ppm, amountCents };
}

/** A core return: each range's units of its part's deposit line, nothing else; `from` counts cores returned before. */
export function coreRefund(order: MoneyOrder, units: readonly UnitsRange[], refundedCents: number): RefundBreakdown {
  const lines: RefundLine[] = [];
  for (const range of units) {
    const deposit = depositLine(order, range.position);
    if (!deposit) continue;
    lines.push({
      position: deposit.position,
      kind: 'core-deposit',
      quantity: range.quantity,
      cents: unitsCents(deposit.lineTotalCents, deposit.quantity, range.from, range.from + range.quantity),
    });
  }
  const amountCents = Math.min(sum(lines), stillRefundable(order, refundedCents));
  return { lines, taxCents: 0, shippingCents: 0, restockingFeeCents: 0, restockingFeePpm: 0, amountCents };
}

/**
 * The unshipped rest of an order cancelled: for each part line, the units after the shipped ones
 * (price, tax share and shipping share) and as many of its deposit's units.
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
    const share = shares.get(line.position) ?? { taxCents: 0, shippingCents: 0 };
    lines.push({ position: line.position, kind: 'part', quantity: line.quantity - from, cents: unitsCents(line.lineTotalCents, line.quantity, from, line.quantity) });
    taxCents += unitsCents(share.taxCents, line.quantity, from, line.quantity);
    shippingCents += unitsCents(share.shippingCents, line.quantity, from, line.quantity);
    const deposit = depositLine(order, line.position);
    if (deposit && from < deposit.quantity) {
      lines.push({ position: deposit.position, kind: 'core-deposit', quantity: deposit.quantity - from, cents: unitsCents(deposit.lineTotalCents, deposit.quantity, from, deposit.quantity) });
    }
  }
  const amountCents = Math.min(sum(lines) + taxCents + shippingCents, stillRefundable(order, refundedCents));
  return { lines, taxCents, shippingCents, restockingFeeCents: 0, restockingFeePpm: 0, amountCents };
}
