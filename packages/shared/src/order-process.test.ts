import { describe, expect, it } from 'vitest';
import { actionsFor, can, nextStatus, ORDER_ACTIONS, ORDER_ACTORS, type OrderState } from './order-process';
import { orderStatusSchema } from './orders';

const STATES: OrderState[] = ['new', ...orderStatusSchema.options];

/** Every legal (state, action, actor) and where it leads, written out by hand from DESIGN §6. */
const legal: Record<string, string> = {
  'new place customer': 'unpaid',
  'new placeOnAccount customer': 'paid',
  'new replace admin': 'paid',
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

describe('the order process table', () => {
  it('allows exactly the listed (state, action, actor) triples, each leading where listed', () => {
    let walked = 0;
    for (const state of STATES) {
      for (const action of ORDER_ACTIONS) {
        for (const actor of ORDER_ACTORS) {
          walked += 1;
          const key = `${state} ${action} ${actor}`;
          expect(can(state, action, actor), key).toBe(key in legal);
          expect(nextStatus(state, action, actor), key).toBe(legal[key]);
        }
      }
    }
    expect(walked).toBe(STATES.length * ORDER_ACTIONS.length * ORDER_ACTORS.length);
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

  it('reaches every status from new', () => {
    const reached = new Set<OrderState>(['new']);
    let grew = true;
    while (grew) {
      grew = false;
      for (const state of [...reached]) {
        for (const action of ORDER_ACTIONS) {
          for (const actor of ORDER_ACTORS) {
            const next = nextStatus(state, action, actor);
            if (next && !reached.has(next)) {
              reached.add(next);
              grew = true;
            }
          }
        }
      }
    }
    expect([...reached].sort()).toEqual([...STATES].sort());
  });
});
