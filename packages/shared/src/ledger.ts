import { z } from 'zod';
import type { CompanyRole, PaymentTerms } from './companies';
import { moneyField, queryWholeNumber, withoutDirectionControls } from './form-fields';
import { formatPrice } from './money';
import { testPaymentSchema } from './payments';
import { listInWords } from './text';

/**
 * Buying on account (issue 31 part 3, decision 081): how an order is paid, why an order on account
 * is refused, a company's ledger and payments, and the ageing of a balance, in one place for the
 * server, the statement PDF and the browser.
 */

/** The first month a statement may be asked for: before it, PostgreSQL's dates would not answer (0000-01). */
export const STATEMENT_FIRST_MONTH = '2000-01';

export const PAYMENT_METHODS = ['card', 'account'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The roles that may order on account: buyers, and owners (who may do all a member may; decision 081). */
export const ON_ACCOUNT_ROLES: readonly CompanyRole[] = ['owner', 'buyer'];
/** The roles that see the company's money: its ledger and statements. */
export const ACCOUNTS_ROLES: readonly CompanyRole[] = ['owner', 'accounts'];
/** The roles that upload and manage a location's resale certificates (decision 082). */
export const CERTIFICATE_ROLES: readonly CompanyRole[] = ['owner', 'accounts'];

/** Days from the invoice to its due date, by the company's terms. */
export const paymentTermsDays: Record<PaymentTerms, number> = { receipt: 0, net7: 7, net15: 15, net30: 30, net60: 60 };

/** The terms in words, as checkout offers them: "net 30", "due on receipt". */
const termsInWords: Record<PaymentTerms, string> = { receipt: 'due on receipt', net7: 'net 7', net15: 'net 15', net30: 'net 30', net60: 'net 60' };

/** Checkout's choice: "On account (net 30)". */
export function onAccountLabel(terms: PaymentTerms): string {
  return `On account (${termsInWords[terms]})`;
}

/**
 * Checkout's On account choice says the company's credit left (`GET /api/company`'s `available`:
 * the limit less the balance, a credit on account counted; decision 169), and when the order's
 * total is over it, that the shop will refuse it. A constant of its own, so that only checkout's
 * code carries it.
 */
export const onAccountCreditMessages = {
  available: (available: number) => `Available credit: ${formatPrice(available)}`,
  over: (total: number, available: number) =>
    `This order’s ${formatPrice(total)} is more than your company’s ${formatPrice(available)} of available credit, so it cannot be placed on account. Pay by card, or ask your accounts team to pay open invoices first.`,
} as const;

/** An invoice more than this many days past its due date stops a company's orders on account. */
export const OVERDUE_GRACE_DAYS = 15;

/** The most invoices one card payment settles (their numbers travel in the Stripe session's metadata, 500 characters). */
export const CARD_PAYMENT_INVOICES_MAX = 50;

/** Why an order on account is refused (409 `reason`). */
export const ACCOUNT_REFUSALS = ['credit-limit', 'overdue', 'on-hold', 'po-required', 'role', 'no-terms'] as const;
export type AccountRefusal = (typeof ACCOUNT_REFUSALS)[number];

export const accountMessages = {
  refusals: {
    role: 'Only a buyer or an owner of a company may order on account. Pay by card instead.',
    'on-hold': 'Your company’s account is on hold, so it cannot order on account. Pay by card, or contact us.',
    'no-terms': 'Your company has no payment terms, so it cannot order on account. Pay by card, or contact us.',
    // On every order placed for the company, by card too (decision 106).
    'po-required': 'Your company requires a purchase-order number on every order. Enter one and try again.',
    overdue: `Your company has an invoice more than ${OVERDUE_GRACE_DAYS} days past due, so it cannot order on account until it is paid. Pay by card, or ask your accounts team.`,
    'credit-limit': 'This order would take your company over its credit limit. Pay by card, or ask your accounts team to pay open invoices first.',
  } satisfies Record<AccountRefusal, string>,
  /**
   * The same rule said to SPEC's Place Order on a part's page (`POST /order`), which has no field
   * for a PO number: where to give one, not "enter one" (decision 161).
   */
  poRequiredPlaceOrder: 'Your company requires a purchase-order number on every order, and this form has none. Add the part to your cart and enter the PO number at checkout.',
  /** The order's message when it is placed on account. */
  placed: (orderNumber: string, dueOn: string) => `Order ${orderNumber} is placed on account. Its invoice is due on ${dueOn}.`,
  accountsOnly: 'Only an owner or an accounts member of the company may see its ledger and statements.',
  /** Cancelling an order on account by who placed it, once they are no buyer or owner of its company (decision 133). */
  /** The Company page's ledger, when it holds more than it shows. */
  ledgerShowing: (shown: number, total: number) => `Showing the newest ${shown} of ${total} entries. A month’s statement lists all of that month’s.`,
  ledgerShowOlder: (count: number) => `Show ${count === 1 ? '1 older entry' : `${count} older entries`}`,
  cancelNotBuyer: 'This order was placed on your company’s account, and only a buyer or an owner of the company may cancel it now. Ask its owner.',
  returnNotBuyer: 'This order was placed on your company’s account, and only a buyer or an owner of the company may return its items now. Ask its owner.',
  paymentRecorded: (reference: string) => `Payment ${reference} recorded.`,
  unknownInvoices: (numbers: readonly string[]) => `These invoices are not this company’s: ${numbers.join(', ')}.`,
  referenceRequired: 'A payment’s reference is required (the bank’s or the cheque’s).',
  referenceTooLong: 'A payment’s reference has at most 80 characters.',
  amount: `A payment’s amount is more than ${formatPrice(0)} and at most ${formatPrice(10_000_000)}.`,
  /** The same reference again (a second click, or a payment entered twice): the one recorded stands. */
  paymentAlreadyRecorded: (reference: string) => `Payment ${reference} was recorded already; it is not entered twice.`,
  receivedAt: 'The date received is a date (YYYY-MM-DD), not in the future.',
  month: `A statement’s month is YYYY-MM, from ${STATEMENT_FIRST_MONTH}.`,
  noStatement: 'There is no statement for a month that has not begun.',
  payInvoicesOnly: 'Only an owner or an accounts member of the company may pay its invoices.',
  chooseInvoices: `Choose from 1 to ${CARD_PAYMENT_INVOICES_MAX} invoices to pay.`,
  nothingOpen: (numbers: readonly string[]) => `Nothing is left to pay on ${numbers.join(', ')}: it was paid meanwhile. The list now shows what is open.`,
  /** Another request (a second click, another member) is opening the Stripe page for the same amounts (decision 207). */
  checkoutOpening: 'A Stripe page for these invoices is being opened: try again in a moment to reach it.',
  invoicesPaid: (amount: string, count: number) => `Payment of ${amount} received for ${count === 1 ? '1 invoice' : `${count} invoices`}. Thank you!`,
  /** Back from Stripe's page for invoices (decision 219): the list is asked again until the webhook has entered the payment. */
  stripeReturned: 'Thank you: your card payment is taken. The invoices show as paid once Stripe has confirmed it.',
  recordingPayment: (numbers: readonly string[]) =>
    `Recording your payment: ${listInWords(numbers)} ${numbers.length === 1 ? 'stays' : 'stay'} listed until Stripe has confirmed it.`,
  notConfirmedYet: (numbers: readonly string[]) =>
    `Stripe has not confirmed the payment of ${listInWords(numbers)} yet. If you completed it on Stripe, ${numbers.length === 1 ? 'it leaves' : 'they leave'} this list shortly.`,
  checkAgain: 'Check again',
  beingRecorded: 'Payment being recorded',
} as const;

/** A day as YYYY-MM-DD (UTC). */
export const isoDaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, accountMessages.receivedAt).refine((day) => isIsoDay(day), accountMessages.receivedAt);

