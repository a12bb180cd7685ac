import {
  centsToDollars,
  checkoutMessages,
  isEnded,
  partChangeMessages,
  partPromiseMessages,
  shippingCents,
  shipToText,
  taxCents,
  unitPriceCents,
  UNPAID_ORDERS_MAX,
  UNPAID_UNITS_MAX,
  type CartLine,
  type CheckoutQuote,
  type PriceBreakCents,
  type ShipTo,
} from '@autoparts/shared';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { AddressesTable, OrderLinesTable, ShippingMethodsTable } from '../../db/schema';
import { isId } from '../../lib/ids';
import { withTransaction } from '../../lib/transaction';
import type { Mail } from '../mail/outbox';
import { expiryJob, firstStatus, type OrderRow } from '../orders/model';

/**
 * The checkout (decision 052): the one path by which an order is placed. `POST /api/checkout`
 * orders the account's cart; SPEC's `POST /order` orders one line through the same `place`.
 * Everything here is plain Kysely, in the order a reader follows it:
 * 1. outside the transaction, the address;
 * 2. in one transaction: the account's row locked (its orders are placed one at a time, so two at
 *    once cannot both pass the unpaid caps), the lines (the cart's, or the one given), the caps,
 *    the address's shipping methods (held against deletion) and tax rate, the parts locked in id order (so concurrent checkouts of overlapping carts queue on their
 *    first common part and never deadlock), the prices, the stock taken, the order and its lines
 *    inserted, the cart emptied, the message and the expiry job queued. Any refusal takes nothing.
 */

export type AddressRow = Selectable<AddressesTable>;
type ShippingMethodRow = Selectable<ShippingMethodsTable>;
export type OrderLineRow = Selectable<OrderLinesTable>;

/** Totals are integer cents in `integer` columns. */
export const MAX_TOTAL_CENTS = 2_147_483_647;

export interface LineRequest {
  partId: string;
  quantity: number;
}

/** A part as a line needs it, with its price breaks. */
interface PartForLine {
  id: string;
  part_number: string;
  name: string;
  img: string;
  price_cents: number;
  available_quantity: number;
  min_order_quantity: number;
  archived_at: Date | null;
  /** PIES life-cycle code: a part no longer made (8, 9) cannot be ordered. */
  lifecycle_code: string;
  weight_grams: number;
  /** Per unit; null when the part has none. */
  core_deposit_cents: number | null;
  breaks: PriceBreakCents[];
}

export type LineProblem = 'part-gone' | 'no-longer-made' | 'sold-out' | 'out-of-stock' | 'below-minimum';

export interface PricedLine {
  partId: string;
  quantity: number;
  /** Undefined when the part does not exist (any more). */
  part: PartForLine | undefined;
  unitPriceCents: number;
  lineTotalCents: number;
  problem: { reason: LineProblem; message: string } | null;
}

/** What the admin's settings make of an address: the methods that ship there, and its tax rate. */
interface Destination {
  methods: ShippingMethodRow[];
  tax: { ratePpm: number; appliesToShipping: boolean };
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
  taxRatePpm: number;
  totalCents: number;
}

/** The price of one line: the part's price break for the quantity; the problem, if any. */
function priceLine(request: LineRequest, part: PartForLine | undefined): PricedLine {
  const unit = part ? unitPriceCents(request.quantity, part.price_cents, part.breaks) : 0;
  let problem: PricedLine['problem'] = null;
  if (!part || part.archived_at !== null) problem = { reason: 'part-gone', message: checkoutMessages.partGone };
  else if (isEnded(part.lifecycle_code)) problem = { reason: 'no-longer-made', message: partChangeMessages.noLongerMadeLine };
  else if (part.available_quantity <= 0) problem = { reason: 'sold-out', message: checkoutMessages.soldOut };
  else if (request.quantity < part.min_order_quantity) {
    problem = { reason: 'below-minimum', message: checkoutMessages.belowMinimum(part.min_order_quantity) };
  } else if (request.quantity > part.available_quantity) {
    problem = { reason: 'out-of-stock', message: checkoutMessages.onlyLeft(part.available_quantity) };
  }
  return { partId: request.partId, quantity: request.quantity, part, unitPriceCents: unit, lineTotalCents: unit * request.quantity, problem };
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
  const partsCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const depositCents = lines.reduce((sum, line) => sum + depositOf(line), 0);
  const subtotalCents = partsCents + depositCents;
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
  const rate = destination?.tax ?? { ratePpm: 0, appliesToShipping: false };
  const tax = taxCents(rate.ratePpm, partsCents + (rate.appliesToShipping ? shipping : 0));
  return {
    lines,
    subtotalCents,
    depositCents,
    weightGrams,
    shippingOptions,
    tooHeavy,
    chosen,
    taxCents: tax,
    taxRatePpm: rate.ratePpm,
    totalCents: subtotalCents + shipping + tax,
  };
}

