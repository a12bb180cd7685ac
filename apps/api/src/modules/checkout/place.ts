import { AWAITING_PAYMENT_STATUSES, partPromiseMessages, shipToText, UNPAID_ORDERS_MAX, UNPAID_UNITS_MAX, type AccountRefusal, type PaymentMethod, type ShipTo } from '@autoparts/shared';
import { sql, type InsertObject } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { isId } from '../../lib/ids';
import { withTransaction } from '../../lib/transaction';
import { accountTermsFor, dueOnFor, enterInvoice, invoicePayers, overCreditLimit, type AccountTerms, type Membership } from '../ledger/entries';
import { nextDocumentNumber } from '../invoices/repository';
import type { Mail } from '../mail/outbox';
import { expiryJob, firstStatus, type OrderLineRow, type OrderRow } from '../orders/model';
import { linesOf } from '../orders/shape';
import { contractPricesFor, noContracts } from '../price-lists/pricing';
import { cartLines, depositOf, destinationOf, lockAccount, partsFor, priceLine, totals, type AddressRow, type LineRequest, type PricedLine, type Totals } from './quote';

/** Totals are integer cents in `integer` columns. */
const MAX_TOTAL_CENTS = 2_147_483_647;

/** Why nothing was ordered. */
export type NotPlaced =
  | { reason: 'lines'; lines: PricedLine[] }
  /** The company may not order on account now (decision 081). */
  | { reason: 'account'; refused: AccountRefusal }
  /** The company requires a purchase-order number on every order, by card too (decision 106). */
  | { reason: 'po-required' }
  /** The total moved from the quoted one, or a line's unit price from its quoted one: the lines priced now. */
  | { reason: 'changed'; lines: PricedLine[] }
  /** `too-many-units`: this order alone holds more units than may wait unpaid. */
  | { reason: 'empty-cart' | 'too-many-unpaid' | 'too-many-units' | 'total-too-large' | 'total-out-of-bounds' | 'shipping-unavailable' };

/** `again`: the order an earlier request with the same key placed; this one placed nothing. */
export type PlaceOutcome = { placed: true; order: OrderRow; lines: OrderLineRow[]; again?: true } | ({ placed: false } & NotPlaced);

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
  /** The member's company location it ships to (decision 075), as checkout found it. */
  location?: { id: string; companyId: string } | undefined;
  /** Undefined: the cheapest method for the address (or none). */
  shippingMethodId?: string;
  /** 'account': the company's invoice, due by its terms (decision 081); card by default. */
  paymentMethod?: PaymentMethod;
  poNumber?: string | undefined;
  note?: string | undefined;
  /** The total of the quote the buyer saw: when the order's differs, nothing is placed ('changed'). */
  quotedTotalCents?: number | undefined;
  /**
   * The attempt's key (decision 162): when the account already placed an order with it (the same
   * request sent again after its reply was lost), that order is the outcome and nothing is placed.
   */
  idempotencyKey?: string | undefined;
}

