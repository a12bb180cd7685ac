import { adminMessages, companyMessages } from '@autoparts/shared';
import { describe, expect, it } from 'vitest';
import { confirmAddress } from '../../test/accounts';
import { byCookie, byToken, call, expectReply } from '../../test/admin';
import { twoInstances } from '../../test/app';
import { userIdOf } from '../../test/checkout';
import { tokenMailedTo } from '../../test/company';
import { signUpAdmin, signUpCustomer } from '../../test/orders';

// Runs in the PostgreSQL pass only: one account accepts two companies' invitations at once, on two
// instances. A user belongs to one company; the account's row is locked before either company's,
// so the second accept finds the first's membership and is refused as such, not by the database.
const shops = twoInstances();

describe('two invitations of one account accepted at once', () => {
  it('makes it a member of one company, and refuses the other in words, however the two meet', async () => {
    const [admin, northOwner, southOwner] = await Promise.all([signUpAdmin(shops.first, 'both-admin'), signUpCustomer(shops.first, 'both-north'), signUpCustomer(shops.first, 'both-south')]);
    const owners = [northOwner, southOwner];
    for (const [owner, name] of [
      [northOwner, 'North Garage'],
      [southOwner, 'South Garage'],
    ] as const) {
      // Only a confirmed address is made owner at once (decision 144).
      await confirmAddress(shops.first, owner.email);
      expectReply(await call(shops.first, byToken(admin), { method: 'POST', url: '/api/admin/companies', payload: { name, ownerEmail: owner.email } }), 200);
    }
    // Each round a new mechanic, invited by both: the two accepts race, once per round.
    for (let round = 0; round < 4; round += 1) {
      const mechanic = await signUpCustomer(shops.first, `both-mechanic-${round}`);
      const tokens: string[] = [];
      for (const owner of owners) {
        expectReply(await call(shops.first, byToken(owner), { method: 'POST', url: '/api/company/invitations', payload: { email: mechanic.email, role: 'buyer' } }), 200);
        tokens.push(await tokenMailedTo(shops.first, mechanic.email));
      }
      const replies = await Promise.all(
        tokens.map((token, index) => call(index === 0 ? shops.first : shops.second, byCookie(mechanic), { method: 'POST', url: `/api/company/invitations/${token}/accept`, payload: {} })),
      );
      expect({ round, statuses: replies.map((reply) => reply.statusCode).sort() }).toEqual({ round, statuses: [200, 409] });
      const refused = replies.find((reply) => reply.statusCode === 409);
      expect((refused?.json() as { message: string }).message).toBe(companyMessages.alreadyInCompany(mechanic.email));
      const memberships = await shops.first.db.selectFrom('company_members').select('company_id').where('user_id', '=', await userIdOf(shops.first, mechanic.email)).execute();
      expect(memberships).toHaveLength(1);
    }
  });
});

describe('a company’s owner removed by an admin while the other steps down', () => {
  // Removals wait for one another on the admins' rows; an owner changing roles does not. The
  // account's row, then the company's and its owners' are locked in the removing transaction, in
  // the order of the owners' own changes, so one of the two counts the other's and the company
  // keeps an owner. Without the company’s lock both passed in round 1 of 6 (its first run).
  it('lets one through and refuses the other in words, on two instances', async () => {
    const admin = await signUpAdmin(shops.first, 'owners-admin');
    for (let round = 0; round < 6; round += 1) {
      const [a, b] = await Promise.all([signUpCustomer(shops.first, `owners-a-${round}`), signUpCustomer(shops.first, `owners-b-${round}`)]);
      const name = `Twin Garage ${round}`;
      await confirmAddress(shops.first, a.email);
      const created = await call(shops.first, byToken(admin), { method: 'POST', url: '/api/admin/companies', payload: { name, ownerEmail: a.email } });
      expectReply(created, 200);
      expectReply(await call(shops.first, byToken(a), { method: 'POST', url: '/api/company/invitations', payload: { email: b.email, role: 'owner' } }), 200);
      const token = await tokenMailedTo(shops.first, b.email);
      expectReply(await call(shops.first, byCookie(b), { method: 'POST', url: `/api/company/invitations/${token}/accept`, payload: {} }), 200);
      const bId = await userIdOf(shops.first, b.email);

      const [removal, stepDown] = await Promise.all([
        call(shops.first, byToken(admin), { method: 'DELETE', url: `/api/user/${encodeURIComponent(a.email)}` }),
        call(shops.second, byToken(b), { method: 'PATCH', url: `/api/company/members/${bId}`, payload: { role: 'buyer' } }),
      ]);
      expect({ round, statuses: [removal.statusCode, stepDown.statusCode].sort() }).toEqual({ round, statuses: [200, 409] });
      if (removal.statusCode === 409) expect(removal.json()).toEqual({ message: adminMessages.onlyOwner(a.email, name) });
      else expect(stepDown.json()).toEqual({ message: companyMessages.lastOwner });
      const owners = await shops.first.db.selectFrom('company_members').select('user_id').where('company_id', '=', (created.json() as { id: string }).id).where('role', '=', 'owner').execute();
      expect(owners).toHaveLength(1);
    }
  });
});