/** A line's core deposit in cents: the part's deposit times the quantity (0 when none). */
export function depositOf(line: PricedLine): number {
  return (line.part?.core_deposit_cents ?? 0) * line.quantity;
}

/** The quote's lines: each part's, followed by its core deposit's when it has one. */
export function toCheckoutLines(lines: readonly PricedLine[]): CartLine[] {
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

export function toCheckoutLine(line: PricedLine): CartLine {
  return {
    kind: 'part',
    partId: line.partId,
    partNumber: line.part?.part_number ?? '',
    name: line.part?.name ?? '',
    img: line.part?.img ?? '',
    quantity: line.quantity,
    unitPrice: centsToDollars(line.unitPriceCents),
    lineTotal: centsToDollars(line.lineTotalCents),
    minOrderQuantity: line.part?.min_order_quantity ?? 1,
    availableQuantity: line.part?.available_quantity ?? 0,
    problem: line.problem?.message ?? null,
    replaced: null,
  };
}

export function toShipTo(address: AddressRow): ShipTo {
  return {
    name: address.name,
    company: address.company,
    line1: address.line1,
    line2: address.line2,
    city: address.city,
    region: address.region,
    postalCode: address.postal_code,
    country: address.country,
    phone: address.phone,
  };
}

/** Why nothing was ordered. */
export type NotPlaced =
  | { reason: 'lines'; lines: PricedLine[] }
  | { reason: 'empty-cart' | 'too-many-unpaid' | 'total-too-large' | 'total-out-of-bounds' | 'shipping-unavailable' | 'changed' };

export type PlaceOutcome = { placed: true; order: OrderRow; lines: OrderLineRow[] } | ({ placed: false } & NotPlaced);

export interface PlaceOptions {
  /** How long the order holds its stock unpaid. */
  holdMinutes: number;
  /** Multiplies the unpaid caps (config.limitScale). */
  capScale: number;
  /** The order's total must lie within these (a payment provider's own limits), in cents. */
  totalBounds?: { minCents: number; maxCents: number } | undefined;
}

export interface PlaceInput {
  userId: string;
  email: string;
  customerName: string;
  /** The lines to order; without them, the account's cart (which the order then empties). */
  lines?: LineRequest[];
  /** The address book's address that prices shipping and tax, if any. */
  address: AddressRow | undefined;
  /**
   * Where it ships, as SPEC's typed text (POST /order: `address` only prices it). Without it the
   * order ships to `address`, whose snapshot it keeps, with this text made from it.
   */
  addressText?: string;
  /** Undefined: the cheapest method for the address (or none). */
  shippingMethodId?: string;
  poNumber?: string | undefined;
  note?: string | undefined;
  /** The total of the quote the buyer saw: when the order's differs, nothing is placed ('changed'). */
  quotedTotalCents?: number | undefined;
}

export function createCheckoutRepository(db: Db, mail: Mail) {
  /** One of the account's own addresses; another account's is as unknown as a missing one. */
  async function address(userId: string, addressId: string): Promise<AddressRow | undefined> {
    if (!isId(addressId)) return undefined;
    return db.selectFrom('addresses').selectAll().where('id', '=', addressId).where('user_id', '=', userId).executeTakeFirst();
  }

  /**
   * The shipping methods and the tax rate for an address (the region's rate, else the country's).
   * In an order's transaction (`trx`), the methods are read there and held `for key share`: an
   * admin deleting one waits for the order, and one deleted before is simply not offered.
   */
  async function destination(to: AddressRow | undefined, trx?: Db): Promise<Destination | undefined> {
    if (!to) return undefined;
    const methods = (trx ?? db)
      .selectFrom('shipping_methods')
      .selectAll()
      .where('active', '=', true)
      .where(sql<boolean>`${to.country} = any(countries)`)
      .orderBy('seq');
    const [methodRows, rate] = await Promise.all([
      trx ? methods.forKeyShare().execute() : methods.execute(),
      (trx ?? db)
        .selectFrom('tax_rates')
        .select(['rate_ppm', 'applies_to_shipping'])
        .where('country', '=', to.country)
        .where('region', 'in', [to.region, ''])
        // The region's own rate ('IL') before the whole country's ('').
        .orderBy('region', 'desc')
        .limit(1)
        .executeTakeFirst(),
    ]);
    return { methods: methodRows, tax: { ratePpm: rate?.rate_ppm ?? 0, appliesToShipping: rate?.applies_to_shipping ?? false } };
  }

  return {
    address,

    async defaultAddress(userId: string): Promise<AddressRow | undefined> {
      return db.selectFrom('addresses').selectAll().where('user_id', '=', userId).where('is_default', '=', true).executeTakeFirst();
    },

    /** What checking out the cart to `to` would cost now (nothing is locked or taken). */
    async quote(userId: string, to: AddressRow, shippingMethodId: string | undefined): Promise<CheckoutQuote> {
      const requests = await cartLines(db, userId);
      const [parts, where] = await Promise.all([partsFor(db, requests, { lock: false }), destination(to)]);
      const lines = requests.map((request) => priceLine(request, parts.get(request.partId)));
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
        total: centsToDollars(result.totalCents),
      };
    },

    /** Places one order of all its lines, or nothing (see the module's comment). */
    async place(input: PlaceInput, options: PlaceOptions): Promise<PlaceOutcome> {
      const maxOrders = UNPAID_ORDERS_MAX * options.capScale;
      const maxUnits = UNPAID_UNITS_MAX * options.capScale;
      return withTransaction(db, async (trx) => {
        await trx.selectFrom('users').select('id').where('id', '=', input.userId).forUpdate().execute();
        const fromCart = input.lines === undefined;
        const requests = input.lines ?? (await cartLines(trx, input.userId));
        if (requests.length === 0) return { placed: false, reason: 'empty-cart' } as const;

        const units = requests.reduce((sum, line) => sum + line.quantity, 0);
        const held = await trx
          .selectFrom('orders')
          .select((eb) => [eb.fn.countAll<string>().as('orders'), eb.fn.coalesce(eb.fn.sum<string>('quantity'), sql<string>`0`).as('units')])
          .where('user_id', '=', input.userId)
          .where('status', '=', 'unpaid')
          .executeTakeFirstOrThrow();
        if (Number(held.orders) >= maxOrders || Number(held.units) + units > maxUnits) {
          return { placed: false, reason: 'too-many-unpaid' } as const;
        }

        const [parts, where] = await Promise.all([partsFor(trx, requests, { lock: true }), destination(input.address, trx)]);
        const lines = requests.map((request) => priceLine(request, parts.get(request.partId)));
        if (lines.some((line) => line.problem)) return { placed: false, reason: 'lines', lines } as const;
        const priced = totals(lines, where, input.shippingMethodId);
        if (input.shippingMethodId !== undefined && !priced.chosen) return { placed: false, reason: 'shipping-unavailable' } as const;
        if (input.quotedTotalCents !== undefined && priced.totalCents !== input.quotedTotalCents) return { placed: false, reason: 'changed' } as const;
        if (priced.totalCents > MAX_TOTAL_CENTS) return { placed: false, reason: 'total-too-large' } as const;
        const bounds = options.totalBounds;
        if (bounds && (priced.totalCents < bounds.minCents || priced.totalCents > bounds.maxCents)) {
          return { placed: false, reason: 'total-out-of-bounds' } as const;
        }

        // The parts are locked and every line fits: take the stock of each, in one statement.
        const taken = sql.join(lines.map((line) => sql`(${line.partId}::uuid, ${line.quantity}::int)`));
        await sql`
          update parts set available_quantity = parts.available_quantity - taken.quantity
          from (values ${taken}) as taken(id, quantity)
          where parts.id = taken.id
        `.execute(trx);

        const [first] = lines;
        if (!first?.part) throw new Error('an order without lines');
        // Typed address text (POST /order) is where it goes; the address book's is kept as it was.
        const shipTo = input.address && input.addressText === undefined ? toShipTo(input.address) : null;
        const order = await trx
          .insertInto('orders')
          .values({
            user_id: input.userId,
            email: input.email,
            customer_name: input.customerName,
            part_id: first.partId,
            part_name: first.part.name,
            part_img: first.part.img,
            unit_price_cents: first.unitPriceCents,
            quantity: units,
            subtotal_cents: priced.subtotalCents,
            shipping_cents: priced.chosen?.priceCents ?? 0,
            shipping_method_id: priced.chosen?.method.id ?? null,
            shipping_method_name: priced.chosen?.method.name ?? '',
            shipping_estimate: priced.chosen?.method.estimate ?? '',
            tax_cents: priced.taxCents,
            tax_rate_ppm: priced.taxRatePpm,
            total_cents: priced.totalCents,
            address: input.addressText ?? (shipTo ? shipToText(shipTo) : ''),
            ship_to: shipTo ? JSON.stringify(shipTo) : null,
            po_number: input.poNumber || null,
            note: input.note || null,
            status: firstStatus('place', 'customer'),
            expires_at: sql<Date>`now() + make_interval(secs => ${options.holdMinutes * 60})`,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        // The fit promise: the garage's chosen vehicle, and which of these parts are listed to fit it.
        const fitting = await fitsChosenVehicle(trx, input.userId, lines.map((line) => line.partId));
        // Each part's line, followed by its core deposit's (the part's quantity, pointing back at it).
        let position = 0;
        const rows = lines.flatMap((line) => {
          const part = line.part;
          if (!part) throw new Error('a line without its part');
          position += 1;
          const partPosition = position;
          const partLine = {
            order_id: order.id,
            position: partPosition,
            kind: 'part' as const,
            part_id: line.partId,
            part_number: part.part_number,
            name: part.name,
            img: part.img,
            quantity: line.quantity,
            unit_price_cents: line.unitPriceCents,
            line_total_cents: line.lineTotalCents,
            vehicle_id: fitting.has(line.partId) ? fitting.vehicleId : null,
            fit_checked: fitting.has(line.partId),
          };
          if (part.core_deposit_cents === null) return [partLine];
          position += 1;
          return [
            partLine,
            {
              ...partLine,
              position,
              kind: 'core-deposit' as const,
              deposit_for: partPosition,
              name: partPromiseMessages.coreDepositLine(part.name),
              unit_price_cents: part.core_deposit_cents,
              line_total_cents: depositOf(line),
              vehicle_id: null,
              fit_checked: false,
            },
          ];
        });
        const orderLines = await trx.insertInto('order_lines').values(rows).returningAll().execute();
        if (fromCart) {
          await trx
            .deleteFrom('cart_lines')
            .where('user_id', '=', input.userId)
            .where('part_id', 'in', lines.map((line) => line.partId))
            .execute();
        }
        if (!order.expires_at) throw new Error('an unpaid order has no expiry');
        // The message and both jobs (its send job, the order's expiry when it is due), in the
        // order's transaction: they exist exactly when the order does.
        await mail.queue(trx, { kind: 'order-placed', order, lines: orderLines }, expiryJob(order.id, order.expires_at));
        return { placed: true, order, lines: orderLines } as const;
      });
    },
  };
}

export type CheckoutRepository = ReturnType<typeof createCheckoutRepository>;

/**
 * The account's chosen garage vehicle, if any, and which of `partIds` are listed to fit it (read in
 * the checkout's transaction, so the order records what the catalogue said when it was placed).
 */
async function fitsChosenVehicle(trx: Db, userId: string, partIds: readonly string[]): Promise<{ vehicleId: string | null; has: (partId: string) => boolean }> {
  const chosen = await trx
    .selectFrom('garage_vehicles')
    .select('vehicle_id')
    .where('user_id', '=', userId)
    .where('active', '=', true)
    .executeTakeFirst();
  if (!chosen || partIds.length === 0) return { vehicleId: null, has: () => false };
  const rows = await trx
    .selectFrom('fitments')
    .select('part_id')
    .where('vehicle_id', '=', chosen.vehicle_id)
    .where('part_id', 'in', [...partIds])
    .execute();
  const fits = new Set(rows.map((row) => row.part_id));
  return { vehicleId: chosen.vehicle_id, has: (partId) => fits.has(partId) };
}

/** The account's cart as lines to order, oldest first. */
async function cartLines(db: Db, userId: string): Promise<LineRequest[]> {
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
 * The lines' parts with their price breaks. With `lock`, the parts' rows are locked in id order:
 * every checkout takes its locks in that one order, so two overlapping carts wait for each other
 * on their first common part instead of each holding what the other needs (a deadlock).
 */
async function partsFor(db: Db, requests: LineRequest[], { lock }: { lock: boolean }): Promise<Map<string, PartForLine>> {
  const ids = [...new Set(requests.map((request) => request.partId).filter(isId))];
  if (ids.length === 0) return new Map();
  let query = db
    .selectFrom('parts')
    .select(['id', 'part_number', 'name', 'img', 'price_cents', 'available_quantity', 'min_order_quantity', 'archived_at', 'lifecycle_code', 'weight_grams', 'core_deposit_cents'])
    .where('id', 'in', ids)
    .orderBy('id');
  if (lock) query = query.forUpdate();
  const [parts, breaks] = await Promise.all([
    query.execute(),
    db.selectFrom('part_price_breaks').select(['part_id', 'min_quantity', 'unit_price_cents']).where('part_id', 'in', ids).execute(),
  ]);
  return new Map(
    parts.map((part) => [
      part.id,
      {
        ...part,
        breaks: breaks
          .filter((tier) => tier.part_id === part.id)
          .map((tier) => ({ minQuantity: tier.min_quantity, unitPriceCents: tier.unit_price_cents })),
      },
    ]),
  );
}
