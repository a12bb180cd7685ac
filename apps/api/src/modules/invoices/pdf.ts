import { formatCents, formatDay } from '@autoparts/shared';
import type { FastifyReply } from 'fastify';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { attachment } from '../../lib/content-disposition';

/**
 * The shop's invoices and credit notes as PDF documents, drawn with pdf-lib (decision 056): one
 * layout for both (a company's statement, decision 081, draws with the same pen), US Letter, the PDF standard Helvetica (no font file to ship or embed). A text
 * the standard fonts cannot write (outside Windows-1252) is written with "?" in those places.
 */
export interface CommercialDocument {
  kind: 'invoice' | 'credit-note';
  /** Formatted: "INV-000123", "CN-000045". */
  number: string;
  issuedAt: Date;
  seller: { name: string; address: string; taxId?: string | undefined };
  /**
   * `company`: the address's company, '' when none. `account`: the company an order was placed for
   * (decision 106), billed by its name and tax id, with the member (`name`, `email`) as its contact.
   */
  buyer: { name: string; company: string; email: string; account?: { name: string; taxId: string } | undefined };
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

export const PAGE = { width: 612, height: 792, margin: 50 };
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.38, 0.4, 0.45);
const RULE = rgb(0.8, 0.82, 0.85);

/** An amount as every document prints it: money.ts's one formatter (decision 135). */
export const money = formatCents;
/** A day as every document writes it: "Jan 4, 2027", as the pages and the messages do (decision 155). */
export const day = formatDay;

export const RIGHT = PAGE.width - PAGE.margin;

type TextOptions = { size?: number; font?: PDFFont; color?: typeof INK; alignRight?: boolean; maxWidth?: number };

/** Where the drawing is (the page, the height `y` written down to) and what writes there. */
export class Pen {
  page: PDFPage;
  y = PAGE.height - PAGE.margin;
  private readonly writable: (value: string) => string;

  constructor(
    private readonly pdf: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    /** Written at the top of every page after the first. */
    private readonly continued: string,
  ) {
    this.writable = writableIn(regular);
    this.page = pdf.addPage([PAGE.width, PAGE.height]);
  }

  text(value: string, x: number, options: TextOptions = {}) {
    const size = options.size ?? 10;
    const font = options.font ?? this.regular;
    let line = this.writable(value);
    if (options.maxWidth) line = fit(line, font, size, options.maxWidth);
    const width = font.widthOfTextAtSize(line, size);
    this.page.drawText(line, { x: options.alignRight ? x - width : x, y: this.y, size, font, color: options.color ?? INK });
  }

  /** Text in lines of at most `maxWidth`, from `x` (or, `alignRight`, to `x`), the pen below it after. */
  wrapped(value: string, x: number, maxWidth: number, size = 10, alignRight = false) {
    for (const line of wrap(this.writable(value), this.regular, size, maxWidth)) {
      this.text(line, x, { size, alignRight });
      this.y -= size + 3;
    }
  }

  /**
   * One row of a table: each cell's text wrapped within its width (never cut: a line of an invoice
   * names what was sold), the row as tall as its tallest cell, on a new page if it does not fit.
   * A cell of several texts starts each on a line of its own (a statement's invoice: its number,
   * PO number and due date).
   */
  row(cells: Array<{ value: string | readonly string[]; x: number; width: number; alignRight?: boolean }>, size = 10) {
    const lineHeight = size + 3;
    const wrappedCells = cells.map((cell) => ({
      ...cell,
      lines: (typeof cell.value === 'string' ? [cell.value] : cell.value).flatMap((value) => wrap(this.writable(value), this.regular, size, cell.width)),
    }));
    const extra = Math.max(...wrappedCells.map((cell) => cell.lines.length)) - 1;
    this.newPageIfBelow(16 + extra * lineHeight);
    const top = this.y;
    for (const cell of wrappedCells) {
      cell.lines.forEach((line, index) => {
        this.y = top - index * lineHeight;
        this.text(line, cell.x, { size, alignRight: cell.alignRight });
      });
    }
    // A row of several lines keeps a little more space below it, to be told from the next.
    this.y = top - extra * lineHeight - (extra > 0 ? 19 : 16);
  }

  /** A small grey label ("Bill to", "Payment"). */
  label(value: string, x: number, alignRight = false) {
    this.text(value, x, { size: 9, font: this.bold, color: MUTED, alignRight });
  }

  rule(y: number) {
    this.page.drawLine({ start: { x: PAGE.margin, y }, end: { x: RIGHT, y }, thickness: 0.5, color: RULE });
  }

  /** Drawn under the "(continued)" line of a new page while a table runs on: its column heads. */
  tableHeads: (() => void) | null = null;

