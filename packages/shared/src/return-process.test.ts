import { describe, expect, it } from 'vitest';
import { RETURN_STATUSES } from './after-sale';
import {
  awaitsParts,
  OPEN_RETURN_STATUSES,
  PARTS_BACK_RETURN_STATUSES,
  firstReturnStatus,
  nextReturnStatus,
  RETURN_ACTIONS,
  RETURN_ACTORS,
  returnActionsFor,
  returnCan,
  returnMove,
  type ReturnState,
  UNITS_HELD_RETURN_STATUSES,
} from './return-process';

const STATES: ReturnState[] = ['new', ...RETURN_STATUSES];

/**
 * Every legal (state, action, actor) of a return and where it leads, written out by hand from
 * decisions 057 and 110: asked by its customer (or approved at once under the fit promise),
 * decided by an admin, received, refunded; a replaced claim requested again when its replacement
 * is cancelled.
 */
const legal: Record<string, string> = {
  'new request customer': 'requested',
  'new approveAtOnce system': 'approved',
  'requested approve admin': 'approved',
  'requested replace admin': 'replaced',
  'requested reject admin': 'rejected',
  'approved receive admin': 'received',
  'received refund admin': 'refunded',
  'replaced reopen admin': 'requested',
};

describe('the return table', () => {
  it('allows exactly the moves written out by hand, each to its status, and refuses every other', () => {
    let checked = 0;
    for (const state of STATES) {
      for (const action of RETURN_ACTIONS) {
        for (const actor of RETURN_ACTORS) {
          const key = `${state} ${action} ${actor}`;
          expect(returnCan(state, action, actor), key).toBe(key in legal);
          expect(nextReturnStatus(state, action, actor), key).toBe(legal[key]);
          checked += 1;
        }
      }
    }
    expect(checked).toBe(STATES.length * RETURN_ACTIONS.length * RETURN_ACTORS.length);
  });

  it('refuses the moves the API refuses: receiving a rejected, requested or refunded return; deciding twice; a customer deciding', () => {
    expect(returnCan('rejected', 'receive', 'admin')).toBe(false);
    expect(returnCan('requested', 'receive', 'admin')).toBe(false);
    expect(returnCan('refunded', 'receive', 'admin')).toBe(false);
    expect(returnCan('received', 'receive', 'admin')).toBe(false);
    expect(returnCan('approved', 'approve', 'admin')).toBe(false);
    expect(returnCan('rejected', 'approve', 'admin')).toBe(false);
    expect(returnCan('approved', 'reject', 'admin')).toBe(false);
    expect(returnCan('replaced', 'replace', 'admin')).toBe(false);
    expect(returnCan('approved', 'refund', 'admin')).toBe(false);
    expect(returnCan('requested', 'reopen', 'admin')).toBe(false);
    expect(returnCan('requested', 'approve', 'customer')).toBe(false);
    expect(returnCan('approved', 'receive', 'customer')).toBe(false);
  });

  it('lists what each actor may do in each state', () => {
    expect(returnActionsFor('requested', 'admin')).toEqual(['approve', 'replace', 'reject']);
    expect(returnActionsFor('approved', 'admin')).toEqual(['receive']);
    expect(returnActionsFor('received', 'admin')).toEqual(['refund']);
    expect(returnActionsFor('replaced', 'admin')).toEqual(['reopen']);
    for (const state of ['rejected', 'refunded'] as const) {
      for (const actor of RETURN_ACTORS) expect(returnActionsFor(state, actor), `${state} ${actor}`).toEqual([]);
    }
    for (const state of RETURN_STATUSES) expect(returnActionsFor(state, 'customer'), state).toEqual([]);
    expect(returnActionsFor('new', 'customer')).toEqual(['request']);
    expect(returnActionsFor('new', 'system')).toEqual(['approveAtOnce']);
  });

  it('gives each move of an existing return its "from" states and one status, for one conditional update', () => {
    expect(returnMove('approve', 'admin')).toEqual({ from: ['requested'], to: 'approved' });
    expect(returnMove('replace', 'admin')).toEqual({ from: ['requested'], to: 'replaced' });
    expect(returnMove('reject', 'admin')).toEqual({ from: ['requested'], to: 'rejected' });
    expect(returnMove('receive', 'admin')).toEqual({ from: ['approved'], to: 'received' });
    expect(returnMove('refund', 'admin')).toEqual({ from: ['received'], to: 'refunded' });
    expect(returnMove('reopen', 'admin')).toEqual({ from: ['replaced'], to: 'requested' });
    // Legal nowhere, or only for a return not yet made: no update can write it.
    expect(() => returnMove('receive', 'customer')).toThrow();
    expect(() => returnMove('request', 'customer')).toThrow();
  });

  it('starts a return requested, or approved under the fit promise; nobody else starts one', () => {
    expect(firstReturnStatus('request', 'customer')).toBe('requested');
    expect(firstReturnStatus('approveAtOnce', 'system')).toBe('approved');
    expect(() => firstReturnStatus('request', 'admin')).toThrow();
    expect(() => firstReturnStatus('approveAtOnce', 'customer')).toThrow();
  });

  it('says which returns wait for their parts: approved only', () => {
    expect(RETURN_STATUSES.filter(awaitsParts)).toEqual(['approved']);
  });

  it('counts as open every status from which a refund or a decision can still come, and no ended one', () => {
    // Open: a refund, a receipt or a decision is still to come; replaced and the ended ones are not.
    const ended = RETURN_STATUSES.filter((state) => returnActionsFor(state, 'admin').length === 0);
    expect(ended).toEqual(['rejected', 'refunded']);
    for (const state of ended) expect(OPEN_RETURN_STATUSES).not.toContain(state);
    expect([...OPEN_RETURN_STATUSES].sort()).toEqual(['approved', 'received', 'requested']);
    // A replaced claim has a move (reopen) but is settled: not open (decision 138: the table's flag).
    expect(returnActionsFor('replaced', 'admin')).toEqual(['reopen']);
    expect(OPEN_RETURN_STATUSES).not.toContain('replaced');
  });

  it('holds a line’s units for every return but a rejected one, and counts parts back from receiving on', () => {
    // Written out by hand from what the returns module counted in SQL before decision 146:
    // `status != 'rejected'` and `status in ('received', 'refunded')`.
    expect([...UNITS_HELD_RETURN_STATUSES].sort()).toEqual(['approved', 'received', 'refunded', 'replaced', 'requested']);
    expect([...PARTS_BACK_RETURN_STATUSES].sort()).toEqual(['received', 'refunded']);
    // Parts that came back were spoken for, and so is every open return's line.
    for (const state of PARTS_BACK_RETURN_STATUSES) expect(UNITS_HELD_RETURN_STATUSES, state).toContain(state);
    for (const state of OPEN_RETURN_STATUSES) expect(UNITS_HELD_RETURN_STATUSES, state).toContain(state);
    // The parts are back once received: what the admin's receive leads to, and what its refund does.
    expect(PARTS_BACK_RETURN_STATUSES).toContain(returnMove('receive', 'admin').to);
    expect(PARTS_BACK_RETURN_STATUSES).toContain(returnMove('refund', 'admin').to);
  });
});
