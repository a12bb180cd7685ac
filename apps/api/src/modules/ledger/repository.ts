import {
  ACCOUNTS_ROLES,
  ADMIN_LEDGER_RECENT,
  addDays,
  ageBalance,
  centsToDollars,
  dollarsToCents,
  formatInvoiceNumber,
  type AdminCompanyAccount,
  type AgeingBucket,
  type CompanyPayment,
  type InvoiceSettlement,
  type LedgerEntry,
  type LedgerQuery,
  type LedgerKind,
  type OpenInvoice,
  allocateCents,
  availableCreditCents,
  sumCents,
} from '@autoparts/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { isId } from '../../lib/ids';
import { withTransaction } from '../../lib/transaction';
import type { Mail } from '../mail/outbox';
import { balanceOf, givenBackOf, membersIn, openItems, settlementOf, today, type OpenItem } from './entries';

/**
 * A company's ledger read (its entries with the running balance, a month's statement) and the
 * payments an admin records against it (decision 081).
 */

export interface StatementEntry {
  at: Date;
  kind: LedgerKind;
  number: string;
  /** An invoice's order's PO number and due date (YYYY-MM-DD), the ageing's basis (decision 223); null on other entries. */
  poNumber: string | null;
  dueOn: string | null;
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

/**
 * When a payment received on `day` is entered: now when that is today, else at that day's last
 * instant. Either way on the day received, and after the invoices of that day it may settle, so
 * that a statement never shows it before them with a credit that never was (entered at the day's
 * start, it was listed before an invoice issued that morning).
 */
export function receivedInstant(day: string, now = new Date()): Date {
  const dayEnd = new Date(`${day}T23:59:59.999Z`);
  return dayEnd < now ? dayEnd : now;
}

export function createLedgerRepository(db: Db) {
  /** Entries from `from` (inclusive) to `to` (exclusive), oldest first, each with the balance after it. */
  async function entriesBetween(companyId: string, from: Date | null, to: Date | null, openingCents: number): Promise<StatementEntry[]> {
    let query = db
      .selectFrom('company_ledger as l')
      .leftJoin('orders as o', 'o.id', 'l.order_id')
      .select(['l.at', 'l.kind', 'l.number', 'l.amount_cents', 'o.po_number', 'o.due_on'])
      .where('l.company_id', '=', companyId);
    if (from) query = query.where('l.at', '>=', from);
    if (to) query = query.where('l.at', '<', to);
    const rows = await query.orderBy('l.at').orderBy('l.seq').execute();
    let balance = openingCents;
    return rows.map((row) => {
      balance += row.amount_cents;
      // A credit note has its order too: only an invoice is due, and names the order's PO.
      const invoice = row.kind === 'invoice';
      return {
        at: row.at,
        kind: row.kind,
        number: row.number,
        poNumber: invoice ? row.po_number : null,
        dueOn: invoice ? row.due_on : null,
        amountCents: row.amount_cents,
        balanceCents: balance,
      };
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
    /**
     * `GET /api/company/ledger` (decision 138): the `limit` newest entries after the `offset`
     * newest, oldest first, each with the balance after it and its place in the whole ledger. The
     * database reads the page from the newest back (with what the entries newer than each add up
     * to) and the whole ledger's count and sum from its index alone (decision 230): the balance
     * after an entry is the sum less what came after it. A running sum over every entry, oldest
     * first, read all 180,000 of a big account's for its newest 500.
     */
    async ledger(companyId: string, { limit, offset }: LedgerQuery): Promise<LedgerEntry[]> {
      const { rows } = await sql<{ at: Date; kind: LedgerKind; number: string; amount_cents: number; balance_cents: string; position: string }>`
        with totals as (
          select count(*) as entries, coalesce(sum(amount_cents), 0) as balance_cents from company_ledger where company_id = ${companyId}
        ),
        newest as (
          select at, kind, number, amount_cents, seq,
            row_number() over newest_first as back,
            coalesce(sum(amount_cents) over (newest_first rows between unbounded preceding and 1 preceding), 0) as newer_cents
          from company_ledger
          where company_id = ${companyId}
          window newest_first as (order by at desc, seq desc)
          order by at desc, seq desc
          limit ${offset + limit}
        )
        select n.at, n.kind, n.number, n.amount_cents, t.balance_cents - n.newer_cents as balance_cents, t.entries - n.back + 1 as position
        from newest n cross join totals t
        where n.back > ${offset}
        order by n.at desc, n.seq desc
      `.execute(db);
      return rows.reverse().map((row) => ({
        at: new Date(row.at).toISOString(),
        kind: row.kind,
        number: row.number,
        amount: centsToDollars(row.amount_cents),
        balance: centsToDollars(Number(row.balance_cents)),
        position: Number(row.position),
      }));
    },

    balance: (companyId: string) => balanceOf(db, companyId),

    /** The company's row as a statement names it, or undefined (no such company). */
    async company(companyId: string): Promise<{ id: string; name: string; tax_id: string } | undefined> {
      if (!isId(companyId)) return undefined;
      return db.selectFrom('companies').select(['id', 'name', 'tax_id']).where('id', '=', companyId).executeTakeFirst();
    },

    /**
     * `GET /api/admin/companies/{id}/account` (decision 107): the member's reads of the company's
     * money (`ledger`, `openInvoices`, `GET /api/company`'s balance and available credit) in one
     * reply, with the overdue sum. Undefined: no such company.
     */
    async adminAccount(companyId: string): Promise<AdminCompanyAccount | undefined> {
      if (!isId(companyId)) return undefined;
      const company = await db.selectFrom('companies').select('credit_limit_cents').where('id', '=', companyId).executeTakeFirst();
      if (!company) return undefined;
      const [entries, invoices, givenBack] = await Promise.all([this.ledger(companyId, { limit: ADMIN_LEDGER_RECENT, offset: 0 }), this.openInvoices(companyId), givenBackOf(db, companyId)]);
      const balanceCents = dollarsToCents(entries.at(-1)?.balance ?? 0);
      const limitCents = company.credit_limit_cents;
      const overdueCents = sumCents(invoices.filter((invoice) => invoice.overdue).map((invoice) => dollarsToCents(invoice.open)));
      const availableCents = availableCreditCents(limitCents, balanceCents);
      return {
        balance: centsToDollars(balanceCents),
        creditLimit: limitCents === null ? null : centsToDollars(limitCents),
        available: availableCents === null ? null : centsToDollars(availableCents),
        overdue: centsToDollars(overdueCents),
        invoices,
        recent: [...entries].reverse(),
        entries: entries.at(-1)?.position ?? 0,
        givenBack,
      };
    },

    /**
     * Month `YYYY-MM`'s closing balance, as its statement gives it (the sum of the entries before the
     * month's end, or now in the month running): what the statement's e-mail says, read without the
     * statement's entries and ageing (decision 230).
     */
    async closingCents(companyId: string, month: string, now = new Date()): Promise<number> {
      const end = monthStart(nextMonth(month));
      return sumBefore(companyId, end < now ? end : now);
    },

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
     * A payment entered is acknowledged to the company's owners and accounts members, in the same
     * transaction (decision 222): once, as it is entered once.
     */
    async recordPayment(
      companyId: string,
      input: { amount: number; receivedAt: string; reference: string; invoiceNumbers: readonly string[] },
      recordedBy: string,
      mail: Mail,
    ): Promise<CompanyPayment | { unknown: string[] } | undefined> {
      return withTransaction(db, async (trx) => {
        if (!(await lockCompany(trx, companyId))) return undefined;
        const existing = await paymentByReference(trx, companyId, input.reference);
        if (existing) return paymentReply(trx, existing, false);

        const wanted = input.invoiceNumbers.map((text) => ({ text, number: parseInvoiceNumber(text) }));
        const open = (await openItems(trx, companyId, new Date())).filter(isOpenInvoice);
        const missing = await notTheCompanys(trx, companyId, wanted);
        if (missing.length) return { unknown: missing };

        const amountCents = dollarsToCents(input.amount);
        const named = wanted.flatMap((want) => open.filter((item) => item.invoiceNumber === want.number));
        const rest = open.filter((item) => !named.includes(item)).sort((a, b) => (a.dueOn ?? '').localeCompare(b.dueOn ?? '') || (a.invoiceNumber ?? 0) - (b.invoiceNumber ?? 0));
        const { settles, leftCents } = settled(amountCents, [...named, ...rest]);
        const payment = await insertPayment(trx, companyId, { amountCents, receivedOn: input.receivedAt, at: receivedInstant(input.receivedAt), reference: input.reference, recordedBy }, settles);
        const reply = await paymentReply(trx, payment, true);
        await queueAcknowledgements(trx, mail, companyId, reply, leftCents);
        return reply;
      });
    },

    /** `GET /api/company/invoices`: the invoices with something open, due soonest first. */
    async openInvoices(companyId: string): Promise<OpenInvoice[]> {
      const open = (await openItems(db, companyId, new Date())).filter(isOpenInvoice);
      if (!open.length) return [];
      const orders = new Map(
        (
          await db
            .selectFrom('orders')
            .select(['id', 'order_number', 'total_cents', 'invoiced_at'])
            .where('id', 'in', open.map((item) => item.orderId))
            .execute()
        ).map((row) => [row.id, row]),
      );
      const day = today();
      return open
        .flatMap((item) => {
          // By its id: 4,000 open invoices were 8 million comparisons (decision 230).
          const order = orders.get(item.orderId);
          const dueOn = item.dueOn ?? day;
          return order
            ? [{
                number: formatInvoiceNumber(item.invoiceNumber),
                orderNumber: String(order.order_number),
                issuedAt: (order.invoiced_at ?? new Date()).toISOString(),
                dueOn,
                total: centsToDollars(order.total_cents),
                open: centsToDollars(item.cents),
                overdue: dueOn < day,
              }]
            : [];
        })
        .sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.number.localeCompare(b.number));
    },

    /** What the named invoices still owe now (for a Stripe session's amount), or why they cannot be paid. */
    toPay: (companyId: string, texts: readonly string[]) => invoicesToPay(db, companyId, texts),

    /**
     * The Stripe page for these amounts of the company's invoices (decision 207), asked under the
     * company's row lock (with `toPay`): the one opened already (`url`), whoever asked for it; one
     * being opened (`opening`); or a claim to open it (`claim`), then `checkoutOpened` or
     * `checkoutFailed`. Ended sessions and abandoned claims of the company are removed first.
     */
    async claimCheckout(companyId: string, items: readonly OpenInvoiceItem[], now = new Date()): Promise<{ url: string } | { opening: true } | { claim: string }> {
      const invoices = items
        .map((item) => [item.invoiceNumber, item.cents])
        .sort(([a = 0], [b = 0]) => a - b)
        .map(([number, cents]) => `${number}:${cents}`)
        .join(',');
      await db.deleteFrom('invoice_checkouts').where('company_id', '=', companyId).where('expires_at', '<=', now).execute();
      const found = await db.selectFrom('invoice_checkouts').select('url').where('company_id', '=', companyId).where('invoices', '=', invoices).executeTakeFirst();
      if (found) return found.url === null ? { opening: true } : { url: found.url };
      const claimed = await db
        .insertInto('invoice_checkouts')
        .values({ company_id: companyId, invoices, url: null, expires_at: new Date(now.getTime() + CHECKOUT_CLAIM_MS) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { claim: claimed.id };
    },

    /** The claimed page is open at Stripe until `expiresAt`: later requests for its amounts reach it. */
    async checkoutOpened(claim: string, session: { id: string; url: string; expiresAt: Date }): Promise<void> {
      await db.updateTable('invoice_checkouts').set({ session_id: session.id, url: session.url, expires_at: session.expiresAt }).where('id', '=', claim).execute();
    },

    /** The page ended (completed, or its delayed payment failed): the next request for its amounts opens another. */
    async checkoutEnded(sessionId: string): Promise<void> {
      await db.deleteFrom('invoice_checkouts').where('session_id', '=', sessionId).execute();
    },

    /** Stripe did not open the claimed page: the next request claims it anew. */
    async checkoutFailed(claim: string): Promise<void> {
      await db.deleteFrom('invoice_checkouts').where('id', '=', claim).execute();
    },

    /**
     * Pays the named invoices by card at once (the test provider): under the company's row lock,
     * what they still owe is charged and entered as one payment settling each in full. A second
     * payment of the same invoices waits for the lock, then finds nothing open and charges nothing.
     */
    async payByCard<Refusal>(
      companyId: string,
      texts: readonly string[],
      recordedBy: string,
      charge: (amountCents: number) => { transactionId: string } | { refused: Refusal },
      mail: Mail,
    ): Promise<Exclude<ToPay, { items: unknown }> | { refused: Refusal } | { payment: CompanyPayment }> {
      return withTransaction(db, async (trx) => {
        await lockCompany(trx, companyId);
        const found = await invoicesToPay(trx, companyId, texts);
        if (!('items' in found)) return found;
        const amountCents = sumCents(found.items.map((item) => item.cents));
        const charged = charge(amountCents);
        if ('refused' in charged) return charged;
        const payment = await insertPayment(
          trx,
          companyId,
          { amountCents, receivedOn: today(), at: new Date(), reference: charged.transactionId, recordedBy },
          found.items.map((item) => ({ orderId: item.orderId, cents: item.cents })),
        );
        const reply = await paymentReply(trx, payment, true);
        await queueReceipt(trx, mail, companyId, recordedBy, { chargedCents: amountCents, payment: reply, givenBackCents: 0 });
        return { payment: reply };
      });
    },

    /**
     * A card payment Stripe took (its webhook): entered once per PaymentIntent (`reference`; a
     * replay answers `created: false`, enters nothing, and names again what is to be given back). Under the company's row lock it settles
     * the invoices it was for, up to what each still owes now; what they no longer owe (another
     * payment settled them meanwhile) is not entered but given back: `refundCents`. One of which
     * nothing is owed any more is given back whole: recorded once, with its message to the member
     * who paid, and a replay names it again to give back (decision 225).
     */
    async recordCardPayment(
      companyId: string,
      input: { invoiceNumbers: readonly number[]; chargedCents: number; reference: string; recordedBy: string },
      mail: Mail,
    ): Promise<{ payment: CompanyPayment | undefined; refundCents: number } | undefined> {
      return withTransaction(db, async (trx) => {
        if (!(await lockCompany(trx, companyId))) return undefined;
        const existing = await paymentByReference(trx, companyId, input.reference);
        // Entered already (Stripe sends the event again): what was not entered is still given back,
        // in case giving it back failed the first time (the refund's key makes a second one a no-op).
        if (existing) return { payment: await paymentReply(trx, existing, false), refundCents: input.chargedCents - existing.amount_cents };
        const returned = await trx.selectFrom('card_payments_given_back').select('amount_cents').where('payment_intent', '=', input.reference).executeTakeFirst();
        if (returned) return { payment: undefined, refundCents: returned.amount_cents };
        const open = (await openItems(trx, companyId, new Date())).filter(isOpenInvoice);
        const named = input.invoiceNumbers.flatMap((number) => open.filter((candidate) => candidate.invoiceNumber === number));
        const { settles, leftCents: left } = settled(input.chargedCents, named);
        const appliedCents = input.chargedCents - left;
        if (appliedCents === 0) {
          await recordGivenBack(trx, mail, companyId, input);
          return { payment: undefined, refundCents: left };
        }
        const payment = await insertPayment(trx, companyId, { amountCents: appliedCents, receivedOn: today(), at: new Date(), reference: input.reference, recordedBy: input.recordedBy }, settles);
        const reply = await paymentReply(trx, payment, true);
        await queueReceipt(trx, mail, companyId, input.recordedBy, { chargedCents: input.chargedCents, payment: reply, givenBackCents: left });
        return { payment: reply, refundCents: left };
      });
    },
  };
}

/**
 * How long a claim to open a Stripe page stands before another request may claim the same amounts:
 * longer than Stripe's SDK takes to give up (its timeout, with its retries), so only a claim whose
 * sender died ends this way.
 */
const CHECKOUT_CLAIM_MS = 5 * 60 * 1000;

type OpenInvoiceItem = OpenItem & { orderId: string; invoiceNumber: number };

function isOpenInvoice(item: OpenItem): item is OpenInvoiceItem {
  return item.orderId !== null && item.invoiceNumber !== null && item.cents > 0;
}

/**
 * What a payment of `amountCents` settles of the open invoices `items`, in turn (an invoice named
 * twice once), up to what each still owes (`allocateCents`), and what is left of it.
 */
function settled(amountCents: number, items: readonly OpenInvoiceItem[]): { settles: { orderId: string; cents: number }[]; leftCents: number } {
  const once = [...new Set(items)];
  const { shares, leftCents } = allocateCents(amountCents, once.map((item) => item.cents));
  return { settles: once.flatMap((item, n) => (shares[n] ? [{ orderId: item.orderId, cents: shares[n] }] : [])), leftCents };
}

/**
 * A card payment's receipt to the member who paid it (decision 212), in the payment's transaction:
 * entered once, so sent once. A member whose account is gone since is sent none.
 */
async function queueReceipt(trx: Db, mail: Mail, companyId: string, userId: string, paid: { chargedCents: number; payment: CompanyPayment; givenBackCents: number }) {
  const payer = await payerOf(trx, companyId, userId);
  if (!payer) return;
  await mail.queue(trx, {
    kind: 'company-payment',
    ...payer,
    amountCents: paid.chargedCents,
    reference: paid.payment.reference,
    settles: paid.payment.settles.map((settled) => ({ invoiceNumber: settled.invoiceNumber, cents: dollarsToCents(settled.amount) })),
    givenBackCents: paid.givenBackCents,
  });
}

/** Whom a card payment's message goes to: the member who paid (none once their account is gone), and the company's name. */
async function payerOf(trx: Db, companyId: string, userId: string): Promise<{ to: string; name: string; companyName: string } | undefined> {
  const payer = await trx
    .selectFrom('users')
    .innerJoin('companies', (join) => join.on('companies.id', '=', companyId))
    .select(['users.email', 'users.name', 'companies.name as company_name'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return payer && { to: payer.email, name: payer.name, companyName: payer.company_name };
}

/**
 * A card payment given back whole (decision 225): recorded once per PaymentIntent (a second insert,
 * another instance's of the same event, does nothing) and, with the record, its message to the
 * member who paid: the amount, the invoices it was for, what settled each (decision 228), and the
 * reference.
 */
async function recordGivenBack(trx: Db, mail: Mail, companyId: string, payment: { invoiceNumbers: readonly number[]; chargedCents: number; reference: string; recordedBy: string }) {
  const numbers = [...new Set(payment.invoiceNumbers)];
  const invoices = numbers.map(formatInvoiceNumber);
  const recorded = await trx
    .insertInto('card_payments_given_back')
    .values({ company_id: companyId, payment_intent: payment.reference, amount_cents: payment.chargedCents, invoice_numbers: invoices, paid_by: payment.recordedBy })
    .onConflict((oc) => oc.column('payment_intent').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!recorded) return;
  const payer = await payerOf(trx, companyId, payment.recordedBy);
  if (!payer) return;
  const settled = await settlementsOf(trx, companyId, numbers);
  await mail.queue(trx, {
    kind: 'company-payment-given-back',
    ...payer,
    amountCents: payment.chargedCents,
    reference: payment.reference,
    invoices: numbers.map((number) => ({ invoiceNumber: formatInvoiceNumber(number), settledBy: settled.get(number) ?? 'paid' })),
  });
}

/**
 * What settled each of the company's invoices `numbers`, none of which owes anything now (decision
 * 228), from its ledger: the invoice's amount and its credit notes (`settlementOf`).
 */
async function settlementsOf(trx: Db, companyId: string, numbers: readonly number[]): Promise<Map<number, InvoiceSettlement>> {
  if (!numbers.length) return new Map();
  const [invoices, notes] = await Promise.all([
    trx
      .selectFrom('company_ledger')
      .select(['invoice_number', 'amount_cents'])
      .where('company_id', '=', companyId)
      .where('kind', '=', 'invoice')
      .where('invoice_number', 'in', numbers.map(String))
      .execute(),
    trx
      .selectFrom('company_ledger as l')
      .innerJoin('company_ledger as i', (join) => join.onRef('i.order_id', '=', 'l.order_id').on('i.kind', '=', 'invoice'))
      .innerJoin('credit_notes as n', 'n.number', 'l.credit_note_number')
      .select(['i.invoice_number', 'l.amount_cents', 'n.return_id'])
      .where('l.company_id', '=', companyId)
      .where('l.kind', '=', 'credit-note')
      .where('i.invoice_number', 'in', numbers.map(String))
      .execute(),
  ]);
  return new Map(
    invoices.map((invoice) => {
      const number = Number(invoice.invoice_number);
      const its = notes.filter((note) => Number(note.invoice_number) === number);
      const settledBy = settlementOf(
        invoice.amount_cents,
        its.map((note) => ({ cents: -note.amount_cents, returned: note.return_id !== null })),
      );
      return [number, settledBy];
    }),
  );
}

/**
 * A recorded payment's acknowledgement to each owner and accounts member of the company
 * (`ACCOUNTS_ROLES`, who see its invoices and payments; decision 222), in the payment's transaction:
 * entered once, so sent once. `creditCents`: what the ledger's allocation left on account.
 */
async function queueAcknowledgements(trx: Db, mail: Mail, companyId: string, payment: CompanyPayment, creditCents: number) {
  for (const member of await membersIn(trx, companyId, ACCOUNTS_ROLES))
    await mail.queue(trx, {
      kind: 'company-payment-received',
      to: member.email,
      name: member.name,
      companyName: member.company_name,
      amountCents: dollarsToCents(payment.amount),
      receivedOn: payment.receivedAt,
      reference: payment.reference,
      settles: payment.settles.map((settled) => ({ invoiceNumber: settled.invoiceNumber, cents: dollarsToCents(settled.amount) })),
      creditCents,
    });
}

/** The company's payment of this reference, if one is recorded (a reference is unique per company). */
function paymentByReference(trx: Db, companyId: string, reference: string) {
  return trx.selectFrom('company_payments').selectAll().where('company_id', '=', companyId).where('reference', '=', reference).executeTakeFirst();
}

/** The company's row, locked for the transaction: payments and orders on account take turns on it. */
async function lockCompany(trx: Db, companyId: string): Promise<boolean> {
  return Boolean(await trx.selectFrom('companies').select('id').where('id', '=', companyId).forUpdate().executeTakeFirst());
}

/** Of the invoice numbers as typed, those that are not an invoice on account of the company. */
async function notTheCompanys(trx: Db, companyId: string, wanted: readonly { text: string; number: number | null }[]): Promise<string[]> {
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
  return wanted.filter((want) => !known.some((row) => Number(row.invoice_number) === want.number)).map((want) => want.text);
}

export type ToPay = { items: OpenInvoiceItem[] } | { unknown: string[] } | { settled: string[] };

/** The named invoices with what each still owes, in the order named; unknown ones, or those with nothing open, refuse it. */
async function invoicesToPay(trx: Db, companyId: string, texts: readonly string[]): Promise<ToPay> {
  const wanted = [...new Set(texts)].map((text) => ({ text, number: parseInvoiceNumber(text) }));
  const unknown = await notTheCompanys(trx, companyId, wanted);
  if (unknown.length) return { unknown };
  const open = (await openItems(trx, companyId, new Date())).filter(isOpenInvoice);
  const items: OpenInvoiceItem[] = [];
  const settled: string[] = [];
  for (const want of wanted) {
    const item = open.find((candidate) => candidate.invoiceNumber === want.number);
    if (!item) settled.push(formatInvoiceNumber(want.number ?? 0));
    else if (!items.includes(item)) items.push(item);
  }
  return settled.length ? { settled } : { items };
}

/**
 * A payment and the invoices it settles, entered in the ledger as one credit at `at`: the start of
 * the day received for a payment an admin records, the moment charged for a card's (so that it
 * follows the invoices it pays in the ledger's order).
 */
async function insertPayment(
  trx: Db,
  companyId: string,
  input: { amountCents: number; receivedOn: string; at: Date; reference: string; recordedBy: string },
  settles: readonly { orderId: string; cents: number }[],
) {
  const payment = await trx
    .insertInto('company_payments')
    .values({ company_id: companyId, amount_cents: input.amountCents, received_on: input.receivedOn, reference: input.reference, recorded_by: input.recordedBy })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (settles.length) {
    await trx
      .insertInto('company_payment_invoices')
      .values(settles.map((row) => ({ payment_id: payment.id, order_id: row.orderId, amount_cents: row.cents })))
      .execute();
  }
  await trx
    .insertInto('company_ledger')
    .values({
      company_id: companyId,
      at: input.at,
      kind: 'payment',
      number: input.reference,
      amount_cents: -input.amountCents,
      payment_id: payment.id,
      recorded_by: input.recordedBy,
    })
    .execute();
  return payment;
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
