import {
  addressMessages,
  adminMessages,
  checkoutMessages,
  companyFieldChangedMessage,
  companyMessages,
  countryOf,
  type AdminCompany,
  type CompanyLocation,
  type CompanyMember,
  type CompanyOrder,
  type CompanySummary,
  type MyCompany,
  validation,
} from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmAddress, newAccount, signUp } from '../../test/accounts';
import { anonymous, byCookie, byToken, call, expectInvalid, expectReply, type Credential } from '../../test/admin';
import { createTestApp } from '../../test/app';
import { tokenMailedTo } from '../../test/company';
import { fillCart, insertShippingMethod, postCheckout, userIdOf, withoutDemoShippingAndTax, insertAddress } from '../../test/checkout';
import { insertPart, signUpAdmin, signUpCustomer, type Customer } from '../../test/orders';

// Companies on the real app and database (decision 075): each route for each role, invitations, the last owner, orders.
let app: FastifyInstance;
let admin: Customer;
let owner: Customer;
let buyer: Customer;
let accounts: Customer;
let viewer: Customer;
let stranger: Customer;
let companyId: string;
let shipping: string;

const post = (credential: Credential, url: string, payload: object = {}) => call(app, credential, { method: 'POST', url, payload });
const get = (credential: Credential, url: string) => call(app, credential, { method: 'GET', url });

/** A company whose owner is `ownerEmail`'s account, its address confirmed first as a real owner's is (decision 144); else its invitation. */
async function createCompany(ownerEmail: string, fields: object = {}): Promise<string> {
  await confirmAddress(app, ownerEmail);
  const response = await post(byToken(admin), '/api/admin/companies', { name: `Fleetco ${ownerEmail.slice(0, 12)}`, ownerEmail, ...fields });
  expectReply(response, 200);
  return (response.json() as { id: string }).id;
}

async function invite(from: Customer, email: string, role: string) {
  const response = await post(byToken(from), '/api/company/invitations', { email, role });
  expectReply(response, 200);
  return tokenMailedTo(app, email);
}

const accept = (who: Credential, token: string) => post(who, `/api/company/invitations/${token}/accept`);

async function join(who: Customer, role: string) {
  expectReply(await accept(byCookie(who), await invite(owner, who.email, role)), 200);
}

beforeAll(async () => {
  app = await createTestApp();
  await withoutDemoShippingAndTax(app);
  shipping = await insertShippingMethod(app, { name: 'Company courier', baseCents: 500 });
  [admin, owner, buyer, accounts, viewer, stranger] = await Promise.all([
    signUpAdmin(app, 'co-admin'),
    signUpCustomer(app, 'co-owner'),
    signUpCustomer(app, 'co-buyer'),
    signUpCustomer(app, 'co-accounts'),
    signUpCustomer(app, 'co-viewer'),
    signUpCustomer(app, 'co-stranger'),
  ]);
  companyId = await createCompany(owner.email, { taxId: 'US-12-3456789', paymentTerms: 'net30', creditLimit: '5000.00', poRequired: true });
  await join(buyer, 'buyer');
  await join(accounts, 'accounts');
  await join(viewer, 'viewer');
});

afterAll(async () => {
  await app?.close();
});

