import {
  can,
  cancelsOnlyTheRest,
  carrierNames,
  formatCents,
  formatCreditNoteNumber,
  formatRmaNumber,
  formatTrackingNumber,
  orderKindOf,
  trackingUrl,
  type CarrierCode,
  type OrderActor,
  type Shipment,
  type ShipOrderInput,
  type TimelineEvent,
  moneyOrderOf, restRefund,
  timelineMessages,
} from '@autoparts/shared';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { issueCreditNote } from '../invoices/repository';
import type { Mail } from '../mail/outbox';
import { changeOrderStatus, type OrderLineRow, type OrderRow } from '../orders/model';

/** What became of an order after it was placed: its shipments, returns and credit notes. */
export interface AfterSale {
  shipments: Shipment[];
  returns: {
    id: string;
    rmaNumber: string;
    status: string;
    /** A warranty claim approved with a replacement: the order that sends it. */
    replacementOrderNumber: string | null;
    createdAt: Date;
    decidedAt: Date | null;
    receivedAt: Date | null;
    refundedAt: Date | null;
  }[];
  /** `returnId`: the return it refunds; none for a cancellation's (the whole order's, or its unshipped rest's). */
  creditNotes: { number: string; amountCents: number; issuedAt: Date; returnId: string | null }[];
}

export const noAfterSale: AfterSale = { shipments: [], returns: [], creditNotes: [] };

/** The shipments, returns and credit notes of these orders (three queries for all of them). */
export async function afterSaleOf(db: Db, orderIds: readonly string[]): Promise<Map<string, AfterSale>> {
  const byOrder = new Map<string, AfterSale>(orderIds.map((id) => [id, { shipments: [], returns: [], creditNotes: [] }]));
  if (orderIds.length === 0) return byOrder;
  const [shipments, shipped, returns, notes] = await Promise.all([
    db.selectFrom('shipments').selectAll().where('order_id', 'in', orderIds).orderBy('shipped_at').orderBy('id').execute(),
    db
      .selectFrom('shipment_lines')
      .innerJoin('order_lines', (join) =>
        join.onRef('order_lines.order_id', '=', 'shipment_lines.order_id').onRef('order_lines.position', '=', 'shipment_lines.position'),
      )
      .select(['shipment_lines.shipment_id', 'shipment_lines.quantity', 'order_lines.part_id', 'order_lines.part_number', 'order_lines.name'])
      .where('shipment_lines.order_id', 'in', orderIds)
      .orderBy('shipment_lines.position')
      .execute(),
    db
      .selectFrom('returns')
      .leftJoin('orders as replacement', 'replacement.id', 'returns.replacement_order_id')
      .select([
        'returns.order_id',
        'returns.id',
        'returns.rma_number',
        'returns.status',
        'returns.created_at',
        'returns.decided_at',
        'returns.received_at',
        'returns.refunded_at',
        'replacement.order_number as replacement_order_number',
      ])
      .where('returns.order_id', 'in', orderIds)
      .orderBy('returns.created_at')
      .execute(),
    db.selectFrom('credit_notes').selectAll().where('order_id', 'in', orderIds).orderBy('number').execute(),
  ]);
  const linesByShipment = new Map<string, Shipment['lines']>();
  for (const line of shipped) {
    const list = linesByShipment.get(line.shipment_id) ?? [];
    list.push({ partId: line.part_id, partNumber: line.part_number, name: line.name, quantity: line.quantity });
    linesByShipment.set(line.shipment_id, list);
  }
  for (const row of shipments) {
    byOrder.get(row.order_id)?.shipments.push({
      id: row.id,
      carrier: row.carrier,
      trackingNumber: row.tracking_number,
      trackingUrl: row.tracking_number ? trackingUrl(row.carrier, row.tracking_number) : null,
      shippedAt: row.shipped_at.toISOString(),
      lines: linesByShipment.get(row.id) ?? [],
    });
  }
  for (const row of returns) {
    byOrder.get(row.order_id)?.returns.push({
      id: row.id,
      rmaNumber: formatRmaNumber(row.rma_number),
      status: row.status,
      replacementOrderNumber: row.replacement_order_number === null ? null : String(row.replacement_order_number),
      createdAt: row.created_at,
      decidedAt: row.decided_at,
      receivedAt: row.received_at,
      refundedAt: row.refunded_at,
    });
  }
  for (const row of notes) {
    byOrder.get(row.order_id)?.creditNotes.push({
      number: formatCreditNoteNumber(row.number),
      amountCents: row.amount_cents,
      issuedAt: row.issued_at,
      returnId: row.return_id,
    });
  }
  return byOrder;
}