/** Whether `day` is a real calendar day written YYYY-MM-DD. */
export function isIsoDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** `day` (YYYY-MM-DD) plus `days` days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The ageing buckets of a balance, by days past due. */
export const AGEING_BUCKETS = ['current', '1-30', '31-60', '61-90', '90+'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];
export const ageingLabels: Record<AgeingBucket, string> = {
  current: 'Current',
  '1-30': '1–30 days',
  '31-60': '31–60 days',
  '61-90': '61–90 days',
  '90+': 'Over 90 days',
};

/** The bucket of an amount due on `dueOn`, on `asOf`; an amount with no due date (a payment not yet applied) is current. */
export function ageingBucketOf(dueOn: string | null, asOf: string): AgeingBucket {
  const late = dueOn === null ? 0 : daysBetween(dueOn, asOf);
  if (late <= 0) return 'current';
  if (late <= 30) return '1-30';
  if (late <= 60) return '31-60';
  if (late <= 90) return '61-90';
  return '90+';
}

/**
 * The one ageing of a balance: each open amount (an invoice's unpaid rest by its due date; a
 * credit not applied to an invoice, negative, with none) in its bucket on `asOf`, in cents. The
 * buckets add up to the balance exactly.
 */
export function ageBalance(open: readonly { dueOn: string | null; cents: number }[], asOf: string): Record<AgeingBucket, number> {
  const aged: Record<AgeingBucket, number> = { current: 0, '1-30': 0, '31-60': 0, '61-90': 0, '90+': 0 };
  for (const item of open) aged[ageingBucketOf(item.dueOn, asOf)] += item.cents;
  return aged;
}

