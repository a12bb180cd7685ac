import { randomUUID } from 'node:crypto';
import { apiErrors } from '@autoparts/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonymous,
  byCookie,
  byToken,
  call,
  expectReply,
  insertFailedMail,
  insertReview,
  insertUser,
  payOrder,
  snapshotDb,
  type Credential,
} from '../test/admin';
import { createTestApp } from '../test/app';
import { createTestCompany, invoiceOnAccount, joinCompany, type TestCompany } from '../test/company';
import { insertPart, placeOrder, setOrderStatus, signUpAdmin, signUpCustomer, type Customer } from '../test/orders';
import { multipartForm } from '../test/multipart';
import { userIdOf } from '../test/checkout';
import { eventually } from '../test/wait';
import { createUsersRepository } from './users/repository';
import { sql } from 'kysely';
import type { AuditAction, CompanyRole } from '@autoparts/shared';
import { listFitment } from '../test/fitment';

/**
 * Who may call what (DESIGN §5), walked for every admin call: signed out 401, a customer 403 by
 * cookie and by access token — with the database unchanged by each refusal — and an admin 2xx by
 * either credential. A new admin route is one line in `calls`.
 */
let app: FastifyInstance;
let customer: Customer;
let admin: Customer;

beforeAll(async () => {
  app = await createTestApp();
  [customer, admin] = await Promise.all([signUpCustomer(app, 'matrix-customer'), signUpAdmin(app, 'matrix-admin')]);
});

afterAll(async () => {
  await app?.close();
});

type Request = Pick<InjectOptions, 'method' | 'url' | 'payload'> & { headers?: Record<string, string> };

interface GuardedCall {
  /** Who may call it: admins only, or anyone signed in. */
  guard: 'admin' | 'signed-in';
  /** Makes what the call acts on (a fresh one each time) and answers the request. */
  request: () => Promise<Request>;
  /** The audit entry a successful call records. */
  audit?: AuditAction;
}

const newPart = () => insertPart(app, { available: 20 });
const newOrder = async (status: 'unpaid' | 'paid' | 'shipped' = 'unpaid') => {
  const orderId = await placeOrder(app, customer, await newPart());
  if (status !== 'unpaid') await setOrderStatus(app, orderId, status);
  return orderId;
};
const partNumberOf = async (id: string) =>
  (await app.db.selectFrom('parts').select('part_number').where('id', '=', id).executeTakeFirstOrThrow()).part_number;
const aVehicle = async () => (await app.db.selectFrom('vehicles').select('id').limit(1).executeTakeFirstOrThrow()).id;
const newCompany = async () =>
  (await app.db.insertInto('companies').values({ name: 'Matrix Garage' }).returning('id').executeTakeFirstOrThrow()).id;
const newPriceList = async () =>
  (await app.db.insertInto('price_lists').values({ name: `Matrix contract ${randomUUID()}`, priority: 1 }).returning('id').executeTakeFirstOrThrow()).id;