/**
 * The customer's timeline of an order, oldest first. A credit note follows what it refunds: its
 * return's "refunded", or the order's "Cancelled" (decision 192). The two are written in one
 * transaction, the credit note stamped with the transaction's start and the other with the
 * application's clock, so by their times alone the refund came first.
 */
export function timelineOf(row: OrderRow, after: AfterSale): TimelineEvent[] {
  const events: (TimelineEvent & { time: number })[] = [];
  const add = (kind: TimelineEvent['kind'], at: Date, label: string, url: string | null = null, follows?: Date) =>
    events.push({ kind, at: at.toISOString(), label, url, time: Math.max(at.getTime(), follows?.getTime() ?? 0) });
  add('placed', row.created_at, 'Order placed');
  if (row.paid_at) add('paid', row.paid_at, 'Paid');
  after.shipments.forEach((shipment, index) => {
    const units = shipment.lines.reduce((sum, line) => sum + line.quantity, 0);
    const what = after.shipments.length > 1 ? `Shipment ${index + 1}` : 'Shipped';
    const tracking = shipment.trackingNumber ? `, tracking ${formatTrackingNumber(shipment.carrier, shipment.trackingNumber)}` : '';
    add('shipment', new Date(shipment.shippedAt), `${what}: ${units} item${units === 1 ? '' : 's'} by ${carrierNames[shipment.carrier]}${tracking}`, shipment.trackingUrl);
  });
  if (row.delivered_at) add('delivered', row.delivered_at, 'Delivered');
  // An order on account was never paid by card: its credit notes credit the company's account (decision 081).
  const onAccount = row.payment_method === 'account';
  const amountOf = (note: AfterSale['creditNotes'][number]) => formatCents(note.amountCents);
  const addNote = (note: AfterSale['creditNotes'][number], follows?: Date) =>
    add('refund', note.issuedAt, timelineMessages.refunded(amountOf(note), note.number, onAccount), null, follows);
  const returnIds = new Set(after.returns.map((entry) => entry.id));
  for (const entry of after.returns) {
    add('return', entry.createdAt, `Return ${entry.rmaNumber} requested`);
    if (entry.decidedAt) {
      const decision =
        entry.status === 'rejected'
          ? 'rejected'
          : entry.replacementOrderNumber
            ? `approved with a replacement, order ${entry.replacementOrderNumber}`
            : 'approved';
      add('return', entry.decidedAt, `Return ${entry.rmaNumber} ${decision}`);
    }
    if (entry.receivedAt) add('return', entry.receivedAt, `Return ${entry.rmaNumber} received`);
    if (entry.refundedAt) add('return', entry.refundedAt, `Return ${entry.rmaNumber} refunded`);
    for (const note of after.creditNotes) if (note.returnId === entry.id) addNote(note, entry.refundedAt ?? undefined);
  }
  const cancelled = row.status === 'cancelled' && row.cancelled_at ? row.cancelled_at : null;
  if (cancelled) add('cancelled', cancelled, 'Cancelled');
  let restRefunded = false;
  for (const note of after.creditNotes) {
    if (note.returnId !== null && returnIds.has(note.returnId)) continue;
    if (note.returnId !== null || cancelled) addNote(note, cancelled ?? undefined);
    // No return and no cancelled order: the unshipped rest of a partly shipped order was cancelled (decision 055).
    else {
      add('refund', note.issuedAt, timelineMessages.restCancelled(amountOf(note), note.number, onAccount), null, row.rest_cancelled_at ?? undefined);
      restRefunded = true;
    }
  }
  // A rest worth $0.00 issues no credit note: the order says when it was cancelled (decision 198).
  if (row.rest_cancelled_at && !restRefunded) add('cancelled', row.rest_cancelled_at, timelineMessages.restCancelledNothingToRefund);
  // Stable: events at the same moment keep the order they were added in.
  return events
    .map((event, index) => ({ event, index }))
    .sort((a, b) => a.event.time - b.event.time || a.index - b.index)
    .map(({ event: { time: _time, ...event } }) => event);
}

/** Each line's quantity not yet shipped, by position. */
export async function shippedByPosition(trx: Db, orderId: string): Promise<Map<number, number>> {
  const rows = await trx
    .selectFrom('shipment_lines')
    .select(['position', (eb) => eb.fn.sum<string>('quantity').as('shipped')])
    .where('order_id', '=', orderId)
    .groupBy('position')
    .execute();
  return new Map(rows.map((row) => [row.position, Number(row.shipped)]));
}

