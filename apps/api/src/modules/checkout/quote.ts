import {
  centsToDollars,
  certificateMessages,
  checkoutMessages,
  isEnded,
  isReplaced,
  partChangeMessages,
  partPromiseMessages,
  shippingCents,
  type CartLine,
  type CheckoutQuote,
  type PriceBreakCents,
  orderTax,
  lineTotalCents,
  orderTotalCents,
  sumCents,
} from '@autoparts/shared';
import { sql, type Selectable } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { contractPricesFor, linePrice, type ContractPrices } from '../price-lists/pricing';
import type { Db } from '../../db/database';
import type { PartFacts } from '../cart/repository';
import type { AddressesTable, ShippingMethodsTable } from '../../db/schema';
import { isId } from '../../lib/ids';
import { createCertificatesRepository } from '../certificates/repository';
import type { Membership } from '../ledger/entries';
import type { RecipientAccount } from '../mail/outbox';

/**
 * The checkout's arithmetic and its reads (decision 052): a cart's lines priced at their price
 * breaks, shipping and tax for an address, the quote the buyer sees. Placing an order (place.ts)
 * prices the same way, from the same reads, in its transaction.
 */

/** Where an order ships: an address of the book, or a company's location (the same fields). */
export type AddressRow = Pick<Selectable<AddressesTable>, 'name' | 'company' | 'line1' | 'line2' | 'city' | 'region' | 'postal_code' | 'country' | 'phone'>;
type ShippingMethodRow = Selectable<ShippingMethodsTable>;

export interface LineRequest {
  partId: string;
  quantity: number;
  /** The unit price, in cents, the buyer was shown for this line (POST /order): another one places nothing ('changed'). */
  quotedUnitCents?: number | undefined;
}

/** A part as a line needs it (a cart line's facts), with its weight and price breaks. */
interface PartForLine extends PartFacts {
  weight_grams: number;
  breaks: PriceBreakCents[];
}

type LineProblem = 'part-gone' | 'no-longer-made' | 'replaced' | 'sold-out' | 'out-of-stock' | 'below-minimum';

export interface PricedLine {
  partId: string;
  quantity: number;
  /** Undefined when the part does not exist (any more). */
  part: PartForLine | undefined;
  unitPriceCents: number;
  /** The list price or its break for the quantity: what `unitPriceCents` is without a contract price. */
  listUnitCents: number;
  lineTotalCents: number;
  problem: { reason: LineProblem; message: string } | null;
}

/** What the admin's settings make of an address: the methods that ship there, and its tax rate. */
export interface Destination {
  methods: ShippingMethodRow[];
  tax: { ratePpm: number; appliesToShipping: boolean };
  /** Why no tax is charged: a verified resale certificate of the location for its state (decision 082). */
  exemption: string | null;
}

export interface Totals {
  lines: PricedLine[];
  /** Every line's total: the parts' and their core deposits'. */
  subtotalCents: number;
  /** Of the subtotal, the core deposits: money held, not goods sold (untaxed, not shipped). */
  depositCents: number;
  weightGrams: number;
  /** The methods that take this cart to this address, priced, in the admin's order. */
  shippingOptions: Array<{ method: ShippingMethodRow; priceCents: number }>;
  /** The methods that ship to this address but cannot take this cart's weight. */
  tooHeavy: ShippingMethodRow[];
  chosen: { method: ShippingMethodRow; priceCents: number } | undefined;
  taxCents: number;
  /** Of `taxCents`, the tax on the shipping (decision 109). */
  shippingTaxCents: number;
  taxRatePpm: number;
  taxExemption: string | null;
  totalCents: number;
}

