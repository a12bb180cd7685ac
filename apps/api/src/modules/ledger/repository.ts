import {
  addDays,
  ageBalance,
  centsToDollars,
  dollarsToCents,
  formatInvoiceNumber,
  type AgeingBucket,
  type CompanyPayment,
  type LedgerEntry,
  type LedgerKind,
} from '@autoparts/shared';
import type { Db } from '../../db/database';
import { withTransaction } from '../../lib/transaction';
import { balanceOf, openItems } from './entries';

/**
 * A company's ledger read (its entries with the running balance, a month's statement) and the
 * payments an admin records against it (decision 081).
 */

export interface StatementEntry {
  at: Date;
  kind: LedgerKind;
  number: string;
  amountCents: number;
  balanceCents: number;
}

export interface Statement {
  company: { id: string; name: string; taxId: string };
  /** YYYY-MM. */
  month: string;
  /** The day the ageing is counted on: the month's last day, or today in the month running. */
  asOf: string;
  openingCents: number;
  entries: StatementEntry[];
  closingCents: number;
  aged: Record<AgeingBucket, number>;
}

/** An invoice number as an admin types it: "INV-000123" or "123". */
export function parseInvoiceNumber(text: string): number | null {
  const match = /^(?:INV-)?(\d{1,15})$/i.exec(text.trim());
  const number = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(number) && number > 0 ? number : null;
}

/** The first instant of month `YYYY-MM` (UTC). */
function monthStart(month: string): Date {
  return new Date(`${month}-01T00:00:00Z`);
}

function nextMonth(month: string): string {
  const date = monthStart(month);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString().slice(0, 7);
}