export const LEDGER_KINDS = ['invoice', 'payment', 'credit-note'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export const ledgerKindLabels: Record<LedgerKind, string> = { invoice: 'Invoice', payment: 'Payment', 'credit-note': 'Credit note' };

/**
 * `GET /api/company/ledger`: each entry, oldest first, with the balance after it (dollars; + owed)
 * and its place in the whole ledger (`position`, 1 the first entry ever: the newest entry's is how
 * many there are; decision 138: added).
 */
export const ledgerEntrySchema = z.object({
  at: z.string(),
  kind: z.enum(LEDGER_KINDS),
  number: z.string(),
  amount: z.number(),
  balance: z.number(),
  position: z.number().int(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
export const ledgerSchema = z.array(ledgerEntrySchema);

/** The most entries one `GET /api/company/ledger` sends, and how many it sends when not asked (decision 138). */
export const LEDGER_PAGE_MAX = 500;

/**
 * `GET /api/company/ledger?limit=&offset=` (decision 138): the `limit` newest entries after the
 * `offset` newest (0: from the newest), oldest first as before. Without them: the newest
 * LEDGER_PAGE_MAX. A month's statement (PDF) lists every entry of its month.
 */
export const ledgerQuerySchema = z.object({
  limit: queryWholeNumber(z.number().int().min(1).max(LEDGER_PAGE_MAX)).default(LEDGER_PAGE_MAX),
  offset: queryWholeNumber(z.number().int().min(0).max(10_000_000)).default(0),
});
export type LedgerQuery = z.infer<typeof ledgerQuerySchema>;

/** The largest payment recorded at once, in dollars (the `integer` cents column holds it with room). */
export const PAYMENT_MAX = 10_000_000;
export const PAYMENT_REFERENCE_MAX = 80;
export const PAYMENT_INVOICES_MAX = 200;

/** `POST /api/admin/companies/{id}/payments`: the same `reference` twice is one payment. */
export const companyPaymentInputSchema = z.object({
  amount: moneyField('Amount').pipe(z.number().gt(0, accountMessages.amount).max(PAYMENT_MAX, accountMessages.amount)),
  receivedAt: isoDaySchema,
  // The company reads it in its ledger and on its statement (decision 220).
  reference: withoutDirectionControls(
    z.string({ error: accountMessages.referenceRequired }).trim().min(1, accountMessages.referenceRequired).max(PAYMENT_REFERENCE_MAX, accountMessages.referenceTooLong),
    'Reference',
  ),
  /** The invoices it settles ("INV-000123" or "123"), in order; what is left over settles the oldest open ones. */
  invoiceNumbers: z.array(z.string().trim().max(30)).max(PAYMENT_INVOICES_MAX).default([]),
});
export type CompanyPaymentInput = z.input<typeof companyPaymentInputSchema>;

export const companyPaymentSchema = z.object({
  id: z.string(),
  amount: z.number(),
  receivedAt: z.string(),
  reference: z.string(),
  /** Each invoice it settles and how much of it. */
  settles: z.array(z.object({ invoiceNumber: z.string(), amount: z.number() })),
  /** False when this reference had been recorded before: the reply is that payment's. */
  created: z.boolean(),
});
export type CompanyPayment = z.infer<typeof companyPaymentSchema>;

/**
 * `GET /api/company/invoices`: each invoice with something still open, due soonest first. `open` is
 * what it still owes after its credit notes and payments; `overdue` when its due date has passed.
 */
export const openInvoiceSchema = z.object({
  number: z.string(),
  orderNumber: z.string(),
  issuedAt: z.string(),
  dueOn: z.string(),
  total: z.number(),
  open: z.number(),
  overdue: z.boolean(),
});
export type OpenInvoice = z.infer<typeof openInvoiceSchema>;
export const openInvoiceListSchema = z.array(openInvoiceSchema);

/**
 * Paying open invoices by card (owner, accounts): which invoices, never how much — the server
 * charges what they still owe. `POST /api/company/invoices/checkout` (Stripe) takes this;
 * `POST /api/company/invoices/pay` (test mode) adds the test card.
 */
export const invoicePaymentSchema = z.object({
  invoiceNumbers: z
    .array(z.string().trim().min(1).max(30), { error: accountMessages.chooseInvoices })
    .min(1, accountMessages.chooseInvoices)
    .max(CARD_PAYMENT_INVOICES_MAX, accountMessages.chooseInvoices),
});
export const invoiceCardPaymentSchema = invoicePaymentSchema.extend(testPaymentSchema.omit({ orderId: true }).shape);
export type InvoiceCardPaymentInput = z.infer<typeof invoiceCardPaymentSchema>;

/** A statement downloads as a PDF (to read and file) or as CSV (for an accounts team's books; decision 223). */
export const STATEMENT_FORMATS = ['pdf', 'csv'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/**
 * A statement's month as its file: "2026-11.pdf" or "2026-11.csv", from STATEMENT_FIRST_MONTH (a
 * month not begun is the route's 404), read as `{ month: '2026-11', format: 'pdf' }`.
 */
export const statementParamsSchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])\.(pdf|csv)$/, accountMessages.month)
    .transform((file) => ({ month: file.slice(0, 7), format: file.slice(8) as StatementFormat }))
    .refine(({ month }) => month >= STATEMENT_FIRST_MONTH, accountMessages.month),
});