  /**
   * A table's column heads (label, x, right-aligned), ruled off below, drawn now and again at the
   * top of each page the table runs on to, until `tableHeads` is set back to null.
   */
  startTable(heads: readonly (readonly [label: string, x: number, alignRight?: boolean])[]) {
    this.tableHeads = () => {
      for (const [label, x, alignRight] of heads) this.label(label, x, alignRight);
      this.y -= 6;
      this.rule(this.y);
      this.y -= 14;
    };
    this.tableHeads();
  }

  newPageIfBelow(needed: number) {
    if (this.y - needed >= PAGE.margin + 30) return;
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
    this.text(this.continued, PAGE.margin, { font: this.bold });
    this.y -= 24;
    this.tableHeads?.();
  }

  /** The document's bytes, each page of a document of several numbered at its foot ("Page 2 of 6"). */
  async save(): Promise<Uint8Array> {
    const pages = this.pdf.getPages();
    if (pages.length > 1) {
      pages.forEach((page, index) => {
        this.page = page;
        this.y = PAGE.margin - 20;
        this.text(`Page ${index + 1} of ${pages.length}`, RIGHT, { size: 8, color: MUTED, alignRight: true });
      });
    }
    return this.pdf.save({ useObjectStreams: false });
  }
}

/** A document sent as a download named `fileName` (any letters: `attachment`), never cached by anyone but its reader. */
export function sendPdf(reply: FastifyReply, fileName: string, bytes: Uint8Array) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', attachment(fileName))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

/** A new PDF of the shop's, titled, dated `at` (the same document renders to the same bytes), and the pen that draws it. */
export async function startDocument(title: string, author: string, at: Date): Promise<{ pdf: PDFDocument; pen: Pen }> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setAuthor(author);
  pdf.setCreator(author);
  pdf.setProducer('pdf-lib');
  pdf.setCreationDate(at);
  pdf.setModificationDate(at);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  return { pdf, pen: new Pen(pdf, regular, bold, `${title} (continued)`) };
}

export async function renderDocument(document: CommercialDocument): Promise<Uint8Array> {
  const title = document.kind === 'invoice' ? 'Invoice' : 'Credit note';
  const { pen } = await startDocument(`${title} ${document.number}`, document.seller.name, document.issuedAt);

  drawHeading(pen, document, title);
  drawParties(pen, document);
  drawLines(pen, document);
  drawTotals(pen, document);
  if (document.payment) drawPayment(pen, document.payment);
  pen.newPageIfBelow(30);
  pen.wrapped(document.footer, PAGE.margin, RIGHT - PAGE.margin, 8);

  return pen.save();
}

/** The seller's column of the heading; the document's references (number, date, a PO of up to 50 characters…) wrap in the rest, clear of it. */
const SELLER_WIDTH = 260;
const REFERENCES_WIDTH = RIGHT - PAGE.margin - SELLER_WIDTH - 20;

/** The heading: the seller on the left, the document's title and number on the right. */
function drawHeading(pen: Pen, document: CommercialDocument, title: string) {
  pen.text(document.seller.name, PAGE.margin, { size: 16, font: pen.bold });
  pen.text(title.toUpperCase(), RIGHT, { size: 16, font: pen.bold, alignRight: true });
  pen.y -= 18;
  const headingTop = pen.y;
  pen.wrapped(document.seller.address, PAGE.margin, SELLER_WIDTH, 9);
  if (document.seller.taxId) pen.wrapped(`Tax ID: ${document.seller.taxId}`, PAGE.margin, SELLER_WIDTH, 9);
  const sellerBottom = pen.y;
  pen.y = headingTop;
  for (const [label, value] of [
    ['Number', document.number],
    ['Date', day(document.issuedAt)],
    ['Order', document.orderNumber],
    ...document.references,
  ] as Array<[string, string]>) {
    pen.wrapped(`${label}: ${value}`, RIGHT, REFERENCES_WIDTH, 9, true);
  }
  pen.y = Math.min(pen.y, sellerBottom) - 16;
}

/** Buyer and ship-to side by side. */
function drawParties(pen: Pen, document: CommercialDocument) {
  const column = (PAGE.width - 2 * PAGE.margin) / 2;
  const blockTop = pen.y;
  pen.label('Bill to', PAGE.margin);
  pen.y -= 13;
  const { account } = document.buyer;
  if (account) {
    pen.wrapped(account.name, PAGE.margin, column - 10);
    if (account.taxId) pen.wrapped(`Tax ID: ${account.taxId}`, PAGE.margin, column - 10);
    pen.wrapped(`Contact: ${document.buyer.name}`, PAGE.margin, column - 10);
  } else {
    pen.wrapped(document.buyer.name, PAGE.margin, column - 10);
    if (document.buyer.company) pen.wrapped(document.buyer.company, PAGE.margin, column - 10);
  }
  pen.wrapped(document.buyer.email, PAGE.margin, column - 10);
  const buyerBottom = pen.y;
  pen.y = blockTop;
  pen.label('Ship to', PAGE.margin + column);
  pen.y -= 13;
  pen.wrapped(document.shipTo || '-', PAGE.margin + column, column);
  pen.y = Math.min(pen.y, buyerBottom) - 16;
}

