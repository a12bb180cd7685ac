import { adminMessages, apiErrors } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmAddress, issueToken, postSignIn, signIn, signUp, whoAmI } from '../../test/accounts';
import { byCookie, byToken, call, expectInvalid, expectReply, headersOf, insertUser, roleOf, type Credential } from '../../test/admin';
import { createTestApp } from '../../test/app';
import {
  insertPart,
  myOrders,
  orderRow,
  placeOrder,
  signUpAdmin,
  signUpCustomer,
  stockOf,
  type Customer,
} from '../../test/orders';
import { createUsersRepository } from './repository';

let app: FastifyInstance;
// These serve every test that does not remove them.
let admin: Customer;
let alice: Customer;

beforeAll(async () => {
  app = await createTestApp();
  [admin, alice] = await Promise.all([signUpAdmin(app, 'users-admin'), signUpCustomer(app, 'alice')]);
});

afterAll(async () => {
  await app?.close();
});

const listUsers = (credential: Credential = byToken(admin)) => call(app, credential, { method: 'GET', url: '/api/users' });
const makeAdmin = (email: string, credential: Credential = byToken(admin)) =>
  call(app, credential, { method: 'PUT', url: `/api/user/admin/${encodeURIComponent(email)}` });
const demote = (email: string, credential: Credential = byToken(admin)) =>
  call(app, credential, { method: 'DELETE', url: `/api/user/admin/${encodeURIComponent(email)}` });
const removeUser = (email: string, credential: Credential = byToken(admin)) =>
  call(app, credential, { method: 'DELETE', url: `/api/user/${encodeURIComponent(email)}` });

async function userExists(email: string) {
  return (await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) !== undefined;
}

async function admins() {
  const rows = await app.db.selectFrom('users').select('email').where('role', '=', 'admin').orderBy('email').execute();
  return rows.map((row) => row.email);
}

/** Every credential signs its owner in: /api/me knows them. */
async function expectSignedIn(credentials: Credential[], email: string) {
  for (const credential of credentials) expect(await whoAmI(app, headersOf(credential))).toBe(email);
}

describe('GET /api/users', () => {
  it('lists every user with their e-mail, name, role and whether the address is confirmed, and nothing more', async () => {
    const response = await listUsers();

    expectReply(response, 200);
    const users = response.json() as Array<Record<string, unknown>>;
    const stored = await app.db.selectFrom('users').select(['email', 'name', 'role', 'email_verified as emailVerified']).execute();
    expect(users).toHaveLength(stored.length);
    expect(users).toEqual(expect.arrayContaining(stored));
    for (const user of users) expect(Object.keys(user).sort()).toEqual(['email', 'emailVerified', 'name', 'role']);
    // Make Admin says which customers cannot be made admins yet (decision 144), before it is pressed.
    expect(users).toContainEqual({ email: alice.email, name: alice.name, role: 'customer', emailVerified: false });
    await confirmAddress(app, alice.email);
    expect((await listUsers()).json()).toContainEqual({ email: alice.email, name: alice.name, role: 'customer', emailVerified: true });
    await app.db.updateTable('users').set({ email_verified: false }).where('email', '=', alice.email.toLowerCase()).execute();
  });

  it('finds users by a part of their e-mail or name (any case; % and _ match themselves), paged', async () => {
    const [zed, zoe] = await Promise.all([
      insertUser(app, { email: 'zed_search@example.com', name: 'Zed Quixote' }),
      insertUser(app, { email: 'zoe%search@example.com', name: 'Zoe Q' }),
    ]);
    const emails = async (query: string) => {
      const response = await call(app, byToken(admin), { method: 'GET', url: `/api/users?${query}` });
      expectReply(response, 200);
      return (response.json() as Array<{ email: string }>).map((user) => user.email);
    };

    expect(await emails('q=QUIXOTE')).toEqual([zed]);
    expect(await emails('q=%20_SEARCH%20')).toEqual([zed]);
    expect(await emails(`q=${encodeURIComponent('%search')}`)).toEqual([zoe]);
    expect((await emails('q=search%40example&page=1')).sort()).toEqual([zed, zoe]);
    expect(await emails('q=search%40example&page=2')).toEqual([]);
    expect(await emails('q=nobody-has-this')).toEqual([]);
    expect(await emails('q=')).toEqual(await emails('page=1'));
    expectInvalid(await call(app, byToken(admin), { method: 'GET', url: `/api/users?q=${'x'.repeat(201)}` }), adminMessages.userSearchTooLong);
  });

  it('sends no password, session or token of anyone', async () => {
    const response = await listUsers(byCookie(admin));

    expect(response.body).not.toMatch(/password|scrypt|token|session|"id"/i);
  });
});