/** A resale certificate of a new company's location, awaiting verification. */
const aCertificate = async ({ verified = false } = {}) => {
  const companyId = await newCompany();
  const location = await app.db
    .insertInto('company_locations')
    .values({ company_id: companyId, name: 'Matrix depot', line1: '1 Main St', city: 'Springfield', region: 'IL', postal_code: '62701', country: 'US' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await app.db
    .insertInto('resale_certificates')
    .values({ location_id: location.id, state: 'IL', number: 'MATRIX-1', expires_on: '2099-01-01', document: Buffer.from('%PDF-1.7\n'), document_type: 'application/pdf', document_name: 'm.pdf', uploaded_by: null, ...(verified && { verified_at: new Date() }) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
};
const matrixAddress = { name: 'Matrix', line1: '1 Main St', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' };
/** One of the customer's addresses, made afresh (at most 20 are kept: the oldest goes first). */
const anAddress = async () => {
  const userId = (await app.db.selectFrom('users').select('id').where('email', '=', customer.email).executeTakeFirstOrThrow()).id;
  await app.db.deleteFrom('addresses').where('user_id', '=', userId).where('is_default', '=', false).execute();
  const { postalCode, ...fields } = matrixAddress;
  const row = await app.db.insertInto('addresses').values({ user_id: userId, ...fields, postal_code: postalCode }).returning('id').executeTakeFirstOrThrow();
  return row.id;
};
const fittedPart = async () => {
  const partId = await newPart();
  const vehicleId = await aVehicle();
  await listFitment(app.db, partId, vehicleId);
  return { partId, vehicleId };
};
/** An open fitment report on a fitted part, as a fit-promise return opens one. */
const openReport = async () => {
  const { partId, vehicleId } = await fittedPart();
  return (await app.db.insertInto('fitment_reports').values({ part_id: partId, vehicle_id: vehicleId, note: 'Matrix' }).returning('id').executeTakeFirstOrThrow()).id;
};
let matrixNumber = 0;
const shippingMethod = () => ({ name: `Matrix courier ${++matrixNumber}`, estimate: '2 days', countries: ['US'], basePrice: 5, pricePerKg: 1 });
const taxRate = () => ({ country: 'MX', region: `M${(++matrixNumber).toString(36).toUpperCase()}`, ratePercent: 16 });
const newShippingMethod = async () =>
  (await app.db.insertInto('shipping_methods').values({ name: `Matrix method ${++matrixNumber}`, estimate: '2 days', countries: ['US'], base_price_cents: 500, price_per_kg_cents: 100 }).returning('id').executeTakeFirstOrThrow()).id;
const newTaxRate = async () =>
  (await app.db.insertInto('tax_rates').values({ country: 'MX', region: `N${(++matrixNumber).toString(36).toUpperCase()}`, rate_ppm: 160_000 }).returning('id').executeTakeFirstOrThrow()).id;
/** A return of a shipped order's only line, `requested` or `approved`, written directly. */
const newReturn = async (status: 'requested' | 'approved' = 'requested') => {
  const orderId = await newOrder('paid');
  await app.db.updateTable('orders').set({ status: 'shipped', shipped_at: new Date() }).where('id', '=', orderId).execute();
  const row = await app.db
    .insertInto('returns')
    .values({ rma_number: 900_000 + ++matrixNumber, order_id: orderId, user_id: null, reason: 'defective', photo: null, status, rejection_reason: null, resolution: null, refund_cents: null, credit_note_number: null, replacement_order_id: null, decided_at: null, received_at: null, refunded_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await app.db.insertInto('return_lines').values({ return_id: row.id, order_id: orderId, position: 1, quantity: 1, action: null }).execute();
  const { part_id: partId } = await app.db.selectFrom('order_lines').select('part_id').where('order_id', '=', orderId).executeTakeFirstOrThrow();
  return { id: row.id, partId };
};
/** An import of the matrix's own, finished, to read. */
const anImport = async () =>
  (
    await app.db
      .insertInto('catalogue_imports')
      .values({ kind: 'vcdb', mode: 'dry-run', on_problems: 'refuse', status: 'done', file_name: 'Year.txt', created_by: null, created_by_email: admin.email })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
/** Until no catalogue import is queued or running: one runs at a time, and the job writes to the database. */
const importsFinished = () => eventually(async () => !(await app.db.selectFrom('catalogue_imports').select('id').where('status', 'in', ['queued', 'running']).executeTakeFirst()));
/** A dry run of a one-line Year.txt, once the last upload's import has finished. */
const catalogueUpload = async () => {
  await importsFinished();
  return { method: 'POST' as const, url: '/api/admin/catalogue/imports', ...multipartForm({ kind: 'vcdb', mode: 'dry-run', onProblems: 'refuse' }, { name: 'Year.txt', bytes: Buffer.from('YearID\n2015\n') }) };
};
const product = { name: 'Matrix part', img: '/images/parts/m.png', description: 'Made here.', storequantity: '5', price: '9.99' };

const calls: Record<string, GuardedCall> = {
  'GET /users': { guard: 'admin', request: async () => ({ method: 'GET', url: '/api/users' }) },
  'PUT /user/admin/{email}': {
    guard: 'admin',
    request: async () => ({ method: 'PUT', url: `/api/user/admin/${await insertUser(app, { emailVerified: true })}` }),
    audit: 'user.make-admin',
  },
  'DELETE /user/admin/{email}': {
    guard: 'admin',
    request: async () => ({ method: 'DELETE', url: `/api/user/admin/${await insertUser(app, { role: 'admin' })}` }),
    audit: 'user.remove-admin',
  },
  'DELETE /user/{email}': {
    guard: 'admin',
    request: async () => ({ method: 'DELETE', url: `/api/user/${await insertUser(app)}` }),
    audit: 'user.remove',
  },
  'POST /reviews': {
    guard: 'signed-in',
    request: async () => ({ method: 'POST', url: '/api/reviews', payload: { description: 'Fine.', ratings: '4' } }),
  },
  'GET /admin/reviews': { guard: 'admin', request: async () => ({ method: 'GET', url: '/api/admin/reviews' }) },
  'PUT /admin/review/{id}/visibility': {
    guard: 'admin',
    request: async () => ({ method: 'PUT', url: `/api/admin/review/${await insertReview(app)}/visibility`, payload: { hidden: true } }),
    audit: 'review.hide',
  },
  'POST /admin/reviews/hide-author': {
    guard: 'admin',
    request: async () => {
      await insertReview(app);
      return { method: 'POST', url: '/api/admin/reviews/hide-author', payload: { email: 'reviewer@example.com' } };
    },
    audit: 'review.hide-author',
  },
  'POST /addaproduct': {
    guard: 'admin',
    request: async () => ({ method: 'POST', url: '/api/addaproduct', payload: product }),
    audit: 'part.add',
  },
  'GET /admin/parts': { guard: 'admin', request: async () => ({ method: 'GET', url: '/api/admin/parts' }) },
  'PATCH /admin/part/{id}': {
    guard: 'admin',
    request: async () => ({ method: 'PATCH', url: `/api/admin/part/${await newPart()}`, payload: { price: 1.5, name: 'Renamed' } }),
    audit: 'part.update',
  },
  'POST /admin/part/{id}/restock': {
    guard: 'admin',
    request: async () => ({ method: 'POST', url: `/api/admin/part/${await newPart()}/restock`, payload: { quantity: 5 } }),
    audit: 'part.restock',
  },
  'PUT /admin/part/{id}/archived': {
    guard: 'admin',
    request: async () => ({ method: 'PUT', url: `/api/admin/part/${await newPart()}/archived`, payload: { archived: true } }),
    audit: 'part.archive',
  },
  'GET /admin/orders': { guard: 'admin', request: async () => ({ method: 'GET', url: '/api/admin/orders?status=unpaid&page=1' }) },
  'POST /admin/order/{id}/ship': {
    guard: 'admin',
    request: async () => ({ method: 'POST', url: `/api/admin/order/${await newOrder('paid')}/ship`, payload: { carrier: 'ups', trackingNumber: '1Z999AA10123456784' } }),
    audit: 'order.ship',
  },
  'POST /admin/order/{id}/deliver': {
    guard: 'admin',
    request: async () => ({ method: 'POST', url: `/api/admin/order/${await newOrder('shipped')}/deliver` }),
    audit: 'order.deliver',
  },
  'POST /admin/order/{id}/cancel': {
    guard: 'admin',
    request: async () => ({ method: 'POST', url: `/api/admin/order/${await newOrder('paid')}/cancel` }),
    audit: 'order.cancel',
  },
  'GET /admin/audit': { guard: 'admin', request: async () => ({ method: 'GET', url: '/api/admin/audit?limit=5' }) },
  'GET /admin/audit/actors': { guard: 'admin', request: async () => ({ method: 'GET', url: '/api/admin/audit/actors' }) },
  'GET /admin/part/{id}/catalogue': { guard: 'admin', request: async () => ({ method: 'GET', url: `/api/admin/part/${await newPart()}/catalogue` }) },
  'PUT /admin/part/{id}/catalogue': {
    guard: 'admin',
    request: async () => {
      const id = await newPart();
      // What the Details form loaded of the new part (decision 112).
      const expected = { category: null, partNumber: await partNumberOf(id), oemNumbers: [], specs: [] };
      return { method: 'PUT', url: `/api/admin/part/${id}/catalogue`, payload: { category: 'brakes', partNumber: `MTX-${(matrixNumber += 1)}`, oemNumbers: ['1234'], specs: [], expected } };
    },
    audit: 'part.catalogue',
  },
  'DELETE /admin/part/{id}/fitment/{vehicleId}': {
    guard: 'admin',
    request: async () => {
      const { partId, vehicleId } = await fittedPart();
      return { method: 'DELETE', url: `/api/admin/part/${partId}/fitment/${vehicleId}` };
    },
    audit: 'fitment.remove',
  },
  'POST /admin/fitment/import': {
    guard: 'admin',
    request: async () => ({
      method: 'POST',
      url: '/api/admin/fitment/import',
      payload: { csv: `${await partNumberOf(await newPart())},Toyota,Corolla,2016,2017` },
    }),
    audit: 'fitment.import',
  },
  'GET /admin/fitment-reports': { guard: 'admin', request: async () => ({ method: 'GET', url: '/api/admin/fitment-reports' }) },
  'POST /admin/fitment-reports/{id}/dismiss': {
    guard: 'admin',
    request: async () => ({ method: 'POST', url: `/api/admin/fitment-reports/${await openReport()}/dismiss` }),
    audit: 'fitment-report.dismiss',
  },
  'POST /admin/fitment-reports/{id}/remove-fitment': {
    guard: 'admin',
    request: async () => ({ method: 'POST', url: `/api/admin/fitment-reports/${await openReport()}/remove-fitment` }),
    audit: 'fitment-report.remove-fitment',
  },
  'POST /admin/catalogue/imports': { guard: 'admin', request: catalogueUpload, audit: 'catalogue.import' },
  'GET /admin/catalogue/imports': { guard: 'admin', request: async () => ({ method: 'GET', url: '/api/admin/catalogue/imports' }) },
  'GET /admin/catalogue/imports/{id}': { guard: 'admin', request: async () => ({ method: 'GET', url: `/api/admin/catalogue/imports/${await anImport()}` }) },
  'GET /admin/catalogue/imports/{id}/problems.csv': { guard: 'admin', request: async () => ({ method: 'GET', url: `/api/admin/catalogue/imports/${await anImport()}/problems.csv` }) },
  'GET /admin/fitment/export': { guard: 'admin', request: async () => ({ method: 'GET', url: '/api/admin/fitment/export' }), audit: 'fitment.export' },
  'GET /admin/catalogue/exports/pies': { guard: 'admin', request: async () => ({ method: 'GET', url: '/api/admin/catalogue/exports/pies' }) },
  'GET /admin/catalogue/exports/aces': { guard: 'admin', request: async () => ({ method: 'GET', url: '/api/admin/catalogue/exports/aces' }) },
  'GET /admin/catalogue/exports/parts.csv': { guard: 'admin', request: async () => ({ method: 'GET', url: '/api/admin/catalogue/exports/parts.csv' }) },
  'GET /admin/catalogue/part-type-categories': { guard: 'admin', request: async () => ({ method: 'GET', url: '/api/admin/catalogue/part-type-categories' }) },
  'PUT /admin/catalogue/part-type-categories': {
    guard: 'admin',
    request: async () => ({ method: 'PUT', url: '/api/admin/catalogue/part-type-categories', payload: { mappings: [{ partTypeId: 59001, category: 'brakes' }] } }),
    audit: 'catalogue.part-type-categories',
  },
  'GET /garage': { guard: 'signed-in', request: async () => ({ method: 'GET', url: '/api/garage' }) },
  'PUT /garage': {
    guard: 'signed-in',
    request: async () => ({ method: 'PUT', url: '/api/garage', payload: { vehicleIds: [await aVehicle()], activeId: null } }),
  },
  'GET /addresses': { guard: 'signed-in', request: async () => ({ method: 'GET', url: '/api/addresses' }) },
  'POST /addresses': { guard: 'signed-in', request: async () => ({ method: 'POST', url: '/api/addresses', payload: matrixAddress }) },
  'PUT /addresses/{id}': {
    guard: 'signed-in',
    request: async () => ({ method: 'PUT', url: `/api/addresses/${await anAddress()}`, payload: { ...matrixAddress, isDefault: true } }),
  },
  'DELETE /addresses/{id}': { guard: 'signed-in', request: async () => ({ method: 'DELETE', url: `/api/addresses/${await anAddress()}` }) },
  'GET /admin/overview': { guard: 'admin', request: async () => ({ method: 'GET', url: '/api/admin/overview' }) },
  'GET /admin/operations': { guard: 'admin', request: async () => ({ method: 'GET', url: '/api/admin/operations' }) },
  'POST /admin/mail/{id}/resend': {
    guard: 'admin',
    request: async () => ({ method: 'POST', url: `/api/admin/mail/${await insertFailedMail(app)}/resend` }),
    audit: 'mail.resend',
  },
  'POST /admin/images': {
    guard: 'admin',
    request: async () => ({
      method: 'POST',
      url: '/api/admin/images',
      payload: await sharp({ create: { width: 32, height: 24, channels: 3, background: '#c2410c' } }).png().toBuffer(),
    }),
    audit: 'image.upload',
  },
  'GET /admin/shipping-methods': { guard: 'admin', request: async () => ({ method: 'GET', url: '/api/admin/shipping-methods' }) },
  'POST /admin/shipping-methods': {
    guard: 'admin',
    request: async () => ({ method: 'POST', url: '/api/admin/shipping-methods', payload: shippingMethod() }),
    audit: 'shipping-method.add',
  },
  'PUT /admin/shipping-methods/{id}': {
    guard: 'admin',
    request: async () => ({ method: 'PUT', url: `/api/admin/shipping-methods/${await newShippingMethod()}`, payload: shippingMethod() }),
    audit: 'shipping-method.update',
  },
  'DELETE /admin/shipping-methods/{id}': {
    guard: 'admin',
    request: async () => ({ method: 'DELETE', url: `/api/admin/shipping-methods/${await newShippingMethod()}` }),
    audit: 'shipping-method.remove',
  },
  'GET /admin/tax-rates': { guard: 'admin', request: async () => ({ method: 'GET', url: '/api/admin/tax-rates' }) },
  'POST /admin/tax-rates': { guard: 'admin', request: async () => ({ method: 'POST', url: '/api/admin/tax-rates', payload: taxRate() }), audit: 'tax-rate.add' },
  'PUT /admin/tax-rates/{id}': {
    guard: 'admin',
    request: async () => ({ method: 'PUT', url: `/api/admin/tax-rates/${await newTaxRate()}`, payload: taxRate() }),
    audit: 'tax-rate.update',
  },
  'DELETE /admin/tax-rates/{id}': {
    guard: 'admin',
    request: async () => ({ method: 'DELETE', url: `/api/admin/tax-rates/${await newTaxRate()}` }),
    audit: 'tax-rate.remove',
  },
  'GET /admin/returns': { guard: 'admin', request: async () => ({ method: 'GET', url: '/api/admin/returns?status=requested' }) },
  'POST /admin/returns/{id}/approve': {
    guard: 'admin',
    request: async () => ({ method: 'POST', url: `/api/admin/returns/${(await newReturn()).id}/approve`, payload: {} }),
    audit: 'return.approve',
  },
  'POST /admin/returns/{id}/reject': {
    guard: 'admin',
    request: async () => ({ method: 'POST', url: `/api/admin/returns/${(await newReturn()).id}/reject`, payload: { reason: 'Not ours' } }),
    audit: 'return.reject',
  },
  'GET /admin/returns/{id}/refund-preview': {
    guard: 'admin',
    request: async () => ({ method: 'GET', url: `/api/admin/returns/${(await newReturn('approved')).id}/refund-preview` }),
  },
  'POST /admin/returns/{id}/receive': {
    guard: 'admin',
    request: async () => {
      const { id, partId } = await newReturn('approved');
      return { method: 'POST', url: `/api/admin/returns/${id}/receive`, payload: { lines: [{ partId, quantity: 1, action: 'scrap' }] } };
    },
    audit: 'return.refund',
  },
  'GET /admin/companies': { guard: 'admin', request: async () => ({ method: 'GET', url: '/api/admin/companies' }) },
  'POST /admin/companies': {
    guard: 'admin',
    request: async () => ({ method: 'POST', url: '/api/admin/companies', payload: { name: `Matrix Fleet ${randomUUID()}`, ownerEmail: `matrix-owner-${randomUUID()}@example.com` } }),
    audit: 'company.add',
  },
  'GET /admin/companies/{id}': { guard: 'admin', request: async () => ({ method: 'GET', url: `/api/admin/companies/${await newCompany()}` }) },
  'PATCH /admin/companies/{id}': {
    guard: 'admin',
    request: async () => ({ method: 'PATCH', url: `/api/admin/companies/${await newCompany()}`, payload: { status: 'on-hold' } }),
    audit: 'company.update',
  },
  'GET /admin/price-lists': { guard: 'admin', request: async () => ({ method: 'GET', url: '/api/admin/price-lists' }) },
  'POST /admin/price-lists': {
    guard: 'admin',
    request: async () => ({ method: 'POST', url: '/api/admin/price-lists', payload: { name: `Matrix contract ${randomUUID()}`, priority: 1, entries: [{ partId: await newPart(), percentOff: 5 }] } }),
    audit: 'price-list.add',
  },
  'GET /admin/price-lists/explain': { guard: 'admin', request: async () => ({ method: 'GET', url: `/api/admin/price-lists/explain?partId=${await newPart()}&companyId=${await newCompany()}` }) },
  'GET /admin/price-lists/{id}': { guard: 'admin', request: async () => ({ method: 'GET', url: `/api/admin/price-lists/${await newPriceList()}` }) },
  'PATCH /admin/price-lists/{id}': {
    guard: 'admin',
    request: async () => ({ method: 'PATCH', url: `/api/admin/price-lists/${await newPriceList()}`, payload: { priority: 2 } }),
    audit: 'price-list.update',
  },
  'DELETE /admin/price-lists/{id}': {
    guard: 'admin',
    request: async () => ({ method: 'DELETE', url: `/api/admin/price-lists/${await newPriceList()}` }),
    audit: 'price-list.remove',
  },
  'POST /admin/companies/{id}/payments': {
    guard: 'admin',
    // A fresh reference each time: the same one again is the same payment.
    request: async () => ({
      method: 'POST',
      url: `/api/admin/companies/${await newCompany()}/payments`,
      payload: { amount: 10, receivedAt: new Date().toISOString().slice(0, 10), reference: `MATRIX-${randomUUID()}`, invoiceNumbers: [] },
    }),
    audit: 'company.payment',
  },
  'GET /admin/companies/{id}/account': { guard: 'admin', request: async () => ({ method: 'GET', url: `/api/admin/companies/${await newCompany()}/account` }) },
  'GET /admin/companies/{id}/statements/{month}': {
    guard: 'admin',
    request: async () => ({ method: 'GET', url: `/api/admin/companies/${await newCompany()}/statements/${new Date().toISOString().slice(0, 7)}.pdf` }),
  },
  'GET /admin/certificates': { guard: 'admin', request: async () => ({ method: 'GET', url: '/api/admin/certificates' }) },
  'GET /admin/certificates/{id}/document': { guard: 'admin', request: async () => ({ method: 'GET', url: `/api/admin/certificates/${await aCertificate()}/document` }) },
  'POST /admin/certificates/{id}/verify': {
    guard: 'admin',
    request: async () => ({ method: 'POST', url: `/api/admin/certificates/${await aCertificate()}/verify`, payload: { version: 1 } }),
    audit: 'certificate.verify',
  },
  'POST /admin/certificates/{id}/reject': {
    guard: 'admin',
    request: async () => ({ method: 'POST', url: `/api/admin/certificates/${await aCertificate()}/reject`, payload: { version: 1, reason: 'Unreadable scan' } }),
    audit: 'certificate.reject',
  },
  'POST /admin/certificates/{id}/revoke': {
    guard: 'admin',
    request: async () => ({ method: 'POST', url: `/api/admin/certificates/${await aCertificate({ verified: true })}/revoke`, payload: { version: 1, reason: 'Expired at the state' } }),
    audit: 'certificate.revoke',
  },
  'GET /admin/settings': { guard: 'admin', request: async () => ({ method: 'GET', url: '/api/admin/settings' }) },
  'PUT /admin/settings': {
    guard: 'admin',
    request: async () => ({ method: 'PUT', url: '/api/admin/settings', payload: { restockingFeePercent: 0 } }),
    audit: 'settings.update',
  },
};

const adminCalls = Object.entries(calls).filter(([, guarded]) => guarded.guard === 'admin');
const signedInCalls = Object.entries(calls).filter(([, guarded]) => guarded.guard === 'signed-in');

/** Calls as `credential`, expects the refusal, and checks that nothing in the database moved. */
async function expectRefused(credential: Credential, request: Request, status: 401 | 403) {
  const before = await snapshotDb(app);

  const response = await call(app, credential, request);

  expectReply(response, status, status === 401 ? apiErrors.signInRequired : apiErrors.forbidden);
  expect(await snapshotDb(app)).toEqual(before);
}

async function expectAllowed(credential: Credential, guarded: GuardedCall) {
  const response = await call(app, credential, await guarded.request());
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(200);
  expect(response.statusCode, response.body).toBeLessThan(300);
  if (guarded.audit) {
    const [latest] = await app.db.selectFrom('audit_log').selectAll().orderBy('seq', 'desc').limit(1).execute();
    expect(latest).toMatchObject({ action: guarded.audit, actor_email: admin.email });
  }
}

describe('every admin call', () => {
  // The snapshots of the refusals below must not see an upload's job at work.
  afterAll(importsFinished);

  it('is in this table: every route the API description tags admin, and no other', async () => {
    const docs = await app.inject({ method: 'GET', url: '/api/docs' });
    const paths = (docs.json() as { paths: Record<string, Record<string, { tags?: string[] }>> }).paths;

    const tagged = Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.tags?.includes('admin'))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );

    expect(tagged.sort()).toEqual(adminCalls.map(([name]) => name).sort());
  });

  it.each(adminCalls)('%s: 401 signed out, 403 to a customer by cookie and by token, nothing changed', async (_name, guarded) => {
    const request = await guarded.request();

    await expectRefused(anonymous, request, 401);
    await expectRefused({ token: 'not-a-token' }, request, 401);
    await expectRefused(byCookie(customer), request, 403);
    await expectRefused(byToken(customer), request, 403);
  });

  it.each(adminCalls)('%s: 2xx to an admin by cookie and by token, with its audit entry', async (_name, guarded) => {
    await expectAllowed(byCookie(admin), guarded);
    await expectAllowed(byToken(admin), guarded);
  });
});

describe('calls for anyone signed in', () => {
  it.each(signedInCalls)('%s: 401 signed out and nothing changed; 2xx by cookie and by token', async (_name, guarded) => {
    await expectRefused(anonymous, await guarded.request(), 401);
    await expectRefused({ token: 'not-a-token' }, await guarded.request(), 401);

    await expectAllowed(byCookie(customer), guarded);
    await expectAllowed(byToken(customer), guarded);
  });
});

describe('the admin role', () => {
  it('is read afresh on every request: a demoted admin is refused at once, a promoted customer let in', async () => {
    const users = createUsersRepository(app.db);
    const [former, promoted] = await Promise.all([signUpAdmin(app, 'demoted'), signUpCustomer(app, 'promoted')]);
    const request = await calls['GET /users']!.request();
    expectReply(await call(app, byToken(former), request), 200);
    expectReply(await call(app, byToken(promoted), request), 403);

    await users.setRole(former.email, 'customer');
    await users.setRole(promoted.email, 'admin');

    for (const credential of [byCookie(former), byToken(former)]) await expectRefused(credential, request, 403);
    for (const credential of [byCookie(promoted), byToken(promoted)]) expectReply(await call(app, credential, request), 200);
  });
});

// Regression (was a bug): the guards run as preHandler hooks, after Fastify has validated the body and
// query string; a caller with no right to the call is answered 400 with the call's validation
// rules instead of being turned away with 401/403 (nothing is changed either way).
describe('a refusal comes before any validation', () => {
  const badRequests: Array<[string, Request]> = [
    ['POST /addaproduct {}', { method: 'POST', url: '/api/addaproduct', payload: {} }],
    ['PATCH /admin/part/{id} {price:"abc"}', { method: 'PATCH', url: '/api/admin/part/x', payload: { price: 'abc' } }],
    ['POST /admin/part/{id}/restock {}', { method: 'POST', url: '/api/admin/part/x/restock', payload: {} }],
    ['PUT /admin/part/{id}/archived {}', { method: 'PUT', url: '/api/admin/part/x/archived', payload: {} }],
    ['PUT /admin/review/{id}/visibility {}', { method: 'PUT', url: '/api/admin/review/x/visibility', payload: {} }],
    ['GET /admin/orders?status=bogus', { method: 'GET', url: '/api/admin/orders?status=bogus' }],
    ['GET /admin/audit?limit=0', { method: 'GET', url: '/api/admin/audit?limit=0' }],
  ];

  it('an admin call with a bad body or query answers 401 signed out and 403 to a customer, not 400', async () => {
    const answers: string[] = [];
    for (const [label, request] of badRequests) {
      const signedOut = await call(app, anonymous, request);
      const asCustomer = await call(app, byToken(customer), request);
      answers.push(`${label}: ${signedOut.statusCode} ${asCustomer.statusCode}`);
    }

    expect(answers).toEqual(badRequests.map(([label]) => `${label}: 401 403`));
  });

  // Regression (was a bug): the `{email}` was compared in the handler, after validation (decision 193).
  it('a call on another account’s {email} with a bad body or query answers 403 to a customer, not 400; its owner gets the 400', async () => {
    const onAccount = (email: string): Array<[string, Request]> => [
      ['PUT /user/{email} {email:42}', { method: 'PUT', url: `/api/user/${encodeURIComponent(email)}`, payload: { email: 42 } }],
      ['GET /myorder/{email}?page=abc', { method: 'GET', url: `/api/myorder/${encodeURIComponent(email)}?page=abc` }],
    ];
    const answers: string[] = [];
    for (const [label, request] of onAccount(admin.email)) {
      answers.push(`${label}: ${(await call(app, byToken(customer), request)).statusCode} ${(await call(app, byCookie(customer), request)).statusCode}`);
    }
    expect(answers).toEqual(onAccount(admin.email).map(([label]) => `${label}: 403 403`));
    for (const [, request] of onAccount(customer.email.toUpperCase())) expectReply(await call(app, byToken(customer), request), 400);
    // An admin may read another's orders: the query is read, and refused for what it says.
    expectReply(await call(app, byToken(admin), onAccount(customer.email)[1]![1]), 400);
  });

  it('POST /reviews with {} answers 401 signed out, not 400', async () => {
    await expectRefused(anonymous, { method: 'POST', url: '/api/reviews', payload: {} }, 401);
  });
});


/**
 * Who may call what of a company (decisions 075, 081, 082, 086), walked for every member call as
 * the route tables in companies/routes.ts, ledger/routes.ts, certificates/routes.ts say: signed out
 * 401, someone of no company 404, a member whose role may not 403 — with the company's rows unchanged
 * by each refusal — and each role that may 2xx. Then another company's ids are as unknown as
 * missing ones (404) to the other company's owner, and change nothing. A new member route is one
 * line in `memberCalls`.
 */
describe('every company member call', () => {
  let company: TestCompany;
  let other: TestCompany;
  const members = {} as Record<CompanyRole, Customer>;
  let outsider: Customer;
  let otherOwnerId: string;
  let number = 0;
  const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/99', cvc: '123' };
  const address = { name: 'Matrix depot', line1: '1 Main St', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' };

  beforeAll(async () => {
    const [owner, buyer, accounts, viewer, otherOwner] = await Promise.all(['m-owner', 'm-buyer', 'm-accounts', 'm-viewer', 'm-other'].map((label) => signUpCustomer(app, label)));
    outsider = customer;
    company = await createTestCompany(app, admin, owner!);
    other = await createTestCompany(app, admin, otherOwner!);
    Object.assign(members, { owner, buyer, accounts, viewer });
    for (const role of ['buyer', 'accounts', 'viewer'] as const) await joinCompany(app, company, members[role], role);
    otherOwnerId = (await app.db.selectFrom('users').select('id').where('email', '=', otherOwner!.email).executeTakeFirstOrThrow()).id;
  });

  /** A location of `of`, written directly. */
  const aLocation = async (of: TestCompany = company) => {
    const { postalCode, ...fields } = address;
    const row = await app.db.insertInto('company_locations').values({ company_id: of.id, ...fields, postal_code: postalCode }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  };
  /** A resale certificate at a location of `of`, awaiting verification. */
  const aCompanyCertificate = async (of: TestCompany = company) => {
    const row = await app.db
      .insertInto('resale_certificates')
      .values({ location_id: await aLocation(of), state: 'IL', number: 'MATRIX-2', expires_on: '2099-01-01', document: Buffer.from('%PDF-1.7\n'), document_type: 'application/pdf', document_name: 'm.pdf', uploaded_by: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  /** A pending invitation of `of`, sent by its owner. */
  const anInvitation = async (of: TestCompany = company) => {
    const email = `matrix-invitee-${++number}@example.com`;
    expectReply(await call(app, byToken(of.owner), { method: 'POST', url: '/api/company/invitations', payload: { email, role: 'viewer' } }), 200);
    return (await app.db.selectFrom('company_invitations').select('id').where('company_id', '=', of.id).where('email', '=', email).executeTakeFirstOrThrow()).id;
  };
  /** A new viewer of the company, by their invitation. */
  const aMember = async () => {
    const joined = await signUpCustomer(app, `m-joined-${++number}`);
    await joinCompany(app, company, joined, 'viewer');
    return (await app.db.selectFrom('users').select('id').where('email', '=', joined.email).executeTakeFirstOrThrow()).id;
  };
  const month = () => `${new Date().toISOString().slice(0, 7)}.pdf`;
  const certificateForm = () => multipartForm({ state: 'IL', number: `MATRIX-${++number}`, expiresOn: '2099-01-01' }, { name: 'c.pdf', bytes: Buffer.from('%PDF-1.7\n') });

  const everyone: readonly CompanyRole[] = ['owner', 'buyer', 'accounts', 'viewer'];
  const payers: readonly CompanyRole[] = ['owner', 'accounts'];
  const owners: readonly CompanyRole[] = ['owner'];
  /** Each route tagged `company`: the roles that may call it, and a request on something fresh of the company's. */
  const memberCalls: Record<string, { roles: readonly CompanyRole[]; request: () => Promise<Request> }> = {
    'GET /company': { roles: everyone, request: async () => ({ method: 'GET', url: '/api/company' }) },
    'GET /company/members': { roles: everyone, request: async () => ({ method: 'GET', url: '/api/company/members' }) },
    'GET /company/locations': { roles: everyone, request: async () => ({ method: 'GET', url: '/api/company/locations' }) },
    'GET /company/orders': { roles: everyone, request: async () => ({ method: 'GET', url: '/api/company/orders' }) },
    'GET /company/locations/{id}/certificates': { roles: everyone, request: async () => ({ method: 'GET', url: `/api/company/locations/${company.locationId}/certificates` }) },
    'GET /company/ledger': { roles: payers, request: async () => ({ method: 'GET', url: '/api/company/ledger' }) },
    'GET /company/invoices': { roles: payers, request: async () => ({ method: 'GET', url: '/api/company/invoices' }) },
    'GET /company/statements/{month}': { roles: payers, request: async () => ({ method: 'GET', url: `/api/company/statements/${month()}` }) },
    'GET /company/certificates/{id}/document': { roles: payers, request: async () => ({ method: 'GET', url: `/api/company/certificates/${await aCompanyCertificate()}/document` }) },
    'POST /company/locations/{id}/certificates': { roles: payers, request: async () => ({ method: 'POST', url: `/api/company/locations/${await aLocation()}/certificates`, ...certificateForm() }) },
    'POST /company/invoices/pay': {
      roles: payers,
      request: async () => ({ method: 'POST', url: '/api/company/invoices/pay', payload: { ...card, invoiceNumbers: [await invoiceOnAccount(app, company, company.owner, 700)] } }),
    },
    'GET /company/invitations': { roles: owners, request: async () => ({ method: 'GET', url: '/api/company/invitations' }) },
    'POST /company/invitations': { roles: owners, request: async () => ({ method: 'POST', url: '/api/company/invitations', payload: { email: `matrix-invitee-${++number}@example.com`, role: 'buyer' } }) },
    'DELETE /company/invitations/{id}': { roles: owners, request: async () => ({ method: 'DELETE', url: `/api/company/invitations/${await anInvitation()}` }) },
    'PATCH /company/members/{userId}': { roles: owners, request: async () => ({ method: 'PATCH', url: `/api/company/members/${await aMember()}`, payload: { role: 'buyer' } }) },
    'DELETE /company/members/{userId}': { roles: owners, request: async () => ({ method: 'DELETE', url: `/api/company/members/${await aMember()}` }) },
    'POST /company/locations': { roles: owners, request: async () => ({ method: 'POST', url: '/api/company/locations', payload: address }) },
    'PUT /company/locations/{id}': { roles: owners, request: async () => ({ method: 'PUT', url: `/api/company/locations/${await aLocation()}`, payload: { ...address, name: 'Renamed depot' } }) },
    'DELETE /company/locations/{id}': { roles: owners, request: async () => ({ method: 'DELETE', url: `/api/company/locations/${await aLocation()}` }) },
  };
  /** Tagged `company` but not a member's: accepting is by the invitation's own address (companies.test.ts). */
  const notMemberCalls = ['POST /company/invitations/{token}/accept'];

  /** Everything a member call could change of the companies: members, locations, invitations, certificates, money. */
  const companyRows = async () => {
    const digest = (table: string) => sql<string>`(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${sql.table(table)} as t)`;
    const tables = ['companies', 'company_members', 'company_locations', 'company_invitations', 'resale_certificates', 'company_payments', 'company_ledger'];
    const { rows } = await sql<Record<string, string>>`select ${sql.join(tables.map((table) => sql`${digest(table)} as ${sql.ref(table)}`))}`.execute(app.db);
    return rows[0];
  };
  const expectMemberRefusal = async (credential: Credential, request: Request, status: 401 | 403 | 404) => {
    const before = await companyRows();
    const response = await call(app, credential, request);
    expect(response.statusCode, response.body).toBe(status);
    expect(await companyRows()).toEqual(before);
  };
  const table = Object.entries(memberCalls);

  it('is in this table: every route the API description tags company, and no other', async () => {
    const paths = ((await app.inject({ method: 'GET', url: '/api/docs' })).json() as { paths: Record<string, Record<string, { tags?: string[] }>> }).paths;
    const tagged = Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.tags?.includes('company'))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(tagged.sort()).toEqual([...table.map(([name]) => name), ...notMemberCalls].sort());
  });

  it.each(table)('%s: 401 signed out, 404 to no company’s member, 403 to a role that may not, nothing changed', async (_name, guarded) => {
    const request = await guarded.request();
    await expectMemberRefusal(anonymous, request, 401);
    await expectMemberRefusal(byToken(outsider), request, 404);
    await expectMemberRefusal(byCookie(outsider), request, 404);
    for (const role of everyone.filter((role) => !guarded.roles.includes(role))) {
      await expectMemberRefusal(byToken(members[role]), request, 403);
      await expectMemberRefusal(byCookie(members[role]), request, 403);
    }
  });

  it.each(table)('%s: 2xx to each role that may, by token and by cookie', async (_name, guarded) => {
    for (const role of guarded.roles) {
      for (const credential of [byToken(members[role]), byCookie(members[role])]) {
        const response = await call(app, credential, await guarded.request());
        expect(response.statusCode, `${role}: ${response.body}`).toBeGreaterThanOrEqual(200);
        expect(response.statusCode, `${role}: ${response.body}`).toBeLessThan(300);
      }
    }
  });

  it('answers another company’s location, certificate, invitation and member as missing (404) to an owner, and changes nothing', async () => {
    const [location, certificate, invitation] = [await aLocation(other), await aCompanyCertificate(other), await anInvitation(other)];
    const theirs: Request[] = [
      { method: 'GET', url: `/api/company/locations/${location}/certificates` },
      { method: 'POST', url: `/api/company/locations/${location}/certificates`, ...certificateForm() },
      { method: 'PUT', url: `/api/company/locations/${location}`, payload: address },
      { method: 'DELETE', url: `/api/company/locations/${location}` },
      { method: 'GET', url: `/api/company/certificates/${certificate}/document` },
      { method: 'DELETE', url: `/api/company/invitations/${invitation}` },
      { method: 'PATCH', url: `/api/company/members/${otherOwnerId}`, payload: { role: 'viewer' } },
      { method: 'DELETE', url: `/api/company/members/${otherOwnerId}` },
    ];
    for (const request of theirs) await expectMemberRefusal(byToken(company.owner), request, 404);
    // Another company's invoice is not one the owner may pay: named back as unknown, nothing charged.
    const invoice = await invoiceOnAccount(app, other, other.owner, 900);
    const before = await companyRows();
    expectReply(await call(app, byToken(company.owner), { method: 'POST', url: '/api/company/invoices/pay', payload: { ...card, invoiceNumbers: [invoice] } }), 400);
    expect(await companyRows()).toEqual(before);
  });
});

/**
 * Every other call the API describes (not tagged admin or company): the ones anyone may call are
 * named here, each on purpose; every other one is for someone signed in and turns a signed-out
 * caller away before anything else. A new route that forgets its guard, or says it needs a
 * sign-in and does not, fails here, whatever its module's own tests thought of.
 */
describe('every other described call', () => {
  /** Anyone may call these: the catalogue, the reviews, the shop's settings, photos, a cart priced before sign-in. */
  const publicCalls = [
    'GET /categories',
    'GET /config',
    'GET /images/{id}/{file}',
    'GET /part/{id}',
    'GET /part/{id}/fitment',
    'GET /parts',
    'GET /parts/by-number/{partNumber}',
    'GET /reviews',
    'GET /search',
    'GET /vehicles/years',
    'GET /vehicles/makes',
    'GET /vehicles/models',
    'GET /vehicles/options',
    'GET /vehicles/{id}',
    'GET /vehicles/{id}/fitting-parts',
    'GET /vehicles/{id}/applications',
    'GET /vin/{vin}',
    'POST /cart/preview',
  ];
  /** Described as signed in, answered to anyone: who is signed in, `null` for nobody (decision 005). */
  const answersEveryone = ['GET /me'];

  const described = async () => {
    const paths = ((await app.inject({ method: 'GET', url: '/api/docs' })).json() as { paths: Record<string, Record<string, { tags?: string[]; security?: unknown[] }>> }).paths;
    return Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => !operation.tags?.includes('admin') && !operation.tags?.includes('company'))
        .map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, path, method: method.toUpperCase(), signedIn: (operation.security?.length ?? 0) > 0 })),
    );
  };

  it('says a sign-in is needed for each, except the calls named public here', async () => {
    const open = (await described()).filter((call) => !call.signedIn).map((call) => call.name);
    expect(open.sort()).toEqual([...publicCalls].sort());
  });

  it('turns a signed-out caller away (401) from each call that needs a sign-in, before its body, and changes nothing', async () => {
    const guarded = (await described()).filter((call) => call.signedIn && !answersEveryone.includes(call.name));
    expect(guarded.length).toBeGreaterThan(20);
    const before = await snapshotDb(app);
    const answers: string[] = [];
    for (const { name, path, method } of guarded) {
      // Each parameter something that exists or could: the refusal must not depend on it.
      const url = `/api${path.replace(/\{(\w+)\}/g, (_all, param: string) => (param === 'email' ? customer.email : param === 'orderNumber' ? '100001' : param === 'file' ? 'x.pdf' : randomUUID()))}`;
      const request = { method: method as 'GET' | 'POST' | 'PUT' | 'DELETE', url, ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }) };
      for (const credential of [anonymous, { token: 'not-a-token' }] as const) {
        const response = await call(app, credential, request);
        answers.push(`${name}: ${response.statusCode} ${response.statusCode === 401 ? (response.json() as { message: string }).message : response.body.slice(0, 80)}`);
      }
    }
    expect(answers).toEqual(guarded.flatMap(({ name }) => [`${name}: 401 ${apiErrors.signInRequired}`, `${name}: 401 ${apiErrors.signInRequired}`]));
    expect(await snapshotDb(app)).toEqual(before);
  });

  /**
   * Another customer's things, by every call that names one (in its path, or its body's `orderId`
   * or `addressId`): answered word for word as a made-up id is, so that a guessed id (order
   * numbers count up) says nothing of whether it exists, and nothing changes. Calls that name a
   * part (the cart's lines) name nothing of anyone's.
   */
  it('answers another customer’s order, return, address and e-mail as it answers ones that do not exist, and changes nothing', async () => {
    const stranger = await signUpCustomer(app, 'matrix-stranger');
    const part = await newPart();
    const [unpaid, shipped] = [await newOrder(), await newOrder()];
    // Paid, so that it has an invoice, then shipped, so that its lines may go back.
    await payOrder(app, customer, shipped);
    await setOrderStatus(app, shipped, 'shipped');
    const number = async (id: string) => String((await app.db.selectFrom('orders').select('order_number').where('id', '=', id).executeTakeFirstOrThrow()).order_number);
    type Ids = Record<'order' | 'unpaid' | 'orderNumber' | 'address' | 'return' | 'email', string>;
    const theirs: Ids = {
      order: shipped,
      unpaid,
      orderNumber: await number(unpaid),
      address: await anAddress(),
      return: (await newReturn()).id,
      email: customer.email,
    };
    const madeUp: Ids = { order: randomUUID(), unpaid: randomUUID(), orderNumber: '99999999', address: randomUUID(), return: randomUUID(), email: `nobody-${randomUUID()}@example.com` };
    await app.db.updateTable('returns').set({ user_id: await userIdOf(app, customer.email) }).where('id', '=', theirs.return).execute();
    const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/99', cvc: '123' };
    const calls: Record<string, (ids: Ids) => Request> = {
      'GET /order/{id}': (ids) => ({ method: 'GET', url: `/api/order/${ids.order}` }),
      'GET /orders/by-number/{orderNumber}': (ids) => ({ method: 'GET', url: `/api/orders/by-number/${ids.orderNumber}` }),
      'GET /order/{id}/invoice.pdf': (ids) => ({ method: 'GET', url: `/api/order/${ids.order}/invoice.pdf` }),
      'GET /order/{id}/credit-notes/{file}': (ids) => ({ method: 'GET', url: `/api/order/${ids.order}/credit-notes/CN-000001.pdf` }),
      'POST /order/{id}/buy-again': (ids) => ({ method: 'POST', url: `/api/order/${ids.order}/buy-again` }),
      'DELETE /myorder': (ids) => ({ method: 'DELETE', url: `/api/myorder?id=${ids.unpaid}` }),
      'POST /payments/test/pay': (ids) => ({ method: 'POST', url: '/api/payments/test/pay', payload: { orderId: ids.unpaid, ...card } }),
      'POST /returns': (ids) => ({ method: 'POST', url: '/api/returns', payload: { orderId: ids.order, lines: [{ partId: part, quantity: 1 }], reason: 'defective' } }),
      'GET /returns/{id}': (ids) => ({ method: 'GET', url: `/api/returns/${ids.return}` }),
      'PUT /addresses/{id}': (ids) => ({ method: 'PUT', url: `/api/addresses/${ids.address}`, payload: matrixAddress }),
      'DELETE /addresses/{id}': (ids) => ({ method: 'DELETE', url: `/api/addresses/${ids.address}` }),
      'POST /checkout/quote': (ids) => ({ method: 'POST', url: '/api/checkout/quote', payload: { addressId: ids.address, shippingMethodId: randomUUID() } }),
      'POST /checkout': (ids) => ({ method: 'POST', url: '/api/checkout', payload: { addressId: ids.address, shippingMethodId: randomUUID() } }),
      'GET /myorder/{email}': (ids) => ({ method: 'GET', url: `/api/myorder/${encodeURIComponent(ids.email)}` }),
      'PUT /user/{email}': (ids) => ({ method: 'PUT', url: `/api/user/${encodeURIComponent(ids.email)}`, payload: { email: ids.email } }),
      'GET /admin/{email}': (ids) => ({ method: 'GET', url: `/api/admin/${encodeURIComponent(ids.email)}` }),
    };
    const namesAPart = ['PUT /cart/lines/{partId}', 'DELETE /cart/lines/{partId}'];
    // Every signed-in call with a parameter in its path is in the table, or names a part.
    const withParameter = (await described()).filter((call) => call.signedIn && call.path.includes('{')).map((call) => call.name);
    expect(withParameter.filter((name) => !namesAPart.includes(name) && !(name in calls))).toEqual([]);

    const before = await snapshotDb(app);
    const answers: Array<[string, string, string]> = [];
    for (const [name, request] of Object.entries(calls)) {
      for (const credential of [byCookie(stranger), byToken(stranger)]) {
        const [toTheirs, toNone] = [await call(app, credential, request(theirs)), await call(app, credential, request(madeUp))];
        answers.push([name, `${toTheirs.statusCode} ${toTheirs.body}`, `${toNone.statusCode} ${toNone.body}`]);
      }
    }
    expect(answers.filter(([, toTheirs, toNone]) => toTheirs !== toNone || !/^40[34] /.test(toTheirs))).toEqual([]);
    expect(await snapshotDb(app)).toEqual(before);
  });
});