const COLUMNS = { description: PAGE.margin, partNumber: 300, quantity: 420, unit: 490, total: RIGHT };

/** The lines, under their column heads (again at the top of each page they run on to). */
function drawLines(pen: Pen, document: CommercialDocument) {
  pen.startTable([
    ['Description', COLUMNS.description],
    ['Part number', COLUMNS.partNumber],
    ['Qty', COLUMNS.quantity, true],
    ['Unit price', COLUMNS.unit, true],
    ['Amount', COLUMNS.total, true],
  ]);
  for (const line of document.lines) {
    pen.row([
      { value: line.description, x: COLUMNS.description, width: COLUMNS.partNumber - COLUMNS.description - 10 },
      { value: line.partNumber, x: COLUMNS.partNumber, width: COLUMNS.quantity - COLUMNS.partNumber - 40 },
      { value: String(line.quantity), x: COLUMNS.quantity, width: 40, alignRight: true },
      { value: money(line.unitCents), x: COLUMNS.unit, width: 60, alignRight: true },
      { value: money(line.totalCents), x: COLUMNS.total, width: 62, alignRight: true },
    ]);
  }
  pen.tableHeads = null;
  pen.rule(pen.y + 8);
  pen.y -= 6;
}

/** The totals, right-aligned; the last is the amount due or credited. */
function drawTotals(pen: Pen, document: CommercialDocument) {
  pen.newPageIfBelow(16 * document.totals.length + 60);
  document.totals.forEach(([label, cents], index) => {
    const last = index === document.totals.length - 1;
    pen.text(label, COLUMNS.unit - 10, { font: last ? pen.bold : pen.regular, alignRight: true });
    pen.text(money(cents), COLUMNS.total, { font: last ? pen.bold : pen.regular, alignRight: true });
    pen.y -= 16;
  });
  pen.y -= 12;
}

function drawPayment(pen: Pen, payment: NonNullable<CommercialDocument['payment']>) {
  pen.newPageIfBelow(60);
  pen.label('Payment', PAGE.margin);
  pen.y -= 13;
  pen.text(`Paid by ${payment.provider}${payment.paidAt ? ` on ${day(payment.paidAt)}` : ''}`, PAGE.margin);
  pen.y -= 13;
  pen.text(`Transaction: ${payment.transactionId}`, PAGE.margin, { maxWidth: RIGHT - PAGE.margin });
  pen.y -= 20;
}

/** Latin letters with a stroke or a dot that no decomposition takes off, as their base letter. */
const STROKED: Readonly<Record<string, string>> = { ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ħ: 'h', Ħ: 'H', ı: 'i', ŀ: 'l', Ŀ: 'L', ŧ: 't', Ŧ: 'T' };

/**
 * Keeps the characters the standard font can write. A letter typed as a base and a combining mark
 * ("e" + U+0308, as macOS writes file names and some keyboards type) is composed first ("ë"),
 * which the font has. A Latin letter the font lacks is written as its base letter — "Łódź" as
 * "Lódz", "Dvořák" as "Dvorák" — so that a company's or a buyer's name stays readable on its
 * invoice and statement; only what has no Latin base (Cyrillic, Greek, CJK…) becomes "?".
 */
function writableIn(font: PDFFont): (value: string) => string {
  const known = new Map<string, string>();
  const encodes = (text: string) => {
    try {
      font.encodeText(text);
      return true;
    } catch {
      return false;
    }
  };
  return (value) =>
    Array.from(value.normalize('NFC').replace(/[\r\n\t]+/g, ' '), (character) => {
      let written = known.get(character);
      if (written === undefined) {
        const base = STROKED[character] ?? character.normalize('NFD').replace(/\p{M}+/gu, '');
        written = encodes(character) ? character : base && base !== character && encodes(base) ? base : '?';
        known.set(character, written);
      }
      return written;
    }).join('');
}

/** Cut to `maxWidth`, with an ellipsis when cut. */
function fit(value: string, font: PDFFont, size: number, maxWidth: number): string {
  if (font.widthOfTextAtSize(value, size) <= maxWidth) return value;
  let cut = value;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}...`, size) > maxWidth) cut = cut.slice(0, -1);
  return `${cut}...`;
}

/** Words into lines of at most `maxWidth`; a word longer than a line (a part number, an e-mail address) is broken between its characters. */
function wrap(value: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of value.split(/\s+/).filter(Boolean)) {
    const next = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= maxWidth) current = next;
    else {
      if (current) lines.push(current);
      current = '';
      for (const character of word) {
        if (current && font.widthOfTextAtSize(current + character, size) > maxWidth) {
          lines.push(current);
          current = '';
        }
        current += character;
      }
    }
  }
  if (current) lines.push(current);
  return lines.length ? lines : [''];
}