function toShipTo(address: AddressRow): ShipTo {
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


/** Places one order of all its lines, or nothing (see repository.ts for the steps). */
export async function placeOrder(db: Db, mail: Mail, input: PlaceInput, options: PlaceOptions): Promise<PlaceOutcome> {
  return withTransaction(db, async (trx) => {
    // The account's row is locked (its orders are placed one at a time) and read.
    const member = await lockAccount(trx, input.userId);
    // The same attempt sent again, read under the account's lock: the order its first copy placed.
    const earlier = await placedBefore(trx, input);
    if (earlier) return earlier;
    const membership = member?.membership;
    // On account, the company's row is locked next: members ordering at once take turns.
    const account = input.paymentMethod === 'account' ? await accountTermsFor(trx, input.userId, membership, input.poNumber) : undefined;
    if (account && 'refused' in account) return { placed: false, reason: 'account', refused: account.refused } as const;
    // Its PO rule holds for every order placed for the company, by card too (decision 106); on
    // account it was checked above, under the company's lock, among the account's refusals.
    if (!account && member?.poRequired && !input.poNumber) return { placed: false, reason: 'po-required' } as const;
    const fromCart = input.lines === undefined;
    const requests = input.lines ?? (await cartLines(trx, input.userId));
    if (requests.length === 0) return { placed: false, reason: 'empty-cart' } as const;
    const capped = account ? undefined : await unpaidCapsReached(trx, input.userId, requests, options.capScale);

    // Everything that does not need the parts' locks is read first: they are held until the order
    // commits, and every round trip under them is a wait for the next order of the same parts.
    // The location checkout found exempts the order from tax (its resale certificate) only while it
    // is still the company's of the membership read above, under the account's lock: a member
    // removed since orders for no company, and pays tax (decision 136).
    const company = companyOf(membership, input);
    const where = await destinationOf(trx, input.address, { lock: true, locationId: company.locationId ?? undefined });
    // The price is the server's, read in the order's transaction: never the browser's.
    const contracts = membership ? await contractPricesFor(trx, { companyId: membership.companyId }, requests.map((request) => request.partId)) : noContracts;
    // The fit promise: which of these parts are listed to fit the chosen vehicle.
    const fitting = await fitsChosenVehicle(trx, member?.chosenVehicleId ?? null, requests.map((request) => request.partId).filter(isId));
    const parts = await partsFor(trx, requests, { lock: true });
    const lines = requests.map((request) => priceLine(request, parts.get(request.partId), contracts));
    if (lines.some((line) => line.problem)) return { placed: false, reason: 'lines', lines } as const;
    if (capped) return { placed: false, reason: capped } as const;
    // A line's price the buyer was shown (POST /order's form) holds as a quote's total does.
    const moved = lines.some((line, index) => {
      const quoted = requests[index]?.quotedUnitCents;
      return quoted !== undefined && quoted !== line.unitPriceCents;
    });
    if (moved) return { placed: false, reason: 'changed', lines } as const;
    const priced = totals(lines, where, input.shippingMethodId);
    const refused = refusalOf(priced, input, options);
    if (refused === 'changed') return { placed: false, reason: refused, lines } as const;
    if (refused) return { placed: false, reason: refused } as const;
    if (account && overCreditLimit(account, priced.totalCents)) return { placed: false, reason: 'account', refused: 'credit-limit' } as const;

    // The parts are locked and every line fits: the order is placed in one statement.
    const values = await orderValues(trx, input, priced, options.holdMinutes, company, account);
    const { order, lines: orderLines } = await insertOrder(trx, values, orderLineRows(lines, fitting), fromCart ? input.userId : undefined);
    if (account) {
      // Invoiced at once, a debit in the company's ledger; nothing expires.
      await enterInvoice(trx, order);
      await mail.queueTo(trx, member, { kind: 'order-on-account', order, lines: orderLines });
      // Its invoice also goes to those who pay it (decision 106).
      for (const payer of await invoicePayers(trx, account.companyId, input.userId)) {
        await mail.queue(trx, { kind: 'company-invoice', to: payer.email, name: payer.name, companyName: payer.company_name, order, lines: orderLines });
      }
      return { placed: true, order, lines: orderLines } as const;
    }
    if (!order.expires_at) throw new Error('an unpaid order has no expiry');
    // The message and both jobs (its send job, the order's expiry when it is due), in the
    // order's transaction: they exist exactly when the order does.
    await mail.queueTo(trx, member, { kind: 'order-placed', order, lines: orderLines }, expiryJob(order.id, order.expires_at));
    return { placed: true, order, lines: orderLines } as const;
  });
}

/**
 * The order this account placed with the attempt's key (decision 162), if it did: the outcome of
 * the same request sent again after its reply was lost. Read under the account's row lock, a copy
 * sent at once waits for the first to commit and then finds its order.
 */
export async function placedBefore(trx: Db, { userId, idempotencyKey }: Pick<PlaceInput, 'userId' | 'idempotencyKey'>): Promise<PlaceOutcome | undefined> {
  if (idempotencyKey === undefined) return undefined;
  const order = await trx.selectFrom('orders').selectAll().where('user_id', '=', userId).where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
  return order && { placed: true, order, lines: (await linesOf(trx, [order.id])).get(order.id) ?? [], again: true };
}

/**
 * Which unpaid cap (scaled) the account's unpaid orders with these lines would pass, if any:
 * `too-many-units` when these lines alone pass the units cap. `placeOrder` reads it before the
 * parts' locks but answers it after the lines' own problems: a quantity above the stock is told
 * the stock rule (decision 124), not that the order is too large (decision 162, amended).
 */
async function unpaidCapsReached(
  trx: Db,
  userId: string,
  requests: readonly LineRequest[],
  capScale: number,
): Promise<'too-many-unpaid' | 'too-many-units' | undefined> {
  const units = requests.reduce((sum, line) => sum + line.quantity, 0);
  if (units > UNPAID_UNITS_MAX * capScale) return 'too-many-units';
  const held = await trx
    .selectFrom('orders')
    .select((eb) => [eb.fn.countAll<string>().as('orders'), eb.fn.coalesce(eb.fn.sum<string>('quantity'), sql<string>`0`).as('units')])
    .where('user_id', '=', userId)
    .where('status', 'in', [...AWAITING_PAYMENT_STATUSES])
    .executeTakeFirstOrThrow();
  return Number(held.orders) >= UNPAID_ORDERS_MAX * capScale || Number(held.units) + units > UNPAID_UNITS_MAX * capScale
    ? 'too-many-unpaid'
    : undefined;
}

/** Why the priced order may not be placed, if it may not: its method, its quote, its total. */
function refusalOf(priced: Totals, input: PlaceInput, options: PlaceOptions): Exclude<NotPlaced['reason'], 'lines' | 'account' | 'po-required'> | undefined {
  if (input.shippingMethodId !== undefined && !priced.chosen) return 'shipping-unavailable';
  if (input.quotedTotalCents !== undefined && priced.totalCents !== input.quotedTotalCents) return 'changed';
  if (priced.totalCents > MAX_TOTAL_CENTS) return 'total-too-large';
  const bounds = options.totalBounds;
  if (bounds && (priced.totalCents < bounds.minCents || priced.totalCents > bounds.maxCents)) return 'total-out-of-bounds';
  return undefined;
}

/**
 * The company a member orders for (decision 075), as read in the order's transaction, and the
 * location when it is still that company's.
 */
function companyOf(membership: Membership | undefined, input: PlaceInput): { companyId: string | null; locationId: string | null } {
  if (!membership) return { companyId: null, locationId: null };
  const { companyId } = membership;
  return { companyId, locationId: input.location?.companyId === companyId ? input.location.id : null };
}

/**
 * The order's row, named by its first line: unpaid, holding its stock for `holdMinutes`; or, on
 * account, in the state of a paid order with its invoice's number and due date (decision 081).
 */
async function orderValues(
  trx: Db,
  input: PlaceInput,
  priced: Totals,
  holdMinutes: number,
  company: { companyId: string | null; locationId: string | null },
  account: AccountTerms | undefined,
): Promise<InsertObject<Database, 'orders'>> {
  const [first] = priced.lines;
  if (!first?.part) throw new Error('an order without lines');
  // Typed address text (POST /order) is where it goes; the address book's is kept as it was.
  const shipTo = input.address && input.addressText === undefined ? toShipTo(input.address) : null;
  return {
    user_id: input.userId,
    email: input.email,
    customer_name: input.customerName,
    part_id: first.partId,
    part_name: first.part.name,
    part_img: first.part.img,
    unit_price_cents: first.unitPriceCents,
    quantity: priced.lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal_cents: priced.subtotalCents,
    shipping_cents: priced.chosen?.priceCents ?? 0,
    shipping_method_id: priced.chosen?.method.id ?? null,
    shipping_method_name: priced.chosen?.method.name ?? '',
    shipping_estimate: priced.chosen?.method.estimate ?? '',
    tax_cents: priced.taxCents,
    shipping_tax_cents: priced.shippingTaxCents,
    tax_rate_ppm: priced.taxRatePpm,
    tax_exemption: priced.taxExemption,
    total_cents: priced.totalCents,
    address: input.addressText ?? (shipTo ? shipToText(shipTo) : ''),
    ship_to: shipTo ? JSON.stringify(shipTo) : null,
    po_number: input.poNumber || null,
    idempotency_key: input.idempotencyKey ?? null,
    note: input.note || null,
    company_id: company.companyId,
    company_location_id: company.locationId,
    ...(account
      ? {
          status: firstStatus('placeOnAccount', 'customer'),
          payment_method: 'account' as const,
          invoice_number: await nextDocumentNumber(trx, 'invoice'),
          invoiced_at: sql<Date>`now()`,
          due_on: dueOnFor(account.terms),
        }
      : { status: firstStatus('place', 'customer'), expires_at: sql<Date>`now() + make_interval(secs => ${holdMinutes * 60})` }),
  };
}

type LineValues = Omit<OrderLineRow, 'order_id'>;

/**
 * One statement under the parts' locks: each line's stock taken, the order's row and its lines
 * inserted, and, for an order of the cart (`cartOf`, the account), those parts' cart lines removed.
 * The lines are sent as one JSON array; they come back as sent, with the order's id.
 */
async function insertOrder(trx: Db, values: InsertObject<Database, 'orders'>, lineValues: LineValues[], cartOf: string | undefined): Promise<{ order: OrderRow; lines: OrderLineRow[] }> {
  const partLines = lineValues.filter((line) => line.kind === 'part');
  const taken = sql.join(partLines.map((line) => sql`(${line.part_id}::uuid, ${line.quantity}::int)`));
  // (Kysely sends a raw common table expression as written: its parentheses are ours.)
  const order = await trx
    .with('taken', () => sql`(update parts set available_quantity = parts.available_quantity - taken.quantity from (values ${taken}) as taken(id, quantity) where parts.id = taken.id returning parts.id)`)
    .with('placed', (db) => db.insertInto('orders').values(values).returningAll())
    .with(
      'lines',
      () => sql`(insert into order_lines (order_id, position, kind, deposit_for, vehicle_id, fit_checked, part_id, part_number, name, img, quantity, unit_price_cents, line_total_cents)
        select placed.id, l.position, l.kind, l.deposit_for, l.vehicle_id, l.fit_checked, l.part_id, l.part_number, l.name, l.img, l.quantity, l.unit_price_cents, l.line_total_cents
        from placed, jsonb_to_recordset(${JSON.stringify(lineValues)}::jsonb) as l(position int, kind text, deposit_for int, vehicle_id uuid, fit_checked boolean, part_id uuid, part_number text, name text, img text, quantity int, unit_price_cents int, line_total_cents int))`,
    )
    // Without a cart to empty, `user_id = null` matches no line.
    .with('emptied', () => sql`(delete from cart_lines where user_id = ${cartOf ?? null} and part_id in (select id from taken))`)
    .selectFrom('placed')
    .selectAll()
    .executeTakeFirstOrThrow();
  return { order, lines: lineValues.map((line) => ({ order_id: order.id, ...line })) };
}

/** Each part's line, followed by its core deposit's (the part's quantity, pointing back at it). */
function orderLineRows(lines: readonly PricedLine[], fitting: ChosenVehicleFit): LineValues[] {
  let position = 0;
  return lines.flatMap((line) => {
    const part = line.part;
    if (!part) throw new Error('a line without its part');
    position += 1;
    const partPosition = position;
    const partLine = {
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
      deposit_for: null,
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
}

interface ChosenVehicleFit {
  vehicleId: string | null;
  has: (partId: string) => boolean;
}

/**
 * Which of `partIds` are listed to fit the account's chosen garage vehicle, if it has one (read in
 * the checkout's transaction, so the order records what the catalogue said when it was placed).
 */
async function fitsChosenVehicle(trx: Db, vehicleId: string | null, partIds: readonly string[]): Promise<ChosenVehicleFit> {
  if (!vehicleId || partIds.length === 0) return { vehicleId: null, has: () => false };
  const rows = await trx.selectFrom('fitments').select('part_id').where('vehicle_id', '=', vehicleId).where('part_id', 'in', [...partIds]).execute();
  const fits = new Set(rows.map((row) => row.part_id));
  return { vehicleId, has: (partId) => fits.has(partId) };
}

