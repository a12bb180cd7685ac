import { formatRmaNumber, partPromiseMessages, type AdminPartPage, type FitmentReportList } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCount, byCookie, byToken, call, expectReply } from '../../test/admin';
import { createTestApp } from '../../test/app';
import { insertPart, placeOrder, signUpAdmin, signUpCustomer, type Customer } from '../../test/orders';
import { nextDocumentNumber } from '../invoices/repository';
import { openFitmentReport } from './repository';
import { listFitment } from '../../test/fitment';

// Fitment reports on the real app and database: listed open first, dismissed or acted on once,
// the fitment row removed (audited, the catalogue's cache emptied), admins only.
let app: FastifyInstance;
let admin: Customer;
let customer: Customer;

beforeAll(async () => {
  app = await createTestApp();
  [admin, customer] = await Promise.all([signUpAdmin(app, 'reports-admin'), signUpCustomer(app, 'reports-customer')]);
});

afterAll(async () => {
  await app?.close();
});

async function aVehicle(model: string): Promise<string> {
  const row = await app.db.insertInto('vehicles').values({ make: 'Reportco', model, year: 2016, engine: '1.6L' }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** A return of one order of the part (as the returns module writes one), and a report opened through it. */
async function aReport(partId: string, vehicleId: string, note: string): Promise<{ id: string; rma: string }> {
  const orderId = await placeOrder(app, customer, partId);
  const userId = (await app.db.selectFrom('users').select('id').where('email', '=', customer.email.toLowerCase()).executeTakeFirstOrThrow()).id;
  return app.db.transaction().execute(async (trx) => {
    const rma = await nextDocumentNumber(trx, 'rma');
    const made = await trx
      .insertInto('returns')
      .values({ rma_number: rma, order_id: orderId, user_id: userId, reason: 'does-not-fit', fit_promise: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = await openFitmentReport(trx, { partId, vehicleId, returnId: made.id, note });
    return { id, rma: formatRmaNumber(rma) };
  });
}

const list = async () => {
  const response = await call(app, byCookie(admin), { method: 'GET', url: '/api/admin/fitment-reports' });
  expectReply(response, 200);
  return (response.json() as FitmentReportList).reports;
};
const decide = (id: string, what: 'dismiss' | 'remove-fitment', who = byCookie(admin)) =>
  call(app, who, { method: 'POST', url: `/api/admin/fitment-reports/${id}/${what}` });

describe('fitment reports', () => {
  it('lists open reports first with part, vehicle, note and RMA; the admin list warns of them', async () => {
    const partId = await insertPart(app, { name: 'Reported mount' });
    const vehicleId = await aVehicle('Listed');
    await listFitment(app.db, partId, vehicleId);
    const report = await aReport(partId, vehicleId, 'The bolt holes are 10 mm off.');
    const [first] = (await list()).filter((entry) => entry.part._id === partId);
    expect(first).toMatchObject({
      id: report.id,
      status: 'open',
      part: { _id: partId, name: 'Reported mount' },
      vehicle: { _id: vehicleId, make: 'Reportco', model: 'Listed', year: 2016, engine: '1.6L' },
      note: 'The bolt holes are 10 mm off.',
      return: { rmaNumber: report.rma },
      fitmentListed: true,
      resolvedAt: null,
    });
    const page = (await call(app, byToken(admin), { method: 'GET', url: `/api/admin/parts?q=${encodeURIComponent('Reported mount')}` })).json() as AdminPartPage;
    expect(page.parts.find((part) => part._id === partId)?.openFitmentReports).toBe(1);
  });

  it('dismisses a report once: the fitment stays, a second dismissal is refused and not audited', async () => {
    const partId = await insertPart(app);
    const vehicleId = await aVehicle('Dismissed');
    await listFitment(app.db, partId, vehicleId);
    const report = await aReport(partId, vehicleId, 'Fits after all, my mistake.');
    const before = await auditCount(app);
    expectReply(await decide(report.id, 'dismiss'), 200);
    expect(await auditCount(app)).toBe(before + 1);
    expectReply(await decide(report.id, 'dismiss'), 409, partPromiseMessages.fitmentReportClosed);
    expectReply(await decide(report.id, 'remove-fitment'), 409, partPromiseMessages.fitmentReportClosed);
    expect(await auditCount(app)).toBe(before + 1);
    const fitments = await app.db.selectFrom('fitments').select('part_id').where('part_id', '=', partId).execute();
    expect(fitments).toHaveLength(1);
    const listed = (await list()).find((entry) => entry.id === report.id);
    expect(listed).toMatchObject({ status: 'dismissed', resolvedAt: expect.any(String) });
  });

  it('removes the fitment row, closes every open report on that part and vehicle, audits, and the public page stops listing it', async () => {
    const partId = await insertPart(app);
    const [wrong, right] = [await aVehicle('Wrong'), await aVehicle('Right')];
    await listFitment(app.db, partId, wrong);
    await listFitment(app.db, partId, right);
    const partNumber = (await app.db.selectFrom('parts').select('part_number').where('id', '=', partId).executeTakeFirstOrThrow()).part_number;
    const publicFitment = async () =>
      ((await app.inject({ url: `/api/parts/by-number/${encodeURIComponent(partNumber)}` })).json() as { fitment: Array<{ model: string }> }).fitment.map((group) => group.model);
    expect(await publicFitment()).toEqual(['Right', 'Wrong']);
    const [first, second] = [await aReport(partId, wrong, 'Too short.'), await aReport(partId, wrong, 'Does not reach.')];

    expectReply(await decide(first.id, 'remove-fitment'), 200);
    const rows = await app.db.selectFrom('fitments').select('vehicle_id').where('part_id', '=', partId).execute();
    expect(rows).toEqual([{ vehicle_id: right }]);
    const reports = (await list()).filter((entry) => entry.part._id === partId);
    expect(reports.map((entry) => [entry.id, entry.status, entry.fitmentListed]).sort()).toEqual(
      [[first.id, 'fitment-removed', false], [second.id, 'fitment-removed', false]].sort(),
    );
    const audit = await app.db.selectFrom('audit_log').select(['action', 'details']).where('target', '=', `part ${partId}`).execute();
    expect(audit).toEqual([{ action: 'fitment-report.remove-fitment', details: { report: first.id, vehicleId: wrong } }]);
    expect(await publicFitment()).toEqual(['Right']);
    expectReply(await decide(second.id, 'remove-fitment'), 409, partPromiseMessages.fitmentReportClosed);
  });

  it('decides a report once when two admins act at the same moment', async () => {
    const partId = await insertPart(app);
    const vehicleId = await aVehicle('Raced');
    await listFitment(app.db, partId, vehicleId);
    const report = await aReport(partId, vehicleId, '');
    const replies = await Promise.all([decide(report.id, 'remove-fitment'), decide(report.id, 'dismiss')]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    const audit = await app.db.selectFrom('audit_log').select('action').where('target', '=', `part ${partId}`).execute();
    expect(audit).toHaveLength(1);
  });

  it('answers 404 for an unknown report and refuses customers and strangers', async () => {
    expectReply(await decide('00000000-0000-4000-8000-000000000000', 'dismiss'), 404, partPromiseMessages.fitmentReportGone);
    expectReply(await decide('not-an-id', 'remove-fitment'), 404, partPromiseMessages.fitmentReportGone);
    expectReply(await call(app, byCookie(customer), { method: 'GET', url: '/api/admin/fitment-reports' }), 403);
    expectReply(await call(app, 'anonymous', { method: 'GET', url: '/api/admin/fitment-reports' }), 401);
  });

  it('refuses a decision sent from another site’s page', async () => {
    const partId = await insertPart(app);
    const vehicleId = await aVehicle('Foreign');
    const report = await aReport(partId, vehicleId, '');
    const response = await app.inject({
      method: 'POST',
      url: `/api/admin/fitment-reports/${report.id}/dismiss`,
      headers: { cookie: admin.cookie, origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    const row = await app.db.selectFrom('fitment_reports').select('status').where('id', '=', report.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('open');
  });
});