describe('POST|GET|PATCH /api/admin/companies', () => {
  it('makes an existing customer the owner at once, money in cents inside, and audits it in words', async () => {
    const mine = (await get(byToken(owner), '/api/company')).json() as MyCompany;
    expect(mine).toEqual({
      id: companyId,
      name: expect.stringContaining('Fleetco') as string,
      taxId: 'US-12-3456789',
      status: 'active',
      paymentTerms: 'net30',
      creditLimit: 5000,
      poRequired: true,
      role: 'owner',
      balance: 0,
      available: 5000,
      // An owner sees the card payments given back whole (decision 228): none yet.
      givenBack: [],
    });
    const row = await app.db.selectFrom('companies').selectAll().where('id', '=', companyId).executeTakeFirstOrThrow();
    expect(row.credit_limit_cents).toBe(500_000);
    const audit = await get(byToken(admin), '/api/admin/audit?action=company.add');
    expect(audit.body).toContain(`with ${owner.email} as its owner`);
  });

  it('e-mails an owner invitation to an address without an account; signing up with it and accepting makes the owner', async () => {
    const account = newAccount('co-new-owner');
    const id = await createCompany(account.email);
    const token = await tokenMailedTo(app, account.email);
    const mail = await app.db.selectFrom('mail_outbox').select(['subject', 'kind']).where('recipient', '=', account.email.toLowerCase()).executeTakeFirstOrThrow();
    expect(mail).toEqual({ kind: 'company-invitation', subject: expect.stringContaining('Join Fleetco') as string });
    const detail = (await get(byToken(admin), `/api/admin/companies/${id}`)).json() as AdminCompany;
    expect(detail.members).toEqual([]);
    expect(detail.invitations).toEqual([{ id: expect.any(String) as string, email: account.email.toLowerCase(), role: 'owner', expiresAt: expect.any(String) as string }]);

    const cookie = await signUp(app, account);
    const accepted = await accept({ cookie }, token);
    expectReply(accepted, 200);
    expect(accepted.json()).toEqual({ companyId: id, companyName: detail.name, role: 'owner' });
    const after = (await get(byToken(admin), `/api/admin/companies/${id}`)).json() as AdminCompany;
    expect(after.members.map((member) => [member.email, member.role])).toEqual([[account.email.toLowerCase(), 'owner']]);
    expect(after.invitations).toEqual([]);
  });

  it('makes no account owner by an address nobody confirmed: the address is sent the invitation, and following it confirms the address', async () => {
    // Anyone can sign up with an address they do not hold and is signed in at once (decision 023).
    const squatter = await signUpCustomer(app, 'co-squat');
    const created = await post(byToken(admin), '/api/admin/companies', { name: 'Big Fleet', ownerEmail: squatter.email, paymentTerms: 'net30', creditLimit: 5000 });

    expectReply(created, 200);
    expect(created.json()).toMatchObject({ owner: 'invited' });
    const id = (created.json() as { id: string }).id;
    expectReply(await get(byToken(squatter), '/api/company'), 404);
    expectReply(await get(byCookie(squatter), '/api/company'), 404);
    const detail = (await get(byToken(admin), `/api/admin/companies/${id}`)).json() as AdminCompany;
    expect(detail.members).toEqual([]);
    expect(detail.invitations.map((invitation) => [invitation.email, invitation.role])).toEqual([[squatter.email, 'owner']]);

    // Whoever holds the address reads the link (its real owner, after a password reset) and accepts it.
    const accepted = await accept(byCookie(squatter), await tokenMailedTo(app, squatter.email));
    expectReply(accepted, 200);
    expect(accepted.json()).toEqual({ companyId: id, companyName: 'Big Fleet', role: 'owner' });
    const me = (await get(byCookie(squatter), '/api/me')).json() as { emailVerified: boolean };
    expect(me.emailVerified).toBe(true);
  });

  it('refuses a second company for a member, and bad input with messages', async () => {
    const twice = await post(byToken(admin), '/api/admin/companies', { name: 'Second', ownerEmail: buyer.email });
    expectReply(twice, 409, companyMessages.alreadyInCompany(buyer.email));
    expectInvalid(await post(byToken(admin), '/api/admin/companies', { name: '', ownerEmail: 'x@example.com' }), companyMessages.nameRequired);
    expectInvalid(await post(byToken(admin), '/api/admin/companies', { name: 'A', ownerEmail: 'x@example.com', paymentTerms: 'net90' }), companyMessages.paymentTerms);
    expectInvalid(await post(byToken(admin), '/api/admin/companies', { name: 'A', ownerEmail: 'x@example.com', creditLimit: -1 }), companyMessages.creditLimit);
    expectInvalid(await post(byToken(admin), '/api/admin/companies', { name: 'A'.repeat(121), ownerEmail: 'x@example.com' }), companyMessages.nameTooLong);
    // A mistyped field is refused, naming it, as a PATCH's is (decision 136): it made a company with no credit limit.
    const typo = await post(byToken(admin), '/api/admin/companies', { name: 'Typo Fleet', ownerEmail: newAccount('co-typo').email, paymentTerms: 'net30', creditlimit: 5000 });
    expectInvalid(typo, companyMessages.unknownCreateFields(['creditlimit']));
    expectInvalid(await post(byToken(admin), '/api/admin/companies', { name: 'Typo Fleet', ownerEmail: newAccount('co-typo').email, status: 'on-hold' }), companyMessages.unknownCreateFields(['status']));
    expect(await app.db.selectFrom('companies').select('id').where('name', '=', 'Typo Fleet').execute()).toEqual([]);
  });

  it('refuses a second company of a name taken, letter case and spaces aside, on creating and on renaming (409)', async () => {
    const taken = (await get(byToken(admin), `/api/admin/companies/${companyId}`)).json() as AdminCompany;
    const twin = `  ${taken.name.toUpperCase()} `;
    const created = await post(byToken(admin), '/api/admin/companies', { name: twin, ownerEmail: newAccount('co-twin').email });
    expectReply(created, 409, companyMessages.nameTaken(twin.trim()));
    expect(await app.db.selectFrom('companies').select('id').where(sql<string>`lower(name)`, '=', taken.name.toLowerCase()).execute()).toHaveLength(1);

    const other = await createCompany(newAccount('co-rename').email, { name: `Other ${Date.now()}` });
    const renamed = await call(app, byToken(admin), { method: 'PATCH', url: `/api/admin/companies/${other}`, payload: { name: twin, creditLimit: 10 } });
    expectReply(renamed, 409, companyMessages.nameTaken(twin.trim()));
    expect((await get(byToken(admin), `/api/admin/companies/${other}`)).json()).toMatchObject({ name: expect.stringMatching(/^Other /) as string, creditLimit: null });
    // Its own name in other letters is no conflict; nor are other fields of two old rows of one name.
    expectReply(await call(app, byToken(admin), { method: 'PATCH', url: `/api/admin/companies/${companyId}`, payload: { name: taken.name.toLowerCase() } }), 200);
    expectReply(await call(app, byToken(admin), { method: 'PATCH', url: `/api/admin/companies/${companyId}`, payload: { name: taken.name } }), 200);
    await app.db.insertInto('companies').values({ name: 'Old Twin' }).execute();
    const [oldTwin] = await app.db.insertInto('companies').values({ name: 'old twin' }).returning('id').execute();
    expectReply(await call(app, byToken(admin), { method: 'PATCH', url: `/api/admin/companies/${oldTwin?.id ?? ''}`, payload: { status: 'on-hold' } }), 200);
  });

  it('reads a credit limit with thousands separators, and says its range in dollars', async () => {
    const id = await createCompany(newAccount('co-limit').email, { name: `Limits ${Date.now()}`, creditLimit: '1,000.50' });
    expect((await get(byToken(admin), `/api/admin/companies/${id}`)).json()).toMatchObject({ creditLimit: 1000.5 });
    const over = await call(app, byToken(admin), { method: 'PATCH', url: `/api/admin/companies/${id}`, payload: { creditLimit: '10,000,000.01' } });
    expectInvalid(over, 'Credit limit is between $0.00 and $10,000,000.00');
  });

  it('lists companies newest first and changes the fields sent, audited', async () => {
    const list = (await get(byToken(admin), '/api/admin/companies')).json() as CompanySummary[];
    expect(list.find((company) => company.id === companyId)).toMatchObject({ members: 4, creditLimit: 5000, status: 'active' });

    const patched = await call(app, byToken(admin), { method: 'PATCH', url: `/api/admin/companies/${companyId}`, payload: { status: 'on-hold', creditLimit: 7500.5 } });
    expectReply(patched, 200);
    expect(patched.json()).toMatchObject({ status: 'on-hold', creditLimit: 7500.5, paymentTerms: 'net30', poRequired: true });
    const [entry] = await app.db.selectFrom('audit_log').selectAll().where('action', '=', 'company.update').orderBy('seq', 'desc').limit(1).execute();
    expect(entry).toMatchObject({ target: `company ${companyId}`, actor_email: admin.email });
    expectInvalid(await call(app, byToken(admin), { method: 'PATCH', url: `/api/admin/companies/${companyId}`, payload: { status: 'closed' } }), companyMessages.status);
    expectReply(await call(app, byToken(admin), { method: 'PATCH', url: `/api/admin/companies/${companyId}`, payload: { status: 'active', creditLimit: 5000 } }), 200);
    expectReply(await call(app, byToken(admin), { method: 'PATCH', url: '/api/admin/companies/not-an-id', payload: { status: 'active' } }), 404, companyMessages.notFound);
  });

  it('refuses a field a company does not have (400 naming it), rather than answering 200 having changed nothing', async () => {
    const auditedBefore = await app.db.selectFrom('audit_log').select('seq').where('action', '=', 'company.update').execute();
    const patch = (payload: object) => call(app, byToken(admin), { method: 'PATCH', url: `/api/admin/companies/${companyId}`, payload });

    expectInvalid(await patch({ ownerEmail: stranger.email }), companyMessages.unknownFields(['ownerEmail']));
    expectInvalid(await patch({ status: 'on-hold', creditlimit: 1 }), companyMessages.unknownFields(['creditlimit']));
    expect((await get(byToken(admin), `/api/admin/companies/${companyId}`)).json()).toMatchObject({ status: 'active' });
    expect(await app.db.selectFrom('audit_log').select('seq').where('action', '=', 'company.update').execute()).toEqual(auditedBefore);
  });

  it('holds a change to what the admin’s form loaded: a field someone else saved since is a 409 saying it, nothing written (decision 125)', async () => {
    const id = await createCompany((await signUpCustomer(app, 'co-two-admins')).email, { name: 'Two admins fleet', paymentTerms: 'net30', creditLimit: 5000 });
    const patch = (payload: object) => call(app, byToken(admin), { method: 'PATCH', url: `/api/admin/companies/${id}`, payload });
    const list = await post(byToken(admin), '/api/admin/price-lists', { name: 'Two admins list', priority: 1, entries: [{ category: 'brakes', percentOff: 5 }] });
    const listId = (list.json() as { id: string }).id;
    const auditedBefore = await app.db.selectFrom('audit_log').select('seq').where('action', '=', 'company.update').execute();

    // Admin A puts the company on hold and gives it a list; admin B's form loaded it active, with none.
    expectReply(await patch({ status: 'on-hold', expected: { status: 'active' } }), 200);
    expectReply(await patch({ priceListIds: [listId], expected: { priceListIds: [] } }), 200);

    const stale = await patch({ creditLimit: 7000, expected: { creditLimit: 5000, status: 'active' } });
    expectReply(stale, 409);
    expect(stale.json()).toEqual({ message: 'The status changed since this page loaded (someone else saved it): it is now on hold.', field: 'status', current: 'on-hold' });
    const staleLists = await patch({ priceListIds: [], expected: { priceListIds: [] } });
    expectReply(staleLists, 409);
    expect(staleLists.json()).toEqual({ message: companyFieldChangedMessage('priceListIds', [listId]), field: 'priceListIds', current: [listId] });
    expect((await get(byToken(admin), `/api/admin/companies/${id}`)).json()).toMatchObject({ status: 'on-hold', creditLimit: 5000, priceListIds: [listId] });

    // What B loaded still holds of the fields B changes: B's change goes in, A's stays.
    expectReply(await patch({ creditLimit: 7000, expected: { creditLimit: 5000.0 } }), 200);
    expect((await get(byToken(admin), `/api/admin/companies/${id}`)).json()).toMatchObject({ status: 'on-hold', creditLimit: 7000, priceListIds: [listId] });
    expect(await app.db.selectFrom('audit_log').select('seq').where('action', '=', 'company.update').execute()).toHaveLength(auditedBefore.length + 3);
    expectReply(await patch({ creditLimit: 1, expected: { credit: 1 } }), 400);
    expectReply(await call(app, byToken(admin), { method: 'PATCH', url: '/api/admin/companies/not-an-id', payload: { status: 'active', expected: { status: 'active' } } }), 404, companyMessages.notFound);
  });

  it('is the admins’ only', async () => {
    for (const who of [owner, buyer, stranger]) {
      expectReply(await get(byToken(who), '/api/admin/companies'), 403);
      expectReply(await get(byToken(who), `/api/admin/companies/${companyId}`), 403);
      expectReply(await post(byToken(who), '/api/admin/companies', { name: 'Mine', ownerEmail: who.email }), 403);
      expectReply(await call(app, byToken(who), { method: 'PATCH', url: `/api/admin/companies/${companyId}`, payload: { status: 'active' } }), 403);
    }
    expectReply(await get(anonymous, '/api/admin/companies'), 401);
  });
});