let monthFormat: Intl.DateTimeFormat | undefined;
/**
 * "November 2026": a statement's month (YYYY-MM, as the ledger counts it in UTC) as a person
 * writes it, in its e-mail and on its PDF. The format is made on first use, not as this module loads.
 */
export function formatStatementMonth(month: string): string {
  monthFormat ??= new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return monthFormat.format(new Date(`${month}-01T00:00:00Z`));
}

/** The API's address of a month's statement, as a PDF or CSV. */
export function statementPath(month: string, format: StatementFormat): string {
  return `/api/company/statements/${month}.${format}`;
}

/**
 * The file name a month's statement downloads as, the server's and the browser's: the company's
 * name in it (its spaces as `-`), so that statements of several companies are told apart.
 */
export function statementFileName(companyName: string, month: string, format: StatementFormat): string {
  return `statement-${companyName.trim().replace(/\s+/g, '-')}-${month}.${format}`;
}

/** The ledger entries an admin's view of a company's account shows: the newest. */
export const ADMIN_LEDGER_RECENT = 20;
/** The Company page's ledger shows this many entries, newest first, and this many more at each "Show older" (decision 133). */
export const LEDGER_SHOWN = 20;

/**
 * A company's card payment given back whole (decision 225): every invoice it was for had been paid
 * meanwhile, so the ledger has nothing of it. `paidBy`: the member's e-mail, null once their
 * account is gone.
 */
