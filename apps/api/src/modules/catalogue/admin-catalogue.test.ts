import fs from 'node:fs';
import path from 'node:path';
import { adminMessages, catalogueFieldChangedMessage, directionControlMessage, catalogueMessages, partChangeFieldChangedMessage, type AdminCatalogue, type Vehicle, partNumberEditorMessages } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCount, byToken, call, expectInvalid, expectReply } from '../../test/admin';
import { createTestApp } from '../../test/app';
import { count } from '../../test/count';
import { insertPart, signUpAdmin, signUpCustomer, type Customer } from '../../test/orders';
import { listFitment } from '../../test/fitment';

let app: FastifyInstance;
let admin: Customer;

beforeAll(async () => {
  app = await createTestApp();
  admin = await signUpAdmin(app, 'catalogue-admin');
});

afterAll(async () => {
  await app?.close();
});

const importCsv = (csv: string) => call(app, byToken(admin), { method: 'POST', url: '/api/admin/fitment/import', payload: { csv } });
const getCatalogue = async (id: string) => {
  const response = await call(app, byToken(admin), { method: 'GET', url: `/api/admin/part/${id}/catalogue` });
  expectReply(response, 200);
  return response.json() as AdminCatalogue;
};
/** What the Details form sends of a part as loaded now: `expected` is its stored fields (decision 112). */
const loadedOf = ({ category, partNumber, oemNumbers, specs }: AdminCatalogue) => ({ category, partNumber, oemNumbers, specs });
const putCatalogue = async (id: string, body: object, expected?: object) =>
  call(app, byToken(admin), { method: 'PUT', url: `/api/admin/part/${id}/catalogue`, payload: { ...body, expected: expected ?? loadedOf(await getCatalogue(id)) } });

let numbered = 0;
/** A part of the test's own with a part number of its own. */
async function numberedPart(): Promise<{ id: string; partNumber: string }> {
  const id = await insertPart(app);
  numbered += 1;
  const partNumber = `TST-${numbered}`;
  await app.db.updateTable('parts').set({ part_number: partNumber }).where('id', '=', id).execute();
  return { id, partNumber };
}

async function fitmentOf(id: string): Promise<Vehicle[]> {
  const response = await app.inject({ method: 'GET', url: `/api/part/${id}/fitment` });
  expectReply(response, 200);
  return response.json();
}

