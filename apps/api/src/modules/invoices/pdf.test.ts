import { describe, expect, it } from 'vitest';
import { misplacedRuns, pdfRuns, pdfText } from '../../test/pdf';
import { PAGE, RIGHT, renderDocument, type CommercialDocument } from './pdf';

// The layout of an invoice drawn from the longest texts its fields may hold, read back with pdf.js:
// everything written, inside the margins, nothing drawn over anything else.
const invoice: CommercialDocument = {
  kind: 'invoice',
  number: 'INV-000123',
  issuedAt: new Date('2026-12-05T15:00:00Z'),
  // A seller's address of three lines, and a tax id: four lines beside the references.
  seller: {
    name: 'Foundry Parts LLC',
    address: 'Accounts Receivable, Building 7, Foundry Industrial Park, 1200 Foundry Road, Suite 400, Detroit, Michigan 48201-2345, United States of America',
    taxId: 'US-12-3456789',
  },
  buyer: { name: 'Zoë Ångström', company: 'Ångström Motorsport GmbH', email: 'zoe@example.com' },
  shipTo: 'Zoë Ångström, 1 Main Street, Detroit, MI 48201, United States',
  orderNumber: '100045',
  // A purchase-order number of 50 characters, the most checkout takes.
  references: [
    ['Purchase order', 'PO-2026-12-WERKSTATT-NORD-ANGSTROM-0001234567890AB'],
    ['Due', 'Jan 4, 2027'],
  ],
  lines: [{ description: 'Ceramic brake pads', partNumber: 'BRK-1001', quantity: 2, unitCents: 4550, totalCents: 9100 }],
  totals: [
    ['Subtotal', 9100],
    ['Total', 9100],
  ],
  payment: null,
  footer: 'All prices are in US dollars (USD).',
};

describe('an invoice’s heading', () => {
  it('wraps a long purchase-order number clear of the seller’s address', async () => {
    expect(invoice.references[0]?.[1]).toHaveLength(50);
    const bytes = await renderDocument(invoice);

    const runs = await pdfRuns(bytes);
    expect(misplacedRuns(runs, { left: PAGE.margin, right: RIGHT })).toEqual([]);
    // The references, right-aligned under the title, start right of the seller's column (260 points).
    const billTo = runs.find((run) => run.str === 'Bill to')?.y ?? 0;
    const references = runs.filter((run) => run.y > billTo && run.x > PAGE.margin && run.str !== 'INVOICE');
    expect(references.map((run) => run.str)).toContain('Due: Jan 4, 2027');
    expect(references.filter((run) => run.x < PAGE.margin + 260).map((run) => run.str)).toEqual([]);
    const text = await pdfText(bytes);
    expect(text).toContain('Tax ID: US-12-3456789');
    expect(text).toContain('Due: Jan 4, 2027');
  });
});

describe('an invoice of many pages', () => {
  it('repeats the column heads on each page the lines run on to, and numbers its pages', async () => {
    const lines = Array.from({ length: 120 }, (_, index) => ({ description: `Oil filter ${index + 1}`, partNumber: `OF-${index + 1}`, quantity: 1, unitCents: 500, totalCents: 500 }));
    const bytes = await renderDocument({ ...invoice, lines, totals: [['Total', 60_000]] });

    const runs = await pdfRuns(bytes);
    const pages = Math.max(...runs.map((run) => run.page));
    expect(pages).toBeGreaterThan(2);
    for (let page = 1; page <= pages; page++) {
      const on = runs.filter((run) => run.page === page).map((run) => run.str);
      expect(on).toContain(`Page ${page} of ${pages}`);
      // Every page with lines has their heads above them.
      if (on.some((str) => /^Oil filter \d+$/.test(str))) expect(on).toEqual(expect.arrayContaining(['Description', 'Part number', 'Qty', 'Unit price', 'Amount']));
    }
    expect(misplacedRuns(runs, { left: PAGE.margin, right: RIGHT })).toEqual([]);
  });
});

describe('the characters of a name', () => {
  it('writes a letter typed as a base and a combining mark as the one letter, not a "?" after it', async () => {
    // "Zoë Ångström" as macOS writes it: e + U+0308, A + U+030A, o + U+0308.
    const decomposed = 'Zoë Ångström'.normalize('NFD');
    expect(decomposed).not.toBe('Zoë Ångström');
    const text = await pdfText(await renderDocument({ ...invoice, buyer: { ...invoice.buyer, name: decomposed } }));

    expect(text).toContain('Bill to Zoë Ångström');
    expect(text).not.toContain('?');
  });

  it('writes a Latin letter the font lacks as its base letter, so a Polish or Czech name stays readable (decision 133)', async () => {
    const text = await pdfText(
      await renderDocument({ ...invoice, buyer: { ...invoice.buyer, name: 'Łukasz Dvořák', account: { name: 'Łódź Części Șerban Kft', taxId: 'PL-1' } } }),
    );

    expect(text).toContain('Lukasz Dvorák');
    expect(text).toContain('Lódz Czesci Serban Kft');
    expect(text).not.toContain('?');
    // What has no Latin base still says a letter was there.
    expect(await pdfText(await renderDocument({ ...invoice, buyer: { ...invoice.buyer, name: 'Иван' } }))).toContain('????');
  });
});
