import {
  accountMessages,
  apiErrors,
  can,
  firstReturnStatus,
  hasShippedAll,
  linesByReason,
  OPEN_RETURN_STATUSES,
  orderKindOf,
  returnMessages,
  returnWindows,
  unitsLeftToReturn,
  warrantyEnds,
  type CreateReturn,
  type ReturnReasonCode,
} from '@autoparts/shared';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { isId } from '../../lib/ids';
import { withTransaction } from '../../lib/transaction';
import { openFitmentReport } from '../fitment-reports/repository';
import { nextDocumentNumber } from '../invoices/repository';
import { mayActOnAccountOrder } from '../ledger/entries';
import type { Mail } from '../mail/outbox';
import type { OrderRow, ReturnRow } from '../orders/model';
import { heldReturnLinesOf } from './held';
import { returnedParts } from './present';
import { ReturnRefusal } from './refusal';

/**
 * A customer's request, its lines given a reason each: one return per reason, all made or none, in
 * one transaction (decision 066).
 */
export async function requestReturns(db: Db, mail: Mail, user: { userId: string }, input: CreateReturn): Promise<ReturnRow[]> {
  return withTransaction(db, async (trx) => {
    const created: ReturnRow[] = [];
    for (const [reason, lines] of linesByReason(input)) created.push(...(await requestReturn(trx, mail, user, { ...input, reason, lines })));
    return created;
  });
}

/**
 * A customer's request of one reason: checked against the order, numbered, e-mailed, in one
 * transaction. One return, but for "does not fit" lines of which only some were bought for a
 * vehicle they are listed to fit: those make a return of their own under the fit promise, the
 * others one that waits for an admin, so that no line loses the promise for being asked with another.
 */
async function requestReturn(db: Db, mail: Mail, user: { userId: string }, input: CreateReturn & { reason: ReturnReasonCode }): Promise<ReturnRow[]> {
  if (!isId(input.orderId)) throw new ReturnRefusal(404, apiErrors.orderNotFound);
  return withTransaction(db, async (trx) => {
    // The order's row lock serialises requests on it: "one open request per line" holds.
    const order = await trx.selectFrom('orders').selectAll().where('id', '=', input.orderId).forUpdate().executeTakeFirst();
    if (!order || order.user_id !== user.userId) throw new ReturnRefusal(404, apiErrors.orderNotFound);
    // An order on account is the company's: its placer returns its items (a credit to the company)
    // only while still its buyer or owner, as for a cancel (decision 133).
    if (!(await mayActOnAccountOrder(trx, user.userId, order))) throw new ReturnRefusal(409, accountMessages.returnNotBuyer);
    // The one table of order states says whether its customer may ask (DESIGN §9b); the shipments below say what.
    if (!can(order.status, 'requestReturn', 'customer', orderKindOf(order.payment_provider))) throw new ReturnRefusal(409, returnMessages.notShipped);
    const lines = await trx.selectFrom('order_lines').selectAll().where('order_id', '=', order.id).orderBy('position').execute();
    const { shippedOf, since } = await shippedSoFar(trx, order);
    const now = Date.now();

    // The order's returns that hold their units: every one but a rejected one (the return table's `holdsUnits`).
    const holding = (await heldReturnLinesOf(trx, [order.id])).get(order.id) ?? [];
    // The windows, by the rule each order line answers them by (decision 164).
    const windows = since ? returnWindows(since) : null;
    const isCore = input.reason === 'core';

    const chosen: ChosenLine[] = [];
    for (const wanted of input.lines) {
      const line = lines.find((candidate) => candidate.kind === 'part' && candidate.part_id === wanted.partId);
      if (!line) throw new ReturnRefusal(404, returnMessages.lineNotOnOrder);
      if (chosen.some((other) => other.position === line.position)) throw new ReturnRefusal(400, returnMessages.tooMany);
      const shippedQuantity = shippedOf(line.position, line.quantity);
      if (shippedQuantity === 0 || !since || !windows) throw new ReturnRefusal(409, returnMessages.notShipped);
      // Deposits that went back with their parts (decision 109): no core of those is left to send.
      let deposit: { deposits: number } | null = null;
      if (isCore) {
        const depositLine = lines.find((candidate) => candidate.kind === 'core-deposit' && candidate.deposit_for === line.position);
        if (!depositLine) throw new ReturnRefusal(409, returnMessages.noCoreDeposit);
        if (now > windows.coreReturnUntil.getTime()) throw new ReturnRefusal(409, returnMessages.coreWindowClosed);
        deposit = { deposits: depositLine.quantity };
      } else if (input.reason === 'warranty') {
        const part = await trx.selectFrom('parts').select('warranty_months').where('id', '=', line.part_id).executeTakeFirst();
        if (!part?.warranty_months) throw new ReturnRefusal(409, returnMessages.noWarranty);
        if (now > warrantyEnds(since, part.warranty_months).getTime()) throw new ReturnRefusal(409, returnMessages.warrantyExpired);
        // Its note (what is wrong) is the request schema's to ask for (`createReturnSchema`).
      } else if (now > windows.returnUntil.getTime()) {
        throw new ReturnRefusal(409, returnMessages.windowClosed);
      }
      // Cores are counted apart from the parts themselves: sending a core back is not returning the part.
      const earlier = holding.filter((row) => row.position === line.position);
      if (earlier.some((row) => (row.reason === 'core') === isCore && OPEN_RETURN_STATUSES.includes(row.status))) throw new ReturnRefusal(409, returnMessages.alreadyRequested);
      // What may still go back, by the rule the return form offers by (decision 156).
      const { left, depositsBack } = unitsLeftToReturn(shippedQuantity, earlier, deposit);
      if (wanted.quantity > left) throw new ReturnRefusal(409, depositsBack > 0 ? returnMessages.depositWentBackWithPart : returnMessages.tooMany);
      chosen.push({ position: line.position, quantity: wanted.quantity, vehicleId: line.vehicle_id, fitChecked: line.fit_checked, partId: line.part_id });
    }
    if (input.photo) {
      const photo = isId(input.photo) ? await trx.selectFrom('images').select('id').where('id', '=', input.photo).executeTakeFirst() : undefined;
      if (!photo) throw new ReturnRefusal(404, returnMessages.photoNotFound);
    }

    // The fit promise: a part checked to fit the garage's vehicle that did not fit is taken back at once.
    const promised = (line: ChosenLine) => input.reason === 'does-not-fit' && line.fitChecked && line.vehicleId !== null;
    const groups = [chosen.filter(promised), chosen.filter((line) => !promised(line))].filter((group) => group.length > 0);
    const created: ReturnRow[] = [];
    for (const group of groups) created.push(await insertReturnOf(trx, mail, order, user.userId, input, group, group.every(promised)));
    return created;
  });
}