describe('POST /api/admin/fitment/import', () => {
  it('adds the fitment of every row as applications, year by year, with a header line or without', async () => {
    const [pads, rotor] = [await numberedPart(), await numberedPart()];
    const csv = [
      'partNumber,make,model,yearFrom,yearTo,engine',
      `${pads.partNumber},Toyota,Corolla,2016,2018`,
      `${rotor.partNumber.toLowerCase()},honda,civic,2020,2020`,
      `${rotor.partNumber},Ford,F-150,2016,2017,5.0 L V8`,
    ].join('\n');

    const response = await importCsv(csv);

    expectReply(response, 200);
    expect(response.json()).toEqual({ rows: 3, added: 6 });
    expect((await fitmentOf(pads.id)).map((vehicle) => `${vehicle.year} ${vehicle.make} ${vehicle.model}`)).toEqual([
      '2016 Toyota Corolla',
      '2017 Toyota Corolla',
      '2018 Toyota Corolla',
    ]);
    // "honda civic" is the VCdb's Honda Civic; the F-150's application names its 5.0L V8.
    expect(await fitmentOf(rotor.id)).toEqual([
      expect.objectContaining({ year: 2016, make: 'Ford', model: 'F-150', engine: '5.0L V8' }),
      expect.objectContaining({ year: 2017, make: 'Ford', model: 'F-150', engine: '5.0L V8' }),
      expect.objectContaining({ year: 2020, make: 'Honda', model: 'Civic', engine: '' }),
    ]);
    const applications = await app.db.selectFrom('applications').select(['engine_base_id']).where('part_id', '=', rotor.id).where('deleted_at', 'is', null).execute();
    expect(applications).toHaveLength(3);
    const [latest] = await app.db.selectFrom('audit_log').selectAll().orderBy('seq', 'desc').limit(1).execute();
    expect(latest).toMatchObject({ action: 'fitment.import', actor_email: admin.email, details: { rows: 3, added: 6 } });
  });

  it('refuses a vehicle or an engine the VCdb does not list, naming the line', async () => {
    const part = await numberedPart();

    const response = await importCsv([`${part.partNumber},Mazda,MX-5,2019,2020`, `${part.partNumber},Ford,F-150,2016,2016,6.2L V8`, `${part.partNumber},Ford,F-150,2014,2016`].join('\n'));

    expectReply(response, 400);
    expect(response.json().errors).toEqual([
      { line: 1, message: catalogueMessages.csvUnknownVehicle },
      { line: 2, message: catalogueMessages.csvUnknownEngine },
      { line: 3, message: catalogueMessages.csvUnknownVehicle },
    ]);
    expect(await fitmentOf(part.id)).toEqual([]);
  });

  it('imports the README’s example file', async () => {
    const csv = fs.readFileSync(path.join(import.meta.dirname, '../../../../../docs/examples/fitment.csv'), 'utf8');

    const response = await importCsv(csv);

    expectReply(response, 200);
    expect(response.json()).toMatchObject({ rows: 4 });
  });

  it('adds nothing the second time the same file is sent', async () => {
    const part = await numberedPart();
    const csv = `${part.partNumber},Ford,Focus,2015,2016`;
    expectReply(await importCsv(csv), 200);

    const again = await importCsv(csv);

    expectReply(again, 200);
    expect(again.json()).toEqual({ rows: 1, added: 0 });
    expect(await fitmentOf(part.id)).toHaveLength(2);
  });

  it('imports nothing when one row is bad, and names every bad row by its line', async () => {
    const part = await numberedPart();
    const before = { fitments: await count(app.db, 'fitments'), vehicles: await count(app.db, 'vehicles'), audits: await auditCount(app) };
    const csv = [
      'partNumber,make,model,yearFrom,yearTo',
      `${part.partNumber},Toyota,Corolla,2016,2018`,
      `${part.partNumber},Toyota,Corolla,2019`,
      `${part.partNumber},Toyota,Corolla,2020,2016`,
      '',
      `${part.partNumber},,Corolla,2016,2018`,
      `${part.partNumber},Toyota,Corolla,1890,1891`,
      `${part.partNumber},Tesla,Model Z,2016,2018`,
    ].join('\n');

    const response = await importCsv(csv);

    expectReply(response, 400);
    expect(response.json()).toEqual({
      message: catalogueMessages.csvHasErrors,
      errors: [
        { line: 3, message: catalogueMessages.csvColumns },
        { line: 4, message: catalogueMessages.csvYears },
        { line: 6, message: catalogueMessages.csvMake },
        { line: 7, message: catalogueMessages.csvYears },
        { line: 8, message: catalogueMessages.csvUnknownVehicle },
      ],
    });
    expect(await count(app.db, 'fitments')).toBe(before.fitments);
    expect(await count(app.db, 'vehicles')).toBe(before.vehicles);
    expect(await auditCount(app)).toBe(before.audits);
  });

  it('refuses make, model and engine names a spreadsheet would run as formulas', async () => {
    const part = await numberedPart();
    const csv = [
      `${part.partNumber},"=HYPERLINK(""https://evil.example"")",Focus,2016,2018`,
      `${part.partNumber},Ford,+Focus,2016,2018`,
      `${part.partNumber},Ford,Focus,2016,2018,@SUM(A1)`,
      `${part.partNumber},Ford,Focus,2016,2018,-2+3`,
      `${part.partNumber},Ford,Focus,2016,2018,2.0L I4`,
    ].join('\n');

    const response = await importCsv(csv);

    expectReply(response, 400);
    expect(response.json()).toEqual({
      message: catalogueMessages.csvHasErrors,
      errors: [1, 2, 3, 4].map((line) => ({ line, message: catalogueMessages.csvFormula })),
    });
  });

  it('imports nothing when a part number does not exist, and says on which line', async () => {
    const part = await numberedPart();
    const before = await count(app.db, 'fitments');

    const response = await importCsv(`${part.partNumber},Toyota,Corolla,2016,2018\nNOPE-1,Toyota,Corolla,2016,2018\n`);

    expectReply(response, 400);
    expect(response.json()).toEqual({ message: catalogueMessages.csvHasErrors, errors: [{ line: 2, message: catalogueMessages.csvUnknownPart }] });
    expect(await count(app.db, 'fitments')).toBe(before);
  });

  it('reports bad formats and unknown part numbers of one file in one answer, in line order', async () => {
    const part = await numberedPart();
    const before = await count(app.db, 'fitments');
    const csv = [
      `NOPE-1,Toyota,Corolla,2016,2018`,
      `${part.partNumber},Toyota,Corolla,2019`,
      `${part.partNumber},Toyota,Corolla,2016,2018`,
      `NOPE-2,Honda,Civic,2017,2018`,
      `NOPE-3,Honda,Civic,2018,2017`,
    ].join('\n');

    const response = await importCsv(csv);

    expectReply(response, 400);
    expect(response.json()).toEqual({
      message: catalogueMessages.csvHasErrors,
      errors: [
        { line: 1, message: catalogueMessages.csvUnknownPart },
        { line: 2, message: catalogueMessages.csvColumns },
        { line: 4, message: catalogueMessages.csvUnknownPart },
        { line: 5, message: catalogueMessages.csvYears },
      ],
    });
    expect(await count(app.db, 'fitments')).toBe(before);
  });

  it.each([
    ['an empty file', '', catalogueMessages.csvEmpty],
    ['only a header', 'partNumber,make,model,yearFrom,yearTo\n', catalogueMessages.csvEmpty],
    ['a broken quote', 'BRK-1001,"Toyota,Corolla,2016,2018\n', catalogueMessages.csvSyntax],
    ['more than 5,000 rows', 'BRK-1001,Toyota,Corolla,2016,2016\n'.repeat(5001), catalogueMessages.csvTooManyRows],
  ])('answers 400 to %s', async (_label, csv, message) => {
    const response = await importCsv(csv);

    expectReply(response, 400);
    expect((response.json() as { errors: Array<{ message: string }> }).errors[0]?.message).toBe(message);
  });

  it('answers 400 to a CSV over 1 MB', async () => {
    expectInvalid(await importCsv('x'.repeat(1_000_001)), catalogueMessages.csvTooLarge);
  });
});

