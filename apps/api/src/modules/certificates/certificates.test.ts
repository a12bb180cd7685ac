import { apiErrors, certificateMessages, companyMessages, directionControlMessage, formatDueDay, type AdminCertificate, type Certificate, type CheckoutQuote, type CompanyLocation } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, byCookie, byToken, call, expectReply, type Credential } from '../../test/admin';
import { confirmAddress } from '../../test/accounts';
import { createTestApp } from '../../test/app';
import { fillCart, insertShippingMethod, insertTaxRate, postCheckout, userIdOf, withoutDemoShippingAndTax } from '../../test/checkout';
import { tokenMailedTo } from '../../test/company';
import { multipartForm } from '../../test/multipart';
import { insertPart, signUpAdmin, signUpCustomer, type Customer } from '../../test/orders';
import { createCheckoutRepository } from '../checkout/repository';
import { createCertificatesRepository, utcDay } from './repository';

// Resale certificates on the real app and database (decision 082): who may upload, see and
// verify; the document checked by its bytes; tax-free checkout while verified and unexpired; the
// owners' notice before expiry, once.
let app: FastifyInstance;
let admin: Customer;
let owner: Customer;
let accounts: Customer;
let buyer: Customer;
let stranger: Customer;
let illinois: CompanyLocation;
let shipping: string;

const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const daysFromToday = (days: number) => utcDay(new Date(Date.now() + days * 86_400_000));
const post = (who: Credential, url: string, payload: object = {}) => call(app, who, { method: 'POST', url, payload });
const get = (who: Credential, url: string) => call(app, who, { method: 'GET', url });

function upload(who: Credential, locationId: string, fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const { payload, headers } = multipartForm(fields, file);
  return call(app, who, { method: 'POST', url: `/api/company/locations/${locationId}/certificates`, payload, headers });
}

async function join(who: Customer, role: string) {
  expectReply(await post(byToken(owner), '/api/company/invitations', { email: who.email, role }), 200);
  const token = await tokenMailedTo(app, who.email);
  expectReply(await post(byCookie(who), `/api/company/invitations/${token}/accept`), 200);
}