describe('who may call each member route', () => {
  const location = { name: 'Springfield workshop', line1: '1 Depot Road', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' };

  it('lets every member read the company, its members, locations and orders; nobody else', async () => {
    for (const who of [owner, buyer, accounts, viewer]) {
      for (const url of ['/api/company', '/api/company/members', '/api/company/locations', '/api/company/orders']) {
        expectReply(await get(byToken(who), url), 200);
      }
    }
    for (const url of ['/api/company', '/api/company/members', '/api/company/locations', '/api/company/orders']) {
      expectReply(await get(byToken(stranger), url), 404, companyMessages.notMember);
      expectReply(await get(byToken(admin), url), 404, companyMessages.notMember);
      expectReply(await get(anonymous, url), 401);
    }
    // `GET /api/me` tells the web app who may see the Company page.
    expect((await get(byCookie(viewer), '/api/me')).json()).toMatchObject({ company: true, companyId: expect.any(String) });
    expect((await get(byCookie(stranger), '/api/me')).json()).not.toHaveProperty('company');
    expect((await get(byCookie(stranger), '/api/me')).json()).not.toHaveProperty('companyId');
    const members = (await get(byToken(viewer), '/api/company/members')).json() as CompanyMember[];
    expect(members.map((member) => [member.email, member.role])).toEqual([
      [owner.email, 'owner'],
      [buyer.email, 'buyer'],
      [accounts.email, 'accounts'],
      [viewer.email, 'viewer'],
    ]);
  });

  it('lets only an owner invite, remove and change locations', async () => {
    for (const who of [buyer, accounts, viewer]) {
      expectReply(await post(byToken(who), '/api/company/invitations', { email: 'someone@example.com', role: 'buyer' }), 403, companyMessages.ownerOnly);
      // Another member: only an owner removes them (a member may remove themselves: leaving, below).
      expectReply(await call(app, byToken(who), { method: 'DELETE', url: `/api/company/members/${await userIdOf(app, owner.email)}` }), 403, companyMessages.ownerOnly);
      expectReply(await post(byToken(who), '/api/company/locations', location), 403);
    }
    for (const who of [stranger, admin]) {
      expectReply(await post(byToken(who), '/api/company/invitations', { email: 'someone@example.com', role: 'buyer' }), 404);
      expectReply(await post(byToken(who), '/api/company/locations', location), 404);
    }
    expectReply(await post(anonymous, '/api/company/invitations', { email: 'someone@example.com', role: 'buyer' }), 401);
    expectReply(await post(anonymous, '/api/company/invitations/abc/accept'), 401);

    const added = await post(byToken(owner), '/api/company/locations', location);
    expectReply(added, 200);
    const created = added.json() as CompanyLocation;
    expect(created).toEqual({ id: expect.any(String) as string, company: '', line2: '', phone: '', ...location });
    expect((await get(byToken(buyer), '/api/company/locations')).json()).toContainEqual(created);
    const renamed = await call(app, byToken(owner), { method: 'PUT', url: `/api/company/locations/${created.id}`, payload: { ...location, name: 'Depot' } });
    expect(renamed.json()).toMatchObject({ id: created.id, name: 'Depot' });
    expectReply(await call(app, byToken(buyer), { method: 'DELETE', url: `/api/company/locations/${created.id}` }), 403);
    expectReply(await call(app, byToken(owner), { method: 'DELETE', url: `/api/company/locations/${created.id}` }), 200);
    expectReply(await call(app, byToken(owner), { method: 'DELETE', url: `/api/company/locations/${created.id}` }), 404, companyMessages.locationNotFound);
  });

  it('checks an invitation’s fields and a location’s address as the address book does', async () => {
    expectInvalid(await post(byToken(owner), '/api/company/invitations', { email: 'someone@example.com', role: 'boss' }), companyMessages.role);
    expectInvalid(await post(byToken(owner), '/api/company/invitations', { email: 'not-an-email', role: 'buyer' }), validation.emailInvalid);
    expectReply(await post(byToken(owner), '/api/company/invitations', { email: buyer.email, role: 'viewer' }), 409, companyMessages.alreadyMember(buyer.email));
    expectInvalid(await post(byToken(owner), '/api/company/locations', { ...location, postalCode: 'ABC' }), addressMessages.postalCode(countryOf('US')!));
  });
});

describe('POST /api/company/invitations/{token}/accept', () => {
  it('refuses another e-mail, an unknown token and an expired one; accepting twice answers the same', async () => {
    const newcomer = await signUpCustomer(app, 'co-newcomer');
    const token = await invite(owner, newcomer.email, 'buyer');

    expectReply(await accept(byCookie(stranger), token), 403, companyMessages.invitationOtherEmail(newcomer.email));
    expectReply(await accept(byCookie(newcomer), 'no-such-token'), 404, companyMessages.invitationNotFound);
    const first = await accept(byCookie(newcomer), token);
    expectReply(first, 200);
    const again = await accept(byCookie(newcomer), token);
    expectReply(again, 200);
    expect(again.json()).toEqual(first.json());
    expectReply(await accept(byCookie(stranger), token), 410, companyMessages.invitationUsed);
    expect((await get(byToken(newcomer), '/api/company')).json()).toMatchObject({ id: companyId, role: 'buyer' });

    const late = await signUpCustomer(app, 'co-late');
    const lateToken = await invite(owner, late.email, 'viewer');
    await app.db.updateTable('company_invitations').set({ expires_at: sql<Date>`now() - interval '1 minute'` }).where('email', '=', late.email).execute();
    expectReply(await accept(byCookie(late), lateToken), 410, companyMessages.invitationExpired);
    expectReply(await get(byToken(late), '/api/company'), 404);
  });

  it('refuses a member of another company: a user belongs to one', async () => {
    const other = await signUpCustomer(app, 'co-other-owner');
    await createCompany(other.email);
    const token = await invite(owner, other.email, 'buyer');
    expectReply(await accept(byCookie(other), token), 409, companyMessages.alreadyInCompany(other.email));
  });
});

describe('DELETE /api/company/members/{userId}', () => {
  it('keeps the last owner, removes others, and their orders stay the company’s', async () => {
    const ownerId = await userIdOf(app, owner.email);
    expectReply(await call(app, byToken(owner), { method: 'DELETE', url: `/api/company/members/${ownerId}` }), 409, companyMessages.lastOwner);

    const leaver = await signUpCustomer(app, 'co-leaver');
    const leaverToken = await invite(owner, leaver.email, 'buyer');
    expectReply(await accept(byCookie(leaver), leaverToken), 200);
    const leaverId = await userIdOf(app, leaver.email);
    const part = await insertPart(app, { priceCents: 2000 });
    await fillCart(app, leaverId, [[part, 1]]);
    const addressId = await insertAddress(app, leaverId);
    // The company requires a PO number on every order, a card order too (decision 106).
    const placed = await postCheckout(app, leaver.cookie, { addressId, shippingMethodId: shipping, poNumber: 'PO-LEAVER' });
    expectReply(placed, 200);
    const orderId = (placed.json() as { insertedId: string }).insertedId;

    const removed = await call(app, byToken(owner), { method: 'DELETE', url: `/api/company/members/${leaverId}` });
    expectReply(removed, 200);
    expect((removed.json() as CompanyMember[]).map((member) => member.email)).not.toContain(leaver.email);
    expectReply(await get(byToken(leaver), '/api/company/orders'), 404);
    const orders = (await get(byToken(owner), '/api/company/orders')).json() as CompanyOrder[];
    expect(orders.find((order) => order._id === orderId)).toMatchObject({ placedBy: expect.stringContaining(leaver.email) as string });
    expectReply(await call(app, byToken(owner), { method: 'DELETE', url: `/api/company/members/${leaverId}` }), 404, companyMessages.memberNotFound);
    // Their invitation's link, opened again, makes them no member again.
    expectReply(await accept(byCookie(leaver), leaverToken), 410, companyMessages.invitationUsed);
    expectReply(await get(byToken(leaver), '/api/company'), 404);

    // A second owner may go; then the first is the last again.
    const coOwner = await signUpCustomer(app, 'co-second-owner');
    await join(coOwner, 'owner');
    expectReply(await call(app, byToken(coOwner), { method: 'DELETE', url: `/api/company/members/${await userIdOf(app, coOwner.email)}` }), 200);
    expectReply(await call(app, byToken(owner), { method: 'DELETE', url: `/api/company/members/${ownerId}` }), 409);
  });
});

describe('leaving a company: DELETE /api/company/members/{own id}', () => {
  it('lets any member leave, priced as any customer at once and free to join another; the last owner stays', async () => {
    const mechanic = await signUpCustomer(app, 'co-mechanic');
    await join(mechanic, 'buyer');
    const mechanicId = await userIdOf(app, mechanic.email);
    // The company's price list prices the part for its members.
    const part = await insertPart(app, { priceCents: 10_000 });
    const list = await post(byToken(admin), '/api/admin/price-lists', { name: 'Fleetco leavers', priority: 1, entries: [{ partId: part, unitPrice: 71 }] });
    expectReply(list, 200);
    expectReply(await call(app, byToken(admin), { method: 'PATCH', url: `/api/admin/companies/${companyId}`, payload: { priceListIds: [(list.json() as { id: string }).id] } }), 200);
    const priceOf = async () => ((await get(byCookie(mechanic), `/api/part/${part}`)).json() as { price: number }).price;
    expect(await priceOf()).toBe(71);

    // Another member is still an owner's to remove, not a buyer's.
    expectReply(await call(app, byToken(mechanic), { method: 'DELETE', url: `/api/company/members/${await userIdOf(app, viewer.email)}` }), 403, companyMessages.ownerOnly);
    const left = await call(app, byToken(mechanic), { method: 'DELETE', url: `/api/company/members/${mechanicId}` });
    expectReply(left, 200);
    expect(left.json()).toEqual([]);
    expectReply(await get(byToken(mechanic), '/api/company'), 404, companyMessages.notMember);
    expect(((await get(byToken(owner), '/api/company/members')).json() as CompanyMember[]).map((member) => member.email)).not.toContain(mechanic.email);
    expect(await priceOf()).toBe(100);
    expectReply(await call(app, byToken(mechanic), { method: 'DELETE', url: `/api/company/members/${mechanicId}` }), 404, companyMessages.notMember);

    // Free to join another company now.
    const elsewhere = await signUpCustomer(app, 'co-elsewhere');
    await createCompany(elsewhere.email);
    expectReply(await accept(byCookie(mechanic), await invite(elsewhere, mechanic.email, 'buyer')), 200);
    expect(((await get(byToken(mechanic), '/api/company')).json() as MyCompany).name).toBe(`Fleetco ${elsewhere.email.slice(0, 12)}`);

    // The last owner may not leave: the company keeps one.
    expectReply(await call(app, byToken(elsewhere), { method: 'DELETE', url: `/api/company/members/${await userIdOf(app, elsewhere.email)}` }), 409, companyMessages.lastOwner);
    expectReply(await call(app, anonymous, { method: 'DELETE', url: `/api/company/members/${mechanicId}` }), 401);
  });
});

describe('DELETE /api/user/{email} of a member (an admin removing an account)', () => {
  const removeUser = (email: string) => call(app, byToken(admin), { method: 'DELETE', url: `/api/user/${encodeURIComponent(email)}` });
  const membersOf = async (id: string) =>
    ((await get(byToken(admin), `/api/admin/companies/${id}`)).json() as AdminCompany).members.map((member) => [member.email, member.role]);

  it('refuses to remove a company’s only owner, naming the company (409), and removes them once it has another', async () => {
    const [solo, second] = await Promise.all([signUpCustomer(app, 'co-solo'), signUpCustomer(app, 'co-second')]);
    const id = await createCompany(solo.email);
    const { name } = (await get(byToken(admin), `/api/admin/companies/${id}`)).json() as AdminCompany;

    expectReply(await removeUser(solo.email), 409, adminMessages.onlyOwner(solo.email, name));
    expect(await membersOf(id)).toEqual([[solo.email, 'owner']]);
    expectReply(await get(byToken(solo), '/api/company'), 200);

    expectReply(await accept(byCookie(second), await invite(solo, second.email, 'owner')), 200);
    expectReply(await removeUser(solo.email), 200);
    expect(await membersOf(id)).toEqual([[second.email, 'owner']]);
  });

  it('removes a member who is not an owner, and an owner who is not the only one', async () => {
    const [first, other, member] = await Promise.all([signUpCustomer(app, 'co-first'), signUpCustomer(app, 'co-other'), signUpCustomer(app, 'co-member')]);
    const id = await createCompany(first.email);
    expectReply(await accept(byCookie(other), await invite(first, other.email, 'owner')), 200);
    expectReply(await accept(byCookie(member), await invite(first, member.email, 'buyer')), 200);

    expectReply(await removeUser(member.email), 200);
    expectReply(await removeUser(first.email), 200);
    expect(await membersOf(id)).toEqual([[other.email, 'owner']]);
  });
});

describe('PATCH /api/company/members/{userId}', () => {
  it('lets an owner change a member’s role; the last owner cannot demote themselves; others are refused', async () => {
    const mover = await signUpCustomer(app, 'co-mover');
    await join(mover, 'viewer');
    const moverId = await userIdOf(app, mover.email);
    const patch = (who: Credential, userId: string, role: unknown) => call(app, who, { method: 'PATCH', url: `/api/company/members/${userId}`, payload: { role } });

    const changed = await patch(byToken(owner), moverId, 'accounts');
    expectReply(changed, 200);
    expect((changed.json() as CompanyMember[]).find((member) => member.userId === moverId)?.role).toBe('accounts');
    expect((await get(byToken(mover), '/api/company')).json()).toMatchObject({ role: 'accounts' });
    // The new role counts at once: accounts may read the ledger, which a viewer may not.
    expectReply(await get(byToken(mover), '/api/company/ledger'), 200);

    const ownerId = await userIdOf(app, owner.email);
    expectReply(await patch(byToken(owner), ownerId, 'buyer'), 409, companyMessages.lastOwner);
    expect((await get(byToken(owner), '/api/company')).json()).toMatchObject({ role: 'owner' });
    for (const who of [buyer, accounts, viewer]) expectReply(await patch(byToken(who), moverId, 'owner'), 403, companyMessages.ownerOnly);
    expectReply(await patch(byToken(stranger), moverId, 'owner'), 404, companyMessages.notMember);
    expectReply(await patch(anonymous, moverId, 'owner'), 401);
    expectReply(await patch(byToken(owner), await userIdOf(app, stranger.email), 'buyer'), 404, companyMessages.memberNotFound);
    expectInvalid(await patch(byToken(owner), moverId, 'boss'), companyMessages.role);

    // With a second owner, the first may step down.
    expectReply(await patch(byToken(owner), moverId, 'owner'), 200);
    expectReply(await patch(byToken(owner), ownerId, 'buyer'), 200);
    expectReply(await patch(byToken(mover), ownerId, 'owner'), 200);
    expectReply(await patch(byToken(owner), moverId, 'viewer'), 200);
  });
});

describe('GET|DELETE /api/company/invitations', () => {
  it('lists pending invitations to the owner, who withdraws one; its link then says it was withdrawn', async () => {
    const invitee = await signUpCustomer(app, 'co-withdrawn');
    const token = await invite(owner, invitee.email, 'buyer');
    const listed = await get(byToken(owner), '/api/company/invitations');
    expectReply(listed, 200);
    const pending = (listed.json() as { id: string; email: string; role: string }[]).find((invitation) => invitation.email === invitee.email);
    expect(pending).toMatchObject({ role: 'buyer' });
    const url = `/api/company/invitations/${pending?.id ?? ''}`;

    for (const who of [buyer, accounts, viewer]) {
      expectReply(await get(byToken(who), '/api/company/invitations'), 403, companyMessages.ownerOnly);
      expectReply(await call(app, byToken(who), { method: 'DELETE', url }), 403, companyMessages.ownerOnly);
    }
    expectReply(await call(app, byToken(stranger), { method: 'DELETE', url }), 404, companyMessages.notMember);

    const withdrawn = await call(app, byToken(owner), { method: 'DELETE', url });
    expectReply(withdrawn, 200);
    expect((withdrawn.json() as { email: string }[]).map((invitation) => invitation.email)).not.toContain(invitee.email);
    expectReply(await call(app, byToken(owner), { method: 'DELETE', url }), 404, companyMessages.pendingInvitationNotFound);
    expectReply(await accept(byCookie(invitee), token), 410, companyMessages.invitationRevoked);
    expectReply(await get(byToken(invitee), '/api/company'), 404);
    // Another company's owner cannot withdraw this company's invitations.
    const again = await invite(owner, invitee.email, 'viewer');
    const next = ((await get(byToken(owner), '/api/company/invitations')).json() as { id: string; email: string }[]).find((invitation) => invitation.email === invitee.email);
    const otherOwner = await signUpCustomer(app, 'co-third-owner');
    await createCompany(otherOwner.email);
    expectReply(await call(app, byToken(otherOwner), { method: 'DELETE', url: `/api/company/invitations/${next?.id ?? ''}` }), 404);
    // The new invitation works; the withdrawn link still says withdrawn.
    expectReply(await accept(byCookie(invitee), again), 200);
    expectReply(await accept(byCookie(invitee), token), 410, companyMessages.invitationRevoked);
  });
});

describe('an owner put out of a company takes their pending invitations with them', () => {
  it('withdraws what an owner sent when they are removed, made a buyer, or leave: the invitee cannot join, not even as an owner', async () => {
    const first = await signUpCustomer(app, 'co-first-owner');
    const firstCompany = await createCompany(first.email);
    const asOwner = async (email: string, by: Customer) => {
      expectReply(await post(byToken(by), '/api/company/invitations', { email, role: 'owner' }), 200);
      return tokenMailedTo(app, email);
    };
    const pending = async () => ((await get(byToken(first), '/api/company/invitations')).json() as { email: string }[]).map((invitation) => invitation.email);
    const memberId = async (who: Customer) => userIdOf(app, who.email);

    for (const exit of ['removed', 'demoted', 'left'] as const) {
      const second = await signUpCustomer(app, `co-second-${exit}`);
      expectReply(await accept(byCookie(second), await asOwner(second.email, first)), 200);
      // The second owner, while an owner, invites an account of their own as an owner.
      const alt = await signUpCustomer(app, `co-alt-${exit}`);
      const token = await asOwner(alt.email, second);
      expect(await pending()).toContain(alt.email);

      const url = `/api/company/members/${await memberId(second)}`;
      if (exit === 'removed') expectReply(await call(app, byToken(first), { method: 'DELETE', url }), 200);
      else if (exit === 'demoted') expectReply(await call(app, byToken(first), { method: 'PATCH', url, payload: { role: 'buyer' } }), 200);
      else expectReply(await call(app, byToken(second), { method: 'DELETE', url }), 200);

      expect(await pending()).not.toContain(alt.email);
      expectReply(await accept(byCookie(alt), token), 410, companyMessages.invitationRevoked);
      expectReply(await get(byToken(alt), '/api/company'), 404);
    }
    // An owner who stays an owner keeps theirs; so does the one another owner invited.
    const kept = await signUpCustomer(app, 'co-kept');
    const token = await asOwner(kept.email, first);
    const members = (await get(byToken(first), '/api/company/members')).json() as { userId: string; email: string }[];
    expect(members.map((member) => member.email)).toContain(first.email);
    expectReply(await accept(byCookie(kept), token), 200);
    expect(((await get(byToken(kept), '/api/company')).json() as { id: string }).id).toBe(firstCompany);
  });
});

describe('orders record the company', () => {
  it('records the company, the location and who placed it; another company’s location is refused; members see only their company’s', async () => {
    const buyerId = await userIdOf(app, buyer.email);
    const depot = (
      await post(byToken(owner), '/api/company/locations', { name: 'North depot', line1: '9 Yard Lane', city: 'Peoria', region: 'IL', postalCode: '61602', country: 'US' })
    ).json() as CompanyLocation;

    const other = await signUpCustomer(app, 'co-rival');
    await createCompany(other.email);
    const rivalLocation = (
      await post(byToken(other), '/api/company/locations', { name: 'Rival yard', line1: '1 Other Street', city: 'Chicago', region: 'IL', postalCode: '60601', country: 'US' })
    ).json() as CompanyLocation;

    const part = await insertPart(app, { priceCents: 1500 });
    await fillCart(app, buyerId, [[part, 2]]);
    expectReply(await postCheckout(app, buyer.cookie, { locationId: rivalLocation.id, shippingMethodId: shipping }), 404, checkoutMessages.locationNotFound);
    const quote = await app.inject({ method: 'POST', url: '/api/checkout/quote', headers: { cookie: buyer.cookie }, payload: { locationId: depot.id } });
    expectReply(quote, 200);
    expectReply(await postCheckout(app, stranger.cookie, { locationId: depot.id, shippingMethodId: shipping }), 404, checkoutMessages.noCompany);
    expectReply(await postCheckout(app, buyer.cookie, { shippingMethodId: shipping }), 400, checkoutMessages.addressRequired);

    const placed = await postCheckout(app, buyer.cookie, { locationId: depot.id, shippingMethodId: shipping, poNumber: 'PO-77' });
    expectReply(placed, 200);
    const orderId = (placed.json() as { insertedId: string }).insertedId;
    const row = await app.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ company_id: companyId, company_location_id: depot.id, user_id: buyerId, email: buyer.email });
    expect(row.ship_to).toMatchObject({ name: 'North depot', city: 'Peoria' });

    for (const who of [owner, buyer, accounts, viewer]) {
      const orders = (await get(byToken(who), '/api/company/orders')).json() as CompanyOrder[];
      expect(orders.find((order) => order._id === orderId)).toMatchObject({ location: 'North depot', placedBy: `${buyer.name} (${buyer.email})`, paymentMethod: 'card', dueOn: null });
    }
    // One on account says so, with its invoice's due date (decision 133).
    await fillCart(app, buyerId, [[part, 1]]);
    const onAccount = await postCheckout(app, buyer.cookie, { locationId: depot.id, shippingMethodId: shipping, poNumber: 'PO-78', paymentMethod: 'account' });
    expectReply(onAccount, 200);
    const { insertedId, dueOn } = onAccount.json() as { insertedId: string; dueOn: string };
    const listed = (await get(byToken(accounts), '/api/company/orders')).json() as CompanyOrder[];
    expect(listed.find((order) => order._id === insertedId)).toMatchObject({ paymentMethod: 'account', dueOn, status: 'paid' });
    const rivalOrders = (await get(byToken(other), '/api/company/orders')).json() as CompanyOrder[];
    expect(rivalOrders.map((order) => order._id)).not.toContain(orderId);

    // A customer of no company orders as before: no company on the order.
    const strangerId = await userIdOf(app, stranger.email);
    await fillCart(app, strangerId, [[part, 1]]);
    const own = await postCheckout(app, stranger.cookie, { addressId: await insertAddress(app, strangerId), shippingMethodId: shipping });
    expectReply(own, 200);
    const ownRow = await app.db.selectFrom('orders').select(['company_id', 'company_location_id']).where('id', '=', (own.json() as { insertedId: string }).insertedId).executeTakeFirstOrThrow();
    expect(ownRow).toEqual({ company_id: null, company_location_id: null });
  });

  it('tells a buyer removed while at checkout that they belong to no company now, not that the location is another company’s', async () => {
    // A walk of the built shop (decision 212): the owner removed a buyer whose checkout was open on
    // the company's depot; Place order was refused "This location is not one of your company’s."
    const leaving = await signUpCustomer(app, 'co-removed-buyer');
    await join(leaving, 'buyer');
    const depot = (
      await post(byToken(owner), '/api/company/locations', { name: 'South depot', line1: '3 Yard Lane', city: 'Peoria', region: 'IL', postalCode: '61602', country: 'US' })
    ).json() as CompanyLocation;
    const leavingId = await userIdOf(app, leaving.email);
    await fillCart(app, leavingId, [[await insertPart(app, { priceCents: 1500 }), 2]]);
    expectReply(await app.inject({ method: 'POST', url: '/api/checkout/quote', headers: { cookie: leaving.cookie }, payload: { locationId: depot.id } }), 200);

    expectReply(await call(app, byToken(owner), { method: 'DELETE', url: `/api/company/members/${leavingId}` }), 200);
    const quote = await app.inject({ method: 'POST', url: '/api/checkout/quote', headers: { cookie: leaving.cookie }, payload: { locationId: depot.id } });
    expectReply(quote, 404, checkoutMessages.noCompany);
    const placed = await postCheckout(app, leaving.cookie, { locationId: depot.id, shippingMethodId: shipping, poNumber: 'PO-9', paymentMethod: 'account' });
    expectReply(placed, 404, checkoutMessages.noCompany);
    expect(await app.db.selectFrom('orders').select('id').where('user_id', '=', leavingId).execute()).toEqual([]);
    // A member still is told the location is not their company's (another company's, or deleted).
    expectReply(await app.inject({ method: 'POST', url: '/api/checkout/quote', headers: { cookie: buyer.cookie }, payload: { locationId: '00000000-0000-4000-8000-000000000000' } }), 404, checkoutMessages.locationNotFound);
  });
});
