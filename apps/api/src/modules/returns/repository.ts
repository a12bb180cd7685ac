import { formatRmaNumber, OPEN_RETURN_STATUSES, percentToPpm, ppmToPercent, type AdminReturn, type AdminReturnsQuery, type CreateReturn, type ReturnRequest } from '@autoparts/shared';
import type { Db } from '../../db/database';
import { isId } from '../../lib/ids';
import type { Mail } from '../mail/outbox';
import type { ReturnRow } from '../orders/model';
import type { PaymentProvider } from '../payments/provider';
import { approveReturn, rejectReturn } from './decide';
import { present } from './present';
import { receiveReturn, refundPreviewOf, refundReturn } from './receive';
import { requestReturns } from './request';

export { ReturnRefusal } from './refusal';

/** My Returns' list: the newest this many returns, and every open one (`listMine`). */
export const MY_RETURNS_LIMIT = 200;

/**
 * Returns (RMA) and their refunds. Each change is one transaction with its e-mail (and, from an
 * admin route, its audit row); every state change is a conditional update on the status, so two
 * admins (or two instances) acting at once change a return once. The changes are in request.ts,
 * decide.ts (approve, reject, a warranty replacement) and receive.ts (receive, refund).
 */
export function createReturnsRepository(db: Db, mail: Mail) {
  return {
    /** A customer's request, a return per reason, all made or none (request.ts, decision 066). */
    requestEach: (user: { userId: string }, input: CreateReturn) => requestReturns(db, mail, user, input),

    async find(id: string): Promise<ReturnRow | undefined> {
      if (!isId(id)) return undefined;
      return db.selectFrom('returns').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async present(row: ReturnRow): Promise<ReturnRequest> {
      const [shown] = await present(db, [row]);
      if (!shown) throw new Error(`return ${row.id} could not be shown`);
      return shown;
    },

    listMine: (userId: string) => listMine(db, userId),

    /**
     * Manage Returns: a page of the returns (in one status, or all), newest first (decision 182).
     * Returns asked for together share their time: the RMA number, given in turn, orders them.
     */
    async listAll({ status, page, pageSize }: Pick<AdminReturnsQuery, 'status' | 'page' | 'pageSize'>): Promise<AdminReturn[]> {
      let query = db.selectFrom('returns').selectAll();
      if (status) query = query.where('status', '=', status);
      const rows = await query
        .orderBy('created_at', 'desc')
        .orderBy('rma_number', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
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
    approve: (id: string, resolution: 'replace' | 'refund' | undefined) => approveReturn(db, mail, id, resolution),

    reject: (id: string, reason: string) => rejectReturn(db, mail, id, reason),

    /** Approved → received, the refund worked out and kept (receive.ts). */
    receive: (id: string, received: readonly { partId: string; quantity: number; action: 'restock' | 'scrap' }[]) => receiveReturn(db, id, received),

    /** Received → refunded, once (receive.ts); `inTransaction` runs in that change's transaction. */
    refund: (id: string, provider: PaymentProvider, inTransaction?: (trx: Db, refunded: ReturnRow) => Promise<void>) =>
      refundReturn(db, mail, id, provider, inTransaction),

    /** What receiving an approved return will refund, by the same arithmetic as `receive`. */
    refundPreview: (id: string) => refundPreviewOf(db, id),

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

export { formatRmaNumber };

/**
 * A customer's returns, newest first: the newest MY_RETURNS_LIMIT, and every open one besides
 * (decision 138). An open return waits for its parts, a decision or a refund, so it never drops
 * off My Returns, and the return form sees it on its line however old it is (a second one would be
 * refused, 409). Open returns are few: each holds a line of a paid order.
 */
async function listMine(db: Db, userId: string): Promise<ReturnRequest[]> {
  const rows = await db
    .selectFrom('returns')
    .selectAll()
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('status', 'in', OPEN_RETURN_STATUSES),
        eb('id', 'in', eb.selectFrom('returns').select('id').where('user_id', '=', userId).orderBy('created_at', 'desc').limit(MY_RETURNS_LIMIT)),
      ]),
    )
    .orderBy('created_at', 'desc')
    .execute();
  return present(db, rows);
}
