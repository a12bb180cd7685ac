import { get as httpGet, type ClientRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { catalogueDataMessages, isCatalogueWarning } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { byToken, call, expectReply, headersOf } from '../../../test/admin';
import { createTestApp } from '../../../test/app';
import { signUpAdmin, signUpCustomer, type Customer } from '../../../test/orders';
import { importAces } from '../aces/import';
import { importPartsCsv } from '../parts-csv/import';
import { importPies } from '../pies/import';
import { writePies } from '../pies/writer';
import { childrenOf, piesFile, piesItem, runImport } from '../pies/test-files';

let shop: FastifyInstance;
let other: FastifyInstance;
let admin: Customer;

beforeAll(async () => {
  [shop, other] = await Promise.all([createTestApp(), createTestApp()]);
  admin = await signUpAdmin(shop, 'export-admin');
});
afterAll(async () => {
  await Promise.all([shop?.close(), other?.close()]);
});

const catalogue = [
  piesItem('EX-100', {
    name: 'Front pads &amp; clips',
    price: '45.99',
    before: '<ItemLevelGTIN GTINQualifier="UP">00012345678905</ItemLevelGTIN>',
    after: [
      '<Descriptions><Description DescriptionCode="MKT" LanguageCode="EN">Quiet ceramic pads.</Description></Descriptions>',
      '<Prices><Pricing PriceType="LST"><Price>41.00</Price><PriceBreak>10</PriceBreak></Pricing></Prices>',
      '<ExtendedInformation><ExtendedProductInformation EXPICode="LIF">2</ExtendedProductInformation></ExtendedInformation>',
      '<Packages><Package><PackageLevelGTIN>10012345678902</PackageLevelGTIN><Dimensions UOM="MM"><ShippingLength>250</ShippingLength><ShippingWidth>120</ShippingWidth><ShippingHeight>60</ShippingHeight></Dimensions><Weights UOM="GR"><Weight>1250</Weight></Weights></Package></Packages>',
      '<PartInterchangeInfo><PartInterchange BrandAAIAID="BKPN"><PartNumber>EX-099</PartNumber></PartInterchange><PartInterchange BrandLabel="Rival"><PartNumber InterchangeQuantity="2">RV-100</PartNumber></PartInterchange><PartInterchange BrandAAIAID="RVLX"><PartNumber>RX-100</PartNumber></PartInterchange></PartInterchangeInfo>',
      '<DigitalAssets><DigitalFileInformation><AssetType>P04</AssetType><URI>https://example.com/ex-100.jpg</URI></DigitalFileInformation></DigitalAssets>',
    ].join('\n'),
  }),
  piesItem('EX-099', { after: '<ExtendedInformation><ExtendedProductInformation EXPICode="LIF">7</ExtendedProductInformation></ExtendedInformation>' }),
  piesItem('EX-KIT', { after: '<Kits><KitComponent><ComponentPartNumber>EX-100</ComponentPartNumber><QuantityInKit UOM="EA">2</QuantityInKit><SequenceCode>1</SequenceCode></KitComponent></Kits>' }),
];

const get = (app: FastifyInstance, url: string, who: Customer = admin) => call(app, byToken(who), { method: 'GET', url });
/** A file without the lines that say when it was written. */
const body = (text: string) => text.replace(/<BlanketEffectiveDate>[^<]*<\/BlanketEffectiveDate>|<TransactionDate>[^<]*<\/TransactionDate>/g, '');

describe('GET /api/admin/catalogue/exports/pies', () => {
  it('is for admins only', async () => {
    expect((await shop.inject({ method: 'GET', url: '/api/admin/catalogue/exports/pies' })).statusCode).toBe(401);
    const customer = await signUpCustomer(shop, 'export-customer');
    expectReply(await get(shop, '/api/admin/catalogue/exports/pies', customer), 403);
    expectReply(await get(shop, '/api/admin/catalogue/exports/pies?since=2026-13-45'), 400, catalogueDataMessages.badSince);
  });

  // A test shop holds the demo catalogue: the second shop has the same parts but for the file's three.
  it('writes every part (FULL), and another shop importing it writes the same file back', async () => {
    expect((await runImport(shop, importPies, piesFile(...catalogue))).problems).toEqual([]);
    const full = await get(shop, '/api/admin/catalogue/exports/pies');
    expectReply(full, 200);
    expect(full.headers['content-disposition']).toMatch(/^attachment; filename="pies-full-/);
    expect(full.body).toContain('<SubmissionType>FULL</SubmissionType>');
    const items = full.body.match(/<Item /g)?.length ?? 0;
    expect(full.body).toContain(`<Trailer><ItemCount>${items}</ItemCount>`);
    expect(full.body).toContain('<ItemLevelGTIN GTINQualifier="UP">00012345678905</ItemLevelGTIN>');
    expect(full.body).toContain('Front pads &amp; clips');
    // Another brand as the file named it: by its name, or by its four-character code (decision 206).
    expect(full.body).toContain(
      '<PartInterchangeInfo><PartInterchange MaintenanceType="A" BrandAAIAID="BKPN"><PartNumber InterchangeQuantity="1" UOM="EA">EX-099</PartNumber></PartInterchange><PartInterchange MaintenanceType="A" BrandLabel="Rival"><PartNumber InterchangeQuantity="2" UOM="EA">RV-100</PartNumber></PartInterchange><PartInterchange MaintenanceType="A" BrandAAIAID="RVLX"><PartNumber InterchangeQuantity="1" UOM="EA">RX-100</PartNumber></PartInterchange></PartInterchangeInfo>',
    );
    // The Header in the schema's order (as sandpim writes it), a photo's file name first and its URI absolute.
    const header = /<Header>(.*)<\/Header>/.exec(full.body)?.[1] ?? '';
    expect([...header.matchAll(/<(\w+)>/g)].map(([, name]) => name)).toEqual(['PIESVersion', 'SubmissionType', 'BlanketEffectiveDate', 'CurrencyCode', 'LanguageCode', 'TechnicalContact', 'ContactEmail', 'PCdbVersionDate']);
    expect(full.body).toContain('<DigitalFileInformation MaintenanceType="A" LanguageCode="EN"><FileName>ex-100.jpg</FileName><AssetType>P04</AssetType><FileType>JPG</FileType><URI>https://example.com/ex-100.jpg</URI></DigitalFileInformation>');
    expect(full.body).toContain(`<FileName>brake-pads.svg</FileName><AssetType>P04</AssetType><URI>${shop.config.baseUrl}/images/parts/brake-pads.svg</URI>`);
    // PIES 7.x's names for a component's quantity and order, as sandpim and the trade read them.
    expect(full.body).toContain(
      '<KitComponent MaintenanceType="A"><ComponentPartNumber>EX-100</ComponentPartNumber><ComponentBrand>BKPN</ComponentBrand><Description DescriptionCode="DES" LanguageCode="EN">Front pads &amp; clips</Description><QuantityInKit UOM="EA">2</QuantityInKit><SequenceCode>1</SequenceCode><SoldSeparately>Y</SoldSeparately></KitComponent>',
    );

    const again = await runImport(other, importPies, full.body);
    expect(again).toEqual({ problems: [], counts: { added: 3, changed: 0, deleted: 0, unchanged: items - 3, rejected: 0 } });
    const otherAdmin = await signUpAdmin(other, 'export-admin-2');
    const back = await get(other, '/api/admin/catalogue/exports/pies', otherAdmin);
    expect(body(back.body)).toBe(body(full.body));
    expect((await runImport(other, importPies, back.body)).counts).toMatchObject({ unchanged: items, changed: 0, added: 0 });
  });

  // What the PIES 7.2 XSD (Auto Care's, as sandpim and validating importers read it) requires of
  // what the shop writes: failed before decision 174 (no PriceSheetNumber, three Dimensions of six,
  // a KitComponent without its Description and SoldSeparately).
  it('follows the PIES 7.2 schema: each Pricing names its price sheet, Dimensions are all six or none, a kit component says its Description and SoldSeparately', async () => {
    // A part with one side of its package known: PIES has no Dimensions of fewer than six.
    await shop.db.updateTable('parts').set({ package_length_mm: 300 }).where('part_number', '=', 'EX-099').execute();
    const full = await get(shop, '/api/admin/catalogue/exports/pies');
    expectReply(full, 200);
    expect(childrenOf(full.body, 'PIES')).toEqual([['Header', 'PriceSheets', 'Items', 'Trailer']]);
    expect(childrenOf(full.body, 'PriceSheet')).toEqual([['PriceSheetNumber', 'PriceSheetName', 'CurrencyCode']]);
    const pricings = childrenOf(full.body, 'Pricing');
    expect(pricings.length).toBeGreaterThan(3);
    expect(pricings.filter((children) => children.slice(0, 3).join() !== 'PriceSheetNumber,CurrencyCode,Price')).toEqual([]);
    expect(full.body).toContain('<Pricing MaintenanceType="A" PriceType="LST"><PriceSheetNumber>LIST</PriceSheetNumber><CurrencyCode>USD</CurrencyCode><Price UOM="PE">41.00</Price><PriceBreak UOM="EA">10</PriceBreak></Pricing>');
    expect(childrenOf(full.body, 'Dimensions')).toEqual([['MerchandisingHeight', 'MerchandisingWidth', 'MerchandisingLength', 'ShippingHeight', 'ShippingWidth', 'ShippingLength']]);
    expect(full.body).toContain(
      '<Dimensions UOM="CM"><MerchandisingHeight>6</MerchandisingHeight><MerchandisingWidth>12</MerchandisingWidth><MerchandisingLength>25</MerchandisingLength><ShippingHeight>6</ShippingHeight><ShippingWidth>12</ShippingWidth><ShippingLength>25</ShippingLength></Dimensions>',
    );
    expect(childrenOf(full.body, 'KitComponent')).toEqual([['ComponentPartNumber', 'ComponentBrand', 'Description', 'QuantityInKit', 'SequenceCode', 'SoldSeparately']]);
    // Another shop reads it as before.
    expect((await runImport(other, importPies, full.body)).problems).toEqual([]);
  });

  // The 7.2 schema's TechnicalContact has at most 60 characters; SHOP_LEGAL_NAME up to 200 (decision 204).
  it('leaves out the Header\'s TechnicalContact for a shop name longer than the schema\'s 60 characters', async () => {
    const header = async (company: string) => {
      let text = '';
      for await (const part of writePies(shop.db, { company, baseUrl: 'https://shop.example', today: '2026-12-06' })) {
        text += part;
        if (text.includes('</Header>')) break;
      }
      return childrenOf(`${text.slice(0, text.indexOf('</Header>') + '</Header>'.length)}</PIES>`, 'Header')[0];
    };
    expect(await header('A'.repeat(60))).toContain('TechnicalContact');
    const long = await header(`${'A'.repeat(60)}B`);
    expect(long).not.toContain('TechnicalContact');
    expect(long).toEqual(['PIESVersion', 'SubmissionType', 'BlanketEffectiveDate', 'CurrencyCode', 'LanguageCode', 'PCdbVersionDate']);
  });

  it('since a date writes only the parts changed on or after it', async () => {
    await shop.db.updateTable('parts').set({ updated_at: new Date('2026-01-01T00:00:00Z') }).execute();
    await runImport(shop, importPies, piesFile(piesItem('EX-099', { price: '11.00', after: '<ExtendedInformation><ExtendedProductInformation EXPICode="LIF">7</ExtendedProductInformation></ExtendedInformation>' })));
    const since = await get(shop, '/api/admin/catalogue/exports/pies?since=2026-06-01');
    expectReply(since, 200);
    expect(since.body).toContain('<SubmissionType>UPDATE</SubmissionType><BlanketEffectiveDate>');
    // EX-099's item, and EX-100's, which says it replaces EX-099 (decision 134).
    expect(since.body.match(/<PartNumber>[^<]*<\/PartNumber>/g)).toEqual(['<PartNumber>EX-100</PartNumber>', '<PartNumber>EX-099</PartNumber>']);
    expect(since.body).toContain('<ItemCount>2</ItemCount>');

    // A part archived since then is an Item of MaintenanceType D; a part without a brand is under the shop's.
    await shop.db.updateTable('shop_settings').set({ brand_aaia_id: 'SHOP' }).execute();
    const [gone, kept] = await shop.db.selectFrom('parts').select(['id', 'part_number']).where('brand_aaia_id', 'is', null).where('archived_at', 'is', null).orderBy('seq').limit(2).execute();
    expectReply(await call(shop, byToken(admin), { method: 'PUT', url: `/api/admin/part/${gone?.id}/archived`, payload: { archived: true } }), 200);
    const withDeleted = await get(shop, '/api/admin/catalogue/exports/pies?since=2026-06-01');
    expect(withDeleted.body).toContain(`<Item MaintenanceType="D"><PartNumber>${gone?.part_number}</PartNumber><BrandAAIAID>SHOP</BrandAAIAID>`);
    expect(withDeleted.body).toContain('<ItemCount>3</ItemCount>');
    expect((await get(shop, '/api/admin/catalogue/exports/pies')).body).toContain(`<PartNumber>${kept?.part_number}</PartNumber><BrandAAIAID>SHOP</BrandAAIAID>`);
    // Read back, the delete archives the part in another shop too.
    await other.db.updateTable('parts').set({ archived_at: null }).where('part_number', '=', gone?.part_number ?? '').execute();
    expect((await runImport(other, importPies, withDeleted.body)).counts).toMatchObject({ deleted: 1, rejected: 0 });
  });
});

describe('exports at once', () => {
  // An instance writes two at once (decision 134); each gives its slot back when its file ends.
  it('gives a slot back when a file ends, so one download after another is never refused', async () => {
    for (const url of ['aces', 'pies', 'parts.csv', 'aces'].map((name) => `/api/admin/catalogue/exports/${name}`)) expectReply(await get(shop, url), 200);
  });
});

describe('HEAD of an export', () => {
  // The Catalogue data screen asks it before the browser downloads (decision 158).
  it('answers the refusals of its GET, or its headers without a body, taking no slot', async () => {
    const head = (url: string, who?: Customer) => (who ? call(shop, byToken(who), { method: 'HEAD', url }) : shop.inject({ method: 'HEAD', url }));
    expect((await head('/api/admin/catalogue/exports/aces')).statusCode).toBe(401);
    const customer = await signUpCustomer(shop, 'export-head-customer');
    expect((await head('/api/admin/catalogue/exports/parts.csv', customer)).statusCode).toBe(403);
    expect((await head('/api/admin/catalogue/exports/pies?since=2026-02-31', admin)).statusCode).toBe(400);
    const replies = [];
    // More than the slots: none is taken.
    for (const url of ['aces?since=2026-11-01', 'pies', 'parts.csv', 'aces'].map((name) => `/api/admin/catalogue/exports/${name}`)) replies.push(await head(url, admin));
    expect(replies.map((reply) => [reply.statusCode, reply.body])).toEqual(Array.from({ length: 4 }, () => [200, '']));
    // No length: the GET streams the file, of a length no one knows beforehand; `content-length: 0`
    // promised an empty file (decision 183).
    expect(replies.map((reply) => reply.headers['content-length'])).toEqual([undefined, undefined, undefined, undefined]);
    expect(replies.map((reply) => reply.headers['content-disposition'])).toEqual([
      expect.stringMatching(/^attachment; filename="aces-since-2026-11-01-\d{4}-\d{2}-\d{2}\.xml"$/),
      expect.stringMatching(/^attachment; filename="pies-full-/),
      // The `content-disposition` package's form (a token needs no quotes), as every CSV download's (`csvHeaders`).
      expect.stringMatching(/^attachment; filename=parts-\d{4}-\d{2}-\d{2}\.csv$/),
      expect.stringMatching(/^attachment; filename="aces-full-/),
    ]);
    expect(replies[2]?.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(replies.map((reply) => reply.headers['cache-control'])).toEqual(Array.from({ length: 4 }, () => 'private, no-store'));
  });
});

describe('HEAD of an export while two are being written (decision 164)', () => {
  // Two real downloads over real sockets, neither read: each holds its slot until its file ends,
  // which a file far bigger than the sockets' buffers does not while nobody reads it.
  it('answers 503 with Retry-After, as the download would, and 200 again once one of them is cut off', { timeout: 180_000 }, async () => {
    const busy = await createTestApp();
    const downloads: { request: ClientRequest; response: IncomingMessage }[] = [];
    try {
      const busyAdmin = await signUpAdmin(busy, 'export-busy-admin');
      // 12,000 parts of a 4 KB image path: 24 pages of 2 MB, 48 MB in all, against the 16 pages the
      // stream reads ahead and the loopback's largest send buffer (4 MB). Rows cost (triggers), bytes not.
      await sql`insert into parts (name, description, img, price_cents, available_quantity, min_order_quantity)
        select 'Bulk part ' || n, 'Bulk', '/images/parts/' || repeat('x', 4000) || '.png', 1000, 5, 1 from generate_series(1, 12000) as n`.execute(busy.db);
      await busy.listen({ host: '127.0.0.1', port: 0 });
      const { port } = busy.server.address() as AddressInfo;
      const start = () =>
        new Promise<{ request: ClientRequest; response: IncomingMessage }>((resolve, reject) => {
          const request = httpGet({ host: '127.0.0.1', port, path: '/api/admin/catalogue/exports/parts.csv', headers: headersOf(byToken(busyAdmin)) }, (response) => {
            response.pause();
            resolve({ request, response });
          });
          request.on('error', reject);
        });
      downloads.push(await start(), await start());
      expect(downloads.map(({ response }) => response.statusCode)).toEqual([200, 200]);

      const head = (name: string) => call(busy, byToken(busyAdmin), { method: 'HEAD', url: `/api/admin/catalogue/exports/${name}` });
      for (const name of ['aces', 'pies?since=2026-11-01', 'parts.csv']) {
        const refused = await head(name);
        expect(refused.statusCode).toBe(503);
        expect(refused.headers['retry-after']).toBe('60');
        expect(refused.body).toBe('');
      }
      // The download the check stands for says the same, with its words.
      const third = await call(busy, byToken(busyAdmin), { method: 'GET', url: '/api/admin/catalogue/exports/pies' });
      expectReply(third, 503, catalogueDataMessages.exportsBusy);
      expect(third.headers['retry-after']).toBe('60');

      // One download cut off gives its slot back: the check answers the file's headers again.
      downloads.shift()?.request.destroy();
      await vi.waitFor(async () => expect((await head('pies')).statusCode).toBe(200), { timeout: 20_000, interval: 50 });
    } finally {
      for (const { request } of downloads) request.destroy();
      await busy.close();
    }
  });
});

describe('a part superseded since a day', () => {
  // The replacing part's Item is where PIES says what it replaces (decision 074); setting the old
  // part's replacement changes the old part's row alone, so a net change held the old part, life
  // cycle 7, and nothing saying by what: a distributor could not tell, and another shop refused it.
  it('goes out in the net change with the part that replaces it, and another shop takes both', async () => {
    await shop.db.updateTable('parts').set({ updated_at: new Date('2026-01-01T00:00:00Z') }).execute();
    const csv = 'partNumber,lifecycle,replacedBy\nELC-2001,7,ELC-1001\n';
    expect((await runImport(shop, importPartsCsv, csv)).problems).toEqual([]);
    const since = await get(shop, '/api/admin/catalogue/exports/pies?since=2026-06-01');
    expectReply(since, 200);
    expect(since.body.match(/(?<=<Item MaintenanceType="A"><PartNumber>)[^<]*/g)?.sort()).toEqual(['ELC-1001', 'ELC-2001']);
    expect(since.body).toMatch(/<PartInterchange MaintenanceType="A"[^>]*><PartNumber InterchangeQuantity="1" UOM="EA">ELC-2001<\/PartNumber><\/PartInterchange>/);
    const read = await runImport(other, importPies, since.body);
    expect(read.problems).toEqual([]);
    const old = await other.db.selectFrom('parts').innerJoin('parts as by', 'by.id', 'parts.replaced_by').select(['parts.lifecycle_code', 'by.part_number']).where('parts.part_number', '=', 'ELC-2001').executeTakeFirst();
    expect(old).toEqual({ lifecycle_code: '7', part_number: 'ELC-1001' });
  });

  // Back on sale, the part goes out alone (nothing replaces it to carry it); another shop that had
  // it replaced refused the item: a life cycle of 2 with the replacement it kept.
  it('back on sale since a day, is taken back on sale by another shop that had it replaced', async () => {
    await shop.db.updateTable('parts').set({ updated_at: new Date('2026-01-01T00:00:00Z') }).execute();
    expect((await runImport(shop, importPartsCsv, 'partNumber,lifecycle,replacedBy\nELC-2001,2,\n')).problems).toEqual([]);
    const since = await get(shop, '/api/admin/catalogue/exports/pies?since=2026-06-01');
    expect(since.body.match(/(?<=<Item MaintenanceType="A"><PartNumber>)[^<]*/g)).toEqual(['ELC-2001']);
    expect((await runImport(other, importPies, since.body)).problems).toEqual([]);
    expect(await other.db.selectFrom('parts').select(['lifecycle_code', 'replaced_by']).where('part_number', '=', 'ELC-2001').executeTakeFirst()).toEqual({ lifecycle_code: '2', replaced_by: null });
  });
});

describe('a part renumbered since a day', () => {
  // A correction keeps the old number as a former number (decision 112), which no file carries: the
  // net change held the part under its number now, which a receiver took for a new part beside the
  // old one, and none of its applications (they had not changed), so the new number fitted nothing.
  it('goes out as a delete of the old number and an add of the new, in PIES and ACES, and another shop ends with the new one only', async () => {
    await shop.db.updateTable('parts').set({ updated_at: new Date('2026-01-01T00:00:00Z') }).execute();
    await shop.db.updateTable('applications').set({ changed_at: new Date('2026-01-01T00:00:00Z') }).execute();
    const part = await shop.db.selectFrom('parts').select('id').where('part_number', '=', 'BRK-2001').executeTakeFirstOrThrow();
    const loaded = (await get(shop, `/api/admin/part/${part.id}/catalogue`)).json() as { category: string | null; partNumber: string; oemNumbers: string[]; specs: unknown[] };
    const expected = { category: loaded.category, partNumber: loaded.partNumber, oemNumbers: loaded.oemNumbers, specs: loaded.specs };
    expectReply(await call(shop, byToken(admin), { method: 'PUT', url: `/api/admin/part/${part.id}/catalogue`, payload: { ...expected, partNumber: 'BRK-2001X', expected } }), 200);
    const live = (await shop.db.selectFrom('applications').select((eb) => eb.fn.countAll<string>().as('count')).where('part_id', '=', part.id).where('deleted_at', 'is', null).where('part_type_id', 'is not', null).executeTakeFirstOrThrow()).count;
    expect(Number(live)).toBeGreaterThan(0);

    const pies = (await get(shop, '/api/admin/catalogue/exports/pies?since=2026-06-01')).body;
    expect(pies).toContain('<Item MaintenanceType="A"><PartNumber>BRK-2001X</PartNumber>');
    expect(pies).toContain('<Item MaintenanceType="D"><PartNumber>BRK-2001</PartNumber>');
    const aces = (await get(shop, '/api/admin/catalogue/exports/aces?since=2026-06-01')).body;
    expect(aces.match(/<App action="A"[^\n]*<Part>BRK-2001X<\/Part>/g)?.length).toBe(Number(live));
    expect(aces.match(/<App action="D"[^\n]*<Part>BRK-2001<\/Part>/g)?.length).toBe(Number(live));
    expect(aces).toContain(`<RecordCount>${aces.match(/<App /g)?.length}</RecordCount>`);

    expect((await runImport(other, importPies, pies)).problems.filter((problem) => !isCatalogueWarning(problem.code))).toEqual([]);
    expect((await runImport(other, importAces, aces)).problems).toEqual([]);
    const there = await other.db
      .selectFrom('parts')
      .leftJoin('applications', (join) => join.onRef('applications.part_id', '=', 'parts.id').on('applications.deleted_at', 'is', null))
      .select(['parts.part_number', 'parts.archived_at', (eb) => eb.fn.count<string>('applications.id').as('applications')])
      .where('parts.part_number', 'in', ['BRK-2001', 'BRK-2001X'])
      .groupBy(['parts.part_number', 'parts.archived_at'])
      .orderBy('parts.part_number')
      .execute();
    expect(there.map((row) => ({ number: row.part_number, archived: row.archived_at !== null, applications: Number(row.applications) }))).toEqual([
      { number: 'BRK-2001', archived: true, applications: 0 },
      { number: 'BRK-2001X', archived: false, applications: Number(live) },
    ]);
  });
});

describe('a part renumbered, then an application of it deleted and the part discontinued, since a day', () => {
  // A receiver holds them under the number it had. The ACES net change deleted them under the
  // number now only (which the receiver never had), while the PIES deleted both numbers: the
  // receiver kept the applications under the former one (decision 174).
  it('deletes each application once under each number in ACES, and adds none', async () => {
    const part = await shop.db.selectFrom('parts').select('id').where('part_number', '=', 'BRK-2001X').executeTakeFirstOrThrow();
    const ofPart = () => shop.db.selectFrom('applications').select('id').where('part_id', '=', part.id).where('part_type_id', 'is not', null);
    const [gone] = await ofPart().where('deleted_at', 'is', null).orderBy('id').limit(1).execute();
    await shop.db.updateTable('applications').set({ deleted_at: new Date(), changed_at: new Date() }).where('id', '=', gone?.id ?? '0').execute();
    expectReply(await call(shop, byToken(admin), { method: 'PUT', url: `/api/admin/part/${part.id}/archived`, payload: { archived: true } }), 200);
    const ids = (await ofPart().where((eb) => eb.or([eb('deleted_at', 'is', null), eb('changed_at', '>=', new Date('2026-06-01T00:00:00Z'))])).orderBy('id').execute()).map((row) => String(row.id));
    expect(ids.length).toBeGreaterThan(1);

    const aces = (await get(shop, '/api/admin/catalogue/exports/aces?since=2026-06-01')).body;
    const apps = (number: string) => [...aces.matchAll(new RegExp(`<App action="([AD])" id="(\\d+)">[^\\n]*<Part>${number}</Part>`, 'g'))].map(([, action, id]) => `${action} ${id}`).sort();
    expect(apps('BRK-2001X')).toEqual(ids.map((id) => `D ${id}`).sort());
    expect(apps('BRK-2001')).toEqual(ids.map((id) => `D ${id}`).sort());
    expect(aces).toContain(`<RecordCount>${aces.match(/<App /g)?.length}</RecordCount>`);
    const pies = (await get(shop, '/api/admin/catalogue/exports/pies?since=2026-06-01')).body;
    expect(pies.match(/<Item MaintenanceType="D"><PartNumber>BRK-2001X?<\/PartNumber>/g)?.sort()).toEqual(['<Item MaintenanceType="D"><PartNumber>BRK-2001</PartNumber>', '<Item MaintenanceType="D"><PartNumber>BRK-2001X</PartNumber>']);
    expectReply(await call(shop, byToken(admin), { method: 'PUT', url: `/api/admin/part/${part.id}/archived`, payload: { archived: false } }), 200);
  });
});

describe('a kit component renumbered since a day', () => {
  // The kit's own row does not change when a component's number is corrected: the net change held
  // the component's delete and add, and the kit still naming the number deleted.
  it('goes out with the kit naming its number now, and with the part it replaces, so another shop moves both', async () => {
    await shop.db.updateTable('parts').set({ updated_at: new Date('2026-01-01T00:00:00Z') }).execute();
    const part = await shop.db.selectFrom('parts').select('id').where('part_number', '=', 'EX-100').executeTakeFirstOrThrow();
    const loaded = (await get(shop, `/api/admin/part/${part.id}/catalogue`)).json() as { category: string | null; partNumber: string; oemNumbers: string[]; specs: unknown[] };
    const expected = { category: loaded.category, partNumber: loaded.partNumber, oemNumbers: loaded.oemNumbers, specs: loaded.specs };
    expectReply(await call(shop, byToken(admin), { method: 'PUT', url: `/api/admin/part/${part.id}/catalogue`, payload: { ...expected, partNumber: 'EX-100X', expected } }), 200);

    const pies = (await get(shop, '/api/admin/catalogue/exports/pies?since=2026-06-01')).body;
    expect(pies).toContain('<Item MaintenanceType="A"><PartNumber>EX-KIT</PartNumber>');
    expect(pies).toContain('<ComponentPartNumber>EX-100X</ComponentPartNumber>');
    expect((await runImport(other, importPies, pies)).problems.filter((problem) => !isCatalogueWarning(problem.code))).toEqual([]);
    const kit = await other.db
      .selectFrom('part_kit_components')
      .innerJoin('parts as kit', 'kit.id', 'part_kit_components.kit_id')
      .innerJoin('parts as component', 'component.id', 'part_kit_components.component_id')
      .select('component.part_number')
      .where('kit.part_number', '=', 'EX-KIT')
      .execute();
    expect(kit).toEqual([{ part_number: 'EX-100X' }]);
    const replaced = await other.db.selectFrom('parts').innerJoin('parts as by', 'by.id', 'parts.replaced_by').select('by.part_number').where('parts.part_number', '=', 'EX-099').executeTakeFirst();
    expect(replaced).toEqual({ part_number: 'EX-100X' });
  });
});

describe('a control character in a part', () => {
  // A request refuses NUL alone, and a parts CSV may hold any other control: XML 1.0 allows none of
  // them, and one written as it is made the whole file unreadable to the distributor's parser.
  it('is written as a space: the PIES file stays XML and another shop reads it whole', async () => {
    const csv = 'partNumber,name,description,price\nCT-1,"Pads\u000Bv2","Set\u0001of four & clips",5.00\n';
    expect((await runImport(shop, importPartsCsv, csv)).problems).toEqual([]);
    const full = await get(shop, '/api/admin/catalogue/exports/pies');
    expectReply(full, 200);
    expect(full.body).toContain('<Description MaintenanceType="A" DescriptionCode="DES" LanguageCode="EN">Pads v2</Description>');
    // eslint-disable-next-line no-control-regex -- no control character but tab and line breaks in the file
    expect(full.body).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
    const read = await runImport(other, importPies, full.body, 'skip');
    expect(read.problems.filter((problem) => problem.code === 'xml')).toEqual([]);
    expect(await other.db.selectFrom('parts').select(['name', 'description']).where('part_number', '=', 'CT-1').executeTakeFirst()).toEqual({ name: 'Pads v2', description: 'Set of four & clips' });
  });
});

describe('parts CSV', () => {
  it('is for admins only, and reads back as the same parts', async () => {
    const customer = await signUpCustomer(shop, 'csv-customer');
    expectReply(await get(shop, '/api/admin/catalogue/exports/parts.csv', customer), 403);
    const csv = await get(shop, '/api/admin/catalogue/exports/parts.csv');
    expectReply(csv, 200);
    const [header, ...rows] = csv.body.trim().split('\n');
    expect(header).toBe('partNumber,name,description,category,price,minOrderQuantity,gtin,brandAaiaId,partTerminologyId,weightGrams,lengthMm,widthMm,heightMm,packageGtin,lifecycle,replacedBy,photoUrl');
    expect(rows.find((row) => row.startsWith('EX-099,'))).toContain(',7,EX-100X,');
    expect((await runImport(shop, importPartsCsv, csv.body)).counts).toMatchObject({ unchanged: rows.length, changed: 0, added: 0, rejected: 0 });
  });

  it('neutralises a formula after a ";" too (a semicolon locale splits the line there), spaces before it or not, and reads every cell back as it was', async () => {
    const name = 'Brake pad;=HYPERLINK("https://attacker.example/","Open")';
    const description = "Kit;+1 spare;@SUM(A1);'=kept as typed; -2+3;' =kept too";
    const quoted = (cell: string) => `"${cell.replaceAll('"', '""')}"`;
    expect((await runImport(shop, importPartsCsv, ['partNumber,name,price', `SC-1,${quoted(name)},5.00`].join('\n'))).counts).toMatchObject({ added: 1 });
    // As an admin's editor may store it: a quote mark of its own before the "=".
    await shop.db.updateTable('parts').set({ description }).where('part_number', '=', 'SC-1').execute();

    const csv = await get(shop, '/api/admin/catalogue/exports/parts.csv');
    const line = csv.body.split('\n').find((row) => row.startsWith('SC-1,'));
    expect(line).toContain(`,${quoted("Brake pad;'=HYPERLINK(\"https://attacker.example/\",\"Open\")")},${quoted("Kit;'+1 spare;'@SUM(A1);''=kept as typed;' -2+3;'' =kept too")},`);
    const rows = csv.body.trim().split('\n').length - 1;
    expect((await runImport(shop, importPartsCsv, csv.body)).counts).toMatchObject({ unchanged: rows, changed: 0, added: 0, rejected: 0 });
    expect(await shop.db.selectFrom('parts').select(['name', 'description']).where('part_number', '=', 'SC-1').executeTakeFirst()).toEqual({ name, description });
  });

  it('creates and changes parts, and names each problem with its line', async () => {
    const csv = ['partNumber,name,price,gtin,lifecycle,replacedBy', 'CS-1,Oil filter,7.50,,,', 'CS-2,Old filter,6.00,,6,CS-1', 'CS-3,Bad,1.00,012345678906,,', 'CS-4,Gone,1.00,,7,NO-SUCH-9', 'CS-1,Twice,1.00,,,'].join('\n');
    const { problems, counts } = await runImport(shop, importPartsCsv, csv, 'skip');
    expect(problems.map(({ line, ref, code }) => ({ line, ref, code }))).toEqual([
      { line: 4, ref: 'CS-3', code: 'gtin-check-digit' },
      { line: 6, ref: 'CS-1', code: 'duplicate' },
      { line: 5, ref: 'CS-4', code: 'unknown-part' },
    ]);
    expect(counts).toMatchObject({ added: 2, rejected: 3 });
    const old = await shop.db.selectFrom('parts').innerJoin('parts as by', 'by.id', 'parts.replaced_by').select(['parts.lifecycle_code', 'by.part_number']).where('parts.part_number', '=', 'CS-2').executeTakeFirst();
    expect(old).toEqual({ lifecycle_code: '6', part_number: 'CS-1' });
    expect((await runImport(shop, importPartsCsv, 'name,price\nX,1.00')).problems).toEqual([expect.objectContaining({ code: 'missing-column', line: 1 })]);
  });
});

describe('a part sold only while supplies last, and a kit of parts not sold on their own', () => {
  const lif = (code: string) => `<ExtendedInformation><ExtendedProductInformation EXPICode="LIF">${code}</ExtendedProductInformation></ExtendedInformation>`;
  const kitOf = (numbers: string[]) =>
    `<Kits>${numbers.map((number, index) => `<KitComponent><ComponentPartNumber>${number}</ComponentPartNumber><QuantityInKit UOM="EA">1</QuantityInKit><SequenceCode>${index + 1}</SequenceCode></KitComponent>`).join('')}</Kits>`;

  // PIES's life cycle A, "Available only while supplies last", was refused as "not a PIES code" by
  // the PIES and CSV imports; a kit's component no longer made or superseded went out as
  // SoldSeparately Y, though nobody can buy it on its own (decision 213).
  it('goes out with its code and each component not on sale as not sold separately, and another shop takes them', async () => {
    const file = piesFile(
      piesItem('WSL-100', { after: lif('A') }),
      piesItem('WSL-200', { after: lif('8') }),
      piesItem('WSL-300', { after: lif('7') }),
      piesItem('WSL-400', { after: '<PartInterchangeInfo><PartInterchange BrandAAIAID="BKPN"><PartNumber>WSL-300</PartNumber></PartInterchange></PartInterchangeInfo>' }),
      piesItem('WSL-KIT', { after: kitOf(['WSL-100', 'WSL-200', 'WSL-300', 'WSL-400']) }),
    );
    expect((await runImport(shop, importPies, file)).problems).toEqual([]);
    expect((await runImport(shop, importPartsCsv, 'partNumber,lifecycle\nWSL-400,a\n')).problems).toEqual([]);
    const codes = async (app: FastifyInstance) =>
      Object.fromEntries((await app.db.selectFrom('parts').select(['part_number', 'lifecycle_code']).where('part_number', 'like', 'WSL-%').execute()).map((row) => [row.part_number, row.lifecycle_code]));
    expect(await codes(shop)).toEqual({ 'WSL-100': 'A', 'WSL-200': '8', 'WSL-300': '7', 'WSL-400': 'A', 'WSL-KIT': '2' });

    const full = await get(shop, '/api/admin/catalogue/exports/pies');
    expectReply(full, 200);
    expect(full.body).toMatch(/<PartNumber>WSL-100<\/PartNumber>.*<ExtendedProductInformation MaintenanceType="A" EXPICode="LIF">A<\/ExtendedProductInformation>/);
    const kit = /<PartNumber>WSL-KIT<\/PartNumber>.*?<Kits>(.*?)<\/Kits>/.exec(full.body)?.[1] ?? '';
    expect([...kit.matchAll(/<ComponentPartNumber>([^<]*)<\/ComponentPartNumber>.*?<SoldSeparately>([YN])<\/SoldSeparately>/g)].map(([, number, sold]) => [number, sold])).toEqual([
      ['WSL-100', 'Y'],
      ['WSL-200', 'N'],
      ['WSL-300', 'N'],
      ['WSL-400', 'Y'],
    ]);
    expect((await runImport(other, importPies, full.body)).problems).toEqual([]);
    expect(await codes(other)).toEqual(await codes(shop));
  });
});