describe('PUT /api/user/admin/{email}', () => {
  it('makes a customer an admin at once: modifiedCount 1, and their own cookie and token now pass', async () => {
    const bob = await signUpCustomer(app, 'bob');
    await confirmAddress(app, bob.email);
    expectReply(await listUsers(byToken(bob)), 403);

    const response = await makeAdmin(bob.email);

    expectReply(response, 200);
    expect(response.json()).toEqual({ modifiedCount: 1 });
    expect(await roleOf(app, bob.email)).toBe('admin');
    expectReply(await listUsers(byToken(bob)), 200);
    expectReply(await listUsers(byCookie(bob)), 200);
    const adminReply = await call(app, byToken(bob), { method: 'GET', url: `/api/admin/${bob.email}` });
    expect(adminReply.json()).toEqual({ admin: true });
    expect(await listUsers().then((r) => r.json())).toContainEqual({ email: bob.email, name: bob.name, role: 'admin', emailVerified: true });
  });

  it('answers modifiedCount 0 for someone who is already an admin', async () => {
    const response = await makeAdmin(admin.email);

    expectReply(response, 200);
    expect(response.json()).toEqual({ modifiedCount: 0 });
    expect(await roleOf(app, admin.email)).toBe('admin');
  });

  it('refuses an account whose address nobody confirmed (409, SPEC’s failure text and why), nothing audited; once confirmed, it works', async () => {
    // Anyone can sign up with an address they do not hold, and is signed in at once (decision 023).
    const squatter = await signUpCustomer(app, 'it-desk');
    const audited = () => app.db.selectFrom('audit_log').select('id').where('action', '=', 'user.make-admin').where('target', '=', squatter.email).execute();

    expectReply(await makeAdmin(squatter.email), 409, adminMessages.makeAdminUnconfirmed);
    expect(adminMessages.makeAdminUnconfirmed).toMatch(/^Failed to Make an admin: /);
    expect(await roleOf(app, squatter.email)).toBe('customer');
    expectReply(await listUsers(byToken(squatter)), 403);
    expect(await audited()).toEqual([]);

    await confirmAddress(app, squatter.email);
    const response = await makeAdmin(squatter.email);

    expectReply(response, 200);
    expect(response.json()).toEqual({ modifiedCount: 1 });
    expect(await roleOf(app, squatter.email)).toBe('admin');
  });

  it('takes the e-mail in any case', async () => {
    const email = await insertUser(app, { emailVerified: true });

    const response = await makeAdmin(email.toUpperCase());

    expectReply(response, 200);
    expect(response.json()).toEqual({ modifiedCount: 1 });
    expect(await roleOf(app, email)).toBe('admin');
  });

  it.each([
    ['an e-mail nobody uses', 'nobody@example.com'],
    ['a string that is no e-mail', 'not an e-mail'],
    ['a LIKE pattern', '%@example.com'],
    ['SQL', "' or '1'='1"],
  ])('answers 404 for %s and makes nobody an admin', async (_label, email) => {
    const before = await admins();

    expectReply(await makeAdmin(email), 404, adminMessages.userNotFound);
    expect(await admins()).toEqual(before);
  });
});