/** What is left to ship of each part line (core deposits do not ship). */
export async function leftToShip(trx: Db, orderId: string, lines: readonly OrderLineRow[]) {
  const shipped = await shippedByPosition(trx, orderId);
  return lines
    .filter((line) => line.kind === 'part')
    .map((line) => ({ line, shipped: shipped.get(line.position) ?? 0, left: line.quantity - (shipped.get(line.position) ?? 0) }));
}

export type ShipOutcome =
  | { shipped: true; order: OrderRow; shipmentId: string }
  | { shipped: false; reason: 'not-found' | 'not-shippable' | 'nothing-left' | 'tracking-taken' }
  | { shipped: false; reason: 'unknown-line' | 'too-many' | 'duplicate-line'; index: number; left: number };

/**
 * Ships some or all of what is left of a paid or partly shipped order, under the order row's lock:
 * two admins at once ship one after the other, and the second sees what the first took. The order
 * is then `partially_shipped` until every part line has gone, then `shipped`.
 */
export async function shipOrder(
  trx: Db,
  mail: Mail,
  orderId: string,
  input: Pick<ShipOrderInput, 'lines'> & { carrier: CarrierCode; trackingNumber: string },
  adminId: string,
): Promise<ShipOutcome> {
  const order = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).forUpdate().executeTakeFirst();
  if (!order) return { shipped: false, reason: 'not-found' };
  // An order being refunded (cancelled by its customer or an admin) does not ship.
  if (!can(order.status, 'ship', 'admin', orderKindOf(order.payment_provider)) || order.refund_started_at) {
    return { shipped: false, reason: 'not-shippable' };
  }
  const lines = await trx.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('position').execute();
  const open = await leftToShip(trx, orderId, lines);
  const going = new Map<number, number>();
  if (input.lines) {
    const named = new Set<string>();
    for (const [index, wanted] of input.lines.entries()) {
      if (named.has(wanted.partId)) return { shipped: false, reason: 'duplicate-line', index, left: 0 };
      named.add(wanted.partId);
      const ofPart = open.filter((entry) => entry.line.part_id === wanted.partId);
      if (ofPart.length === 0) return { shipped: false, reason: 'unknown-line', index, left: 0 };
      const left = ofPart.reduce((sum, entry) => sum + entry.left, 0);
      if (wanted.quantity > left) return { shipped: false, reason: 'too-many', index, left };
      let quantity = wanted.quantity;
      for (const entry of ofPart) {
        const take = Math.min(quantity, entry.left);
        if (take > 0) going.set(entry.line.position, take);
        quantity -= take;
      }
    }
  } else {
    for (const entry of open) if (entry.left > 0) going.set(entry.line.position, entry.left);
  }
  if (going.size === 0) return { shipped: false, reason: 'nothing-left' };
  // One parcel, one tracking number: the same one again for this order is the same parcel sent
  // twice (a double click, a retried request), which would ship its units a second time.
  if (input.trackingNumber !== '') {
    const taken = await trx
      .selectFrom('shipments')
      .select('id')
      .where('order_id', '=', orderId)
      .where((eb) => eb(eb.fn('upper', ['tracking_number']), '=', input.trackingNumber.toUpperCase()))
      .executeTakeFirst();
    if (taken) return { shipped: false, reason: 'tracking-taken' };
  }

  const shipment = await trx
    .insertInto('shipments')
    .values({ order_id: orderId, carrier: input.carrier, tracking_number: input.trackingNumber, shipped_by: adminId })
    .returning(['id', 'shipped_at'])
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('shipment_lines')
    .values([...going].map(([position, quantity]) => ({ shipment_id: shipment.id, order_id: orderId, position, quantity })))
    .execute();
  const allGone = open.every((entry) => entry.left === (going.get(entry.line.position) ?? 0));
  const updated = await changeOrderStatus(trx, orderId, allGone ? 'ship' : 'shipPart', 'admin', { set: allGone ? { shipped_at: shipment.shipped_at } : {} });
  if (!updated) throw new Error(`order ${orderId} could not be shipped under its lock`);
  const byPosition = new Map(lines.map((line) => [line.position, line]));
  await mail.queue(trx, {
    kind: 'order-shipped',
    order: updated,
    lines,
    shipment: {
      carrier: input.carrier,
      trackingNumber: input.trackingNumber,
      trackingUrl: input.trackingNumber ? trackingUrl(input.carrier, input.trackingNumber) : null,
      shippedAt: shipment.shipped_at,
      complete: allGone,
      lines: [...going].map(([position, quantity]) => ({ line: byPosition.get(position) as OrderLineRow, quantity })),
    },
  });
  return { shipped: true, order: updated, shipmentId: shipment.id };
}

