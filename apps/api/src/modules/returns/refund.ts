import { proportionalShares, SHOP_AT_FAULT_REASONS, type ReturnReasonCode } from '@autoparts/shared';

export interface RefundOrder {
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

export interface RefundOrderLine {
  position: number;
  kind: 'part' | 'core-deposit';
  depositFor: number | null;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
}

export interface RefundInput {
  order: RefundOrder;
  /** Every line of the order: the shares of tax and shipping are over all of them. */
  lines: readonly RefundOrderLine[];
  /** The returned quantities, by the position of the part's line. */
  returned: readonly { position: number; quantity: number }[];
  reason: ReturnReasonCode;
  fitPromise: boolean;
  restockingFeePpm: number;
  /** What earlier refunds of the order gave back already. */
  alreadyRefundedCents: number;
}

export interface Refund {
  amountCents: number;
  restockingFeeCents: number;
}

/** `part` of `whole` of `cents`, rounded down: a partial quantity never gets more than its share. */
const portion = (cents: number, part: number, whole: number) => (part >= whole ? cents : Math.floor((cents * part) / whole));

/**
 * What a received return gives back, in cents, decided by the server alone:
 * - each returned line's paid price for the quantity returned, and its share of the order's tax
 *   (shares in proportion to the lines' values, adding up to the order's tax exactly);
 * - its share of the shipping as well when the shop is at fault (defective, damaged, wrong part)
 *   or the fit promise covers it;
 * - less the restocking fee (of the lines' price) for `no-longer-needed`;
 * - a core return gives back the deposit line's price for the cores returned, nothing else;
 * - never more than what was paid less what earlier refunds gave back.
 */
export function computeRefund(input: RefundInput): Refund {
  const { order, lines, returned } = input;
  const weights = lines.map((line) => line.lineTotalCents);
  const taxShares = proportionalShares(order.taxCents, weights);
  const shippingShares = proportionalShares(order.shippingCents, weights);
  const withShipping = input.fitPromise || SHOP_AT_FAULT_REASONS.includes(input.reason);
  let goods = 0;
  let extras = 0;
  for (const item of returned) {
    if (input.reason === 'core') {
      const deposit = lines.find((line) => line.kind === 'core-deposit' && line.depositFor === item.position);
      if (deposit) goods += portion(deposit.lineTotalCents, item.quantity, deposit.quantity);
      continue;
    }
    const index = lines.findIndex((line) => line.position === item.position && line.kind === 'part');
    const line = lines[index];
    if (!line) continue;
    goods += portion(line.lineTotalCents, item.quantity, line.quantity);
    extras += portion(taxShares[index] ?? 0, item.quantity, line.quantity);
    if (withShipping) extras += portion(shippingShares[index] ?? 0, item.quantity, line.quantity);
  }
  const restockingFeeCents =
    input.reason === 'no-longer-needed' && !input.fitPromise ? Math.round((goods * input.restockingFeePpm) / 1_000_000) : 0;
  const left = Math.max(0, order.totalCents - input.alreadyRefundedCents);
  const amountCents = Math.max(0, Math.min(goods + extras - restockingFeeCents, left));
  return { amountCents, restockingFeeCents: Math.min(restockingFeeCents, goods + extras) };
}
