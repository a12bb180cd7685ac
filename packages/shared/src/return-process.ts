import { RETURN_STATUSES, type ReturnStatusCode } from './after-sale';

/**
 * The one table of a return's life (decision 137), as `order-process.ts` is an order's: from each
 * state, the actions that are legal, who may take them and the status they lead to. The API
 * writes a return's status only through it (a conditional update whose "from" states are the
 * table's), and the web app asks it which actions a return offers.
 */

/** Who moves a return: its customer, an admin, or the shop itself (the fit promise). */
export const RETURN_ACTORS = ['customer', 'admin', 'system'] as const;
export type ReturnActor = (typeof RETURN_ACTORS)[number];

/**
 * What can happen to a return. `request` is the customer's ask; `approveAtOnce` the fit promise's
 * approval of a request as it is made (decision 057); `approve` (a warranty claim refunded, or any
 * other return) and `replace` (a warranty claim with a replacement order) are an admin's approvals;
 * `receive` takes the parts in and works out the refund; `refund` pays it (retried while the
 * payment service fails); `reopen` opens a replaced claim again when the admin cancels its
 * replacement before it ships (decision 110).
 */
export const RETURN_ACTIONS = ['request', 'approveAtOnce', 'approve', 'replace', 'reject', 'receive', 'refund', 'reopen'] as const;
export type ReturnAction = (typeof RETURN_ACTIONS)[number];

/** Where a return can be: a status, or `new` before it exists. */
export type ReturnState = ReturnStatusCode | 'new';

interface ReturnStep {
  readonly to: ReturnStatusCode;
  readonly by: readonly ReturnActor[];
}

/**
 * A state of the table: what a return in it means for its order's lines, and its moves.
 * - `open`: its line takes no second return of the same kind, and the customer is still waiting for
 *   a receipt, a decision or a refund (decision 138). A replaced claim has a move (`reopen`) but is
 *   not open: its replacement settled it.
 * - `holdsUnits`: its units of a line are spoken for, so a later return of the same line (of the
 *   same kind) may take only the rest. Every return does but a rejected one (decision 146).
 * - `partsBack`: its parts came back to the shop (received, then refunded): a later return's refund
 *   counts their units and the core deposits they gave back as gone (decision 146).
 */
interface ReturnStateRow {
  readonly open: boolean;
  readonly holdsUnits: boolean;
  readonly partsBack: boolean;
  readonly moves: Partial<Record<ReturnAction, ReturnStep>>;
}

const admin = ['admin'] as const;

export const returnProcess: Readonly<Record<ReturnState, ReturnStateRow>> = {
  new: {
    open: false,
    holdsUnits: false,
    partsBack: false,
    moves: { request: { to: 'requested', by: ['customer'] }, approveAtOnce: { to: 'approved', by: ['system'] } },
  },
  requested: {
    open: true,
    holdsUnits: true,
    partsBack: false,
    moves: { approve: { to: 'approved', by: admin }, replace: { to: 'replaced', by: admin }, reject: { to: 'rejected', by: admin } },
  },
  approved: { open: true, holdsUnits: true, partsBack: false, moves: { receive: { to: 'received', by: admin } } },
  received: { open: true, holdsUnits: true, partsBack: true, moves: { refund: { to: 'refunded', by: admin } } },
  replaced: { open: false, holdsUnits: true, partsBack: false, moves: { reopen: { to: 'requested', by: admin } } },
  rejected: { open: false, holdsUnits: false, partsBack: false, moves: {} },
  refunded: { open: false, holdsUnits: true, partsBack: true, moves: {} },
};

/**
 * The open returns' statuses, from the table: an order's line with one takes no second return of
 * the same kind (a core return and one of the part itself are counted apart) until it is refunded,
 * replaced or rejected. The API's queries of open returns read them from here.
 */
export const OPEN_RETURN_STATUSES: readonly ReturnStatusCode[] = RETURN_STATUSES.filter((state) => returnProcess[state].open);

/**
 * The statuses whose returns hold their units of a line, from the table: a new return of the same
 * line (a core return and one of the part itself counted apart) may take only what they leave.
 */
export const UNITS_HELD_RETURN_STATUSES: readonly ReturnStatusCode[] = RETURN_STATUSES.filter((state) => returnProcess[state].holdsUnits);

/**
 * The statuses whose returns' parts came back, from the table: the refund of a return counts what
 * those received before it gave back (units and core deposits).
 */
export const PARTS_BACK_RETURN_STATUSES: readonly ReturnStatusCode[] = RETURN_STATUSES.filter((state) => returnProcess[state].partsBack);

/** Whether `actor` may take `action` on a return in `state`. */
export function returnCan(state: ReturnState, action: ReturnAction, actor: ReturnActor): boolean {
  return returnProcess[state].moves[action]?.by.includes(actor) ?? false;
}

/** The status `action` by `actor` leads to from `state`; undefined when it is not legal there. */
export function nextReturnStatus(state: ReturnState, action: ReturnAction, actor: ReturnActor): ReturnStatusCode | undefined {
  return returnCan(state, action, actor) ? returnProcess[state].moves[action]?.to : undefined;
}

/** Every action `actor` may take on a return in `state`, in RETURN_ACTIONS' order. */
export function returnActionsFor(state: ReturnState, actor: ReturnActor): ReturnAction[] {
  return RETURN_ACTIONS.filter((action) => returnCan(state, action, actor));
}

/**
 * A move of an existing return as one conditional update can write it: the statuses `action` by
 * `actor` is legal from (the update's `where status in`) and the one status it leads to. Throws
 * for an action that is legal nowhere, or that leads to different statuses from different states
 * (one update could not write it; the table's test holds it to one).
 */
export function returnMove(action: ReturnAction, actor: ReturnActor): { from: ReturnStatusCode[]; to: ReturnStatusCode } {
  const from = RETURN_STATUSES.filter((state) => returnCan(state, action, actor));
  const targets = new Set(from.map((state) => nextReturnStatus(state, action, actor)));
  const [to] = targets;
  if (!to || targets.size !== 1) throw new Error(`A return's ${action} by ${actor} is not one move of the return table`);
  return { from, to };
}

/** The status a new return starts in: `request` by its customer, `approveAtOnce` by the shop (the fit promise). */
export function firstReturnStatus(action: 'request' | 'approveAtOnce', actor: ReturnActor): ReturnStatusCode {
  const status = nextReturnStatus('new', action, actor);
  if (!status) throw new Error(`${actor} may not ${action} a return`);
  return status;
}

/**
 * Whether a return waits for its parts: approved, its next step the admin's receiving. Its
 * customer is told where to send them (My Returns, the request's confirmation).
 */
export function awaitsParts(state: ReturnState): boolean {
  return returnCan(state, 'receive', 'admin');
}
