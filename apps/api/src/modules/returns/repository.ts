import {
  centsToDollars,
  CORE_RETURN_WINDOW_DAYS,
  formatCreditNoteNumber,
  formatRmaNumber,
  linesByReason,
  percentToPpm,
  ppmToPercent,
  RETURN_WINDOW_DAYS,
  returnMessages,
  warrantyEnds,
  type AdminReturn,
  type CreateReturn,
  type RefundPreview,
  type ReturnReasonCode,
  type ReturnRequest,
  type ReturnStatusCode,
} from '@autoparts/shared';
import { sql, type Selectable, type Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, ReturnsTable } from '../../db/schema';
import { isId } from '../../lib/ids';
import { withTransaction } from '../../lib/transaction';
import { openFitmentReport } from '../fitment-reports/repository';
import { issueCreditNote, nextDocumentNumber } from '../invoices/repository';
import type { Mail } from '../mail/outbox';
import type { ReturnedPart } from '../mail/templates';
import { firstStatus, type OrderRow } from '../orders/model';
import type { PaymentProvider } from '../payments/provider';
import { refundOfReturn } from './refund';

export type ReturnRow = Selectable<ReturnsTable>;

/** A refusal of a request, with the status and message the route answers. */
export class ReturnRefusal extends Error {
  constructor(
    readonly status: 404 | 409 | 400,
    message: string,
  ) {
    super(message);
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Statuses in which a return still holds its lines: one such request per line at a time. */
const OPEN_STATUSES: ReturnStatusCode[] = ['requested', 'approved', 'received'];

/** A return's parts, as its e-mails list them. */
function returnedParts(db: Db, returnId: string): Promise<ReturnedPart[]> {
  return db
    .selectFrom('return_lines')
    .innerJoin('order_lines', (join) => join.onRef('order_lines.order_id', '=', 'return_lines.order_id').onRef('order_lines.position', '=', 'return_lines.position'))
    .select(['return_lines.quantity', 'order_lines.name', 'order_lines.part_number'])
    .where('return_lines.return_id', '=', returnId)
    .orderBy('return_lines.position')
    .execute();
}

/** The returns' lines with their order lines' names and prices, for the API's shape. */
async function present(db: Db, rows: ReturnRow[]): Promise<ReturnRequest[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const lines = await db
    .selectFrom('return_lines')
    .innerJoin('order_lines', (join) => join.onRef('order_lines.order_id', '=', 'return_lines.order_id').onRef('order_lines.position', '=', 'return_lines.position'))
    .select(['return_lines.return_id', 'return_lines.quantity', 'return_lines.action', 'order_lines.part_id', 'order_lines.part_number', 'order_lines.name', 'order_lines.unit_price_cents'])
    .where('return_lines.return_id', 'in', ids)
    .orderBy('return_lines.position')
    .execute();
  const orders = await db.selectFrom('orders').select(['id', 'order_number']).where('id', 'in', [...new Set(rows.map((row) => row.order_id))]).execute();
  const numbers = new Map(orders.map((order) => [order.id, String(order.order_number)]));
  return rows.map((row) => ({
    id: row.id,
    rmaNumber: formatRmaNumber(row.rma_number),
    orderId: row.order_id,
    orderNumber: numbers.get(row.order_id) ?? '',
    status: row.status,
    reason: row.reason,
    note: row.note,
    lines: lines
      .filter((line) => line.return_id === row.id)
      .map((line) => ({
        partId: line.part_id,
        partNumber: line.part_number,
        name: line.name,
        quantity: line.quantity,
        unitPrice: centsToDollars(line.unit_price_cents),
        action: line.action,
      })),
    refundAmount: row.refund_cents === null ? null : centsToDollars(row.refund_cents),
    restockingFee: centsToDollars(row.restocking_fee_cents),
    creditNoteNumber: row.credit_note_number === null ? null : formatCreditNoteNumber(row.credit_note_number),
    fitPromise: row.fit_promise,
    resolution: row.resolution,
    rejectionReason: row.rejection_reason,
    replacementOrderId: row.replacement_order_id,
    createdAt: row.created_at.toISOString(),
  }));
}

/**
 * Returns (RMA) and their refunds. Each change is one transaction with its e-mail (and, from an
 * admin route, its audit row); every state change is a conditional update on the status, so two
 * admins (or two instances) acting at once change a return once.
 */
export function createReturnsRepository(db: Db, mail: Mail) {
  return {
    /**
     * A customer's request, its lines given a reason each: one return per reason, all made or
     * none, in one transaction (decision 066).
     */
    async requestEach(user: { userId: string }, input: CreateReturn): Promise<ReturnRow[]> {
      return withTransaction(db, async (trx) => {
        const inTransaction = createReturnsRepository(trx, mail);
        const created: ReturnRow[] = [];
        for (const [reason, lines] of linesByReason(input)) created.push(await inTransaction.request(user, { ...input, reason, lines }));
        return created;
      });
    },

    /** A customer's request of one reason: checked against the order, numbered, e-mailed, in one transaction. */
    async request(user: { userId: string }, input: CreateReturn & { reason: ReturnReasonCode }): Promise<ReturnRow> {
      if (!isId(input.orderId)) throw new ReturnRefusal(404, returnMessages.orderNotFound);
      return withTransaction(db, async (trx) => {
        // The order's row lock serialises requests on it: "one open request per line" holds.
        const order = await trx.selectFrom('orders').selectAll().where('id', '=', input.orderId).forUpdate().executeTakeFirst();
        if (!order || order.user_id !== user.userId) throw new ReturnRefusal(404, returnMessages.orderNotFound);
        const lines = await trx.selectFrom('order_lines').selectAll().where('order_id', '=', order.id).orderBy('position').execute();
        const shipped = await trx
          .selectFrom('shipment_lines')
          .innerJoin('shipments', 'shipments.id', 'shipment_lines.shipment_id')
          .select(['shipment_lines.position', 'shipment_lines.quantity', 'shipments.shipped_at'])
          .where('shipment_lines.order_id', '=', order.id)
          .execute();
        const shippedOf = (position: number, bought: number) =>
          shipped.length > 0
            ? shipped.filter((row) => row.position === position).reduce((sum, row) => sum + row.quantity, 0)
            : order.status === 'shipped' || order.status === 'delivered'
              ? bought
              : 0;
        const lastShipment = shipped.reduce<Date | null>((last, row) => (!last || row.shipped_at > last ? row.shipped_at : last), null);
        const since = order.delivered_at ?? lastShipment ?? order.shipped_at;
        const now = Date.now();

        const open = await trx
          .selectFrom('return_lines')
          .innerJoin('returns', 'returns.id', 'return_lines.return_id')
          .select(['return_lines.position', 'return_lines.quantity', 'returns.status', 'returns.reason'])
          .where('returns.order_id', '=', order.id)
          .where('returns.status', '!=', 'rejected')
          .execute();
        const isCore = input.reason === 'core';

        const chosen: { position: number; quantity: number; vehicleId: string | null; fitChecked: boolean; partId: string }[] = [];
        for (const wanted of input.lines) {
          const line = lines.find((candidate) => candidate.kind === 'part' && candidate.part_id === wanted.partId);
          if (!line) throw new ReturnRefusal(404, returnMessages.lineNotOnOrder);
          if (chosen.some((other) => other.position === line.position)) throw new ReturnRefusal(400, returnMessages.tooMany);
          const shippedQuantity = shippedOf(line.position, line.quantity);
          if (shippedQuantity === 0 || !since) throw new ReturnRefusal(409, returnMessages.notShipped);
          let bought = shippedQuantity;
          if (isCore) {
            const deposit = lines.find((candidate) => candidate.kind === 'core-deposit' && candidate.deposit_for === line.position);
            if (!deposit) throw new ReturnRefusal(409, returnMessages.noCoreDeposit);
            if (now > since.getTime() + CORE_RETURN_WINDOW_DAYS * DAY_MS) throw new ReturnRefusal(409, returnMessages.coreWindowClosed);
            bought = Math.min(bought, deposit.quantity);
          } else if (input.reason === 'warranty') {
            const part = await trx.selectFrom('parts').select('warranty_months').where('id', '=', line.part_id).executeTakeFirst();
            if (!part?.warranty_months) throw new ReturnRefusal(409, returnMessages.noWarranty);
            if (now > warrantyEnds(since, part.warranty_months).getTime()) throw new ReturnRefusal(409, returnMessages.warrantyExpired);
            if (!input.note) throw new ReturnRefusal(400, returnMessages.warrantyNeedsNote);
          } else if (now > since.getTime() + RETURN_WINDOW_DAYS * DAY_MS) {
            throw new ReturnRefusal(409, returnMessages.windowClosed);
          }
          // Cores are counted apart from the parts themselves: sending a core back is not returning the part.
          const same = open.filter((row) => row.position === line.position && (row.reason === 'core') === isCore);
          if (same.some((row) => OPEN_STATUSES.includes(row.status))) throw new ReturnRefusal(409, returnMessages.alreadyRequested);
          const taken = same.reduce((sum, row) => sum + row.quantity, 0);
          if (wanted.quantity > bought - taken) throw new ReturnRefusal(409, returnMessages.tooMany);
          chosen.push({ position: line.position, quantity: wanted.quantity, vehicleId: line.vehicle_id, fitChecked: line.fit_checked, partId: line.part_id });
        }
        if (input.photo) {
          const photo = isId(input.photo) ? await trx.selectFrom('images').select('id').where('id', '=', input.photo).executeTakeFirst() : undefined;
          if (!photo) throw new ReturnRefusal(404, returnMessages.photoNotFound);
        }

        // The fit promise: a part checked to fit the garage's vehicle that did not fit is taken back at once.
        const fitPromise = input.reason === 'does-not-fit' && chosen.every((line) => line.fitChecked && line.vehicleId !== null);
        const rmaNumber = await nextDocumentNumber(trx as Transaction<Database>, 'rma');
        const created = await trx
          .insertInto('returns')
          .values({
            rma_number: rmaNumber,
            order_id: order.id,
            user_id: user.userId,
            reason: input.reason,
            note: input.note ?? '',
            photo: input.photo ?? null,
            status: fitPromise ? 'approved' : 'requested',
            fit_promise: fitPromise,
            decided_at: fitPromise ? new Date() : null,
            refund_cents: null,
            rejection_reason: null,
            resolution: null,
            credit_note_number: null,
            replacement_order_id: null,
            received_at: null,
            refunded_at: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('return_lines')
          .values(chosen.map((line) => ({ return_id: created.id, order_id: order.id, position: line.position, quantity: line.quantity, action: null })))
          .execute();
        if (fitPromise) {
          for (const line of chosen) {
            if (line.vehicleId) await openFitmentReport(trx as Transaction<Database>, { partId: line.partId, vehicleId: line.vehicleId, returnId: created.id, note: input.note ?? '' });
          }
        }
        await mail.queue(trx, { kind: 'return-requested', order, ret: created, parts: await returnedParts(trx, created.id) });
        return created;
      });
    },

    async find(id: string): Promise<ReturnRow | undefined> {
      if (!isId(id)) return undefined;
      return db.selectFrom('returns').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async present(row: ReturnRow): Promise<ReturnRequest> {
      const [shown] = await present(db, [row]);
      if (!shown) throw new Error(`return ${row.id} could not be shown`);
      return shown;
    },

    async listMine(userId: string): Promise<ReturnRequest[]> {
      const rows = await db.selectFrom('returns').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').limit(200).execute();
      return present(db, rows);
    },

    async listAll(status: ReturnStatusCode | undefined): Promise<AdminReturn[]> {
      let query = db.selectFrom('returns').selectAll();
      if (status) query = query.where('status', '=', status);
      const rows = await query.orderBy('created_at', 'desc').limit(200).execute();
      const shown = await present(db, rows);
      const orders = rows.length
        ? await db.selectFrom('orders').select(['id', 'email', 'customer_name']).where('id', 'in', [...new Set(rows.map((row) => row.order_id))]).execute()
        : [];
      return shown.map((item) => {
        const order = orders.find((candidate) => candidate.id === item.orderId);
        return { ...item, email: order?.email ?? '', customerName: order?.customer_name ?? '' };
      });
    },

    /** Requested → approved; a warranty claim with its resolution (a replacement is made now). */
    async approve(id: string, resolution: 'replace' | 'refund' | undefined): Promise<ReturnRow> {
      if (!isId(id)) throw new ReturnRefusal(404, returnMessages.returnNotFound);
      return withTransaction(db, async (trx) => {
        const current = await trx.selectFrom('returns').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
        if (!current) throw new ReturnRefusal(404, returnMessages.returnNotFound);
        if (current.status !== 'requested') throw new ReturnRefusal(409, returnMessages.notApprovable);
        const chosen = current.reason === 'warranty' ? resolution : null;
        if (current.reason === 'warranty' && !chosen) throw new ReturnRefusal(400, returnMessages.resolutionNeeded);
        const replacement = chosen === 'replace' ? await replacementOrder(trx, current) : null;
        const approved = await trx
          .updateTable('returns')
          .set({ status: replacement ? 'replaced' : 'approved', resolution: chosen, replacement_order_id: replacement?.id ?? null, decided_at: new Date() })
          .where('id', '=', id)
          .where('status', '=', 'requested')
          .returningAll()
          .executeTakeFirstOrThrow();
        const order = await trx.selectFrom('orders').selectAll().where('id', '=', approved.order_id).executeTakeFirstOrThrow();
        await mail.queue(trx, {
          kind: 'return-approved',
          order,
          ret: approved,
          parts: await returnedParts(trx, approved.id),
          ...(replacement ? { replacementOrderNumber: String(replacement.order_number) } : {}),
        });
        return approved;
      });
    },

    async reject(id: string, reason: string): Promise<ReturnRow> {
      if (!isId(id)) throw new ReturnRefusal(404, returnMessages.returnNotFound);
      return withTransaction(db, async (trx) => {
        const rejected = await trx
          .updateTable('returns')
          .set({ status: 'rejected', rejection_reason: reason, decided_at: new Date() })
          .where('id', '=', id)
          .where('status', '=', 'requested')
          .returningAll()
          .executeTakeFirst();
        if (!rejected) {
          const exists = await trx.selectFrom('returns').select('id').where('id', '=', id).executeTakeFirst();
          throw new ReturnRefusal(exists ? 409 : 404, exists ? returnMessages.notRejectable : returnMessages.returnNotFound);
        }
        const order = await trx.selectFrom('orders').selectAll().where('id', '=', rejected.order_id).executeTakeFirstOrThrow();
        await mail.queue(trx, { kind: 'return-rejected', order, ret: rejected, parts: await returnedParts(trx, rejected.id) });
        return rejected;
      });
    },

    /**
     * Approved → received: each line restocked (back to stock, once: only this update's winner
     * does it) or scrapped, and the refund worked out and kept. The refund itself is `refund`.
     */
    async receive(id: string, received: readonly { partId: string; quantity: number; action: 'restock' | 'scrap' }[]): Promise<ReturnRow> {
      return withTransaction(db, async (trx) => {
        const current = await trx.selectFrom('returns').selectAll().where('id', '=', id).executeTakeFirst();
        if (!current) throw new ReturnRefusal(404, returnMessages.returnNotFound);
        const lines = await trx.selectFrom('order_lines').selectAll().where('order_id', '=', current.order_id).orderBy('position').execute();
        const returned = await trx.selectFrom('return_lines').selectAll().where('return_id', '=', id).execute();
        const actions = new Map<number, 'restock' | 'scrap'>();
        for (const item of received) {
          const line = lines.find((candidate) => candidate.kind === 'part' && candidate.part_id === item.partId);
          const mine = line && returned.find((row) => row.position === line.position);
          if (!line || !mine || mine.quantity !== item.quantity || actions.has(line.position)) throw new ReturnRefusal(400, returnMessages.receiveLinesMismatch);
          actions.set(line.position, item.action);
        }
        if (actions.size !== returned.length) throw new ReturnRefusal(400, returnMessages.receiveLinesMismatch);
        // The order's row lock: two returns of one order are received one after the other, and the
        // second's cap counts the first's refund, paid or not yet (issue 32, defect 5).
        await trx.selectFrom('orders').select('id').where('id', '=', current.order_id).forUpdate().executeTakeFirstOrThrow();
        const settings = await trx.selectFrom('shop_settings').select('restocking_fee_ppm').executeTakeFirstOrThrow();
        const refund = await refundOfReturn(trx, current, settings.restocking_fee_ppm);
        // The one winner: a second admin receiving at once finds it received already.
        const updated = await trx
          .updateTable('returns')
          .set({ status: 'received', received_at: new Date(), refund_cents: refund.amountCents, restocking_fee_cents: refund.restockingFeeCents, restocking_fee_ppm: refund.restockingFeePpm })
          .where('id', '=', id)
          .where('status', '=', 'approved')
          .returningAll()
          .executeTakeFirst();
        if (!updated) throw new ReturnRefusal(409, returnMessages.notReceivable);
        const restock = new Map<string, number>();
        for (const row of returned) {
          const action = actions.get(row.position) ?? 'scrap';
          await trx.updateTable('return_lines').set({ action }).where('return_id', '=', id).where('position', '=', row.position).execute();
          const line = lines.find((candidate) => candidate.position === row.position);
          // A returned core is not a sellable part: only the part itself goes back on sale.
          if (line && action === 'restock' && current.reason !== 'core') restock.set(line.part_id, (restock.get(line.part_id) ?? 0) + row.quantity);
        }
        // Parts are locked in id order, as checkout locks them, so the two never deadlock (defect 4).
        if (restock.size > 0) await trx.selectFrom('parts').select('id').where('id', 'in', [...restock.keys()]).orderBy('id').forUpdate().execute();
        for (const [partId, quantity] of restock) {
          await trx.updateTable('parts').set({ available_quantity: sql<number>`available_quantity + ${quantity}` }).where('id', '=', partId).execute();
        }
        return updated;
      });
    },

    /**
     * Received → refunded: the provider gives the amount back (one idempotency key per return, so
     * a retry never pays twice), then the credit note and the e-mail, once (conditional update);
   * `inTransaction` (the admin's audit row) runs in that change's transaction.
     */
    async refund(id: string, provider: PaymentProvider, inTransaction?: (trx: Db, refunded: ReturnRow) => Promise<void>): Promise<ReturnRow> {
      const current = await db.selectFrom('returns').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      if (current.status !== 'received' || current.refund_cents === null) return current;
      // The cap again, under the order's lock, before any money moves: what has been credited on the
      // order and this refund together never exceed what was paid (defect 5).
      const order = await withTransaction(db, async (trx) => {
        const locked = await trx.selectFrom('orders').selectAll().where('id', '=', current.order_id).forUpdate().executeTakeFirstOrThrow();
        if ((await creditedCents(trx, locked.id)) + (current.refund_cents ?? 0) > locked.total_cents) throw new ReturnRefusal(409, returnMessages.refundOverPaid);
        return locked;
      });
      if (current.refund_cents > 0 && order.transaction_id) {
        await provider.refund({ orderId: order.id, transactionId: order.transaction_id, amountCents: current.refund_cents, key: `return-${id}` });
      }
      return withTransaction(db, async (trx) => {
        const done = await trx
          .updateTable('returns')
          .set({ status: 'refunded', refunded_at: new Date() })
          .where('id', '=', id)
          .where('status', '=', 'received')
          .returningAll()
          .executeTakeFirst();
        if (!done) return trx.selectFrom('returns').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        let number: number | null = null;
        if (done.refund_cents && done.refund_cents > 0) {
          number = await issueCreditNote(trx as Transaction<Database>, { orderId: order.id, returnId: id, amountCents: done.refund_cents });
        }
        const final = await trx.updateTable('returns').set({ credit_note_number: number }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
        await mail.queue(trx, { kind: 'return-refunded', order, ret: final, parts: await returnedParts(trx, final.id) });
        if (inTransaction) await inTransaction(trx, final);
        return final;
      });
    },

    /** What receiving an approved return will refund, in its parts, by the same arithmetic as `receive`. */
    async refundPreview(id: string): Promise<RefundPreview> {
      const current = isId(id) ? await db.selectFrom('returns').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
      if (!current) throw new ReturnRefusal(404, returnMessages.returnNotFound);
      if (current.status !== 'approved') throw new ReturnRefusal(409, returnMessages.notReceivable);
      const settings = await db.selectFrom('shop_settings').select('restocking_fee_ppm').executeTakeFirstOrThrow();
      const refund = await refundOfReturn(db, current, settings.restocking_fee_ppm);
      const lines = await db.selectFrom('order_lines').select(['position', 'part_id', 'part_number', 'name']).where('order_id', '=', current.order_id).execute();
      const byPosition = new Map(lines.map((line) => [line.position, line]));
      return {
        lines: refund.lines.map((line) => ({
          partId: byPosition.get(line.position)?.part_id ?? '',
          partNumber: byPosition.get(line.position)?.part_number ?? '',
          name: byPosition.get(line.position)?.name ?? '',
          kind: line.kind,
          quantity: line.quantity,
          amount: centsToDollars(line.cents),
        })),
        units: centsToDollars(refund.lines.reduce((sum, line) => sum + line.cents, 0)),
        tax: centsToDollars(refund.taxCents),
        shipping: centsToDollars(refund.shippingCents),
        restockingFee: centsToDollars(refund.restockingFeeCents),
        restockingFeePercent: ppmToPercent(refund.restockingFeePpm),
        amount: centsToDollars(refund.amountCents),
      };
    },

    async settings(): Promise<{ restockingFeePercent: number }> {
      const row = await db.selectFrom('shop_settings').select('restocking_fee_ppm').executeTakeFirstOrThrow();
      return { restockingFeePercent: ppmToPercent(row.restocking_fee_ppm) };
    },

    async saveSettings(settings: { restockingFeePercent: number }): Promise<{ restockingFeePercent: number }> {
      const row = await db
        .updateTable('shop_settings')
        .set({ restocking_fee_ppm: percentToPpm(settings.restockingFeePercent) })
        .returning('restocking_fee_ppm')
        .executeTakeFirstOrThrow();
      return { restockingFeePercent: ppmToPercent(row.restocking_fee_ppm) };
    },
  };
}

/**
 * A warranty replacement: a new order of the claimed lines at $0, paid (nothing to pay) and
 * taking stock, shipped like any order; it names the order it replaces lines of.
 */
async function replacementOrder(trx: Db, claim: ReturnRow): Promise<{ id: string; order_number: OrderRow['order_number'] }> {
  const order: OrderRow = await trx.selectFrom('orders').selectAll().where('id', '=', claim.order_id).executeTakeFirstOrThrow();
  const claimed = await trx
    .selectFrom('return_lines')
    .innerJoin('order_lines', (join) => join.onRef('order_lines.order_id', '=', 'return_lines.order_id').onRef('order_lines.position', '=', 'return_lines.position'))
    .select(['order_lines.part_id', 'order_lines.part_number', 'order_lines.name', 'order_lines.img', 'return_lines.quantity'])
    .where('return_lines.return_id', '=', claim.id)
    .orderBy('return_lines.position')
    .execute();
  for (const line of [...claimed].sort((a, b) => a.part_id.localeCompare(b.part_id))) {
    const taken = await trx
      .updateTable('parts')
      .set({ available_quantity: sql<number>`available_quantity - ${line.quantity}` })
      .where('id', '=', line.part_id)
      .where('available_quantity', '>=', line.quantity)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0) throw new ReturnRefusal(409, returnMessages.outOfStock);
  }
  const first = claimed[0];
  if (!first) throw new ReturnRefusal(409, returnMessages.notApprovable);
  const created = await trx
    .insertInto('orders')
    .values({
      user_id: order.user_id,
      email: order.email,
      customer_name: order.customer_name,
      part_id: first.part_id,
      part_name: first.name,
      part_img: first.img,
      unit_price_cents: 0,
      quantity: claimed.reduce((sum, line) => sum + line.quantity, 0),
      total_cents: 0,
      address: order.address,
      ship_to: order.ship_to ? JSON.stringify(order.ship_to) : null,
      status: firstStatus('replace', 'admin'),
      payment_provider: 'replacement',
      transaction_id: null,
      paid_at: new Date(),
      expires_at: null,
      replaces_order_id: order.id,
    })
    .returning(['id', 'order_number'])
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('order_lines')
    .values(
      claimed.map((line, index) => ({
        order_id: created.id,
        position: index + 1,
        part_id: line.part_id,
        part_number: line.part_number,
        name: line.name,
        img: line.img,
        quantity: line.quantity,
        unit_price_cents: 0,
        line_total_cents: 0,
      })),
    )
    .execute();
  return created;
}

/** What has been credited on an order so far: its credit notes. */
async function creditedCents(trx: Db, orderId: string): Promise<number> {
  const row = await trx
    .selectFrom('credit_notes')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount_cents'), sql<string>`0`).as('cents'))
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return Number(row.cents);
}

export type ReturnsRepository = ReturnType<typeof createReturnsRepository>;
export { formatRmaNumber };