/** Shipped → delivered, once. */
export async function deliverOrder(trx: Db, mail: Mail, orderId: string): Promise<OrderRow | undefined> {
  const order = await changeOrderStatus(trx, orderId, 'deliver', 'admin', { set: { delivered_at: sql<Date>`now()` } });
  if (order) {
    const lines = await trx.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('position').execute();
    await mail.queue(trx, { kind: 'order-delivered', order, lines });
  }
  return order;
}

/**
 * What cancelling the rest of a partly shipped order gives back, in cents: the unshipped units'
 * prices, their core deposits and their shares of the order's tax and shipping (`restRefund`).
 */
export function restRefundCents(
  order: Pick<OrderRow, 'tax_cents' | 'shipping_tax_cents' | 'shipping_cents' | 'total_cents'>,
  lines: readonly { line: OrderLineRow; unshipped: number }[],
): number {
  const parts = lines.filter(({ line }) => line.kind === 'part');
  const shipped = new Map(parts.map(({ line, unshipped }) => [line.position, line.quantity - unshipped]));
  return restRefund(moneyOrderOf(order, lines.map(({ line }) => line)), shipped, 0).amountCents;
}

/** The unshipped quantity of every line, core deposits following their part's line. */
export async function unshippedLines(trx: Db, orderId: string) {
  const lines = await trx.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('position').execute();
  const shipped = await shippedByPosition(trx, orderId);
  const unshippedOfPosition = (position: number) => {
    const line = lines.find((candidate) => candidate.position === position);
    return line ? line.quantity - (shipped.get(position) ?? 0) : 0;
  };
  return lines.map((line) => ({
    line,
    unshipped:
      line.kind === 'part'
        ? unshippedOfPosition(line.position)
        : // A deposit goes back with the units of its part that never shipped.
          Math.min(line.quantity, line.deposit_for === null ? 0 : unshippedOfPosition(line.deposit_for)),
  }));
}

/**
 * The rest of a partly shipped order claimed for its refund is cancelled: the unshipped units go
 * back to stock, a credit note records the refund, and the order is `shipped` (the rest went).
 * Undefined when the order is no longer partly shipped.
 */
export async function cancelRest(
  trx: Db,
  mail: Mail,
  orderId: string,
  refundCents: number,
  actor: OrderActor,
): Promise<{ order: OrderRow; creditNote: number | null } | undefined> {
  const order = await changeOrderStatus(trx, orderId, 'cancel', actor, {
    // The cancel the table says takes only the unshipped rest (partly shipped), claimed for its refund.
    when: (row) => cancelsOnlyTheRest(row.status, orderKindOf(row.payment_provider)) && row.refund_started_at !== null,
    set: { shipped_at: sql<Date>`coalesce(shipped_at, now())`, rest_cancelled_at: sql<Date>`now()`, refund_started_at: null },
  });
  if (!order) return undefined;
  const rest = (await unshippedLines(trx, orderId)).filter((entry) => entry.unshipped > 0 && entry.line.kind === 'part');
  const partIds = [...new Set(rest.map((entry) => entry.line.part_id))].sort();
  if (partIds.length > 0) {
    await trx.selectFrom('parts').select('id').where('id', 'in', partIds).orderBy('id').forUpdate().execute();
    for (const entry of rest) {
      await trx
        .updateTable('parts')
        .set((eb) => ({ available_quantity: eb('available_quantity', '+', entry.unshipped) }))
        .where('id', '=', entry.line.part_id)
        .execute();
    }
  }
  const creditNote = refundCents > 0 ? await issueCreditNote(trx as Transaction<Database>, mail, { orderId, returnId: null, amountCents: refundCents }) : null;
  const lines = await trx.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('position').execute();
  await mail.queue(trx, {
    kind: 'order-rest-cancelled',
    order,
    lines,
    refundCents,
    creditNoteNumber: creditNote,
    cancelled: rest.map((entry) => ({ line: entry.line, quantity: entry.unshipped })),
  });
  return { order, creditNote };
}
