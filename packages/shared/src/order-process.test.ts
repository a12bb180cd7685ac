import { describe, expect, it } from 'vitest';
import {
  AWAITING_PAYMENT_STATUSES,
  awaitsPayment,
  can,
  cancelsOnlyTheRest,
  ENDED_STATUSES,
  hasEnded,
  hasExpired,
  hasShippedAll,
  isPaidState,
  nextStatus,
  ORDER_ACTIONS,
  ORDER_ACTORS,
  ORDER_KINDS,
  orderKindOf,
  PAID_STATUSES,
  SHIPPED_ALL_STATUSES,
  type OrderAction,
  type OrderActor,
  type OrderKind,
  type OrderState,
} from './order-process';
import { orderStatusSchema } from './orders';

/** Every action `actor` may take on an order of `kind` in `state`, in the table's order (the shop asks `can` of one action at a time). */
const actionsFor = (state: OrderState, actor: OrderActor, kind: OrderKind = 'sale'): OrderAction[] => ORDER_ACTIONS.filter((action) => can(state, action, actor, kind));

const STATES: OrderState[] = ['new', ...orderStatusSchema.options];

/** Every legal (state, action, actor) of a sale and where it leads, written out by hand from DESIGN §6. */
const legal: Record<string, string> = {
  'new place customer': 'unpaid',
  'new placeOnAccount customer': 'paid',
  'unpaid pay system': 'paid',
  'unpaid expire system': 'expired',
  'unpaid cancel customer': 'cancelled',
  'unpaid cancel admin': 'cancelled',
  'paid cancel customer': 'cancelled',
  'paid cancel admin': 'cancelled',
  'paid ship admin': 'shipped',
  'paid shipPart admin': 'partially_shipped',
  'partially_shipped cancel customer': 'shipped',
  'partially_shipped cancel admin': 'shipped',
  'partially_shipped ship admin': 'shipped',
  'partially_shipped shipPart admin': 'partially_shipped',
  'partially_shipped requestReturn customer': 'partially_shipped',
  'shipped deliver admin': 'delivered',
  'shipped requestReturn customer': 'shipped',
  'delivered requestReturn customer': 'delivered',
};

/**
 * Every legal (state, action, actor) of a warranty replacement (decision 110): made paid by an
 * admin, cancelled by an admin only and only before it ships, shipped and returned like a sale.
 */
const legalReplacement: Record<string, string> = {
  'new replace admin': 'paid',
  'paid cancel admin': 'cancelled',
  'paid ship admin': 'shipped',
  'paid shipPart admin': 'partially_shipped',
  'partially_shipped ship admin': 'shipped',
  'partially_shipped shipPart admin': 'partially_shipped',
  'partially_shipped requestReturn customer': 'partially_shipped',
  'shipped deliver admin': 'delivered',
  'shipped requestReturn customer': 'shipped',
  'delivered requestReturn customer': 'delivered',
};

const legalOf: Record<OrderKind, Record<string, string>> = { sale: legal, replacement: legalReplacement };

describe('the order process table', () => {
  it('allows exactly the listed (state, action, actor) triples of each kind, each leading where listed', () => {
    let walked = 0;
    for (const kind of ORDER_KINDS) {
      for (const state of STATES) {
        for (const action of ORDER_ACTIONS) {
          for (const actor of ORDER_ACTORS) {
            walked += 1;
            const key = `${state} ${action} ${actor}`;
            expect(can(state, action, actor, kind), `${kind}: ${key}`).toBe(key in legalOf[kind]);
            expect(nextStatus(state, action, actor, kind), `${kind}: ${key}`).toBe(legalOf[kind][key]);
          }
        }
      }
    }
    expect(walked).toBe(ORDER_KINDS.length * STATES.length * ORDER_ACTIONS.length * ORDER_ACTORS.length);
    // Without a kind, an order is a sale.
    expect(can('paid', 'cancel', 'customer')).toBe(true);
    expect(can('new', 'replace', 'admin')).toBe(false);
  });

  it('lets no customer cancel a warranty replacement: the claim hangs on it (decision 110)', () => {
    for (const state of STATES) expect(can(state, 'cancel', 'customer', 'replacement'), state).toBe(false);
    expect(actionsFor('paid', 'customer', 'replacement')).toEqual([]);
    expect(actionsFor('paid', 'admin', 'replacement')).toEqual(['cancel', 'ship', 'shipPart']);
    expect(actionsFor('partially_shipped', 'admin', 'replacement')).toEqual(['ship', 'shipPart']);
  });

  it('tells a replacement from a sale by its payment provider', () => {
    expect(orderKindOf('replacement')).toBe('replacement');
    for (const provider of ['stripe', 'test', 'account', null]) expect(orderKindOf(provider)).toBe('sale');
  });

  it('ends at cancelled and expired: nothing is legal there', () => {
    for (const actor of ORDER_ACTORS) {
      expect(actionsFor('cancelled', actor)).toEqual([]);
      expect(actionsFor('expired', actor)).toEqual([]);
    }
  });

  it('lists what each actor may do, as the web app shows it', () => {
    expect(actionsFor('paid', 'admin')).toEqual(['cancel', 'ship', 'shipPart']);
    expect(actionsFor('shipped', 'customer')).toEqual(['requestReturn']);
    expect(actionsFor('unpaid', 'system')).toEqual(['pay', 'expire']);
  });

  it('reaches every status from new; a replacement is never unpaid, so never expires', () => {
    expect([...reached('sale', 'new')].sort()).toEqual([...STATES].sort());
    expect([...reached('replacement', 'new')].sort()).toEqual(STATES.filter((state) => state !== 'unpaid' && state !== 'expired').sort());
  });
});

