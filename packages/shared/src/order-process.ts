import type { OrderStatus } from './orders';

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

interface Step {
  /** The status after the action; absent when it stays as it is. */
  readonly to?: OrderStatus;
  readonly by: readonly OrderActor[];
}

const customerOrAdmin = ['customer', 'admin'] as const;
const admin = ['admin'] as const;
const shipping = { ship: { to: 'shipped', by: admin }, shipPart: { to: 'partially_shipped', by: admin } } as const;
const returnable = { requestReturn: { by: ['customer'] } } as const;

/**
 * The one table of an order's life (decision 059): from each state, the actions that are legal,
 * who may take them and the status they lead to. The API changes a status only through it (under
 * the order's row lock), and the web app asks it which buttons to show.
 */
export const orderProcess: Readonly<Record<OrderState, Partial<Record<OrderAction, Step>>>> = {
  new: { place: { to: 'unpaid', by: ['customer'] }, placeOnAccount: { to: 'paid', by: ['customer'] }, replace: { to: 'paid', by: admin } },
  unpaid: { pay: { to: 'paid', by: ['system'] }, expire: { to: 'expired', by: ['system'] }, cancel: { to: 'cancelled', by: customerOrAdmin } },
  paid: { cancel: { to: 'cancelled', by: customerOrAdmin }, ...shipping },
  partially_shipped: { cancel: { to: 'shipped', by: customerOrAdmin }, ...shipping, ...returnable },
  shipped: { deliver: { to: 'delivered', by: admin }, ...returnable },
  delivered: { ...returnable },
  cancelled: {},
  expired: {},
};

/** Whether `actor` may take `action` on an order in `state`. */
export function can(state: OrderState, action: OrderAction, actor: OrderActor): boolean {
  return orderProcess[state][action]?.by.includes(actor) ?? false;
}

/** The status `action` by `actor` leads to from `state`; undefined when it is not legal there. */
export function nextStatus(state: OrderState, action: OrderAction, actor: OrderActor): OrderStatus | undefined {
  if (!can(state, action, actor)) return undefined;
  const step = orderProcess[state][action];
  return step?.to ?? (state === 'new' ? undefined : state);
}

/** Every action `actor` may take on an order in `state`, in the table's order. */
export function actionsFor(state: OrderState, actor: OrderActor): OrderAction[] {
  return ORDER_ACTIONS.filter((action) => can(state, action, actor));
}