export function createLedgerRepository(db: Db) {
  /** Entries from `from` (inclusive) to `to` (exclusive), oldest first, each with the balance after it. */
  async function entriesBetween(companyId: string, from: Date | null, to: Date | null, openingCents: number): Promise<StatementEntry[]> {
    let query = db.selectFrom('company_ledger').select(['at', 'kind', 'number', 'amount_cents']).where('company_id', '=', companyId);
    if (from) query = query.where('at', '>=', from);
    if (to) query = query.where('at', '<', to);
    const rows = await query.orderBy('at').orderBy('seq').execute();
    let balance = openingCents;
    return rows.map((row) => {
      balance += row.amount_cents;
      return { at: row.at, kind: row.kind, number: row.number, amountCents: row.amount_cents, balanceCents: balance };
    });
  }

  async function sumBefore(companyId: string, before: Date): Promise<number> {
    const row = await db
      .selectFrom('company_ledger')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount_cents'), eb.lit(0)).as('sum'))
      .where('company_id', '=', companyId)
      .where('at', '<', before)
      .executeTakeFirstOrThrow();
    return Number(row.sum);
  }

  return {
    /** `GET /api/company/ledger`: every entry, oldest first, with the balance after it. */
    async ledger(companyId: string): Promise<LedgerEntry[]> {
      const entries = await entriesBetween(companyId, null, null, 0);
      return entries.map((entry) => ({
        at: entry.at.toISOString(),
        kind: entry.kind,
        number: entry.number,
        amount: centsToDollars(entry.amountCents),
        balance: centsToDollars(entry.balanceCents),
      }));
    },

    balance: (companyId: string) => balanceOf(db, companyId),

    /** Month `YYYY-MM`'s statement: opening balance, its entries, closing balance and the closing balance aged. */
    async statement(company: { id: string; name: string; tax_id: string }, month: string, now = new Date()): Promise<Statement> {
      const start = monthStart(month);
      const end = monthStart(nextMonth(month));
      const cutoff = end < now ? end : now;
      const openingCents = await sumBefore(company.id, start);
      const entries = await entriesBetween(company.id, start, cutoff, openingCents);
      const asOf = addDays(cutoff.toISOString().slice(0, 10), cutoff === end ? -1 : 0);
      const open = await openItems(db, company.id, cutoff);
      return {
        company: { id: company.id, name: company.name, taxId: company.tax_id },
        month,
        asOf,
        openingCents,
        entries,
        closingCents: entries.at(-1)?.balanceCents ?? openingCents,
        aged: ageBalance(open, asOf),
      };
    },

    /**
     * Records a payment received (idempotent by its reference: the same reference again answers the
     * payment recorded, `created: false`). It settles the named invoices in order, up to what each
     * still owes, then the oldest open ones; what is left is a credit on account. The company's row
     * is locked meanwhile, as an order on account locks it. Unknown invoice numbers: nothing recorded.
     */
    async recordPayment(
      companyId: string,
      input: { amount: number; receivedAt: string; reference: string; invoiceNumbers: readonly string[] },
      recordedBy: string,
    ): Promise<CompanyPayment | { unknown: string[] } | undefined> {
      return withTransaction(db, async (trx) => {
        const company = await trx.selectFrom('companies').select('id').where('id', '=', companyId).forUpdate().executeTakeFirst();
        if (!company) return undefined;
        const existing = await trx
          .selectFrom('company_payments')
          .selectAll()
          .where('company_id', '=', companyId)
          .where('reference', '=', input.reference)
          .executeTakeFirst();
        if (existing) return paymentReply(trx, existing, false);

        const wanted = input.invoiceNumbers.map((text) => ({ text, number: parseInvoiceNumber(text) }));
        const open = (await openItems(trx, companyId, new Date())).filter((item) => item.orderId !== null && item.cents > 0);
        const numbers = wanted.flatMap((want) => (want.number === null ? [] : [String(want.number)]));
        const known = numbers.length
          ? await trx
              .selectFrom('orders')
              .select('invoice_number')
              .where('company_id', '=', companyId)
              .where('payment_method', '=', 'account')
              .where('invoice_number', 'in', numbers)
              .execute()
          : [];
        const missing = wanted.filter((want) => !known.some((row) => Number(row.invoice_number) === want.number));
        if (missing.length) return { unknown: missing.map((want) => want.text) };

        const amountCents = dollarsToCents(input.amount);
        const payment = await trx
          .insertInto('company_payments')
          .values({ company_id: companyId, amount_cents: amountCents, received_on: input.receivedAt, reference: input.reference, recorded_by: recordedBy })
          .returningAll()
          .executeTakeFirstOrThrow();
        const named = wanted.flatMap((want) => open.filter((item) => item.invoiceNumber === want.number));
        const rest = open.filter((item) => !named.includes(item)).sort((a, b) => (a.dueOn ?? '').localeCompare(b.dueOn ?? '') || (a.invoiceNumber ?? 0) - (b.invoiceNumber ?? 0));
        let left = amountCents;
        const settles: { payment_id: string; order_id: string; amount_cents: number }[] = [];
        for (const item of [...named, ...rest]) {
          if (left === 0 || !item.orderId || settles.some((row) => row.order_id === item.orderId)) continue;
          const cents = Math.min(left, item.cents);
          settles.push({ payment_id: payment.id, order_id: item.orderId, amount_cents: cents });
          left -= cents;
        }
        if (settles.length) await trx.insertInto('company_payment_invoices').values(settles).execute();
        await trx
          .insertInto('company_ledger')
          .values({
            company_id: companyId,
            at: new Date(`${input.receivedAt}T00:00:00Z`),
            kind: 'payment',
            number: input.reference,
            amount_cents: -amountCents,
            payment_id: payment.id,
            recorded_by: recordedBy,
          })
          .execute();
        return paymentReply(trx, payment, true);
      });
    },
  };
}

async function paymentReply(
  trx: Db,
  payment: { id: string; amount_cents: number; received_on: string; reference: string },
  created: boolean,
): Promise<CompanyPayment> {
  const settled = await trx
    .selectFrom('company_payment_invoices as a')
    .innerJoin('orders as o', 'o.id', 'a.order_id')
    .select(['o.invoice_number', 'a.amount_cents'])
    .where('a.payment_id', '=', payment.id)
    .orderBy('o.invoice_number')
    .execute();
  return {
    id: payment.id,
    amount: centsToDollars(payment.amount_cents),
    receivedAt: payment.received_on,
    reference: payment.reference,
    settles: settled.map((row) => ({ invoiceNumber: formatInvoiceNumber(Number(row.invoice_number)), amount: centsToDollars(row.amount_cents) })),
    created,
  };
}

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
