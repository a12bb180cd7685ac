import { centsToDollars, ENDED_STATUSES, MY_ORDERS_PAGE_SIZE, type MyOrder, type Order, type OrderDetail, type OrderHistoryEntry, type OrderPage, givenBack } from '@autoparts/shared';
import type { Db } from '../../db/database';
import { isId } from '../../lib/ids';
import type { OrderRow } from './model';
import { shaper, withLines } from './shape';
import { escapeLike } from '../../lib/like';
import { placersMayAct } from '../ledger/entries';

/** The order lists and pages, as the API sends them (shaped by shape.ts). */

/** What an order number looks like (the sequence starts at 100001). */
const ORDER_NUMBER = /^\d{6,18}$/;

type ListPageQuery = { status?: OrderRow['status'] | undefined; email?: string | undefined; page: number; pageSize: number };

/**
 * One page of a customer's orders, newest first; cancelled and expired ones leave My Orders
 * (DESIGN §6). By account, not e-mail: a removed customer's orders never pass to a new sign-up
 * with the same e-mail. Admins look orders up by e-mail (`{ email }`), which covers removed
 * customers too.
 */
export async function listForCustomer(db: Db, owner: { userId: string } | { email: string }, page = 1): Promise<MyOrder[]> {
  const rows = await db
    .selectFrom('orders')
    .selectAll()
    .where((eb) => ('userId' in owner ? eb('user_id', '=', owner.userId) : eb('email', '=', owner.email)))
    .where('status', 'not in', ENDED_STATUSES)
    .orderBy('seq', 'desc')
    .limit(MY_ORDERS_PAGE_SIZE)
    .offset((page - 1) * MY_ORDERS_PAGE_SIZE)
    .execute();
  // Whether its placer may still cancel or return it, by the rule the cancel and the return apply.
  const [orders, mayAct] = await Promise.all([withLines(db, rows), placersMayAct(db, rows)]);
  return orders.map((order, index) => ({ ...order, mayAct: mayAct[index] ?? false }));
}

/**
 * The customer's cancelled and expired orders, newest first: what left My Orders, each with what
 * its credit notes gave back (the money module's `givenBack`, decision 109).
 */
export async function historyForCustomer(db: Db, userId: string, page = 1): Promise<OrderHistoryEntry[]> {
  const rows = await db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', ENDED_STATUSES)
    .orderBy('seq', 'desc')
    .limit(MY_ORDERS_PAGE_SIZE)
    .offset((page - 1) * MY_ORDERS_PAGE_SIZE)
    .execute();
  const orderOf = await shaper(db, rows);
  const notes = rows.length === 0 ? [] : await db.selectFrom('credit_notes').select(['order_id', 'amount_cents']).where('order_id', 'in', rows.map((row) => row.id)).execute();
  return rows.map((row) => {
    const { refundedCents, creditedToAccountCents } = givenBack(
      { paymentMethod: row.payment_method, paid: row.paid_at !== null },
      notes.filter((note) => note.order_id === row.id).map((note) => note.amount_cents),
    );
    return {
      ...orderOf(row),
      endedAt: (row.cancelled_at ?? row.expired_at ?? row.created_at).toISOString(),
      refunded: refundedCents === null ? null : centsToDollars(refundedCents),
      creditedToAccount: creditedToAccountCents === null ? null : centsToDollars(creditedToAccountCents),
    };
  });
}

/** One order by its number, as My Orders shows it, with its placer and company for the route to check. */
export async function findByNumber(
  db: Db,
  orderNumber: string,
): Promise<{ order: Order & Pick<OrderPage, 'paymentMethod' | 'dueOn'>; userId: string | null; companyId: string | null; placerMayAct: boolean } | undefined> {
  if (!ORDER_NUMBER.test(orderNumber)) return undefined;
  const row = await db.selectFrom('orders').selectAll().where('order_number', '=', orderNumber).executeTakeFirst();
  if (!row) return undefined;
  const [[order], [placerMayAct]] = await Promise.all([withLines(db, [row]), placersMayAct(db, [row])]);
  // How it was paid and, on account, when its invoice is due: its page says so in place of "Paid" (decision 136).
  return (
    order && { order: { ...order, paymentMethod: row.payment_method, dueOn: row.due_on }, userId: row.user_id, companyId: row.company_id, placerMayAct: placerMayAct ?? false }
  );
}

export async function findDetail(db: Db, id: string): Promise<(OrderDetail & { row: OrderRow }) | undefined> {
  if (!isId(id)) return undefined;
  const row = await db
    .selectFrom('orders')
    .innerJoin('parts', 'parts.id', 'orders.part_id')
    .selectAll('orders')
    .select(['parts.description', 'parts.available_quantity', 'parts.min_order_quantity'])
    .where('orders.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const { description, available_quantity, min_order_quantity, ...order } = row;
  return {
    ...(await shaper(db, [order]))(order),
    description,
    availableQuantity: available_quantity,
    minOrderQuantity: min_order_quantity,
    row: order,
  };
}

/** Every order, newest first, filtered and paged on the server (Manage All Orders). */
export async function listPage(db: Db, query: ListPageQuery) {
  let filtered = db.selectFrom('orders');
  if (query.status) filtered = filtered.where('status', '=', query.status);
  const term = query.email;
  if (term) {
    // A part of the customer's e-mail, or an order's number as e-mails and My Orders show it.
    filtered = filtered.where((eb) =>
      eb.or([
        // `lower(email) like`, as `ilike` compares (lowercase both sides), on the trigram index of
        // migration 0138 (decision 229) that the audit log's search reads too.
        eb(eb.fn('lower', ['email']), 'like', `%${escapeLike(term.toLowerCase())}%`),
        ...(ORDER_NUMBER.test(term) ? [eb('order_number', '=', term)] : []),
      ]),
    );
  }
  const [rows, counted] = await Promise.all([
    filtered
      .selectAll()
      .orderBy('seq', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { orders: await withLines(db, rows), total: Number(counted.total), page: query.page, pageSize: query.pageSize };
}
