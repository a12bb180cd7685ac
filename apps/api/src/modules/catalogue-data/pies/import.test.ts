import { catalogueDataMessages, catalogueMessages, directionControlMessage, moneyAtMostMessage, partChangeMessages, PRICE_MAX } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app';
import { importPartsCsv } from '../parts-csv/import';
import { importPies, IMPORT_BATCH } from './import';
import { piesFile, piesItem, runImport } from './test-files';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

const part = (number: string) =>
  app.db
    .selectFrom('parts')
    .leftJoin('parts as replacer', 'replacer.id', 'parts.replaced_by')
    .select(['parts.id', 'parts.name', 'parts.price_cents', 'parts.gtin', 'parts.lifecycle_code', 'replacer.part_number as replaced_by', 'parts.weight_grams', 'parts.package_length_mm', 'parts.img'])
    .where('parts.part_number', '=', number)
    .executeTakeFirst();

describe('importPies', () => {
  it('creates parts, then counts them unchanged, then changed', async () => {
    const full = piesItem('PI-100', {
      before: '<ItemLevelGTIN GTINQualifier="UP">012345678905</ItemLevelGTIN>',
      after: [
        '<Packages><Package><PackageUOM>EA</PackageUOM><Dimensions UOM="IN"><ShippingHeight>2</ShippingHeight><ShippingWidth>4</ShippingWidth><ShippingLength>10</ShippingLength></Dimensions><Weights UOM="PG"><Weight>2</Weight></Weights></Package></Packages>',
        '<DigitalAssets><DigitalFileInformation><AssetType>P04</AssetType><URI>https://example.com/pi-100.jpg</URI></DigitalFileInformation></DigitalAssets>',
      ].join('\n'),
    });
    const first = await runImport(app, importPies, piesFile(full, piesItem('PI-101')));
    expect(first).toEqual({ problems: [], counts: { added: 2, changed: 0, deleted: 0, unchanged: 0, rejected: 0 } });
    expect(await part('PI-100')).toMatchObject({ name: 'Part PI-100', price_cents: 1000, gtin: '00012345678905', weight_grams: 907, package_length_mm: 254, img: 'https://example.com/pi-100.jpg' });

    const id = (await part('PI-100'))?.id ?? '';
    for (const url of [`/api/part/${id}`, '/api/parts/by-number/PI-100']) {
      const read = await app.inject({ method: 'GET', url });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ gtin: '00012345678905', package: { weightGrams: 907, lengthMm: 254, widthMm: 102, heightMm: 51 }, descriptions: [{ code: 'DES', text: 'Part PI-100' }] });
    }
    expect((await runImport(app, importPies, piesFile(full, piesItem('PI-101')))).counts).toMatchObject({ added: 0, changed: 0, unchanged: 2 });
    expect((await runImport(app, importPies, piesFile(full, piesItem('PI-101', { price: '12.50' })))).counts).toMatchObject({ changed: 1, unchanged: 1 });
    expect((await part('PI-101'))?.price_cents).toBe(1250);
  });

  // A file that lost Items on its way is not applied in part: not even with `skip` (decision 183).
  it('applies nothing of a file whose Trailer’s ItemCount differs from its Items', async () => {
    const short = piesFile(piesItem('PC-100'), piesItem('PC-101')).replace('<ItemCount>2<', '<ItemCount>5<');
    for (const onProblems of ['refuse', 'skip'] as const) {
      const { problems } = await runImport(app, importPies, short, onProblems);
      expect(problems).toEqual([expect.objectContaining({ code: 'invalid-value', message: expect.stringContaining('ItemCount says "5", but the file holds 2 Items') })]);
      expect(await part('PC-100')).toBeUndefined();
    }
  });

  it('resolves a replacement named by an item later in the file, in the same import', async () => {
    const old = piesItem('PI-200', { after: '<ExtendedInformation><ExtendedProductInformation EXPICode="LIF">7</ExtendedProductInformation></ExtendedInformation>' });
    const current = piesItem('PI-201', { after: '<PartInterchangeInfo><PartInterchange BrandAAIAID="BKPN"><PartNumber>PI-200</PartNumber></PartInterchange><PartInterchange BrandLabel="Rival"><PartNumber InterchangeQuantity="2">RV-9</PartNumber></PartInterchange><PartInterchange BrandAAIAID="RVLX"><PartNumber>RX-9</PartNumber></PartInterchange></PartInterchangeInfo>' });
    const { problems, counts } = await runImport(app, importPies, piesFile(old, current));
    expect(problems).toEqual([]);
    expect(counts.added).toBe(2);
    expect(await part('PI-200')).toMatchObject({ lifecycle_code: '7', replaced_by: 'PI-201' });
    const interchange = await app.db.selectFrom('part_interchange').select(['brand', 'brand_kind', 'part_number', 'quantity']).where('part_id', '=', (await part('PI-201'))?.id ?? '').orderBy('position').execute();
    // Another brand's number under its code is kept as a code, for the export to write as it came (decision 206).
    expect(interchange).toEqual([
      { brand: 'Rival', brand_kind: 'label', part_number: 'RV-9', quantity: 2 },
      { brand: 'RVLX', brand_kind: 'code', part_number: 'RX-9', quantity: 1 },
    ]);
  });

  it('changes a brand sent once by its name and then by its code, and refuses a code that is not four letters or digits (decision 206)', async () => {
    const item = (brand: string) => piesItem('PI-210', { after: `<PartInterchangeInfo><PartInterchange ${brand}><PartNumber>RX-10</PartNumber></PartInterchange></PartInterchangeInfo>` });
    expect((await runImport(app, importPies, piesFile(item('BrandLabel="RVLX"')))).counts.added).toBe(1);
    expect((await runImport(app, importPies, piesFile(item('BrandLabel="RVLX"')))).counts).toMatchObject({ unchanged: 1, changed: 0 });
    expect((await runImport(app, importPies, piesFile(item('BrandAAIAID="RVLX"')))).counts).toMatchObject({ unchanged: 0, changed: 1 });
    const stored = () => app.db.selectFrom('part_interchange').innerJoin('parts', 'parts.id', 'part_interchange.part_id').select(['brand', 'brand_kind']).where('parts.part_number', '=', 'PI-210').execute();
    expect(await stored()).toEqual([{ brand: 'RVLX', brand_kind: 'code' }]);
    // A code in lower case is the same code, as Manage Products takes it.
    expect((await runImport(app, importPies, piesFile(item('BrandAAIAID="rvlx"')))).counts).toMatchObject({ unchanged: 1, changed: 0, rejected: 0 });
    const refused = await runImport(app, importPies, piesFile(item('BrandAAIAID="RVL"')));
    expect(refused.counts.rejected).toBe(1);
    expect(refused.problems).toEqual([expect.objectContaining({ ref: 'PI-210', message: expect.stringContaining(partChangeMessages.interchangeBrandCode(1)) })]);
    expect(await stored()).toEqual([{ brand: 'RVLX', brand_kind: 'code' }]);
  });

  it('builds a kit of a component later in the file, and gives an older number outside the file its replacement or refuses one the shop lacks', async () => {
    const discontinued = '<ExtendedInformation><ExtendedProductInformation EXPICode="LIF">8</ExtendedProductInformation></ExtendedInformation>';
    await runImport(app, importPies, piesFile(piesItem('PI-800', { after: discontinued })));
    const replaces = (number: string) => `<PartInterchangeInfo><PartInterchange BrandAAIAID="BKPN"><PartNumber>${number}</PartNumber></PartInterchange></PartInterchangeInfo>`;
    const kit = piesItem('PI-801', { after: '<Kits><KitComponent><ComponentPartNumber>PI-802</ComponentPartNumber><QuantityInComponent>2</QuantityInComponent></KitComponent></Kits>' });
    const { problems, counts } = await runImport(app, importPies, piesFile(kit, piesItem('PI-802', { after: replaces('PI-800') })));
    expect(problems).toEqual([]);
    expect(counts).toMatchObject({ added: 2, rejected: 0 });
    expect(await part('PI-800')).toMatchObject({ lifecycle_code: '8', replaced_by: 'PI-802' });
    const components = await app.db
      .selectFrom('part_kit_components')
      .innerJoin('parts', 'parts.id', 'part_kit_components.component_id')
      .select(['parts.part_number', 'part_kit_components.quantity'])
      .where('part_kit_components.kit_id', '=', (await part('PI-801'))?.id ?? '')
      .execute();
    expect(components).toEqual([{ part_number: 'PI-802', quantity: 2 }]);

    const orphan = await runImport(app, importPies, piesFile(piesItem('PI-803', { after: replaces('PI-899') })), 'skip');
    expect(orphan.problems).toEqual([{ line: 5, ref: 'PI-803', code: 'unknown-part', message: 'PI-803 replaces PI-899, which is not a part of the shop.' }]);
    expect(orphan.counts).toMatchObject({ added: 0, rejected: 1 });
  });

  it('names no archived part as a replacement or a kit component (the rules of Manage Products)', async () => {
    await runImport(app, importPies, piesFile(piesItem('PI-900'), piesItem('PI-901')));
    await app.db.updateTable('parts').set({ archived_at: new Date() }).where('part_number', '=', 'PI-900').execute();
    const superseded = piesItem('PI-902', { after: '<ExtendedInformation><ExtendedProductInformation EXPICode="LIF">7</ExtendedProductInformation></ExtendedInformation>' });
    // The archived PI-900, still in the manufacturer's file, names PI-902 and PI-901 as its older numbers; PI-903 is a kit of it.
    const archived = piesItem('PI-900', { after: '<PartInterchangeInfo><PartInterchange BrandAAIAID="BKPN"><PartNumber>PI-902</PartNumber></PartInterchange><PartInterchange BrandAAIAID="BKPN"><PartNumber>PI-901</PartNumber></PartInterchange></PartInterchangeInfo>' });
    const kit = piesItem('PI-903', { after: '<Kits><KitComponent><ComponentPartNumber>PI-900</ComponentPartNumber><QuantityInComponent>1</QuantityInComponent></KitComponent></Kits>' });
    const { problems } = await runImport(app, importPies, piesFile(superseded, archived, kit), 'skip');
    expect(problems.map(({ ref, message }) => ({ ref, message }))).toEqual([
      { ref: 'PI-902', message: partChangeMessages.replacementArchived('PI-900') },
      { ref: 'PI-903', message: partChangeMessages.componentArchived('PI-900') },
      { ref: 'PI-900', message: `PI-901: ${partChangeMessages.replacementArchived('PI-900')}` },
    ]);
    expect(await part('PI-901')).toMatchObject({ replaced_by: null });
    expect(await part('PI-902')).toMatchObject({ replaced_by: null });
  });

  it('keeps what an UPDATE item leaves out: a price-only item changes the price, not the package, breaks, interchange, kit or replacement', async () => {
    const full = piesFile(
      piesItem('PU-100', {
        after: [
          '<Prices><Pricing PriceType="LST"><CurrencyCode>USD</CurrencyCode><Price>10.00</Price></Pricing><Pricing PriceType="LST"><CurrencyCode>USD</CurrencyCode><Price>9.00</Price><PriceBreak>10</PriceBreak></Pricing></Prices>',
          '<Packages><Package><PackageLevelGTIN>10012345678902</PackageLevelGTIN><Dimensions UOM="IN"><ShippingHeight>2</ShippingHeight><ShippingWidth>5</ShippingWidth><ShippingLength>7.5</ShippingLength></Dimensions><Weights UOM="PG"><Weight>1.5</Weight></Weights></Package></Packages>',
          '<PartInterchangeInfo><PartInterchange BrandAAIAID="BKPN"><PartNumber>PU-099</PartNumber></PartInterchange><PartInterchange BrandLabel="Other Brand"><PartNumber InterchangeQuantity="2">OB-55</PartNumber></PartInterchange></PartInterchangeInfo>',
        ].join('\n'),
      }),
      piesItem('PU-099', { after: '<ExtendedInformation><ExtendedProductInformation EXPICode="LIF">7</ExtendedProductInformation></ExtendedInformation>' }),
      piesItem('PU-200', { price: '35.00', after: '<Kits><KitComponent><ComponentPartNumber>PU-100</ComponentPartNumber><QuantityInKit UOM="EA">4</QuantityInKit></KitComponent></Kits>' }),
    );
    expect((await runImport(app, importPies, full)).problems).toEqual([]);
    const facts = async (number: string) => {
      const id = (await part(number))?.id ?? '';
      const [row, breaks, interchange, kit] = await Promise.all([
        app.db.selectFrom('parts').select(['price_cents', 'weight_grams', 'package_length_mm', 'package_gtin']).where('id', '=', id).executeTakeFirst(),
        app.db.selectFrom('part_price_breaks').select(['min_quantity', 'unit_price_cents']).where('part_id', '=', id).execute(),
        app.db.selectFrom('part_interchange').select(['brand', 'part_number']).where('part_id', '=', id).execute(),
        app.db.selectFrom('part_kit_components').select('quantity').where('kit_id', '=', id).execute(),
      ]);
      return { ...row, breaks, interchange, kit };
    };
    const before = { 'PU-100': await facts('PU-100'), 'PU-200': await facts('PU-200') };
    expect(before['PU-100']).toMatchObject({ weight_grams: 680, package_gtin: '10012345678902', breaks: [{ min_quantity: 10, unit_price_cents: 900 }], interchange: [{ brand: 'Other Brand', part_number: 'OB-55' }] });
    expect(before['PU-200'].kit).toHaveLength(1);

    const priceOnly = (number: string, price: string) =>
      `<Item MaintenanceType="C"><PartNumber>${number}</PartNumber><BrandAAIAID>BKPN</BrandAAIAID><Prices><Pricing MaintenanceType="C" PriceType="LST"><CurrencyCode>USD</CurrencyCode><Price UOM="PE">${price}</Price></Pricing></Prices></Item>`;
    const update = piesFile(priceOnly('PU-100', '11.00'), priceOnly('PU-200', '36.00')).replace('<SubmissionType>FULL</SubmissionType>', '<SubmissionType>UPDATE</SubmissionType>');
    const { problems, counts } = await runImport(app, importPies, update);
    expect(problems).toEqual([]);
    expect(counts).toMatchObject({ changed: 2, rejected: 0 });
    expect(await facts('PU-100')).toEqual({ ...before['PU-100'], price_cents: 1100 });
    expect(await facts('PU-200')).toEqual({ ...before['PU-200'], price_cents: 3600 });
    expect(await part('PU-099')).toMatchObject({ replaced_by: 'PU-100' });
  });

  it('archives the part of an Item of MaintenanceType D, never adds one, and refuses a segment of MaintenanceType D', async () => {
    await runImport(app, importPies, piesFile(piesItem('PM-700'), piesItem('PM-702')));
    const deleted = (number: string) => piesItem(number).replace('<Item MaintenanceType="A">', '<Item MaintenanceType="D">');
    const segmentDeleted = piesItem('PM-702', { after: '<Descriptions><Description MaintenanceType="D" DescriptionCode="SHO" LanguageCode="EN">Old</Description></Descriptions>' });
    const file = piesFile(deleted('PM-700'), deleted('PM-701'), segmentDeleted);
    const { problems, counts } = await runImport(app, importPies, file, 'skip');
    expect(problems).toEqual([
      { line: 17, ref: 'PM-702', code: 'invalid-value', message: expect.stringContaining('A Description with MaintenanceType D (line 22) is not taken') },
      { line: 11, ref: 'PM-701', code: 'not-applied', message: 'PM-701 is not a part of the shop: its Item of MaintenanceType D deletes nothing, and no part is added.' },
    ]);
    expect(counts).toMatchObject({ added: 0, deleted: 1, unchanged: 1, rejected: 1 });
    expect(await part('PM-701')).toBeUndefined();
    const archived = await app.db.selectFrom('parts').select(['part_number', 'archived_at']).where('part_number', 'in', ['PM-700', 'PM-702']).orderBy('part_number').execute();
    expect(archived).toEqual([
      { part_number: 'PM-700', archived_at: expect.any(Date) },
      { part_number: 'PM-702', archived_at: null },
    ]);
    // Deleted again: already archived, unchanged.
    expect((await runImport(app, importPies, piesFile(deleted('PM-700')))).counts).toMatchObject({ deleted: 0, unchanged: 1 });
  });

  it('adds a part at its price in force, and tells of a price yet to come without refusing the item', async () => {
    const prices = '<Prices><Pricing PriceType="LST"><EffectiveDate>2020-01-01</EffectiveDate><Price>20.00</Price></Pricing><Pricing PriceType="LST"><EffectiveDate>2999-06-01</EffectiveDate><Price>99.00</Price></Pricing></Prices>';
    const file = piesFile(`<Item><PartNumber>PF-600</PartNumber><Descriptions><Description DescriptionCode="DES">Brake pads</Description></Descriptions>${prices}</Item>`);
    const { problems, counts } = await runImport(app, importPies, file);
    expect(problems).toEqual([expect.objectContaining({ ref: 'PF-600', code: 'not-applied' })]);
    expect(counts).toMatchObject({ added: 1, rejected: 0 });
    expect(await part('PF-600')).toMatchObject({ price_cents: 2000 });
  });

  it('names each problem with its line and writes nothing when refused', async () => {
    const file = piesFile(
      piesItem('PI-300', { before: '<ItemLevelGTIN>012345678906</ItemLevelGTIN>' }),
      piesItem('PI-301'),
      piesItem('PI-301'),
      piesItem('PI-302', { after: '<PartInterchangeInfo><PartInterchange><PartNumber>NO-SUCH-1</PartNumber></PartInterchange></PartInterchangeInfo>' }),
      piesItem('PI-303', { after: '<ExtendedInformation><ExtendedProductInformation EXPICode="LIF">6</ExtendedProductInformation></ExtendedInformation>' }),
    );
    const { problems, counts } = await runImport(app, importPies, file);
    expect(problems.map(({ ref, code }) => ({ ref, code }))).toEqual([
      { ref: 'PI-300', code: 'gtin-check-digit' },
      { ref: 'PI-301', code: 'duplicate' },
      { ref: 'PI-303', code: 'part-change' },
      { ref: 'PI-302', code: 'unknown-part' },
    ]);
    expect(problems[0]?.line).toBe(file.split('\n').indexOf('<Item MaintenanceType="A">') + 1);
    expect(counts.rejected).toBe(4);
    expect(await part('PI-301')).toBeUndefined();
  });

  it('with skip, leaves the rejected items out and writes the rest', async () => {
    const { counts } = await runImport(app, importPies, piesFile(piesItem('PI-400', { before: '<ItemLevelGTIN>12345</ItemLevelGTIN>' }), piesItem('PI-401')), 'skip');
    expect(counts).toMatchObject({ added: 1, rejected: 1 });
    expect(await part('PI-400')).toBeUndefined();
    expect(await part('PI-401')).toBeDefined();
  });

  it('says where the XML is malformed', async () => {
    const file = piesFile(piesItem('PI-500'), '<Item><PartNumber>PI-501</Item>');
    const { problems } = await runImport(app, importPies, file);
    expect(problems).toEqual([{ code: 'xml', line: file.split('\n').indexOf('<Item><PartNumber>PI-501</Item>') + 1, ref: 'PI-501', message: expect.stringContaining('unexpected close tag') }]);
    expect(await part('PI-500')).toBeUndefined();
  });

  it('refuses, item by item, a number an admin corrected away, in PIES and in a parts CSV (decision 115)', async () => {
    await runImport(app, importPies, piesFile(piesItem('FN-100')));
    const { id } = (await part('FN-100'))!;
    // As the catalogue page's correction leaves it (decision 112): the part is FN-100X, FN-100 its former number.
    await app.db.transaction().execute(async (trx) => {
      await trx.updateTable('parts').set({ part_number: 'FN-100X' }).where('id', '=', id).execute();
      await trx.insertInto('part_former_numbers').values({ part_number: 'FN-100', part_id: id }).execute();
    });
    const problem = { ref: 'FN-100', code: 'former-number', message: catalogueDataMessages.formerNumber('FN-100', 'FN-100X') };

    const pies = await runImport(app, importPies, piesFile(piesItem('FN-100', { name: 'Renamed' }), piesItem('FN-101')), 'skip');
    expect(pies.problems).toEqual([expect.objectContaining(problem)]);
    expect(pies.counts).toMatchObject({ added: 1, rejected: 1 });
    const csv = await runImport(app, importPartsCsv, 'partNumber,name,price\nfn-100,Renamed,10.00\nFN-102,Other,10.00\n', 'skip');
    expect(csv.problems).toEqual([{ line: 2, ...problem }]);
    expect(csv.counts).toMatchObject({ added: 1, rejected: 1 });
    const archived = await runImport(app, importPies, piesFile('<Item MaintenanceType="D"><PartNumber>FN-100</PartNumber></Item>'));
    expect(archived.problems).toEqual([expect.objectContaining(problem)]);
    expect(await part('FN-100X')).toMatchObject({ id, name: 'Part FN-100' });
    expect(await part('FN-100')).toBeUndefined();
  });

  it('refuses a price above the shop\'s cap, in its words, in PIES and in a parts CSV', async () => {
    const capped = moneyAtMostMessage('The list price', PRICE_MAX);
    expect(capped).toBe('The list price is at most $1,000,000.00');
    const pies = await runImport(
      app,
      importPies,
      piesFile(
        piesItem('CAP-100', { price: '1000000.01' }),
        piesItem('CAP-101', { price: '999999999' }),
        piesItem('CAP-102').replace(
          /<Prices>.*<\/Prices>/,
          '<Prices><Pricing PriceType="LST"><CurrencyCode>USD</CurrencyCode><Price UOM="PE">10.00</Price></Pricing><Pricing PriceType="LST"><CurrencyCode>USD</CurrencyCode><Price UOM="PE">2000000</Price><PriceBreak UOM="EA">5</PriceBreak></Pricing></Prices>',
        ),
        piesItem('CAP-103', { price: '1000000.00' }),
      ),
      'skip',
    );
    // The break of CAP-102 is above its list price too: said as well, after the cap.
    expect(pies.problems.map(({ ref, message }) => ({ ref, message })).slice(0, 3)).toEqual([
      { ref: 'CAP-100', message: capped },
      { ref: 'CAP-101', message: capped },
      { ref: 'CAP-102', message: moneyAtMostMessage('The price from 5', PRICE_MAX) },
    ]);
    expect(pies.counts).toMatchObject({ added: 1, rejected: 3 });
    expect(await part('CAP-103')).toMatchObject({ price_cents: 100_000_000 });
    const csv = await runImport(app, importPartsCsv, 'partNumber,name,price\nCAP-104,Dear,2000000.00\nCAP-105,Dearest,1000000.00\n', 'skip');
    expect(csv.problems).toEqual([expect.objectContaining({ ref: 'CAP-104', code: 'invalid-value', message: capped })]);
    expect(await part('CAP-104')).toBeUndefined();
    expect(await part('CAP-105')).toMatchObject({ price_cents: 100_000_000 });
  });

  it('refuses a name or description that shows no character, in PIES and in a parts CSV', async () => {
    const invisible = '&#x200B;&#x200D;&#xFEFF;';
    const pies = await runImport(
      app,
      importPies,
      piesFile(
        piesItem('ZW-100', { name: invisible }),
        piesItem('ZW-101', { after: `<Descriptions><Description DescriptionCode="MKT" LanguageCode="EN">${invisible}</Description></Descriptions>` }),
        piesItem('ZW-102'),
      ),
      'skip',
    );
    expect(pies.problems.map(({ ref, code, message }) => ({ ref, code, message }))).toEqual([
      { ref: 'ZW-100', code: 'invalid-value', message: catalogueDataMessages.invisibleText('The name') },
      { ref: 'ZW-101', code: 'invalid-value', message: catalogueDataMessages.invisibleText('The description') },
    ]);
    expect(pies.counts).toMatchObject({ added: 1, rejected: 2 });
    const csv = await runImport(app, importPartsCsv, 'partNumber,name,price\nZW-103,\u200b\u200b,5.00\nZW-102, \u2060 ,5.00\n', 'skip');
    expect(csv.problems.map(({ ref, code }) => ({ ref, code }))).toEqual([
      { ref: 'ZW-103', code: 'invalid-value' },
      { ref: 'ZW-102', code: 'invalid-value' },
    ]);
    expect(await part('ZW-103')).toBeUndefined();
    expect(await part('ZW-102')).toMatchObject({ name: 'Part ZW-102' });
  });

  // "Trojan source" (decisions 216, 220): a file's text reaches the part's page as Add a Product's does, under its rule.
  it('refuses a name or description holding a text-direction control, in PIES and in a parts CSV', async () => {
    const pies = await runImport(
      app,
      importPies,
      piesFile(
        piesItem('BD-100', { name: 'Brake pad &#x202E;tnorf' }),
        piesItem('BD-101', { after: '<Descriptions><Description DescriptionCode="MKT" LanguageCode="EN">Fits &#x2067;all&#x2069; cars</Description></Descriptions>' }),
        piesItem('BD-102', { name: 'Brake pad &#x200F;front' }),
      ),
      'skip',
    );
    expect(pies.problems.map(({ ref, code, message }) => ({ ref, code, message }))).toEqual([
      { ref: 'BD-100', code: 'invalid-value', message: directionControlMessage('The name') },
      { ref: 'BD-101', code: 'invalid-value', message: directionControlMessage('The description') },
    ]);
    // A right-to-left mark, which real right-to-left writing uses, stays allowed (decision 216).
    expect(pies.counts).toMatchObject({ added: 1, rejected: 2 });
    const csv = await runImport(app, importPartsCsv, 'partNumber,name,price\nBD-103,Rotor \u202Bfront,5.00\n', 'skip');
    expect(csv.problems).toEqual([expect.objectContaining({ ref: 'BD-103', code: 'invalid-value', message: directionControlMessage('The name') })]);
    expect(await part('BD-103')).toBeUndefined();
  });

  it('holds part numbers to the catalogue editor’s one rule: upper-cased, 1–40 letters, digits and dashes', async () => {
    const { problems, counts } = await runImport(app, importPies, piesFile(piesItem('pn-100'), piesItem('PN_101')), 'skip');
    expect(problems).toEqual([expect.objectContaining({ ref: 'PN_101', code: 'invalid-value', message: `Part number "PN_101": ${catalogueMessages.partNumber}.` })]);
    expect(counts).toMatchObject({ added: 1, rejected: 1 });
    expect(await part('PN-100')).toBeDefined();
  });

  it('tells its progress: the records read (rejected ones too), then the second pass done of all it has to do (decision 147)', async () => {
    const told: Array<[number, number | undefined, string | undefined]> = [];
    const items = Array.from({ length: IMPORT_BATCH + 2 }, (_, index) => piesItem(index === 0 ? 'PR_0' : `PR-${index}`));
    await runImport(app, importPies, piesFile(...items), 'skip', (done, total, phase) => told.push([done, total, phase]));
    // Before, the second pass counted from 0 again with no total: the bar went back with nothing to say why.
    expect(told).toEqual([
      [IMPORT_BATCH, undefined, 'reading'],
      [0, IMPORT_BATCH + 1, 'writing'],
      [IMPORT_BATCH, IMPORT_BATCH + 1, 'writing'],
    ]);
  });
});