describe('GET /api/admin/fitment/export', () => {
  it('gives the fitment back in the import’s format, consecutive years as one row', async () => {
    const part = await numberedPart();
    expectReply(await importCsv(`${part.partNumber},Nissan,Altima,2015,2017\n${part.partNumber},Nissan,Altima,2019,2019`), 200);

    const response = await call(app, byToken(admin), { method: 'GET', url: '/api/admin/fitment/export' });

    expectReply(response, 200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename=fitment.csv');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const lines = response.body.trim().split('\n');
    expect(lines[0]).toBe('partNumber,make,model,yearFrom,yearTo,engine');
    expect(lines.filter((line) => line.startsWith(`${part.partNumber},`))).toEqual([
      `${part.partNumber},Nissan,Altima,2015,2017,`,
      `${part.partNumber},Nissan,Altima,2019,2019,`,
    ]);
    // The whole demo catalogue's fitment is there, and imports again as it is.
    expect(lines.length).toBeGreaterThan(100);
    const again = await importCsv(response.body);
    expectReply(again, 200);
    expect(again.json()).toMatchObject({ added: 0 });
  });

  it('neutralises cells a spreadsheet would run as formulas (a vehicle stored before the import refused them)', async () => {
    const part = await numberedPart();
    const formulas = ['=HYPERLINK("https://evil.example")', '+1', '-1+2', '@SUM(A1)', '\tTab', '\rReturn'];
    for (const [index, make] of formulas.entries()) {
      const { id } = await app.db
        .insertInto('vehicles')
        .values({ make, model: `Formula ${index}`, year: 2016, engine: '' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await listFitment(app.db, part.id, id);
    }

    const response = await call(app, byToken(admin), { method: 'GET', url: '/api/admin/fitment/export' });

    expectReply(response, 200);
    const cells = response.body
      .split('\n')
      .filter((line) => line.startsWith(`${part.partNumber},`))
      .map((line) => line.slice(part.partNumber.length + 1));
    expect(cells).toHaveLength(formulas.length);
    for (const cell of cells) expect(cell).toMatch(/^"?'/);
  });

  it('neutralises a formula after a ";" (a semicolon locale splits the line there), and imports the file back as the same names', async () => {
    const part = await numberedPart();
    const model = 'Astra;=HYPERLINK("https://evil.example")';
    const { id } = await app.db.insertInto('vehicles').values({ make: 'Opel', model, year: 2016, engine: '1.6;@SUM(A1)' }).returning('id').executeTakeFirstOrThrow();
    await listFitment(app.db, part.id, id);

    const response = await call(app, byToken(admin), { method: 'GET', url: '/api/admin/fitment/export' });

    expectReply(response, 200);
    const line = response.body.split('\n').find((row) => row.startsWith(`${part.partNumber},`));
    expect(line).toBe(`${part.partNumber},Opel,"Astra;'=HYPERLINK(""https://evil.example"")",2016,2016,"1.6;'@SUM(A1)"`);
    const again = await importCsv(`${line}\n`);
    expectReply(again, 200);
    expect(again.json()).toMatchObject({ added: 0 });
  });
});

describe('PUT /api/admin/part/{id}/catalogue and DELETE …/fitment/{vehicleId}', () => {
  it('sets category, part number, OEM numbers and specs, which the part page shows', async () => {
    const id = await insertPart(app);
    const body = {
      category: 'cooling',
      partNumber: ' col-9001 ',
      oemNumbers: ['16400-0t040', '1K0 121 253 AA'],
      specs: [{ name: 'Core', value: '640 × 400 mm' }],
    };

    expectReply(await putCatalogue(id, body), 200);

    expect(await getCatalogue(id)).toMatchObject({ category: 'cooling', partNumber: 'COL-9001', oemNumbers: ['16400-0T040', '1K0 121 253 AA'], specs: body.specs });
    const detail = await app.inject({ method: 'GET', url: `/api/part/${id}` });
    expect(detail.json()).toMatchObject({ category: { slug: 'cooling', name: 'Cooling' }, partNumber: 'COL-9001' });
    const search = await app.inject({ method: 'GET', url: '/api/search?q=1K0 121 253 AA' });
    expect((search.json() as { items: Array<{ _id: string }> }).items[0]?._id).toBe(id);
  });

  it('answers 409 to a part number another part has, 400 to an unknown category, and changes nothing', async () => {
    const id = await insertPart(app);
    const before = await getCatalogue(id);

    expectReply(await putCatalogue(id, { category: null, partNumber: 'BRK-1001', oemNumbers: [], specs: [] }), 409, catalogueMessages.partNumberTaken);
    expectReply(await putCatalogue(id, { category: 'spaceships', partNumber: 'X-1', oemNumbers: [], specs: [] }), 400, catalogueMessages.unknownCategory);
    expectInvalid(await putCatalogue(id, { category: null, partNumber: 'no spaces', oemNumbers: [], specs: [] }), catalogueMessages.partNumber);
    expectInvalid(await putCatalogue(id, { category: null, partNumber: 'X-2', oemNumbers: Array(21).fill('1'), specs: [] }), catalogueMessages.tooManyOemNumbers);
    // Too long is said as such, not as a blank specification (decision 152).
    expectInvalid(await putCatalogue(id, { category: null, partNumber: 'X-2', oemNumbers: [], specs: [{ name: 'Diameter', value: 'm'.repeat(121) }] }), 'A specification’s value is at most 120 characters');
    // "Trojan source" (decisions 216, 220): every buyer reads the part's specifications.
    expectInvalid(await putCatalogue(id, { category: null, partNumber: 'X-2', oemNumbers: [], specs: [{ name: 'Diameter \u202E', value: '320 mm' }] }), directionControlMessage('A specification’s name'));
    expectInvalid(await putCatalogue(id, { category: null, partNumber: 'X-2', oemNumbers: [], specs: [{ name: 'Diameter', value: '\u2067320 mm\u2069' }] }), directionControlMessage('A specification’s value'));

    expect(await getCatalogue(id)).toEqual(before);
  });

  it('removes one vehicle from a part’s fitment', async () => {
    const part = await numberedPart();
    expectReply(await importCsv(`${part.partNumber},Subaru,Outback,2016,2017`), 200);
    const [first, second] = await fitmentOf(part.id);

    expectReply(await call(app, byToken(admin), { method: 'DELETE', url: `/api/admin/part/${part.id}/fitment/${first!._id}` }), 200);

    expect(await fitmentOf(part.id)).toEqual([second]);
    expectReply(await call(app, byToken(admin), { method: 'DELETE', url: `/api/admin/part/${part.id}/fitment/${first!._id}` }), 404);
  });
});

describe('two admins on one part (decision 112)', () => {
  it('refuses a Details save made on values someone else has changed since, naming the field and its value now', async () => {
    const part = await numberedPart();
    const loaded = loadedOf(await getCatalogue(part.id));
    expectReply(await putCatalogue(part.id, { ...loaded, oemNumbers: ['0 986 494 123'] }, loaded), 200);

    // The second form loaded before that save: its OEM numbers are stale.
    const stale = await putCatalogue(part.id, { ...loaded, specs: [{ name: 'Diameter', value: '300 mm' }] }, loaded);
    expectReply(stale, 409);
    expect(stale.json()).toEqual({ message: catalogueFieldChangedMessage('oemNumbers', ['0 986 494 123']), field: 'oemNumbers', current: ['0 986 494 123'] });
    expect(await getCatalogue(part.id)).toMatchObject({ oemNumbers: ['0 986 494 123'], specs: [] });
    // Sent with nothing loaded: refused as invalid, not written.
    expectReply(await call(app, byToken(admin), { method: 'PUT', url: `/api/admin/part/${part.id}/catalogue`, payload: loaded }), 400);
  });

  it('refuses a part-change save whose list someone else has changed since', async () => {
    const part = await numberedPart();
    const patch = (body: object) => call(app, byToken(admin), { method: 'PATCH', url: `/api/admin/part/${part.id}`, payload: body });
    const zimmermann = { brand: 'Zimmermann', brandKind: 'label', partNumber: '150.3405.20', quantity: 1 };
    const bosch = { brand: 'Bosch', brandKind: 'label', partNumber: '0 986 479 B94', quantity: 1 };
    expectReply(await patch({ interchange: [zimmermann], expected: { interchange: [] } }), 200);
    const loaded = (await getCatalogue(part.id)).changes;

    expectReply(await patch({ interchange: [zimmermann, bosch], expected: { interchange: loaded.interchange } }), 200);
    // The other admin's page loaded before: they remove Zimmermann, and Bosch must not go with it.
    const stale = await patch({ interchange: [], expected: { interchange: loaded.interchange } });
    expectReply(stale, 409);
    expect(stale.json()).toEqual({ message: partChangeFieldChangedMessage('interchange', [zimmermann, bosch]), field: 'interchange', current: [zimmermann, bosch] });
    expect((await getCatalogue(part.id)).changes.interchange).toEqual([zimmermann, bosch]);

    const lifecycle = await patch({ lifecycle: '8', replacedBy: null, expected: { lifecycle: '3', replacedBy: null } });
    expectReply(lifecycle, 409);
    expect(lifecycle.json()).toMatchObject({ message: partChangeFieldChangedMessage('lifecycle', '2'), field: 'lifecycle' });
    // A part-change field sent without what was loaded of it is invalid.
    expectInvalid(await patch({ kit: [] }), adminMessages.expectedRequired('kit'));
  });
});

describe('a corrected part number keeps the old one (decision 112)', () => {
  it('moves the old page, and search and quick order find the part by its former number', async () => {
    const part = await numberedPart();
    const before = part.partNumber;
    expectReply(await putCatalogue(part.id, { category: null, partNumber: `${before}-X`, oemNumbers: [], specs: [] }), 200);

    const moved = await app.inject({ method: 'GET', url: `/parts/${before}` });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/parts/${before}-X`);
    expect((await app.inject({ method: 'GET', url: `/parts/${before.toLowerCase()}` })).headers.location).toBe(`/parts/${before}-X`);
    // The part's page says "Formerly …"; the sitemap and exports carry the current number.
    expect((await app.inject({ method: 'GET', url: `/api/parts/by-number/${before}-X` })).json()).toMatchObject({ partNumber: `${before}-X`, formerNumbers: [before] });
    expect((await app.inject({ method: 'GET', url: `/api/part/${part.id}` })).json()).toMatchObject({ formerNumbers: [before] });
    const search = await app.inject({ method: 'GET', url: `/api/search?q=${before}` });
    expect((search.json() as { items: Array<{ _id: string }> }).items.map((item) => item._id)).toContain(part.id);

    const buyer = await signUpCustomer(app, `former-${part.id.slice(0, 8)}`);
    const quick = await call(app, byToken(buyer), { method: 'POST', url: '/api/cart/quick-order', payload: { text: `${before} 1` } });
    expectReply(quick, 200);
    expect(quick.json()).toMatchObject({ added: 1, problems: [], converted: [{ message: catalogueMessages.orderedByFormerNumber(before, `${before}-X`) }] });

    // Back to the number it had: the new one is the former number now.
    expectReply(await putCatalogue(part.id, { category: null, partNumber: before, oemNumbers: [], specs: [] }), 200);
    expect((await app.inject({ method: 'GET', url: `/parts/${before}-X` })).headers.location).toBe(`/parts/${before}`);
    expect((await app.inject({ method: 'GET', url: `/parts/${before}` })).statusCode).not.toBe(301);
  });

  it("refuses another part's number, current or former, and a number a part replaces", async () => {
    const [renamed, other, replacing] = await Promise.all([numberedPart(), numberedPart(), numberedPart()]);
    expectReply(await putCatalogue(renamed.id, { category: null, partNumber: `${renamed.partNumber}-X`, oemNumbers: [], specs: [] }), 200);
    expectReply(await putCatalogue(replacing.id, { category: null, partNumber: replacing.partNumber, oemNumbers: ['OEM-77123'], specs: [] }), 200);
    expectReply(
      await call(app, byToken(admin), {
        method: 'PATCH',
        url: `/api/admin/part/${replacing.id}`,
        payload: { interchange: [{ brand: 'Rival', partNumber: 'RV 55123', quantity: 1 }], expected: { interchange: [] } },
      }),
      200,
    );
    const before = await getCatalogue(other.id);
    const renumber = (partNumber: string) => putCatalogue(other.id, { category: null, partNumber, oemNumbers: [], specs: [] });

    expectReply(await renumber(`${renamed.partNumber}-X`), 409, catalogueMessages.partNumberTaken);
    expectReply(await renumber(renamed.partNumber), 409, partNumberEditorMessages.partNumberFormer(renamed.partNumber, `${renamed.partNumber}-X`));
    expectReply(await renumber('OEM-77123'), 409, partNumberEditorMessages.partNumberReplaced('OEM-77123', replacing.partNumber));
    expectReply(await renumber('RV-55123'), 409, partNumberEditorMessages.partNumberReplaced('RV-55123', replacing.partNumber));
    expect(await getCatalogue(other.id)).toEqual(before);
    // The database holds the rule too: a former number is no part's current one.
    await expect(app.db.updateTable('parts').set({ part_number: renamed.partNumber }).where('id', '=', other.id).execute()).rejects.toMatchObject({ code: '23505' });
  });
});

