import {
  centsToDollars,
  MY_ORDERS_PAGE_SIZE,
  UNPAID_ORDERS_MAX,
  UNPAID_UNITS_MAX,
  type Order,
  type OrderDetail,
  type OrderHistoryEntry,
} from '@autoparts/shared';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import { withTransaction } from '../../lib/transaction';
import type { OrdersTable } from '../../db/schema';
import { isId } from '../../lib/ids';
import { compiledQuery } from '../../db/compiled-query';
import type { Mail } from '../mail/outbox';

export type OrderRow = Selectable<OrdersTable>;

export function toOrder(row: OrderRow): Order {
  return {
    _id: row.id,
    partId: row.part_id,
    name: row.part_name,
    img: row.part_img,
    price: centsToDollars(row.total_cents),
    unitPrice: centsToDollars(row.unit_price_cents),
    orderQuantity: row.quantity,
    address: row.address,
    email: row.email,
    customername: row.customer_name,
    paid: row.status === 'paid' || row.status === 'shipped',
    status: row.status,
    transactionId: row.transaction_id,
    paymentProvider: row.payment_provider,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.status === 'unpaid' && row.expires_at ? row.expires_at.toISOString() : null,
  };
}

/** Why an order was not placed; below the minimum, with the part's minimum to say. */
type NotPlaced =
  | { reason: 'part-not-found' | 'out-of-stock' | 'total-too-large' | 'too-many-unpaid' | 'total-out-of-bounds' }
  | { reason: 'below-minimum'; minimum: number };

export type PlaceOrderOutcome = { placed: true; orderId: string } | ({ placed: false } & NotPlaced);

export interface PlaceOptions {
  /** How long the order holds its stock unpaid. */
  holdMinutes: number;
  /** Multiplies the unpaid caps (config.limitScale). */
  capScale: number;
  /** The order's total must lie within these (a payment provider's own limits), in cents. */
  totalBounds?: { minCents: number; maxCents: number } | undefined;
}

/** Who orders what, and where it goes. */
interface PlaceInput {
  userId: string;
  email: string;
  customerName: string;
  partId: string;
  quantity: number;
  address: string;
}

interface PlaceValues extends PlaceInput {
  holdSeconds: number;
  maxOrders: number;
  maxUnits: number;
  /** A payment provider's bounds of the total (the `bounded` statement only). */
  minCents?: number | undefined;
  maxCents?: number | undefined;
}

/**
 * The order's one statement: the account's unpaid orders counted against the caps, the stock
 * taken by a conditional update, which is what keeps concurrent orders from overselling (only as
 * many succeed as the stock allows), and the order inserted from the row it returns. Compiled
 * once per shape (with a payment provider's bounds of the total, or without).
 */
function placeOrderStatement(bounded: boolean) {
  const names: Array<keyof PlaceValues & string> = [
    'userId', 'email', 'customerName', 'partId', 'quantity', 'address', 'holdSeconds', 'maxOrders', 'maxUnits',
    ...(bounded ? (['minCents', 'maxCents'] as const) : []),
  ];
  return compiledQuery(names, (db: Db, input: PlaceValues) => {
    const total = sql<number>`price_cents::bigint * ${input.quantity}`;
    return db
      .with('held', (qb) =>
        qb
          .selectFrom('orders')
          .select((eb) => [eb.fn.countAll<string>().as('orders'), eb.fn.coalesce(eb.fn.sum<string>('quantity'), sql<string>`0`).as('units')])
          .where('user_id', '=', input.userId)
          .where('status', '=', 'unpaid'),
      )
      .with('taken', (qb) => {
        let update = qb
          .updateTable('parts')
          .set({ available_quantity: sql`available_quantity - ${input.quantity}` })
          .where('id', '=', input.partId)
          .where(sql<boolean>`(select orders from held) < ${input.maxOrders} and (select units from held) + ${input.quantity} <= ${input.maxUnits}`)
          .where('archived_at', 'is', null)
          .where('min_order_quantity', '<=', input.quantity)
          .where('available_quantity', '>=', input.quantity)
          .where(total, '<=', MAX_TOTAL_CENTS);
        if (bounded) update = update.where(total, '>=', input.minCents ?? 0).where(total, '<=', input.maxCents ?? 0);
        return update.returning(['id', 'name', 'img', 'price_cents']);
      })
      .with('placed', (qb) =>
        qb
          .insertInto('orders')
          .columns([
            'user_id', 'email', 'customer_name', 'part_id', 'part_name', 'part_img',
            'unit_price_cents', 'quantity', 'total_cents', 'address', 'expires_at',
          ])
          .expression((eb) =>
            eb
              .selectFrom('taken')
              .select([
                sql<string>`${input.userId}`.as('user_id'),
                sql<string>`${input.email}`.as('email'),
                sql<string>`${input.customerName}`.as('customer_name'),
                'taken.id',
                'taken.name',
                'taken.img',
                'taken.price_cents',
                sql<number>`${input.quantity}::int`.as('quantity'),
                sql<number>`taken.price_cents * ${input.quantity}::int`.as('total_cents'),
                sql<string>`${input.address}`.as('address'),
                sql<Date>`now() + make_interval(secs => ${input.holdSeconds})`.as('expires_at'),
              ]),
          )
          .returningAll(),
      )
      .selectFrom('placed')
      .selectAll();
  });
}

