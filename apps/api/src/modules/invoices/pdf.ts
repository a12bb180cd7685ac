import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * The shop's invoices and credit notes as PDF documents, drawn with pdf-lib (decision 056): one
 * layout for both, US Letter, the PDF standard Helvetica (no font file to ship or embed). A text
 * the standard fonts cannot write (outside Windows-1252) is written with "?" in those places.
 */
export interface CommercialDocument {
  kind: 'invoice' | 'credit-note';
  /** Formatted: "INV-000123", "CN-000045". */
  number: string;
  issuedAt: Date;
  seller: { name: string; address: string; taxId?: string | undefined };
  /** `company`: the address's company, '' when none. */
  buyer: { name: string; company: string; email: string };
  shipTo: string;
  orderNumber: string;
  /** A credit note names the invoice it corrects, and why it was issued. */
  references: Array<[string, string]>;
  lines: Array<{ description: string; partNumber: string; quantity: number; unitCents: number; totalCents: number }>;
  /** Subtotal, shipping, tax, total… in the order they are printed; the last one is bold. */
  totals: Array<[string, number]>;
  payment: { provider: string; transactionId: string; paidAt: Date | null } | null;
  footer: string;
}

const PAGE = { width: 612, height: 792, margin: 50 };
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.38, 0.4, 0.45);
const RULE = rgb(0.8, 0.82, 0.85);

