import {
  awaitsPayment,
  centsToDollars,
  formatInvoiceNumber,
  isPaidState,
  orderKindOf,
  orderName,
  returnWindows,
  taxLabel,
  unitsLeftToReturn,
  unitsShipped,
  warrantyEnds,
  type CreditNoteSummary,
  type Order,
} from '@autoparts/shared';
import type { Db } from '../../db/database';
import { creditNotesOf } from '../invoices/repository';
import { heldReturnLinesOf, type HeldLine } from '../returns/held';
import { afterSaleOf, noAfterSale, timelineOf, type AfterSale } from '../shipments/repository';
import type { OrderLineRow, OrderRow } from './model';

/** An order as the API sends it: its row, its lines, what came after the sale, its credit notes. */
function toOrder(
  row: OrderRow,
  lines: readonly OrderLineRow[],
  after: AfterSale = noAfterSale,
  creditNotes: readonly CreditNoteSummary[] = [],
  warrantyMonths: ReadonlyMap<string, number> = new Map(),
  held: readonly HeldLine[] = [],
): Order {
  // The after-sale clock, as returns count it: delivery, else the last parcel, else the order's shipping.
  const lastShipment = after.shipments.at(-1)?.shippedAt;
  const since = row.delivered_at ?? (lastShipment ? new Date(lastShipment) : row.shipped_at);
  const warrantyUntil = (line: OrderLineRow) => {
    const months = line.kind === 'part' ? warrantyMonths.get(line.part_id) : undefined;
    return since && months ? warrantyEnds(since, months).toISOString() : null;
  };
  const returnsOf = (line: OrderLineRow) => lineReturns(line, { row, lines, after, held, since });
  return {
    _id: row.id,
    partId: row.part_id,
    name: orderName(row.part_name, lines),
    img: row.part_img,
    price: centsToDollars(row.total_cents),
    unitPrice: centsToDollars(row.unit_price_cents),
    orderQuantity: row.quantity,
    address: row.address,
    email: row.email,
    customername: row.customer_name,
    paid: isPaidState(row.status),
    status: row.status,
    transactionId: row.transaction_id,
    paymentProvider: row.payment_provider,
    createdAt: row.created_at.toISOString(),
    expiresAt: awaitsPayment(row.status, orderKindOf(row.payment_provider)) && row.expires_at ? row.expires_at.toISOString() : null,
    orderNumber: String(row.order_number),
    lines: lines.map((line) => ({
      kind: line.kind,
      vehicleId: line.vehicle_id,
      fitChecked: line.fit_checked,
      partId: line.part_id,
      partNumber: line.part_number,
      name: line.name,
      img: line.img,
      quantity: line.quantity,
      unitPrice: centsToDollars(line.unit_price_cents),
      lineTotal: centsToDollars(line.line_total_cents),
      warrantyUntil: warrantyUntil(line),
      ...returnsOf(line),
    })),
    subtotal: centsToDollars(row.subtotal_cents),
    shipping: {
      method: row.shipping_method_name || null,
      estimate: row.shipping_estimate || null,
      price: centsToDollars(row.shipping_cents),
    },
    tax: centsToDollars(row.tax_cents),
    taxLabel: taxLabel(row.tax_rate_ppm, row.ship_to),
    total: centsToDollars(row.total_cents),
    shippingAddress: row.ship_to,
    poNumber: row.po_number,
    note: row.note,
    shipments: after.shipments,
    deliveredAt: row.delivered_at?.toISOString() ?? null,
    timeline: timelineOf(row, after),
    invoiceNumber: row.invoice_number === null ? null : formatInvoiceNumber(Number(row.invoice_number)),
    creditNotes: [...creditNotes],
  };
}

/**
 * What of an order's part line may still go back, by the rule a request is refused by
 * (`returns/request.ts`), counted over every return of the order (decision 164); its windows, as the
 * request checks them, from `since` (the after-sale clock).
 */
function lineReturns(
  line: OrderLineRow,
  order: { row: OrderRow; lines: readonly OrderLineRow[]; after: AfterSale; held: readonly HeldLine[]; since: Date | null },
): Pick<Order['lines'][number], 'returnUntil' | 'coreReturnUntil' | 'returnable' | 'coresReturnable'> {
  if (line.kind !== 'part') return { returnUntil: null, coreReturnUntil: null, returnable: 0, coresReturnable: 0 };
  const deposit = order.lines.find((candidate) => candidate.kind === 'core-deposit' && candidate.deposit_for === line.position);
  const shipped = unitsShipped({ status: order.row.status, shipments: order.after.shipments }, line.part_id, line.quantity);
  const earlier = order.held.filter((candidate) => candidate.position === line.position);
  const windows = order.since && shipped > 0 ? returnWindows(order.since) : null;
  return {
    returnUntil: windows ? windows.returnUntil.toISOString() : null,
    coreReturnUntil: windows && deposit ? windows.coreReturnUntil.toISOString() : null,
    returnable: unitsLeftToReturn(shipped, earlier, null).left,
    coresReturnable: deposit ? unitsLeftToReturn(shipped, earlier, { deposits: deposit.quantity }).left : 0,
  };
}

/** The lines of these orders, each order's in its own order. */
export async function linesOf(db: Db, orderIds: readonly string[]): Promise<Map<string, OrderLineRow[]>> {
  const byOrder = new Map<string, OrderLineRow[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db.selectFrom('order_lines').selectAll().where('order_id', 'in', orderIds).orderBy('order_id').orderBy('position').execute();
  for (const row of rows) byOrder.get(row.order_id)?.push(row);
  return byOrder;
}

/** Orders as the API sends them, with their lines, what came after and their credit notes (a few queries for all of them). */
export async function withLines(db: Db, rows: OrderRow[]): Promise<Order[]> {
  const orderOf = await shaper(db, rows);
  return rows.map(orderOf);
}

/** The warranty in months of the parts on these lines that have one. */
async function warrantiesOf(db: Db, lines: Iterable<readonly OrderLineRow[]>): Promise<Map<string, number>> {
  const partIds = [...new Set([...lines].flatMap((list) => list.map((line) => line.part_id)))];
  if (partIds.length === 0) return new Map();
  const rows = await db.selectFrom('parts').select(['id', 'warranty_months']).where('id', 'in', partIds).where('warranty_months', 'is not', null).execute();
  return new Map(rows.map((row) => [row.id, row.warranty_months ?? 0]));
}

/** Reads the lines, shipments and returns (and the lines they hold), credit notes and the parts' warranties of these orders; answers how to shape each. */
export async function shaper(db: Db, rows: readonly OrderRow[]): Promise<(row: OrderRow) => Order> {
  const ids = rows.map((row) => row.id);
  const [lines, after, creditNotes, held] = await Promise.all([linesOf(db, ids), afterSaleOf(db, ids), creditNotesOf(db, ids), heldReturnLinesOf(db, ids)]);
  const warranties = await warrantiesOf(db, lines.values());
  return (row) => toOrder(row, lines.get(row.id) ?? [], after.get(row.id), creditNotes.get(row.id) ?? [], warranties, held.get(row.id) ?? []);
}