/** The price of one line: the lower of the buyer's contract price and the part's retail price for the quantity (`linePrice`); the problem, if any. */
export function priceLine(request: LineRequest, part: PartForLine | undefined, contracts: ContractPrices): PricedLine {
  const price = part ? linePrice(contracts, part, part.breaks, request.quantity) : undefined;
  const listUnit = price?.retailCents ?? 0;
  const unit = price?.unitPriceCents ?? 0;
  let problem: PricedLine['problem'] = null;
  if (!part || part.archived_at !== null) problem = { reason: 'part-gone', message: checkoutMessages.partGone };
  else if (isEnded(part.lifecycle_code)) problem = { reason: 'no-longer-made', message: partChangeMessages.noLongerMadeLine };
  // Sold as the part that replaces it: its own price and stock are the old number's leftovers.
  else if (isReplaced(part.lifecycle_code)) problem = { reason: 'replaced', message: partChangeMessages.replacedLine };
  else if (part.available_quantity <= 0) problem = { reason: 'sold-out', message: checkoutMessages.soldOut };
  else if (request.quantity < part.min_order_quantity) {
    problem = { reason: 'below-minimum', message: checkoutMessages.belowMinimum(part.min_order_quantity) };
  } else if (request.quantity > part.available_quantity) {
    problem = { reason: 'out-of-stock', message: checkoutMessages.onlyLeft(part.available_quantity) };
  }
  return { partId: request.partId, quantity: request.quantity, part, unitPriceCents: unit, listUnitCents: listUnit, lineTotalCents: lineTotalCents(unit, request.quantity), problem };
}

/**
 * The order's arithmetic, all in integer cents and grams with the shared functions: each line at
 * its price break, shipping by the cart's exact weight (free over the method's threshold), tax
 * on the subtotal (and the shipping when the rate says so) rounded once.
 * `methodId` undefined: by `otherwise`, the cheapest method (POST /order's one line), or the only
 * one offered and else none (the checkout's quote: the buyer chooses among several).
 */
export function totals(
  lines: PricedLine[],
  destination: Destination | undefined,
  methodId: string | undefined,
  otherwise: 'cheapest' | 'only' = 'cheapest',
): Totals {
  const partsCents = sumCents(lines.map((line) => line.lineTotalCents));
  const depositCents = sumCents(lines.map(depositOf));
  const subtotalCents = orderTotalCents({ partsCents, depositCents, shippingCents: 0, taxCents: 0 });
  const weightGrams = lines.reduce((sum, line) => sum + (line.part?.weight_grams ?? 0) * line.quantity, 0);
  const tooHeavy: ShippingMethodRow[] = [];
  const shippingOptions = (destination?.methods ?? []).flatMap((method) => {
    const priceCents = shippingCents(
      {
        basePriceCents: method.base_price_cents,
        pricePerKgCents: method.price_per_kg_cents,
        maxWeightGrams: method.max_weight_grams,
        freeOverCents: method.free_over_cents,
      },
      weightGrams,
      partsCents,
    );
    if (priceCents === undefined) tooHeavy.push(method);
    return priceCents === undefined ? [] : [{ method, priceCents }];
  });
  const cheapest = shippingOptions.reduce<(typeof shippingOptions)[number] | undefined>(
    (best, option) => (!best || option.priceCents < best.priceCents ? option : best),
    undefined,
  );
  const fallback = otherwise === 'cheapest' ? cheapest : shippingOptions.length === 1 ? shippingOptions[0] : undefined;
  const chosen = methodId === undefined ? fallback : shippingOptions.find((option) => option.method.id === methodId);
  const shipping = chosen?.priceCents ?? 0;
  const rate = destination && !destination.exemption ? destination.tax : { ratePpm: 0, appliesToShipping: false };
  const tax = orderTax(rate.ratePpm, partsCents, shipping, rate.appliesToShipping);
  return {
    lines,
    subtotalCents,
    depositCents,
    weightGrams,
    shippingOptions,
    tooHeavy,
    chosen,
    taxCents: tax.taxCents,
    shippingTaxCents: tax.shippingTaxCents,
    taxRatePpm: rate.ratePpm,
    taxExemption: destination?.exemption ?? null,
    totalCents: orderTotalCents({ partsCents, depositCents, shippingCents: shipping, taxCents: tax.taxCents }),
  };
}

/** A line's core deposit in cents: the part's deposit times the quantity (0 when none). */
export function depositOf(line: PricedLine): number {
  return lineTotalCents(line.part?.core_deposit_cents ?? 0, line.quantity);
}