const money = (cents: number) =>
  `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const day = (date: Date) => date.toISOString().slice(0, 10);

export async function renderDocument(document: CommercialDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const title = document.kind === 'invoice' ? 'Invoice' : 'Credit note';
  pdf.setTitle(`${title} ${document.number}`);
  pdf.setAuthor(document.seller.name);
  pdf.setCreator(document.seller.name);
  pdf.setProducer('pdf-lib');
  // Fixed dates: the same document renders to the same bytes.
  pdf.setCreationDate(document.issuedAt);
  pdf.setModificationDate(document.issuedAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const writable = writableIn(regular);

  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const right = PAGE.width - PAGE.margin;

  const text = (value: string, x: number, options: { size?: number; font?: PDFFont; color?: typeof INK; alignRight?: boolean; maxWidth?: number } = {}) => {
    const size = options.size ?? 10;
    const font = options.font ?? regular;
    let line = writable(value);
    if (options.maxWidth) line = fit(line, font, size, options.maxWidth);
    const width = font.widthOfTextAtSize(line, size);
    page.drawText(line, { x: options.alignRight ? x - width : x, y, size, font, color: options.color ?? INK });
  };
  const wrapped = (value: string, x: number, maxWidth: number, size = 10) => {
    for (const line of wrap(writable(value), regular, size, maxWidth)) {
      text(line, x, { size });
      y -= size + 3;
    }
  };
  const newPageIfBelow = (needed: number) => {
    if (y - needed >= PAGE.margin + 30) return;
    page = pdf.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - PAGE.margin;
    text(`${title} ${document.number} (continued)`, PAGE.margin, { font: bold });
    y -= 24;
  };

  // The heading: the seller on the left, the document's title and number on the right.
  text(document.seller.name, PAGE.margin, { size: 16, font: bold });
  text(title.toUpperCase(), right, { size: 16, font: bold, alignRight: true });
  y -= 18;
  const headingTop = y;
  wrapped(document.seller.address, PAGE.margin, 260, 9);
  if (document.seller.taxId) wrapped(`Tax ID: ${document.seller.taxId}`, PAGE.margin, 260, 9);
  const sellerBottom = y;
  y = headingTop;
  for (const [label, value] of [
    ['Number', document.number],
    ['Date', day(document.issuedAt)],
    ['Order', document.orderNumber],
    ...document.references,
  ] as Array<[string, string]>) {
    text(`${label}: ${value}`, right, { size: 9, alignRight: true });
    y -= 12;
  }
  y = Math.min(y, sellerBottom) - 16;

  // Buyer and ship-to side by side.
  const column = (PAGE.width - 2 * PAGE.margin) / 2;
  const blockTop = y;
  text('Bill to', PAGE.margin, { size: 9, font: bold, color: MUTED });
  y -= 13;
  wrapped(document.buyer.name, PAGE.margin, column - 10);
  if (document.buyer.company) wrapped(document.buyer.company, PAGE.margin, column - 10);
  wrapped(document.buyer.email, PAGE.margin, column - 10);
  const buyerBottom = y;
  y = blockTop;
  text('Ship to', PAGE.margin + column, { size: 9, font: bold, color: MUTED });
  y -= 13;
  wrapped(document.shipTo || '-', PAGE.margin + column, column);
  y = Math.min(y, buyerBottom) - 16;

  // The lines.
  const columns = { description: PAGE.margin, partNumber: 300, quantity: 420, unit: 490, total: right };
  const header = () => {
    text('Description', columns.description, { size: 9, font: bold, color: MUTED });
    text('Part number', columns.partNumber, { size: 9, font: bold, color: MUTED });
    text('Qty', columns.quantity, { size: 9, font: bold, color: MUTED, alignRight: true });
    text('Unit price', columns.unit, { size: 9, font: bold, color: MUTED, alignRight: true });
    text('Amount', columns.total, { size: 9, font: bold, color: MUTED, alignRight: true });
    y -= 6;
    page.drawLine({ start: { x: PAGE.margin, y }, end: { x: right, y }, thickness: 0.5, color: RULE });
    y -= 14;
  };
  header();
  for (const line of document.lines) {
    newPageIfBelow(16);
    text(line.description, columns.description, { maxWidth: columns.partNumber - columns.description - 10 });
    text(line.partNumber, columns.partNumber, { maxWidth: columns.quantity - columns.partNumber - 40 });
    text(String(line.quantity), columns.quantity, { alignRight: true });
    text(money(line.unitCents), columns.unit, { alignRight: true });
    text(money(line.totalCents), columns.total, { alignRight: true });
    y -= 16;
  }
  page.drawLine({ start: { x: PAGE.margin, y: y + 8 }, end: { x: right, y: y + 8 }, thickness: 0.5, color: RULE });
  y -= 6;

  // The totals, right-aligned; the last is the amount due or credited.
  newPageIfBelow(16 * document.totals.length + 60);
  document.totals.forEach(([label, cents], index) => {
    const last = index === document.totals.length - 1;
    text(label, columns.unit - 10, { font: last ? bold : regular, alignRight: true });
    text(money(cents), columns.total, { font: last ? bold : regular, alignRight: true });
    y -= 16;
  });
  y -= 12;

  if (document.payment) {
    newPageIfBelow(60);
    text('Payment', PAGE.margin, { size: 9, font: bold, color: MUTED });
    y -= 13;
    text(`Paid by ${document.payment.provider}${document.payment.paidAt ? ` on ${day(document.payment.paidAt)}` : ''}`, PAGE.margin);
    y -= 13;
    text(`Transaction: ${document.payment.transactionId}`, PAGE.margin, { maxWidth: right - PAGE.margin });
    y -= 20;
  }
  newPageIfBelow(30);
  wrapped(document.footer, PAGE.margin, right - PAGE.margin, 8);

  return pdf.save({ useObjectStreams: false });
}

/** Keeps the characters the standard font can write; others become "?". */
function writableIn(font: PDFFont): (value: string) => string {
  const known = new Map<string, boolean>();
  return (value) =>
    Array.from(value.replace(/[\r\n\t]+/g, ' '), (character) => {
      let ok = known.get(character);
      if (ok === undefined) {
        try {
          font.encodeText(character);
          ok = true;
        } catch {
          ok = false;
        }
        known.set(character, ok);
      }
      return ok ? character : '?';
    }).join('');
}

/** Cut to `maxWidth`, with an ellipsis when cut. */
function fit(value: string, font: PDFFont, size: number, maxWidth: number): string {
  if (font.widthOfTextAtSize(value, size) <= maxWidth) return value;
  let cut = value;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}...`, size) > maxWidth) cut = cut.slice(0, -1);
  return `${cut}...`;
}

/** Words into lines of at most `maxWidth` (a word longer than a line is cut). */
function wrap(value: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of value.split(/\s+/).filter(Boolean)) {
    const next = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= maxWidth) current = next;
    else {
      if (current) lines.push(current);
      current = fit(word, font, size, maxWidth);
    }
  }
  if (current) lines.push(current);
  return lines.length ? lines : [''];
}