const placeOrder = { plain: placeOrderStatement(false), bounded: placeOrderStatement(true) };

/** The account's row locked for the caps (an order's first statement in its transaction). */
const lockAccount = compiledQuery(['userId'], (db: Db, values: { userId: string }) =>
  db.selectFrom('users').select('id').where('id', '=', values.userId).forUpdate(),
);

/** How long a refund may take before its claim on an order counts as abandoned. */
const REFUND_CLAIM_SECONDS = 5 * 60;

/** Totals are integer cents in an `integer` column. */
const MAX_TOTAL_CENTS = 2_147_483_647;

/**
 * Orders and their changes. Each change (placed, paid, shipped, cancelled, expired) queues its
 * message to the customer through `mail` in the change's own transaction.
 */
export function createOrdersRepository(db: Db, mail: Mail) {
  return {
    /**
     * Takes the stock and inserts the order in one transaction (DESIGN §6). The conditional update
     * is what keeps concurrent orders from overselling: only as many succeed as the stock allows.
     */
    async place(input: PlaceInput, options: PlaceOptions): Promise<PlaceOrderOutcome> {
      if (!isId(input.partId)) return { placed: false, reason: 'part-not-found' };
      const [maxOrders, maxUnits] = [UNPAID_ORDERS_MAX * options.capScale, UNPAID_UNITS_MAX * options.capScale];
      const bounds = options.totalBounds;
      return withTransaction(db, async (trx) => {
        // One account's orders are placed one at a time, so two at once cannot both pass the cap.
        // The caps are counted by the next statement, whose snapshot is taken after this lock.
        await lockAccount.execute(trx, { userId: input.userId });
        // One statement (one round trip, and the part's row locked only from here to the commit),
        // built and compiled once (placeOrderStatement).
        const values = { ...input, holdSeconds: options.holdMinutes * 60, maxOrders, maxUnits, minCents: bounds?.minCents, maxCents: bounds?.maxCents };
        const [placed] = (await (bounds ? placeOrder.bounded : placeOrder.plain).execute(trx, values)).rows;
        if (!placed) return { placed: false as const, ...(await whyNotPlaced(trx, input, { maxOrders, maxUnits, bounds })) };
        if (!placed.expires_at) throw new Error('an unpaid order has no expiry');
        // The message and both jobs (its send job, the order's expiry when it is due), in the
        // order's transaction and in one statement: they exist exactly when the order does.
        const expiry = { queue: 'order-expiry', data: { orderId: placed.id }, startAfter: placed.expires_at } as const;
        await mail.queue(trx, { kind: 'order-placed', order: placed }, expiry);
        return { placed: true, orderId: placed.id } as const;
      });
    },

    /**
     * One page of a customer's orders, newest first; cancelled and expired ones leave My Orders
     * (DESIGN §6). By account, not e-mail: a removed customer's orders never pass to a new sign-up
     * with the same e-mail. Admins look orders up by e-mail (`{ email }`), which covers removed
     * customers too.
     */
    async listForCustomer(owner: { userId: string } | { email: string }, page = 1): Promise<Order[]> {
      const rows = await db
        .selectFrom('orders')
        .selectAll()
        .where((eb) => ('userId' in owner ? eb('user_id', '=', owner.userId) : eb('email', '=', owner.email)))
        .where('status', 'not in', ['cancelled', 'expired'])
        .orderBy('seq', 'desc')
        .limit(MY_ORDERS_PAGE_SIZE)
        .offset((page - 1) * MY_ORDERS_PAGE_SIZE)
        .execute();
      return rows.map(toOrder);
    },

    /**
     * The customer's cancelled and expired orders, newest first: what left My Orders. A cancelled
     * order that had been paid was refunded in full before it was cancelled (cancel.ts).
     */
    async historyForCustomer(userId: string, page = 1): Promise<OrderHistoryEntry[]> {
      const rows = await db
        .selectFrom('orders')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', 'in', ['cancelled', 'expired'])
        .orderBy('seq', 'desc')
        .limit(MY_ORDERS_PAGE_SIZE)
        .offset((page - 1) * MY_ORDERS_PAGE_SIZE)
        .execute();
      return rows.map((row) => ({
        ...toOrder(row),
        endedAt: (row.cancelled_at ?? row.expired_at ?? row.created_at).toISOString(),
        refunded: row.status === 'cancelled' && row.paid_at ? centsToDollars(row.total_cents) : null,
      }));
    },

    /**
     * Unpaid → expired once its time is up, with its stock given back, in one transaction. The
     * conditional update makes it happen once, however many workers try.
     */
    async expire(id: string): Promise<OrderRow | undefined> {
      return withTransaction(db, async (trx) => {
        const order = await trx
          .updateTable('orders')
          .set({ status: 'expired', expired_at: sql<Date>`now()` })
          .where('id', '=', id)
          .where('status', '=', 'unpaid')
          .where('expires_at', '<=', sql<Date>`now()`)
          .returningAll()
          .executeTakeFirst();
        if (!order) return undefined;
        await giveStockBack(trx, order);
        await mail.queue(trx, { kind: 'order-expired', order });
        return order;
      });
    },

    /** Unpaid orders whose time is up: what an expiry job has not (yet) done. */
    async overdue(limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('orders')
        .select('id')
        .where('status', '=', 'unpaid')
        .where('expires_at', '<=', sql<Date>`now()`)
        .orderBy('expires_at')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    async rememberCheckout(id: string, checkoutSessionId: string): Promise<void> {
      await db.updateTable('orders').set({ checkout_session_id: checkoutSessionId }).where('id', '=', id).execute();
    },

    async find(id: string): Promise<OrderRow | undefined> {
      if (!isId(id)) return undefined;
      return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findDetail(id: string): Promise<(OrderDetail & { row: OrderRow }) | undefined> {
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
        ...toOrder(order),
        description,
        availableQuantity: available_quantity,
        minOrderQuantity: min_order_quantity,
        row: order,
      };
    },

    /** Unpaid → paid, once: the only way an order becomes paid is a verified payment. */
    async markPaid(id: string, provider: string, transactionId: string): Promise<OrderRow | undefined> {
      return withTransaction(db, async (trx) => {
        const order = await trx
          .updateTable('orders')
          .set({ status: 'paid', payment_provider: provider, transaction_id: transactionId, paid_at: new Date() })
          .where('id', '=', id)
          .where('status', '=', 'unpaid')
          .returningAll()
          .executeTakeFirst();
        if (order) await mail.queue(trx, { kind: 'order-paid', order });
        return order;
      });
    },

    /**
     * Cancels an order that is still `from` and gives its stock back, in one transaction.
     * Undefined when the order was no longer in that state.
     */
    async cancel(
      id: string,
      from: 'unpaid' | 'paid',
      inTransaction?: (trx: Db, order: OrderRow) => Promise<void>,
    ): Promise<OrderRow | undefined> {
      return withTransaction(db, async (trx) => {
        const order = await trx
          .updateTable('orders')
          .set({ status: 'cancelled', cancelled_at: new Date() })
          .where('id', '=', id)
          .where('status', '=', from)
          .returningAll()
          .executeTakeFirst();
        if (!order) return undefined;
        await giveStockBack(trx, order);
        await mail.queue(trx, { kind: 'order-cancelled', order });
        if (inTransaction) await inTransaction(trx, order);
        return order;
      });
    },

    /**
     * Claims a paid order for its refund: while claimed it cannot ship. A claim older than
     * REFUND_CLAIM_SECONDS (a crash mid-refund) may be taken again; refunds are idempotent.
     */
    async claimForRefund(id: string): Promise<OrderRow | undefined> {
      return db
        .updateTable('orders')
        .set({ refund_started_at: new Date() })
        .where('id', '=', id)
        .where('status', '=', 'paid')
        .where((eb) =>
          eb.or([
            eb('refund_started_at', 'is', null),
            eb('refund_started_at', '<', new Date(Date.now() - REFUND_CLAIM_SECONDS * 1000)),
          ]),
        )
        .returningAll()
        .executeTakeFirst();
    },

    /** The refund failed: the order is paid as before and may ship. */
    async releaseRefundClaim(id: string): Promise<void> {
      await db.updateTable('orders').set({ refund_started_at: null }).where('id', '=', id).execute();
    },

    /** Every order, newest first, filtered and paged on the server (Manage All Orders). */
    async listPage(query: { status?: OrderRow['status'] | undefined; email?: string | undefined; page: number; pageSize: number }) {
      let filtered = db.selectFrom('orders');
      if (query.status) filtered = filtered.where('status', '=', query.status);
      if (query.email) filtered = filtered.where('email', 'ilike', `%${escapeLike(query.email.toLowerCase())}%`);
      const [rows, counted] = await Promise.all([
        filtered
          .selectAll()
          .orderBy('seq', 'desc')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
        filtered.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { orders: rows.map(toOrder), total: Number(counted.total), page: query.page, pageSize: query.pageSize };
    },

    /** Paid → shipped (an admin); any other state, or a refund under way, is left alone. */
    async markShipped(id: string): Promise<OrderRow | undefined> {
      if (!isId(id)) return undefined;
      return withTransaction(db, async (trx) => {
        const order = await trx
          .updateTable('orders')
          .set({ status: 'shipped', shipped_at: new Date() })
          .where('id', '=', id)
          .where('status', '=', 'paid')
          // An order being refunded does not ship.
          .where('refund_started_at', 'is', null)
          .returningAll()
          .executeTakeFirst();
        if (order) await mail.queue(trx, { kind: 'order-shipped', order });
        return order;
      });
    },

    async hasPaymentEvent(provider: string, eventId: string): Promise<boolean> {
      const row = await db
        .selectFrom('payment_events')
        .select('event_id')
        .where('provider', '=', provider)
        .where('event_id', '=', eventId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Records a provider's event id as handled; false when it already was. */
    async recordPaymentEvent(provider: string, eventId: string): Promise<boolean> {
      const inserted = await db
        .insertInto('payment_events')
        .values({ provider, event_id: eventId })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;

/**
 * Why an order was not placed, read after the statement that would have placed it (in its
 * transaction, the account still locked): the caps first, then the part. Stock may have come back
 * since, so "not enough stock" is the answer whenever the other conditions hold.
 */
async function whyNotPlaced(
  trx: Db,
  input: { userId: string; partId: string; quantity: number },
  caps: { maxOrders: number; maxUnits: number; bounds: PlaceOptions['totalBounds'] },
): Promise<NotPlaced> {
  const held = await trx
    .selectFrom('orders')
    .select((eb) => [eb.fn.countAll<string>().as('orders'), eb.fn.coalesce(eb.fn.sum<string>('quantity'), sql<string>`0`).as('units')])
    .where('user_id', '=', input.userId)
    .where('status', '=', 'unpaid')
    .executeTakeFirstOrThrow();
  if (Number(held.orders) >= caps.maxOrders || Number(held.units) + input.quantity > caps.maxUnits) return { reason: 'too-many-unpaid' };
  const part = await trx
    .selectFrom('parts')
    .select(['min_order_quantity', 'price_cents', 'archived_at'])
    .where('id', '=', input.partId)
    .executeTakeFirst();
  const total = part ? part.price_cents * input.quantity : 0;
  // A payment provider's bounds were checked for any part that exists, as before the stock.
  if (part && caps.bounds && (total < caps.bounds.minCents || total > caps.bounds.maxCents)) return { reason: 'total-out-of-bounds' };
  if (!part || part.archived_at !== null) return { reason: 'part-not-found' };
  if (input.quantity < part.min_order_quantity) return { reason: 'below-minimum', minimum: part.min_order_quantity };
  if (total > MAX_TOTAL_CENTS) return { reason: 'total-too-large' };
  return { reason: 'out-of-stock' };
}

/** An order that no longer holds its stock (cancelled, expired) gives it back to its part. */
async function giveStockBack(trx: Db, order: OrderRow): Promise<void> {
  await trx
    .updateTable('parts')
    .set({ available_quantity: sql`available_quantity + ${order.quantity}` })
    .where('id', '=', order.part_id)
    .execute();
}

/** A search term matched literally: `%` and `_` in it are not wildcards. */
function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (character) => `\\${character}`);
}