/** The quote's lines: each part's, followed by its core deposit's when it has one. */
function toCheckoutLines(lines: readonly PricedLine[]): CartLine[] {
  return lines.flatMap((line) => {
    const part = toCheckoutLine(line);
    const unitDeposit = line.part?.core_deposit_cents;
    if (unitDeposit === null || unitDeposit === undefined) return [part];
    return [
      part,
      {
        ...part,
        kind: 'core-deposit',
        name: partPromiseMessages.coreDepositLine(part.name),
        unitPrice: centsToDollars(unitDeposit),
        lineTotal: centsToDollars(depositOf(line)),
        problem: null,
      },
    ];
  });
}

function toCheckoutLine(line: PricedLine): CartLine {
  return {
    kind: 'part',
    partId: line.partId,
    partNumber: line.part?.part_number ?? '',
    name: line.part?.name ?? '',
    img: line.part?.img ?? '',
    quantity: line.quantity,
    unitPrice: centsToDollars(line.unitPriceCents),
    // Struck through only when it is higher than what the member pays (decision 104).
    ...(line.unitPriceCents < line.listUnitCents ? { listPrice: centsToDollars(line.listUnitCents) } : {}),
    lineTotal: centsToDollars(line.lineTotalCents),
    minOrderQuantity: line.part?.min_order_quantity ?? 1,
    availableQuantity: line.part?.available_quantity ?? 0,
    problem: line.problem?.message ?? null,
    replaced: null,
  };
}

/** The account's cart as lines to order, oldest first. */
export async function cartLines(db: Db, userId: string): Promise<LineRequest[]> {
  const rows = await db
    .selectFrom('cart_lines')
    .select(['part_id', 'quantity'])
    .where('user_id', '=', userId)
    .orderBy('added_at')
    .orderBy('part_id')
    .execute();
  return rows.map((row) => ({ partId: row.part_id, quantity: row.quantity }));
}

/**
 * The lines' parts with their price breaks, in one statement (each part's breaks as a JSON array).
 * With `lock`, the parts' rows are locked in id order: every checkout takes its locks in that one
 * order, so two overlapping carts wait for each other on their first common part instead of each
 * holding what the other needs (a deadlock).
 */
export async function partsFor(db: Db, requests: LineRequest[], { lock }: { lock: boolean }): Promise<Map<string, PartForLine>> {
  const ids = [...new Set(requests.map((request) => request.partId).filter(isId))];
  if (ids.length === 0) return new Map();
  let query = db
    .selectFrom('parts')
    .select((eb) => [
      'id',
      'part_number',
      'name',
      'img',
      'price_cents',
      'available_quantity',
      'min_order_quantity',
      'archived_at',
      'lifecycle_code',
      'weight_grams',
      'core_deposit_cents',
      jsonArrayFrom(
        eb
          .selectFrom('part_price_breaks')
          .select(['min_quantity as minQuantity', 'unit_price_cents as unitPriceCents'])
          .whereRef('part_price_breaks.part_id', '=', 'parts.id'),
      ).as('breaks'),
    ])
    .where('id', 'in', ids)
    .orderBy('id');
  if (lock) query = query.forUpdate();
  const parts = await query.execute();
  return new Map(parts.map((part) => [part.id, part]));
}

/**
 * The shipping methods and the tax rate for an address (the region's rate, else the country's),
 * and, for a company location (`locationId`), the resale certificate that exempts it in its state.
 * With `lock` (in an order's transaction), the methods are held `for key share`: an admin
 * deleting one waits for the order, and one deleted before is simply not offered.
 */
