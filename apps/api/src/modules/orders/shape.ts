import { centsToDollars, formatInvoiceNumber, orderName, taxLabel, type CreditNoteSummary, type Order } from '@autoparts/shared';
import type { Db } from '../../db/database';
import { creditNotesOf } from '../invoices/repository';
import { afterSaleOf, noAfterSale, timelineOf, type AfterSale } from '../shipments/repository';
import type { OrderLineRow, OrderRow } from './model';

/** An order as the API sends it: its row, its lines, what came after the sale, its credit notes. */
export function toOrder(
  row: OrderRow,
  lines: readonly OrderLineRow[],
  after: AfterSale = noAfterSale,
  creditNotes: readonly CreditNoteSummary[] = [],
): Order {
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
    paid: row.status === 'paid' || row.status === 'partially_shipped' || row.status === 'shipped' || row.status === 'delivered',
    status: row.status,
    transactionId: row.transaction_id,
    paymentProvider: row.payment_provider,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.status === 'unpaid' && row.expires_at ? row.expires_at.toISOString() : null,
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

/** Reads the lines, shipments and returns, and credit notes of these orders at once; answers how to shape each. */
export async function shaper(db: Db, rows: readonly OrderRow[]): Promise<(row: OrderRow) => Order> {
  const ids = rows.map((row) => row.id);
  const [lines, after, creditNotes] = await Promise.all([linesOf(db, ids), afterSaleOf(db, ids), creditNotesOf(db, ids)]);
  return (row) => toOrder(row, lines.get(row.id) ?? [], after.get(row.id), creditNotes.get(row.id) ?? []);
}