describe('DELETE /api/user/admin/{email}', () => {
  it('makes an admin a customer again at once, their cookie and token refused admin calls, and audits it', async () => {
    const carol = await signUpAdmin(app, 'carol');
    expectReply(await listUsers(byToken(carol)), 200);

    const response = await demote(carol.email.toUpperCase());

    expectReply(response, 200);
    expect(response.json()).toEqual({ modifiedCount: 1 });
    expect(await roleOf(app, carol.email)).toBe('customer');
    expectReply(await listUsers(byToken(carol)), 403);
    expectReply(await listUsers(byCookie(carol)), 403);
    const audit = await app.db.selectFrom('audit_log').select(['action', 'target', 'actor_email']).orderBy('seq', 'desc').executeTakeFirstOrThrow();
    expect(audit).toEqual({ action: 'user.remove-admin', target: carol.email, actor_email: admin.email });
  });

  it('answers modifiedCount 0 for a customer, and 404 for nobody', async () => {
    expect((await demote(alice.email)).json()).toEqual({ modifiedCount: 0 });
    expect(await roleOf(app, alice.email)).toBe('customer');
    expectReply(await demote('nobody@example.com'), 404, adminMessages.userNotFound);
  });

  it('is for admins only', async () => {
    const dave = await signUpAdmin(app, 'dave');
    expectReply(await demote(dave.email, byToken(alice)), 403);
    expect(await roleOf(app, dave.email)).toBe('admin');
  });

  it('refuses to demote the last admin, themselves included (409, nothing audited)', async () => {
    const only = await signUpAdmin(app, 'only');
    const others = (await admins()).filter((email) => email !== only.email);
    const users = createUsersRepository(app.db);
    for (const email of others) await users.setRole(email, 'customer');
    try {
      const before = await app.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      expectReply(await demote(only.email, byToken(only)), 409, adminMessages.lastAdminRole);
      expect(await roleOf(app, only.email)).toBe('admin');
      const after = await app.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      expect(after.n).toBe(before.n);
    } finally {
      for (const email of others) await users.setRole(email, 'admin');
    }
  });

  it('leaves one admin when two demote each other at the same time', async () => {
    const [first, second] = await Promise.all([signUpAdmin(app, 'duel'), signUpAdmin(app, 'duel')]);
    const others = (await admins()).filter((email) => email !== first!.email && email !== second!.email);
    const users = createUsersRepository(app.db);
    for (const email of others) await users.setRole(email, 'customer');
    try {
      const replies = await Promise.all([demote(second!.email, byToken(first!)), demote(first!.email, byToken(second!))]);
      const statuses = replies.map((reply) => reply.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      // The loser is refused by the rule, or — if the winner's change came first — as no admin.
      expect([403, 409]).toContain(statuses.find((status) => status !== 200));
      expect(await admins()).toHaveLength(1);
    } finally {
      for (const email of others) await users.setRole(email, 'admin');
    }
  });
});

describe('DELETE /api/user/{email}', () => {
  it('removes a customer: deletedCount 1, gone from the list, their password account too; 404 the second time', async () => {
    const carol = await signUpCustomer(app, 'carol');
    const { id: carolId } = await app.db.selectFrom('users').select('id').where('email', '=', carol.email).executeTakeFirstOrThrow();

    const response = await removeUser(carol.email);

    expectReply(response, 200);
    expect(response.json()).toEqual({ deletedCount: 1 });
    expect(await userExists(carol.email)).toBe(false);
    expect((await listUsers()).json()).not.toContainEqual(expect.objectContaining({ email: carol.email }));
    expect(await app.db.selectFrom('accounts').select('id').where('user_id', '=', carolId).execute()).toEqual([]);
    expect((await postSignIn(app, { email: carol.email, password: carol.password })).statusCode).toBe(401);
    expectReply(await removeUser(carol.email), 404, adminMessages.userNotFound);
  });

  it('ends every session and access token of the removed user at once', async () => {
    const dave = await signUpCustomer(app, 'dave');
    const secondCookie = await signIn(app, dave);
    const secondToken = await issueToken(app, secondCookie, dave.email);
    const credentials: Credential[] = [byCookie(dave), byToken(dave), { cookie: secondCookie }, { token: secondToken }];
    await expectSignedIn(credentials, dave.email);
    const { id: daveId } = await app.db.selectFrom('users').select('id').where('email', '=', dave.email).executeTakeFirstOrThrow();

    expectReply(await removeUser(dave.email), 200);

    for (const credential of credentials) {
      expect(await whoAmI(app, headersOf(credential))).toBeNull();
      expectReply(await call(app, credential, { method: 'GET', url: `/api/myorder/${dave.email}` }), 401, apiErrors.signInRequired);
      const review = await call(app, credential, { method: 'POST', url: '/api/reviews', payload: { description: 'Ghost review' } });
      expectReply(review, 401, apiErrors.signInRequired);
      const tokenRequest = await call(app, credential, { method: 'PUT', url: `/api/user/${dave.email}`, payload: { email: dave.email } });
      expectReply(tokenRequest, 401);
    }
    expect(await app.db.selectFrom('sessions').select('id').where('user_id', '=', daveId).execute()).toEqual([]);
    const tokens = await app.db
      .selectFrom('access_tokens')
      .innerJoin('sessions', 'sessions.id', 'access_tokens.session_id')
      .select('token_hash')
      .where('sessions.user_id', '=', daveId)
      .execute();
    expect(tokens).toEqual([]);
    expect(await app.db.selectFrom('reviews').select('id').where('description', '=', 'Ghost review').execute()).toEqual([]);
  });

  it('keeps the removed user’s orders, with their e-mail, for the records; the stock stays sold', async () => {
    const erin = await signUpCustomer(app, 'erin');
    const partId = await insertPart(app, { available: 10 });
    const orderIds = [await placeOrder(app, erin, partId, 2), await placeOrder(app, erin, partId, 3)];
    const before = await Promise.all(orderIds.map((id) => orderRow(app, id)));

    expectReply(await removeUser(erin.email), 200);

    for (const [index, id] of orderIds.entries()) {
      expect(await orderRow(app, id)).toEqual({ ...before[index], user_id: null });
    }
    expect(await stockOf(app, partId)).toBe(5);
    const listed = await call(app, byToken(admin), { method: 'GET', url: `/api/admin/orders?email=${encodeURIComponent(erin.email)}` });
    expectReply(listed, 200);
    expect((listed.json() as { orders: Array<{ _id: string }> }).orders.map((order) => order._id).sort()).toEqual([...orderIds].sort());
  });

  // Regression (was a bug): orders are found by e-mail (GET /myorder/{email}, GET /order/{id},
  // DELETE /myorder), and e-mails are not verified: whoever signs up next with a removed
  // customer's e-mail sees that customer's kept orders — name and address — and can cancel them.
  it('a new account with a removed customer’s e-mail does not inherit their orders', async () => {
    const frank = await signUpCustomer(app, 'frank');
    const orderId = await placeOrder(app, frank, await insertPart(app, { available: 10 }));
    expectReply(await removeUser(frank.email), 200);

    const cookie = await signUp(app, { email: frank.email, password: 'a-new-password', name: 'Not Frank' });
    const token = await issueToken(app, cookie, frank.email);

    expect((await myOrders(app, { token, email: frank.email })).map((order) => order._id)).not.toContain(orderId);
    expectReply(await call(app, { token }, { method: 'GET', url: `/api/order/${orderId}` }), 404);
  });

  it('removes another admin while one remains, and that admin’s token stops at once', async () => {
    const other = await signUpAdmin(app, 'other-admin');
    expectReply(await listUsers(byToken(other)), 200);

    const response = await removeUser(other.email);

    expectReply(response, 200);
    expect(response.json()).toEqual({ deletedCount: 1 });
    expectReply(await listUsers(byToken(other)), 401);
    expectReply(await listUsers(byCookie(other)), 401);
  });

  it.each([
    ['as written', (email: string) => email],
    ['in upper case', (email: string) => email.toUpperCase()],
    ['with spaces around it', (email: string) => ` ${email} `],
  ])('answers 409 to an admin removing their own account (e-mail %s)', async (_label, spell) => {
    expectReply(await removeUser(spell(admin.email)), 409, adminMessages.cannotRemoveSelf);
    expect(await roleOf(app, admin.email)).toBe('admin');
    await expectSignedIn([byToken(admin), byCookie(admin)], admin.email);
  });

  it.each([
    ['an e-mail nobody uses', 'nobody@example.com'],
    ['a LIKE pattern', '%'],
    ['SQL', "x' or '1'='1"],
  ])('answers 404 for %s and removes nobody', async (_label, email) => {
    const before = await app.db.selectFrom('users').select('email').orderBy('email').execute();

    expectReply(await removeUser(email), 404, adminMessages.userNotFound);
    expect(await app.db.selectFrom('users').select('email').orderBy('email').execute()).toEqual(before);
  });
});

describe('the last admin', () => {
  /** Runs `test` with `keep` as the only admins, then gives the file's admin the role back. */
  async function withOnlyAdmins(keep: string[], test: () => Promise<void>) {
    const others = (await admins()).filter((email) => !keep.includes(email));
    const users = createUsersRepository(app.db);
    for (const email of others) await users.setRole(email, 'customer');
    try {
      await test();
    } finally {
      for (const email of others) if (await userExists(email)) await users.setRole(email, 'admin');
    }
  }

  // Over HTTP an admin removing another admin always leaves at least the caller; the rule bites
  // when removals race, or when anything else asks the repository to remove the only admin.
  it('stays: the repository refuses to remove the only admin', async () => {
    const only = await insertUser(app, { role: 'admin' });
    await withOnlyAdmins([only], async () => {
      expect(await createUsersRepository(app.db).remove(only)).toBe('last-admin');
      expect(await admins()).toEqual([only]);
    });
  });

  // Which credential each rival uses changes how far its request has got when the other's lands.
  it.each([
    ['tokens', byToken, byToken],
    ['a token and a cookie', byToken, byCookie],
    ['cookies', byCookie, byCookie],
  ])('stays when two admins remove each other at the same time (by %s): exactly one succeeds', async (_label, firstBy, secondBy) => {
    const [first, second] = await Promise.all([signUpAdmin(app, 'rival'), signUpAdmin(app, 'rival')]);
    await withOnlyAdmins([first!.email, second!.email], async () => {
      const replies = await Promise.all([removeUser(second!.email, firstBy(first!)), removeUser(first!.email, secondBy(second!))]);

      const statuses = replies.map((reply) => reply.statusCode);
      expect(statuses.filter((status) => status === 200), replies.map((reply) => reply.body).join(' ')).toHaveLength(1);
      const winner = statuses[0] === 200 ? first! : second!;
      const loser = replies.find((reply) => reply.statusCode !== 200)!;
      // The loser is refused by the rule, or — if the winner's removal came first — as signed out.
      if (loser.statusCode === 409) expect(loser.json()).toEqual({ message: adminMessages.lastAdmin });
      else expectReply(loser, 401);
      expect(await admins()).toEqual([winner.email]);
      expectReply(await listUsers(byToken(winner)), 200);
    });
  });

  it('stays when three admins remove each other in a ring at the same time', async () => {
    const ring = await Promise.all([signUpAdmin(app, 'ring'), signUpAdmin(app, 'ring'), signUpAdmin(app, 'ring')]);
    await withOnlyAdmins(
      ring.map((member) => member.email),
      async () => {
        const replies = await Promise.all(ring.map((member, index) => removeUser(ring[(index + 1) % 3]!.email, byToken(member))));

        expect(replies.map((reply) => reply.statusCode)).toContain(200);
        for (const reply of replies) expect([200, 401, 409]).toContain(reply.statusCode);
        expect(await admins()).toHaveLength(1);
      },
    );
  });
});