/** The states an order of `kind` can get to from `from` (itself included), walking the table. */
function reached(kind: OrderKind, from: OrderState): Set<OrderState> {
  const seen = new Set<OrderState>([from]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const state of [...seen]) {
      for (const action of ORDER_ACTIONS) {
        for (const actor of ORDER_ACTORS) {
          const next = nextStatus(state, action, actor, kind);
          if (next && !seen.has(next)) {
            seen.add(next);
            grew = true;
          }
        }
      }
    }
  }
  return seen;
}

describe('what the table says of a status', () => {
  it('names the statuses by hand as the API and the web app use them', () => {
    expect([...ENDED_STATUSES].sort()).toEqual(['cancelled', 'expired']);
    expect([...PAID_STATUSES].sort()).toEqual(['delivered', 'paid', 'partially_shipped', 'shipped']);
    expect([...SHIPPED_ALL_STATUSES].sort()).toEqual(['delivered', 'shipped']);
    expect(hasEnded('new') || isPaidState('new') || hasShippedAll('new')).toBe(false);
  });

  it('awaits payment where a payment may mark a sale paid; cancels only the rest where a cancel leaves it shipped', () => {
    expect(AWAITING_PAYMENT_STATUSES).toEqual(['unpaid']);
    for (const state of STATES) expect(AWAITING_PAYMENT_STATUSES.includes(state as never), state).toBe(can(state, 'pay', 'system'));
    expect(STATES.filter((state) => cancelsOnlyTheRest(state))).toEqual(['partially_shipped']);
    // A replacement's rest is not cancelled: it ships (decision 110).
    expect(STATES.filter((state) => cancelsOnlyTheRest(state, 'replacement'))).toEqual([]);
  });

  it('expired: where the expiry of an unpaid sale leads, an ended status a cancel never reaches', () => {
    expect(STATES.filter(hasExpired)).toEqual(['expired']);
    for (const state of STATES.filter(hasExpired)) {
      expect(hasEnded(state)).toBe(true);
      for (const from of STATES) for (const kind of ORDER_KINDS) for (const actor of ORDER_ACTORS) expect(nextStatus(from, 'cancel', actor, kind)).not.toBe(state);
    }
  });

  it('ended: nothing is legal there for anyone, of either kind', () => {
    for (const state of STATES) {
      const nothing = ORDER_KINDS.every((kind) => ORDER_ACTORS.every((actor) => actionsFor(state, actor, kind).length === 0));
      expect(hasEnded(state), state).toBe(nothing);
    }
  });

  it('paid: what a payment leads to and not ended; unpaid and new are not', () => {
    const afterPayment = reached('sale', 'paid');
    for (const state of STATES) expect(isPaidState(state), state).toBe(afterPayment.has(state) && !hasEnded(state));
    // Every way an order is made paid (a payment, an order on account, a replacement) lands in a paid status.
    expect(isPaidState(nextStatus('unpaid', 'pay', 'system')!)).toBe(true);
    expect(isPaidState(nextStatus('new', 'placeOnAccount', 'customer')!)).toBe(true);
    expect(isPaidState(nextStatus('new', 'replace', 'admin', 'replacement')!)).toBe(true);
    // Nothing leads from a paid status back to an unpaid one.
    for (const state of PAID_STATUSES) expect(reached('sale', state).has('unpaid'), state).toBe(false);
  });

  it('shipped in full: what shipping the rest leads to; nothing there can be cancelled, and nothing of it ships again', () => {
    const afterShipping = reached('sale', 'shipped');
    for (const state of STATES) {
      expect(hasShippedAll(state), state).toBe(afterShipping.has(state) && !hasEnded(state));
      if (hasShippedAll(state)) {
        for (const kind of ORDER_KINDS) {
          for (const actor of ORDER_ACTORS) {
            expect(can(state, 'cancel', actor, kind) || can(state, 'ship', actor, kind) || can(state, 'shipPart', actor, kind), `${kind} ${state} ${actor}`).toBe(false);
          }
        }
      }
    }
  });
});

describe('awaitsPayment', () => {
  it('is an unpaid sale only: the one state a payment can still mark paid', () => {
    const waiting = ORDER_KINDS.flatMap((kind) => orderStatusSchema.options.filter((state) => awaitsPayment(state, kind)).map((state) => `${kind}:${state}`));
    expect(waiting).toEqual(['sale:unpaid']);
  });
});
