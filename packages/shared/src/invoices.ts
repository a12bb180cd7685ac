import { z } from 'zod';

/**
 * Invoices and credit notes: how their gapless numbers are written, where their PDFs are
 * downloaded, and the messages about them, for the server, the e-mails and the browser alike.
 */

/** Digits a document number is padded to: "INV-000123". Longer numbers simply grow. */
const NUMBER_DIGITS = 6;

/** The prefix of each kind of numbered document. */
const documentPrefixes = { invoice: 'INV', 'credit-note': 'CN', rma: 'RMA' } as const;

/**
 * The one way a document number is written — on documents, in e-mails, on pages and in the audit
 * log: "INV-000123", "CN-000045", "RMA-000002" (the database stores bigints, so strings too).
 */
export function formatDocumentNumber(kind: keyof typeof documentPrefixes, number: number | string): string {
  return `${documentPrefixes[kind]}-${String(number).padStart(NUMBER_DIGITS, '0')}`;
}

/** An invoice number as documents, e-mails and pages print it: "INV-000123". */
export function formatInvoiceNumber(number: number | string): string {
  return formatDocumentNumber('invoice', number);
}

/** A credit note number as documents, e-mails and pages print it: "CN-000045". */
export function formatCreditNoteNumber(number: number | string): string {
  return formatDocumentNumber('credit-note', number);
}

/** A credit note's number from a download address: "CN-000045" or "45"; null when it is neither. */
export function parseCreditNoteNumber(text: string): number | null {
  const match = /^(?:CN-)?(\d{1,15})$/i.exec(text);
  if (!match) return null;
  const number = Number(match[1]);
  return Number.isSafeInteger(number) && number > 0 ? number : null;
}

/** The API's addresses of an order's documents (the session cookie or access token decides who may). */
export const documentPaths = {
  invoice: (orderId: string) => `/api/order/${encodeURIComponent(orderId)}/invoice.pdf`,
  creditNote: (orderId: string, number: string) => `/api/order/${encodeURIComponent(orderId)}/credit-notes/${encodeURIComponent(number)}.pdf`,
};

/** A credit note of an order, as `GET /order/{id}` lists it (`number` formatted, `amount` in dollars). */
export const creditNoteSummarySchema = z.object({
  number: z.string(),
  amount: z.number(),
  issuedAt: z.string(),
});
export type CreditNoteSummary = z.infer<typeof creditNoteSummarySchema>;

export const invoiceMessages = {
  /** An unpaid (or never paid) order has no invoice yet. */
  noInvoice: 'This order has no invoice: an invoice is issued when the order is paid.',
  creditNoteNotFound: 'This order has no credit note with that number.',
  downloadInvoice: 'Download invoice',
  downloadCreditNote: (number: string) => `Download credit note ${number}`,
  /** A download that failed on the shop's side or the connection's (a refusal says its own words). */
  downloadFailed: 'The document could not be downloaded: check your connection and try again.',
} as const;

export const documentParamsSchema = z.object({ id: z.string().max(64) });
export const creditNoteParamsSchema = z.object({ id: z.string().max(64), number: z.string().max(32) });
