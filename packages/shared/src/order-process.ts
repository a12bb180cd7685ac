import { orderStatusSchema, type OrderStatus } from './orders';

/** Who asks for a change: the order's customer, an admin, or the shop itself (payments, expiry). */
export const ORDER_ACTORS = ['customer', 'admin', 'system'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/**
 * What can happen to an order. `ship` sends everything left, `shipPart` some of it; `cancel` of a
 * partly shipped order cancels its unshipped rest (decision 055); `replace` creates the free
 * replacement order of a warranty return; `placeOnAccount` is a company's order on account, owed
 * by its invoice and not paid by card (decision 081); `requestReturn` leaves the status as it is.
 */
export const ORDER_ACTIONS = ['place', 'placeOnAccount', 'replace', 'pay', 'expire', 'cancel', 'ship', 'shipPart', 'deliver', 'requestReturn'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** Where an order can be: a status, or `new` before it exists. */
export type OrderState = OrderStatus | 'new';

/**
 * What an order is: a `sale` (checkout, on account, SPEC's Place Order), or the free
 * `replacement` of a warranty claim (decision 110), whose rules differ where the claim hangs on it.
 */
export const ORDER_KINDS = ['sale', 'replacement'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** The `paymentProvider` of a warranty replacement: nothing was paid for it. */
export const REPLACEMENT_PROVIDER = 'replacement';

/** An order's kind, from its payment provider (`payment_provider` of its row, `paymentProvider` as sent). */
export function orderKindOf(paymentProvider: string | null): OrderKind {
  return paymentProvider === REPLACEMENT_PROVIDER ? 'replacement' : 'sale';
}

interface Step {
  /** The status after the action; absent when it stays as it is. */
  readonly to?: OrderStatus;
  readonly by: readonly OrderActor[];
}

type Process = Readonly<Record<OrderState, Partial<Record<OrderAction, Step>>>>;

const customerOrAdmin = ['customer', 'admin'] as const;
const admin = ['admin'] as const;
const shipping = { ship: { to: 'shipped', by: admin }, shipPart: { to: 'partially_shipped', by: admin } } as const;
const returnable = { requestReturn: { by: ['customer'] } } as const;

const sale: Process = {
  new: { place: { to: 'unpaid', by: ['customer'] }, placeOnAccount: { to: 'paid', by: ['customer'] } },
  unpaid: { pay: { to: 'paid', by: ['system'] }, expire: { to: 'expired', by: ['system'] }, cancel: { to: 'cancelled', by: customerOrAdmin } },
  paid: { cancel: { to: 'cancelled', by: customerOrAdmin }, ...shipping },
  partially_shipped: { cancel: { to: 'shipped', by: customerOrAdmin }, ...shipping, ...returnable },
  shipped: { deliver: { to: 'delivered', by: admin }, ...returnable },
  delivered: { ...returnable },
  cancelled: {},
  expired: {},
};

/**
 * A warranty replacement is made paid by an admin's approval of its claim and is never unpaid.
 * Only an admin cancels it, before anything of it ships, and the cancel opens its claim again
 * (decision 110); once part of it has shipped the claim is partly honoured, and the rest ships.
 */
const replacement: Process = {
  ...sale,
  new: { replace: { to: 'paid', by: admin } },
  unpaid: {},
  paid: { cancel: { to: 'cancelled', by: admin }, ...shipping },
  partially_shipped: { ...shipping, ...returnable },
};

/**
 * The one table of an order's life (decision 059): for each kind of order, from each state, the
 * actions that are legal, who may take them and the status they lead to. The API changes a status
 * only through it (under the order's row lock), and the web app asks it which buttons to show.
 */
export const orderProcess: Readonly<Record<OrderKind, Process>> = { sale, replacement };

/** Whether `actor` may take `action` on an order of `kind` in `state`. */
export function can(state: OrderState, action: OrderAction, actor: OrderActor, kind: OrderKind = 'sale'): boolean {
  return orderProcess[kind][state][action]?.by.includes(actor) ?? false;
}

/** The status `action` by `actor` leads to from `state`; undefined when it is not legal there. */
export function nextStatus(state: OrderState, action: OrderAction, actor: OrderActor, kind: OrderKind = 'sale'): OrderStatus | undefined {
  if (!can(state, action, actor, kind)) return undefined;
  const step = orderProcess[kind][state][action];
  return step?.to ?? (state === 'new' ? undefined : state);
}

/** The statuses reachable from `from` (itself included) by any action of anyone, on an order of any kind. */
function reachableFrom(from: OrderStatus | undefined): Set<OrderStatus> {
  const reached = new Set<OrderStatus>(from ? [from] : []);
  for (const state of reached) {
    for (const kind of ORDER_KINDS) {
      for (const step of Object.values(orderProcess[kind][state])) if (step.to) reached.add(step.to);
    }
  }
  return reached;
}

/** Where an order has ended: nothing is legal there for anyone (cancelled, expired). */
export const ENDED_STATUSES: readonly OrderStatus[] = orderStatusSchema.options.filter((state) =>
  ORDER_KINDS.every((kind) => Object.keys(orderProcess[kind][state]).length === 0),
);

/** Where an order has been paid for and not ended: everything a payment leads to (paid, partly shipped, shipped, delivered). */
export const PAID_STATUSES: readonly OrderStatus[] = [...reachableFrom(nextStatus('unpaid', 'pay', 'system'))].filter((state) => !ENDED_STATUSES.includes(state));

/** Where all of an order has shipped: everything shipping the rest leads to (shipped, delivered). */
export const SHIPPED_ALL_STATUSES: readonly OrderStatus[] = [...reachableFrom(nextStatus('paid', 'ship', 'admin'))].filter((state) => !ENDED_STATUSES.includes(state));

/**
 * Whether an order in `state` waits for its payment: a verified payment may still mark it paid
 * (unpaid, and a sale). The payment routes and the payment page ask this, not `status === 'unpaid'`.
 */
export function awaitsPayment(state: OrderState, kind: OrderKind = 'sale'): boolean {
  return can(state, 'pay', 'system', kind);
}

/**
 * Where an order waits for its payment, as a status list for a query (the unpaid caps, the expiry
 * sweep): every status of a sale where a payment may still mark it paid (unpaid).
 */
export const AWAITING_PAYMENT_STATUSES: readonly OrderStatus[] = orderStatusSchema.options.filter((state) => awaitsPayment(state));

/**
 * Whether a cancel of an order in `state` cancels only its unshipped rest (a partly shipped order
 * then counts as shipped, decision 055), rather than ending the whole order: "Cancel the rest".
 */
export function cancelsOnlyTheRest(state: OrderState, kind: OrderKind = 'sale'): boolean {
  const to = ORDER_ACTORS.map((actor) => nextStatus(state, 'cancel', actor, kind)).find((status) => status !== undefined);
  return to !== undefined && !hasEnded(to);
}

/** Whether an order in `state` has ended (cancelled or expired): it leaves My Orders, and nothing more happens to it. */
export function hasEnded(state: OrderState): boolean {
  return (ENDED_STATUSES as readonly OrderState[]).includes(state);
}

/** The status an unpaid sale's expiry leads to: the one that says an order ended unpaid, by its time. */
const EXPIRED_STATUS = nextStatus('unpaid', 'expire', 'system');

/**
 * Whether an order in `state` ended by its expiry (expired), not by a cancel: the expiry job closes
 * its Checkout Session, and the admin's cancel and the payment routes say it expired.
 */
export function hasExpired(state: OrderState): boolean {
  return state === EXPIRED_STATUS;
}

/** Whether an order in `state` has been paid (or is owed on account, or was free) and has not ended. */
export function isPaidState(state: OrderState): boolean {
  return (PAID_STATUSES as readonly OrderState[]).includes(state);
}

/** Whether everything on an order in `state` has shipped: nothing of it is left to cancel. */
export function hasShippedAll(state: OrderState): boolean {
  return (SHIPPED_ALL_STATUSES as readonly OrderState[]).includes(state);
}