export async function destinationOf(db: Db, to: AddressRow | undefined, { lock, locationId }: { lock: boolean; locationId?: string | undefined }): Promise<Destination | undefined> {
  if (!to) return undefined;
  const methods = db
    .selectFrom('shipping_methods')
    .selectAll()
    .where('active', '=', true)
    .where(sql<boolean>`${to.country} = any(countries)`)
    .orderBy('seq');
  const [methodRows, rate, certificate] = await Promise.all([
    lock ? methods.forKeyShare().execute() : methods.execute(),
    db
      .selectFrom('tax_rates')
      .select(['rate_ppm', 'applies_to_shipping'])
      .where('country', '=', to.country)
      .where('region', 'in', [to.region, ''])
      // The region's own rate ('IL') before the whole country's ('').
      .orderBy('region', 'desc')
      .limit(1)
      .executeTakeFirst(),
    to.country === 'US' ? createCertificatesRepository(db).exemption(locationId, to.region) : undefined,
  ]);
  return {
    methods: methodRows,
    tax: { ratePpm: rate?.rate_ppm ?? 0, appliesToShipping: rate?.applies_to_shipping ?? false },
    exemption: certificate ? certificateMessages.exemption(certificate.number, certificate.state) : null,
  };
}

/**
 * What checking out the cart of `userId` to `to` (a company location: `locationId`) would cost now
 * (nothing is locked or taken).
 */
export async function quoteCart(db: Db, userId: string, to: AddressRow, shippingMethodId: string | undefined, locationId?: string): Promise<CheckoutQuote> {
  const requests = await cartLines(db, userId);
  const [parts, where, contracts] = await Promise.all([
    partsFor(db, requests, { lock: false }),
    destinationOf(db, to, { lock: false, locationId }),
    contractPricesFor(db, { userId }, requests.map((request) => request.partId)),
  ]);
  const lines = requests.map((request) => priceLine(request, parts.get(request.partId), contracts));
  // The method asked for while it is available, else the only one offered, else none (issue 34.5).
  let result = totals(lines, where, shippingMethodId, 'only');
  if (!result.chosen && shippingMethodId !== undefined) result = totals(lines, where, undefined, 'only');
  return {
    lines: toCheckoutLines(result.lines),
    subtotal: centsToDollars(result.subtotalCents),
    shippingMethods: result.shippingOptions.map(({ method, priceCents }) => ({
      id: method.id,
      name: method.name,
      estimate: method.estimate,
      price: centsToDollars(priceCents),
    })),
    unavailableShippingMethods: result.tooHeavy.map((method) => ({
      id: method.id,
      name: method.name,
      estimate: method.estimate,
      reason: checkoutMessages.tooHeavy((method.max_weight_grams ?? 0) / 1000, result.weightGrams / 1000),
    })),
    shippingMethodId: result.chosen?.method.id ?? null,
    shipping: centsToDollars(result.chosen?.priceCents ?? 0),
    tax: centsToDollars(result.taxCents),
    taxExemption: result.taxExemption,
    total: centsToDollars(result.totalCents),
  };
}

/**
 * The account placing an order, as read in the order's transaction under its row's lock (its
 * orders are placed one at a time): its address and whether it confirmed it (the order's message,
 * decision 178), its company membership (which prices the lines and names the order's company)
 * and that company's PO rule, and its garage's chosen vehicle (the fit promise). One statement.
 */
export interface LockedAccount extends RecipientAccount {
  membership: Membership | undefined;
  poRequired: boolean;
  chosenVehicleId: string | null;
}

/** Locks and reads the account placing an order (`LockedAccount`); undefined for an account that is gone. */
export async function lockAccount(trx: Db, userId: string): Promise<LockedAccount | undefined> {
  const row = await trx
    .selectFrom('users')
    .leftJoin('company_members', 'company_members.user_id', 'users.id')
    .leftJoin('companies', 'companies.id', 'company_members.company_id')
    .select((eb) => [
      'users.email',
      'users.email_verified',
      'company_members.company_id',
      'company_members.role',
      'companies.po_required',
      eb.selectFrom('garage_vehicles').select('vehicle_id').whereRef('garage_vehicles.user_id', '=', 'users.id').where('active', '=', true).as('chosen_vehicle_id'),
    ])
    .where('users.id', '=', userId)
    .forUpdate('users')
    .executeTakeFirst();
  if (!row) return undefined;
  const membership = row.company_id && row.role ? { companyId: row.company_id, role: row.role } : undefined;
  return { email: row.email, email_verified: row.email_verified, membership, poRequired: row.po_required === true, chosenVehicleId: row.chosen_vehicle_id ?? null };
}