/** A line of the order chosen for a return, as checked. */
interface ChosenLine {
  position: number;
  quantity: number;
  vehicleId: string | null;
  fitChecked: boolean;
  partId: string;
}

/** One return of `lines`: numbered, its lines, its fitment reports under the fit promise, its e-mail. */
async function insertReturnOf(
  trx: Db,
  mail: Mail,
  order: OrderRow,
  userId: string,
  input: CreateReturn & { reason: ReturnReasonCode },
  lines: readonly ChosenLine[],
  fitPromise: boolean,
): Promise<ReturnRow> {
  const ret = await insertReturn(trx, order.id, userId, input, fitPromise);
  await trx
    .insertInto('return_lines')
    .values(lines.map((line) => ({ return_id: ret.id, order_id: order.id, position: line.position, quantity: line.quantity, action: null })))
    .execute();
  if (fitPromise) {
    for (const line of lines) {
      if (line.vehicleId) await openFitmentReport(trx as Transaction<Database>, { partId: line.partId, vehicleId: line.vehicleId, returnId: ret.id, note: input.note ?? '' });
    }
  }
  await mail.queue(trx, { kind: 'return-requested', order, ret, parts: await returnedParts(trx, ret.id) });
  return ret;
}

/**
 * What of the order has shipped: each line's units shipped (all of them for an order shipped
 * before parcels were recorded), and since when the return windows run (delivery, else the last
 * parcel, else the order's shipping).
 */
async function shippedSoFar(trx: Db, order: OrderRow) {
  const shipped = await trx
    .selectFrom('shipment_lines')
    .innerJoin('shipments', 'shipments.id', 'shipment_lines.shipment_id')
    .select(['shipment_lines.position', 'shipment_lines.quantity', 'shipments.shipped_at'])
    .where('shipment_lines.order_id', '=', order.id)
    .execute();
  const shippedOf = (position: number, bought: number) =>
    shipped.length > 0
      ? shipped.filter((row) => row.position === position).reduce((sum, row) => sum + row.quantity, 0)
      : hasShippedAll(order.status)
        ? bought
        : 0;
  const lastShipment = shipped.reduce<Date | null>((last, row) => (!last || row.shipped_at > last ? row.shipped_at : last), null);
  return { shippedOf, since: order.delivered_at ?? lastShipment ?? order.shipped_at };
}

/** The return's row, numbered from the gapless 'rma' sequence; approved at once under the fit promise. */
async function insertReturn(trx: Db, orderId: string, userId: string, input: CreateReturn & { reason: ReturnReasonCode }, fitPromise: boolean): Promise<ReturnRow> {
  const rmaNumber = await nextDocumentNumber(trx as Transaction<Database>, 'rma');
  return trx
    .insertInto('returns')
    .values({
      rma_number: rmaNumber,
      order_id: orderId,
      user_id: userId,
      reason: input.reason,
      note: input.note ?? '',
      photo: input.photo ?? null,
      status: fitPromise ? firstReturnStatus('approveAtOnce', 'system') : firstReturnStatus('request', 'customer'),
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
}
