import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { gtin14, type ReadRecord } from './item';
import { CHUNK_BYTES } from '../repository';
import { readPies } from './reader';
import { piesFile, piesItem } from './test-files';

async function read(text: string, chunk = 7, today?: string): Promise<ReadRecord[]> {
  // Small chunks: an element split between two reads is read whole.
  const chunks = Array.from({ length: Math.ceil(text.length / chunk) }, (_, index) => Buffer.from(text.slice(index * chunk, (index + 1) * chunk)));
  const records: ReadRecord[] = [];
  for await (const record of readPies(Readable.from(chunks), { today })) records.push(record);
  return records;
}

describe('gtin14', () => {
  it('checks the check digit and pads to 14 digits, so leading zeros do not matter', () => {
    expect(gtin14('012345678905')).toBe('00012345678905');
    expect(gtin14('0012345678905')).toBe('00012345678905');
    expect(gtin14('00012345678905')).toBe('00012345678905');
    expect(gtin14('96385074')).toBe('00000096385074');
    expect(gtin14('012345678906')).toBeUndefined();
    expect(gtin14('12345')).toBeUndefined();
    expect(gtin14('0123456789O5')).toBeUndefined();
  });
});

describe('readPies', () => {
  it('reads every field of an Item, in the shop units, with the line it starts on', async () => {
    const item = piesItem('RD-1', {
      name: 'Rotor',
      price: '64.50',
      before: '<ItemLevelGTIN GTINQualifier="UP">012345678905</ItemLevelGTIN>',
      after: [
        '<MinimumOrderQuantity UOM="EA">4</MinimumOrderQuantity><PartTerminologyID>1896</PartTerminologyID>',
        '<Descriptions><Description DescriptionCode="SHO">Rotor</Description><Description DescriptionCode="MKT">Vented &amp; coated.</Description></Descriptions>',
        '<Prices><Pricing PriceType="LST"><Price>60.00</Price><PriceBreak>10</PriceBreak></Pricing><Pricing PriceType="JBR"><Price>1.00</Price></Pricing></Prices>',
        '<ExtendedInformation><ExtendedProductInformation EXPICode="CTO">US</ExtendedProductInformation><ExtendedProductInformation EXPICode="LIF">8</ExtendedProductInformation></ExtendedInformation>',
        '<Packages><Package><PackageLevelGTIN>10012345678902</PackageLevelGTIN><Dimensions UOM="IN"><ShippingHeight>2</ShippingHeight><ShippingWidth>12</ShippingWidth><ShippingLength>12.5</ShippingLength></Dimensions><Weights UOM="PG"><Weight>21</Weight></Weights></Package></Packages>',
        '<Kits><KitComponent><ComponentPartNumber>RD-3</ComponentPartNumber><QuantityInKit UOM="EA">1</QuantityInKit><SequenceCode>2</SequenceCode></KitComponent><KitComponent><ComponentPartNumber>RD-2</ComponentPartNumber><QuantityInKit UOM="EA">2</QuantityInKit><SequenceCode>1</SequenceCode></KitComponent></Kits>',
        '<PartInterchangeInfo><PartInterchange BrandAAIAID="BKPN"><PartNumber>RD-0</PartNumber></PartInterchange><PartInterchange BrandAAIAID="ZZZZ" BrandLabel="Rival"><PartNumber InterchangeQuantity="2">RV 1</PartNumber></PartInterchange></PartInterchangeInfo>',
        '<DigitalAssets><DigitalFileInformation><AssetType>P01</AssetType><URI>https://example.com/other.jpg</URI></DigitalFileInformation><DigitalFileInformation><AssetType>P04</AssetType><URI>https://example.com/rd-1.jpg</URI></DigitalFileInformation></DigitalAssets>',
      ].join('\n'),
    });
    const [record, ...rest] = await read(piesFile(piesItem('RD-0'), item));
    expect(record).toMatchObject({ line: 5, item: { partNumber: 'RD-0' } });
    expect(rest).toEqual([
      {
        line: 11,
        problems: [],
        item: {
          partNumber: 'RD-1',
          name: 'Rotor',
          description: 'Vented & coated.',
          gtin: '00012345678905',
          brandAaiaId: 'BKPN',
          partTerminologyId: 1896,
          minOrderQuantity: 4,
          listPrice: 6450,
          priceBreaks: [{ minQuantity: 10, unitPriceCents: 6000 }],
          descriptions: [{ code: 'SHO', language: 'EN', text: 'Rotor' }],
          lifecycle: '8',
          package: { weightGrams: 9525, lengthMm: 318, widthMm: 305, heightMm: 51, gtin: '10012345678902' },
          kit: [
            { partNumber: 'RD-2', quantity: 2 },
            { partNumber: 'RD-3', quantity: 1 },
          ],
          replaces: ['RD-0'],
          // With both a code and a name, the name (decision 206).
          interchange: [{ brand: 'Rival', brandKind: 'label', partNumber: 'RV 1', quantity: 2 }],
          photoUrl: 'https://example.com/rd-1.jpg',
        },
      },
    ]);
  });

  it('still reads the kit quantity and order under the names this shop wrote before PIES 7.x’s (QuantityInComponent, Sequence)', async () => {
    const kit = '<Kits><KitComponent><ComponentPartNumber>RD-5</ComponentPartNumber><QuantityInComponent>3</QuantityInComponent><Sequence>2</Sequence></KitComponent><KitComponent><ComponentPartNumber>RD-6</ComponentPartNumber><QuantityInKit>4</QuantityInKit><SequenceCode>1</SequenceCode></KitComponent></Kits>';
    const [record] = await read(piesFile(piesItem('RD-4', { after: kit })));
    expect(record && 'item' in record && record.item.kit).toEqual([
      { partNumber: 'RD-6', quantity: 4 },
      { partNumber: 'RD-5', quantity: 3 },
    ]);
  });

  it('names what is wrong with an item: a GTIN check digit, a currency, a unit', async () => {
    const [record] = await read(
      piesFile(
        piesItem('RD-9', {
          before: '<ItemLevelGTIN>012345678906</ItemLevelGTIN>',
          after: '<Prices><Pricing PriceType="LST"><CurrencyCode>EUR</CurrencyCode><Price>1.00</Price></Pricing></Prices><Packages><Package><Weights UOM="STONE"><Weight>1</Weight></Weights></Package></Packages>',
        }),
      ),
    );
    expect(record && 'problems' in record && record.problems.map(({ code, ref }) => `${ref} ${code}`)).toEqual(['RD-9 gtin-check-digit', 'RD-9 invalid-value', 'RD-9 invalid-value']);
  });

  it('says what a number the shop cannot take is instead of calling it no number: a price below 0, one of too many decimals', async () => {
    const records = await read(piesFile(piesItem('RD-10', { price: '-1' }), piesItem('RD-11', { price: '12.1234567' }), piesItem('RD-12', { price: 'twelve' })));
    // "-1" was "is not a number": a supplier's file of a negative price was sent back as a typo.
    expect(records.flatMap((record) => ('problems' in record ? record.problems.map(({ message }) => message) : []))).toEqual([
      'Price "-1" is not a number of 0 or more written as digits, with at most 6 after the point (12.50).',
      'Price "12.1234567" is not a number of 0 or more written as digits, with at most 6 after the point (12.50).',
      'Price "twelve" is not a number of 0 or more written as digits, with at most 6 after the point (12.50).',
    ]);
  });

  it('rounds a price of more than two decimals half up to the cent, as the digits say and not as a binary number does', async () => {
    const priced = (number: string, price: string, breakPrice: string) =>
      piesItem(number, { after: `<Prices><Pricing PriceType="LST"><Price>${price}</Price></Pricing><Pricing PriceType="LST"><Price>${breakPrice}</Price><PriceBreak>10</PriceBreak></Pricing></Prices>` });
    const records = await read(piesFile(priced('RD-13', '12.345', '9.995'), priced('RD-14', '1.005', '2.675'), priced('RD-15', '12.3450', '64.5')));
    // 12.345 is 12.3449999… as a double: `Math.round(12.345 * 100)` read it as $12.34, 1.005 as $1.00 and 2.675 as $2.67.
    expect(records.map((record) => ('item' in record ? [record.item.listPrice, record.item.priceBreaks] : record))).toEqual([
      [1235, [{ minQuantity: 10, unitPriceCents: 1000 }]],
      [101, [{ minQuantity: 10, unitPriceCents: 268 }]],
      [1235, [{ minQuantity: 10, unitPriceCents: 6450 }]],
    ]);
  });

  it('takes the Header’s CurrencyCode for a Pricing that names none', async () => {
    const cad = piesFile(piesItem('RD-7', { after: '<Prices><Pricing PriceType="LST"><Price>135.00</Price></Pricing></Prices>' })).replace('</SubmissionType>', '</SubmissionType><CurrencyCode>CAD</CurrencyCode>');
    const [record] = await read(cad);
    expect(record && 'problems' in record && record.problems).toEqual([{ line: 10, ref: 'RD-7', code: 'invalid-value', message: 'The list price is in CAD; the shop sells in USD.' }]);
  });

  it('takes the LST price in force on the import’s day: not one expired, nor one yet to come, which it says it did not apply', async () => {
    const pricing = (price: string, dates: string, breakFrom = '') => `<Pricing PriceType="LST"><CurrencyCode>USD</CurrencyCode>${dates}<Price>${price}</Price>${breakFrom && `<PriceBreak>${breakFrom}</PriceBreak>`}</Pricing>`;
    const prices = [
      pricing('20.00', '<EffectiveDate>2026-01-01</EffectiveDate>'),
      pricing('99.00', '<EffectiveDate>2027-06-01</EffectiveDate>'),
      pricing('15.00', '<EffectiveDate>2025-01-01</EffectiveDate><ExpirationDate>2025-12-31</ExpirationDate>'),
      pricing('18.00', '<EffectiveDate>2025-06-01</EffectiveDate>', '10'),
      pricing('17.00', '<EffectiveDate>2026-03-01</EffectiveDate>', '10'),
    ].join('');
    const file = piesFile(`<Item><PartNumber>RD-8</PartNumber><Prices>${prices}</Prices></Item>`);
    const [record] = await read(file, 7, '2026-12-05');
    expect(record).toMatchObject({
      item: { listPrice: 2000, priceBreaks: [{ minQuantity: 10, unitPriceCents: 1700 }] },
      problems: [
        {
          code: 'not-applied',
          ref: 'RD-8',
          message: "The list price 99.00 takes effect on 2027-06-01, after the import's day (2026-12-05): it is not applied, and the part keeps its current price; send it again on or after that day.",
        },
      ],
    });
    // On the day it takes effect, it is the price.
    expect((await read(file, 7, '2027-06-01'))[0]).toMatchObject({ item: { listPrice: 9900 }, problems: [] });
  });

  it('names and describes the part in English before another language, a Description without one being in the Header’s', async () => {
    const descriptions = [
      '<Description DescriptionCode="DES" LanguageCode="FR">Plaquettes de frein</Description>',
      '<Description DescriptionCode="MKT">Plaquettes céramique</Description>',
      '<Description DescriptionCode="DES" LanguageCode="EN">Brake pads</Description>',
      '<Description DescriptionCode="MKT" LanguageCode="EN">Ceramic pads</Description>',
    ].join('');
    const file = piesFile(`<Item><PartNumber>RD-9</PartNumber><Descriptions>${descriptions}</Descriptions></Item>`).replace('</SubmissionType>', '</SubmissionType><LanguageCode>FR</LanguageCode>');
    const [record] = await read(file);
    expect(record).toMatchObject({
      item: {
        name: 'Brake pads',
        description: 'Ceramic pads',
        descriptions: [
          { code: 'DES', language: 'FR', text: 'Plaquettes de frein' },
          { code: 'MKT', language: 'FR', text: 'Plaquettes céramique' },
        ],
      },
    });
    // Without English, the file's own language.
    const [french] = await read(piesFile(`<Item><PartNumber>RD-9</PartNumber><Descriptions>${descriptions.split('<Description DescriptionCode="DES" LanguageCode="EN">')[0]}</Descriptions></Item>`));
    expect(french).toMatchObject({ item: { name: 'Plaquettes de frein', description: 'Plaquettes céramique' } });
  });

  // The stored upload is read back a megabyte and more at a time (CHUNK_BYTES, and a flush takes
  // what the request's last piece brought past it): each chunk's whole length counted as text
  // without a tag refused every plain file over a megabyte, "a text or tag is longer than 1 MB" (decision 174).
  it('reads a file handed over in chunks of more than a megabyte, as the stored upload is', async () => {
    const items = Array.from({ length: 6_000 }, (_, index) => piesItem(`CH-${index}`, { name: `Chunked part ${index} ${'x'.repeat(200)}` }));
    const file = piesFile(...items);
    expect(file.length).toBeGreaterThan(2 * CHUNK_BYTES);
    const records = await read(file, CHUNK_BYTES + 64 * 1024);
    expect(records.filter((record) => 'fatal' in record)).toEqual([]);
    expect(records).toHaveLength(6_000);
  });

  // A PIES file changes only the parts it names, but one that lost Items on its way was applied in
  // part as if whole; an ACES file whose Footer's count differs is refused whole (decisions 174, 183).
  it('ends a file whose Trailer’s ItemCount is not the number of its Items, after its last line', async () => {
    const items = ['<Item><PartNumber>IC-1</PartNumber></Item>', '<Item MaintenanceType="D"><PartNumber>IC-2</PartNumber></Item>'];
    const fatal = async (text: string) => (await read(text)).filter((record) => 'fatal' in record);
    expect(await fatal(piesFile(...items))).toEqual([]);
    // Without a Trailer, as before: read whole.
    expect(await fatal(piesFile(...items).replace(/<Trailer>.*<\/Trailer>\n/, ''))).toEqual([]);
    const lastLine = piesFile(...items).split('\n').length;
    expect(await fatal(piesFile(...items).replace('<ItemCount>2<', '<ItemCount>3<'))).toEqual([
      {
        line: lastLine,
        fatal: { line: lastLine, ref: '', code: 'invalid-value', message: 'The Trailer\'s ItemCount says "3", but the file holds 2 Items: it may have lost some on its way, so nothing of it is applied.' },
      },
    ]);
    expect(await fatal(piesFile(...items).replace('<ItemCount>2<', '<ItemCount>0x2<'))).toEqual([{ line: lastLine, fatal: expect.objectContaining({ message: expect.stringContaining('ItemCount says "0x2"') }) }]);
    expect(await fatal(piesFile(...items).replace('<ItemCount>2</ItemCount>', '<ItemCount></ItemCount>'))).toEqual([{ line: lastLine, fatal: expect.objectContaining({ message: expect.stringContaining('ItemCount says nothing') }) }]);
  });

  it('stops at malformed XML with its line', async () => {
    const records = await read('<PIES>\n<Items>\n<Item><PartNumber>A-1</PartNumber></Item>\n<Item><PartNumber>A-2</Part>\n</Items></PIES>');
    expect(records.at(-1)).toEqual({ line: 4, fatal: expect.objectContaining({ code: 'xml', line: 4 }) });
  });

  // What a reader keeps of an Item comes from its span: a thousand PartInterchange rows with a
  // BrandLabel of a kilobyte were all kept, each under the megabyte a text or tag may have (decision 201).
  it('ends a file at an Item that spans more than 256 KB, however short each of its texts', async () => {
    const interchange = (count: number) => `<PartInterchangeInfo>${Array.from({ length: count }, (_, index) => `<PartInterchange BrandLabel="${'b'.repeat(1000)}"><PartNumber>X-${index}</PartNumber></PartInterchange>`).join('')}</PartInterchangeInfo>`;
    const within = piesItem('SPAN-1', { after: interchange(240) });
    expect(within.length).toBeLessThan(256 * 1024);
    const [item] = await read(piesFile(within), 4096);
    expect(item && 'item' in item && item.item.interchange).toHaveLength(240);
    const beyond = piesItem('SPAN-2', { after: interchange(270) });
    const file = piesFile(within, beyond);
    // The line of its PartInterchangeInfo, where it passes the bound.
    const line = file.split('\n').findIndex((text) => text.includes('X-269')) + 1;
    expect((await read(file, 4096)).filter((record) => 'fatal' in record)).toEqual([
      { line, fatal: { line, ref: 'SPAN-2', code: 'xml', message: `Malformed XML on line ${line}: an Item is longer than 256 KB` } },
    ]);
  });
});