export const givenBackPaymentSchema = z.object({
  at: z.string(),
  paymentIntent: z.string(),
  amount: z.number(),
  invoices: z.array(z.string()),
  paidBy: z.string().nullable(),
});
export type GivenBackPayment = z.infer<typeof givenBackPaymentSchema>;

/**
 * What had settled an invoice a card payment given back whole was for, as the ledger knew it when
 * the payment was given back (decision 228): payments only (a payment, or a credit on account it
 * took), credit notes only (its order cancelled, its parts returned, or both), or both.
 */
export const INVOICE_SETTLEMENTS = ['paid', 'cancelled', 'returned', 'credited', 'paid-and-credited'] as const;
export type InvoiceSettlement = (typeof INVOICE_SETTLEMENTS)[number];

/**
 * The words of a card payment given back whole (decisions 225, 228), in one place: its e-mail's
 * first paragraph and what it says of each invoice, and the note over the lists of them on the
 * admins' Account and the members' Company page.
 */
export const givenBackMessages = {
  /** `credited`: one of its invoices was settled by a credit note, not (only) by a payment. */
  lead: (amount: string, companyName: string, credited: boolean) =>
    `Your card payment of ${amount} to ${companyName}'s account is given back to your card in full: every invoice it was for had been ${credited ? 'paid or credited' : 'paid'} meanwhile, so nothing of it was owed.`,
  settled: {
    paid: 'Paid already',
    cancelled: 'Credited: order cancelled',
    returned: 'Credited: parts returned',
    credited: 'Credited: parts returned, the rest cancelled',
    'paid-and-credited': 'Paid in part, the rest credited',
  } satisfies Record<InvoiceSettlement, string>,
  listHeading: 'Card payments given back',
  listNote: 'Charged by card and given back in full: every invoice each was for had been paid or credited meanwhile, so they are not in the ledger. The member who paid was e-mailed.',
} as const;

/**
 * `GET /api/admin/companies/{id}/account`: a company's money as the admins see it (decision 107).
 * `balance` is what the ledger sums to (+ owed), `available` what the credit limit leaves (never
 * below 0; null: no limit), `overdue` the sum still open on invoices past their due date;
 * `invoices` as `GET /api/company/invoices`, `recent` the newest `ADMIN_LEDGER_RECENT` entries of
 * `GET /api/company/ledger`, newest first, of `entries` in all; `givenBack` the newest
 * `ADMIN_LEDGER_RECENT` card payments given back whole, newest first (in no ledger; decision 225).
 */
export const adminCompanyAccountSchema = z.object({
  balance: z.number(),
  creditLimit: z.number().nullable(),
  available: z.number().nullable(),
  overdue: z.number(),
  invoices: openInvoiceListSchema,
  recent: ledgerSchema,
  entries: z.number(),
  givenBack: z.array(givenBackPaymentSchema),
});
export type AdminCompanyAccount = z.infer<typeof adminCompanyAccountSchema>;

/** The API's address of a company's statement for a month, as a PDF or CSV, for an admin. */
export function adminStatementPath(companyId: string, month: string, format: StatementFormat): string {
  return `/api/admin/companies/${encodeURIComponent(companyId)}/statements/${month}.${format}`;
}
