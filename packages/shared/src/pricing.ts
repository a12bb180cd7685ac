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