beforeAll(async () => {
  app = await createTestApp();
  await withoutDemoShippingAndTax(app);
  shipping = await insertShippingMethod(app, { name: 'Certificate courier', baseCents: 500 });
  await insertTaxRate(app, { country: 'US', region: 'IL', ratePpm: 62_500 });
  [admin, owner, accounts, buyer, stranger] = await Promise.all([
    signUpAdmin(app, 'cert-admin'),
    signUpCustomer(app, 'cert-owner'),
    signUpCustomer(app, 'cert-accounts'),
    signUpCustomer(app, 'cert-buyer'),
    signUpCustomer(app, 'cert-stranger'),
  ]);
  // Only a confirmed address is made owner at once (decision 144).
  await confirmAddress(app, owner.email);
  expectReply(await post(byToken(admin), '/api/admin/companies', { name: 'Certco', ownerEmail: owner.email }), 200);
  await join(accounts, 'accounts');
  await join(buyer, 'buyer');
  const added = await post(byToken(owner), '/api/company/locations', { name: 'Springfield depot', line1: '1 Depot Road', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' });
  expectReply(added, 200);
  illinois = added.json() as CompanyLocation;
});

afterAll(async () => {
  await app?.close();
});

describe('uploading a certificate', () => {
  it('lets owners and accounts members upload, every member see, and nobody else', async () => {
    const sent = await upload(byToken(accounts), illinois.id, { state: 'IL', number: 'IL-RS-1001', expiresOn: daysFromToday(200) }, { name: 'certificate.pdf', bytes: PDF });
    expectReply(sent, 200);
    expect(sent.json()).toMatchObject({ state: 'IL', number: 'IL-RS-1001', status: 'unverified', documentName: 'certificate.pdf', verifiedAt: null });
    for (const who of [owner, accounts, buyer]) expect((await get(byToken(who), `/api/company/locations/${illinois.id}/certificates`)).json()).toHaveLength(1);
    expectReply(await upload(byToken(buyer), illinois.id, { state: 'IL', number: 'X', expiresOn: daysFromToday(10) }, { name: 'c.pdf', bytes: PDF }), 403, certificateMessages.mayNot);
    expectReply(await upload(byToken(stranger), illinois.id, { state: 'IL', number: 'X', expiresOn: daysFromToday(10) }, { name: 'c.pdf', bytes: PDF }), 404, companyMessages.notMember);
    expectReply(await upload(anonymous, illinois.id, { state: 'IL', number: 'X', expiresOn: daysFromToday(10) }, { name: 'c.pdf', bytes: PDF }), 401);
    expectReply(await get(byToken(stranger), `/api/company/locations/${illinois.id}/certificates`), 404);
    const id = (sent.json() as Certificate).id;
    const document = await get(byToken(owner), `/api/company/certificates/${id}/document`);
    expectReply(document, 200);
    expect(document.headers['content-type']).toBe('application/pdf');
    expect(document.headers['cache-control']).toBe('private, no-store');
    expect(document.rawPayload.equals(PDF)).toBe(true);
    expectReply(await get(byToken(buyer), `/api/company/certificates/${id}/document`), 403);
    expectReply(await get(byToken(stranger), `/api/company/certificates/${id}/document`), 404);
  });

  it('downloads under its name as uploaded: an ASCII stand-in in filename, every letter in filename*', async () => {
    const names = [
      {
        name: 'Zoë Ångström GmbH.pdf',
        disposition: `attachment; filename="Zoe Angstrom GmbH.pdf"; filename*=UTF-8''Zo%C3%AB%20%C3%85ngstr%C3%B6m%20GmbH.pdf`,
      },
      {
        // As a multipart header quotes it (a \" for each "): stored as Bob"s; "resale".pdf.
        name: 'Bob\\"s; \\"resale\\".pdf',
        disposition: `attachment; filename="Bob_s_ _resale_.pdf"; filename*=UTF-8''Bob%22s%3B%20%22resale%22.pdf`,
      },
    ];
    for (const { name, disposition } of names) {
      const sent = await upload(byToken(owner), illinois.id, { state: 'OH', number: 'OH-NAMED', expiresOn: daysFromToday(200) }, { name, bytes: PDF });
      expectReply(sent, 200);
      const { id } = sent.json() as Certificate;
      const asOwner = await get(byToken(owner), `/api/company/certificates/${id}/document`);
      const asAdmin = await get(byToken(admin), `/api/admin/certificates/${id}/document`);
      expect({ name, owner: asOwner.headers['content-disposition'], admin: asAdmin.headers['content-disposition'] }).toEqual({ name, owner: disposition, admin: disposition });
    }
  });

  it('refuses bad fields, a document that is neither a PDF nor a photo, and a location of another company', async () => {
    const ok = { state: 'IL', number: 'IL-1', expiresOn: daysFromToday(30) };
    expectReply(await upload(byToken(owner), illinois.id, { ...ok, state: 'ZZ' }, { name: 'c.pdf', bytes: PDF }), 400, certificateMessages.state);
    expectReply(await upload(byToken(owner), illinois.id, { ...ok, number: '' }, { name: 'c.pdf', bytes: PDF }), 400, certificateMessages.numberRequired);
    // "Trojan source" (decisions 216, 220): the admin verifies the number, and the invoice prints it.
    expectReply(await upload(byToken(owner), illinois.id, { ...ok, number: 'IL-\u202E9876' }, { name: 'c.pdf', bytes: PDF }), 400, directionControlMessage('Certificate number'));
    expectReply(await upload(byToken(owner), illinois.id, { ...ok, expiresOn: utcDay() }, { name: 'c.pdf', bytes: PDF }), 400, certificateMessages.expiresOn);
    // Not real calendar days: they were stored and shown as they were typed (Date.parse rolls over).
    for (const expiresOn of ['2027-02-31', '2027-02-30', '2029-04-31', '2027-00-10'])
      expectReply(await upload(byToken(owner), illinois.id, { ...ok, expiresOn }, { name: 'c.pdf', bytes: PDF }), 400, certificateMessages.expiresOn);
    expectReply(await upload(byToken(owner), illinois.id, ok, { name: 'c.exe', bytes: Buffer.from('MZ\x90\x00 not a document') }), 400, certificateMessages.fileType);
    expectReply(await upload(byToken(owner), illinois.id, ok), 400, certificateMessages.fileRequired);
    expectReply(await upload(byToken(owner), illinois.id, {}, { name: 'c.pdf', bytes: PDF }), 400, certificateMessages.fieldsFirst);
    expectReply(await upload(byToken(owner), illinois.id, ok, { name: 'big.pdf', bytes: Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]) }), 413, certificateMessages.fileTooLarge);
    expectReply(await upload(byToken(owner), '00000000-0000-4000-8000-000000000000', ok, { name: 'c.pdf', bytes: PDF }), 404, companyMessages.locationNotFound);
    const photo = await upload(byToken(owner), illinois.id, { state: 'WI', number: 'WI-9', expiresOn: daysFromToday(90) }, { name: 'scan.png', bytes: PNG });
    expectReply(photo, 200);
    const stored = await app.db.selectFrom('resale_certificates').select('document_type').where('id', '=', (photo.json() as Certificate).id).executeTakeFirstOrThrow();
    expect(stored.document_type).toBe('image/png');
  });

  // The file's name is not typed but picked: its direction controls are dropped, as a name's are
  // (decision 220), so that "resale\u202Efdp.gnp" is not shown to the admin as "resalepng.pdf".
  it('drops the text-direction controls of the file’s name', async () => {
    const sent = await upload(byToken(owner), illinois.id, { state: 'MI', number: 'MI-1', expiresOn: daysFromToday(60) }, { name: 'resale\u202Efdp.gnp', bytes: PDF });
    expectReply(sent, 200);
    expect((sent.json() as Certificate).documentName).toBe('resalefdp.gnp');
  });

  // Regression (was a bug): a NUL in a field or in the file's name reached PostgreSQL, which cannot
  // store one: 500 "Internal Server Error" (DESIGN §5: no input yields a 500). JSON bodies were refused
  // before their route ran (plugins/request-guards.ts); a multipart form's parts are read by the route.
  it('refuses a field or a file name holding a NUL, as a JSON body holding one is, and stores nothing', async () => {
    const ok = { state: 'IL', number: 'IL-NUL', expiresOn: daysFromToday(30) };
    const count = async () => (await app.db.selectFrom('resale_certificates').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n;
    const before = await count();
    expectReply(await upload(byToken(owner), illinois.id, { ...ok, number: 'IL\u0000-1' }, { name: 'c.pdf', bytes: PDF }), 400, apiErrors.invalidText);
    expectReply(await upload(byToken(owner), illinois.id, ok, { name: 'c\u0000.pdf', bytes: PDF }), 400, apiErrors.invalidText);
    expect(await count()).toBe(before);
  });
});

describe('verifying and checking out tax-free', () => {
  it('charges tax until an admin verifies the certificate, then none, and the order and invoice say why', async () => {
    const part = await insertPart(app, { priceCents: 10_000 });
    await fillCart(app, await userIdOf(app, buyer.email), [[part, 1]]);
    const quote = async () => (await post(byCookie(buyer), '/api/checkout/quote', { locationId: illinois.id, shippingMethodId: shipping })).json() as CheckoutQuote;
    expect(await quote()).toMatchObject({ tax: 6.25, taxExemption: null });

    const [pending] = (await get(byToken(admin), '/api/admin/certificates?status=unverified')).json() as AdminCertificate[];
    expect(pending).toMatchObject({ companyName: 'Certco', locationName: 'Springfield depot' });
    const illinoisCertificate = ((await get(byToken(admin), '/api/admin/certificates?status=unverified')).json() as AdminCertificate[]).find((row) => row.state === 'IL');
    if (!illinoisCertificate) throw new Error('no Illinois certificate');
    const seen = { version: illinoisCertificate.version };
    expectReply(await post(byToken(owner), `/api/admin/certificates/${illinoisCertificate.id}/verify`, seen), 403);
    expectReply(await post(byToken(admin), `/api/admin/certificates/${illinoisCertificate.id}/verify`), 400);
    expectReply(await post(byToken(admin), `/api/admin/certificates/${illinoisCertificate.id}/verify`, seen), 200, certificateMessages.verified('IL'));
    expectReply(await post(byToken(admin), `/api/admin/certificates/${illinoisCertificate.id}/verify`, seen), 200);
    expect((await get(byToken(admin), '/api/admin/audit?action=certificate.verify')).body).toContain('IL-RS-1001');

    const exempt = await quote();
    expect(exempt).toMatchObject({ tax: 0, taxExemption: certificateMessages.exemption('IL-RS-1001', 'IL') });
    const placed = await postCheckout(app, buyer.cookie, { locationId: illinois.id, shippingMethodId: shipping, quotedTotal: exempt.total });
    expectReply(placed, 200);
    const order = await app.db.selectFrom('orders').select(['tax_cents', 'tax_exemption']).where('id', '=', (placed.json() as { insertedId: string }).insertedId).executeTakeFirstOrThrow();
    expect(order).toEqual({ tax_cents: 0, tax_exemption: certificateMessages.exemption('IL-RS-1001', 'IL') });

    // The price moves after the quote: the refusal names the total now owed, still without tax.
    const dearer = await insertPart(app, { priceCents: 10_000 });
    await fillCart(app, await userIdOf(app, buyer.email), [[dearer, 1]]);
    const before = await quote();
    await app.db.updateTable('parts').set({ price_cents: 12_000 }).where('id', '=', dearer).execute();
    const changed = await postCheckout(app, buyer.cookie, { locationId: illinois.id, shippingMethodId: shipping, quotedTotal: before.total });
    expectReply(changed, 409);
    expect(changed.json()).toMatchObject({ reason: 'changed', quote: { tax: 0, total: 125, taxExemption: certificateMessages.exemption('IL-RS-1001', 'IL') } });
  });

  it('exempts no order of a member removed after checkout found the location: the membership is read in the order’s transaction (decision 136)', async () => {
    const leaver = await signUpCustomer(app, 'cert-leaver');
    await join(leaver, 'buyer');
    const userId = await userIdOf(app, leaver.email);
    const part = await insertPart(app, { priceCents: 10_000 });
    await fillCart(app, userId, [[part, 1]]);
    const checkout = createCheckoutRepository(app.db, app.mail);
    // What POST /api/checkout reads before its transaction: the location, while still a member…
    const location = await checkout.location(userId, illinois.id);
    if (!location) throw new Error('the member does not see the location');
    // …and the member is removed before the order's transaction begins.
    expectReply(await call(app, byToken(owner), { method: 'DELETE', url: `/api/company/members/${userId}` }), 200);
    const outcome = await checkout.place(
      { userId, email: leaver.email, customerName: 'Cert Leaver', address: location, location: { id: location.id, companyId: location.company_id }, shippingMethodId: shipping },
      { holdMinutes: 30, capScale: 1 },
    );
    if (!outcome.placed) throw new Error(`not placed: ${outcome.reason}`);
    expect({ company: outcome.order.company_id, location: outcome.order.company_location_id, tax: outcome.order.tax_cents, exemption: outcome.order.tax_exemption }).toEqual({
      company: null,
      location: null,
      tax: 625,
      exemption: null,
    });
  });

  it('taxes again once the certificate has expired, and another address of the buyer is taxed all along', async () => {
    const certificates = createCertificatesRepository(app.db);
    expect(await certificates.exemption(illinois.id, 'IL')).toBeDefined();
    expect(await certificates.exemption(illinois.id, 'IL', daysFromToday(201))).toBeUndefined();
    expect(await certificates.exemption(illinois.id, 'WI')).toBeUndefined();
    await app.db.updateTable('resale_certificates').set({ expires_on: daysFromToday(-1) }).where('location_id', '=', illinois.id).where('state', '=', 'IL').execute();
    const part = await insertPart(app, { priceCents: 10_000 });
    await fillCart(app, await userIdOf(app, buyer.email), [[part, 1]]);
    const quote = (await post(byCookie(buyer), '/api/checkout/quote', { locationId: illinois.id, shippingMethodId: shipping })).json() as CheckoutQuote;
    expect(quote).toMatchObject({ tax: 6.25, taxExemption: null });
    const listed = (await get(byToken(owner), `/api/company/locations/${illinois.id}/certificates`)).json() as Certificate[];
    expect(listed.find((row) => row.state === 'IL')?.status).toBe('expired');
  });
});

describe('the notice before expiry', () => {
  it('e-mails each owner and accounts member once per certificate and expiry, within 30 days of it', async () => {
    const certificates = createCertificatesRepository(app.db);
    // The days once: asked again later, past midnight UTC, they would be the next day's.
    const [expiresOn, dayAfter] = [daysFromToday(20), daysFromToday(21)];
    const sent = await upload(byToken(owner), illinois.id, { state: 'IN', number: 'IN-77', expiresOn }, { name: 'in.pdf', bytes: PDF });
    const id = (sent.json() as Certificate).id;
    expect(await certificates.sendExpiryNotices(app.mail, 'http://shop.test', '/dashboard/company')).toBe(0);
    expectReply(await post(byToken(admin), `/api/admin/certificates/${id}/verify`, { version: (sent.json() as Certificate).version }), 200);
    expect(await certificates.sendExpiryNotices(app.mail, 'http://shop.test', '/dashboard/company')).toBe(1);
    expect(await certificates.sendExpiryNotices(app.mail, 'http://shop.test', '/dashboard/company')).toBe(0);
    const mails = await app.db.selectFrom('mail_outbox').select(['recipient', 'subject', 'text']).where('kind', '=', 'certificate-expiring').orderBy('recipient').execute();
    // Those who may upload the renewal (CERTIFICATE_ROLES, decision 221); not the buyer.
    const subject = `Your resale certificate for IN expires on ${formatDueDay(expiresOn)}`;
    expect(mails.map(({ recipient, subject }) => ({ recipient, subject }))).toEqual(
      [owner.email, accounts.email].map((email) => email.toLowerCase()).sort().map((recipient) => ({ recipient, subject })),
    );
    // It still exempts an order on its last day, and not the day after: the message says so (decision 161).
    expect(await certificates.exemption(illinois.id, 'IN', expiresOn)).toBeDefined();
    expect(await certificates.exemption(illinois.id, 'IN', dayAfter)).toBeUndefined();
    expect(mails[0]?.text.replace(/\s+/g, ' ')).toContain(`expires on ${formatDueDay(expiresOn)}. After that day, orders shipped there are charged sales tax again.`);
  });
});

describe('an admin decides on the upload they saw (decision 105)', () => {
  let peoria: CompanyLocation;
  const adminRow = async (locationId: string, state: string) => {
    const rows = (await get(byToken(admin), '/api/admin/certificates')).json() as AdminCertificate[];
    const row = rows.find((certificate) => certificate.locationId === locationId && certificate.state === state);
    if (!row) throw new Error(`no certificate for ${state}`);
    return row;
  };
  const ownersList = async (locationId: string) => (await get(byToken(owner), `/api/company/locations/${locationId}/certificates`)).json() as Certificate[];
  const quote = async (locationId: string) => {
    const part = await insertPart(app, { priceCents: 10_000 });
    await fillCart(app, await userIdOf(app, buyer.email), [[part, 1]]);
    return (await post(byCookie(buyer), '/api/checkout/quote', { locationId, shippingMethodId: shipping })).json() as CheckoutQuote;
  };

  beforeAll(async () => {
    const added = await post(byToken(owner), '/api/company/locations', { name: 'Peoria yard', line1: '2 Yard Lane', city: 'Peoria', region: 'IL', postalCode: '61602', country: 'US' });
    expectReply(added, 200);
    peoria = added.json() as CompanyLocation;
  });

  it('refuses to verify a certificate uploaded again since the admin saw it (the audit’s repro), and verifies the new one once seen', async () => {
    expectReply(await upload(byToken(owner), peoria.id, { state: 'IL', number: 'IL-RS-1001', expiresOn: '2027-06-30' }, { name: 'a.pdf', bytes: PDF }), 200);
    const seen = await adminRow(peoria.id, 'IL');
    expect(seen).toMatchObject({ number: 'IL-RS-1001', version: 1, status: 'unverified' });
    const again = await upload(byToken(owner), peoria.id, { state: 'IL', number: 'FAKE-999', expiresOn: '2099-12-31' }, { name: 'b.pdf', bytes: PDF });
    expectReply(again, 200);
    expect(again.json()).toMatchObject({ id: seen.id, version: 2, status: 'unverified' });

    expectReply(await post(byToken(admin), `/api/admin/certificates/${seen.id}/verify`, { version: seen.version }), 409, certificateMessages.changed);
    expect(await ownersList(peoria.id)).toEqual([expect.objectContaining({ number: 'FAKE-999', status: 'unverified', verifiedAt: null })]);
    expect(await quote(peoria.id)).toMatchObject({ tax: 6.25, taxExemption: null });
    expect((await get(byToken(admin), '/api/admin/audit?action=certificate.verify')).body).not.toContain('FAKE-999');

    // The admin's list, reloaded, shows the new upload; verifying that one is what they saw.
    const reloaded = await adminRow(peoria.id, 'IL');
    expect(reloaded).toMatchObject({ number: 'FAKE-999', version: 2 });
    expectReply(await post(byToken(admin), `/api/admin/certificates/${seen.id}/verify`, { version: reloaded.version }), 200, certificateMessages.verified('IL'));
    expect(await quote(peoria.id)).toMatchObject({ tax: 0 });
  });

  it('revokes a verified certificate with a reason: taxed again, the owners e-mailed and shown why, audited', async () => {
    const row = await adminRow(peoria.id, 'IL');
    expect(row.status).toBe('verified');
    const reason = 'The number is not on the state’s register.';
    expectReply(await post(byToken(admin), `/api/admin/certificates/${row.id}/revoke`, { version: row.version }), 400, certificateMessages.reasonRequired);
    expectReply(await post(byToken(admin), `/api/admin/certificates/${row.id}/revoke`, { version: row.version, reason: '   ' }), 400, certificateMessages.reasonRequired);
    expectReply(await post(byToken(admin), `/api/admin/certificates/${row.id}/revoke`, { version: row.version, reason: 'Not on the \u202Eretsiger' }), 400, directionControlMessage('Reason'));
    expectReply(await post(byToken(admin), `/api/admin/certificates/${row.id}/reject`, { version: row.version, reason }), 409, certificateMessages.alreadyVerified);
    expectReply(await post(byToken(owner), `/api/admin/certificates/${row.id}/revoke`, { version: row.version, reason }), 403);
    expectReply(await post(byToken(admin), `/api/admin/certificates/${row.id}/revoke`, { version: row.version + 1, reason }), 409, certificateMessages.changed);
    expectReply(await post(byToken(admin), `/api/admin/certificates/${row.id}/revoke`, { version: row.version, reason }), 200, certificateMessages.revoked('IL'));
    expectReply(await post(byToken(admin), `/api/admin/certificates/${row.id}/revoke`, { version: row.version, reason }), 409, certificateMessages.notVerified);

    expect(await ownersList(peoria.id)).toEqual([expect.objectContaining({ status: 'rejected', verifiedAt: null, rejectionReason: reason })]);
    expect(await quote(peoria.id)).toMatchObject({ tax: 6.25, taxExemption: null });
    expect((await get(byToken(admin), '/api/admin/certificates?status=rejected')).json()).toEqual([expect.objectContaining({ id: row.id })]);
    expect((await get(byToken(admin), '/api/admin/certificates?status=unverified')).json()).not.toContainEqual(expect.objectContaining({ id: row.id }));
    const mails = await app.db.selectFrom('mail_outbox').select(['recipient', 'subject', 'text']).where('kind', '=', 'certificate-rejected').orderBy('recipient').execute();
    expect(mails).toEqual(
      [owner.email, accounts.email].map((email) => email.toLowerCase()).sort().map((recipient) => expect.objectContaining({ recipient, subject: 'Your resale certificate for IL was revoked' })),
    );
    expect(mails[0]?.text).toContain(reason);
    const audit = (await get(byToken(admin), '/api/admin/audit?action=certificate.revoke')).body;
    expect(audit).toContain('FAKE-999');
    expect(audit).toContain(reason);
  });

  it('rejects an upload not verified with a reason; a re-upload awaits verification again', async () => {
    const sent = await upload(byToken(owner), peoria.id, { state: 'IL', number: 'IL-RS-2002', expiresOn: '2028-01-31' }, { name: 'c.pdf', bytes: PDF });
    expect(sent.json()).toMatchObject({ status: 'unverified', version: 3, rejectedAt: null, rejectionReason: null });
    const row = await adminRow(peoria.id, 'IL');
    const reason = 'The document is unreadable.';
    expectReply(await post(byToken(admin), `/api/admin/certificates/${row.id}/revoke`, { version: row.version, reason }), 409, certificateMessages.notVerified);
    expectReply(await post(byToken(admin), `/api/admin/certificates/${row.id}/reject`, { version: row.version, reason }), 200, certificateMessages.rejected('IL'));
    expectReply(await post(byToken(admin), `/api/admin/certificates/${row.id}/reject`, { version: row.version, reason }), 200);
    expect(await ownersList(peoria.id)).toEqual([expect.objectContaining({ number: 'IL-RS-2002', status: 'rejected', rejectionReason: reason })]);
    // The owner's (the accounts member gets the same): the revocation before, then this rejection, once.
    const mails = await app.db.selectFrom('mail_outbox').select('subject').where('kind', '=', 'certificate-rejected').where('recipient', '=', owner.email.toLowerCase()).orderBy('created_at').execute();
    expect(mails.map((mail) => mail.subject)).toEqual(['Your resale certificate for IL was revoked', 'Your resale certificate for IL was not accepted']);
    expect((await get(byToken(admin), '/api/admin/audit?action=certificate.reject')).body).toContain(reason);

    const fixed = await upload(byToken(owner), peoria.id, { state: 'IL', number: 'IL-RS-2002', expiresOn: '2028-01-31' }, { name: 'd.pdf', bytes: PDF });
    expect(fixed.json()).toMatchObject({ status: 'unverified', version: 4, rejectedAt: null, rejectionReason: null });
    expectReply(await post(byToken(admin), `/api/admin/certificates/${row.id}/verify`, { version: row.version }), 409, certificateMessages.changed);
    expectReply(await post(byToken(admin), '/api/admin/certificates/00000000-0000-4000-8000-000000000000/reject', { version: 1, reason }), 404, certificateMessages.notFound);
  });
});
