import {
  ACCOUNTS_ROLES,
  ADMIN_LEDGER_RECENT,
  addDays,
  allocateCents,
  centsToDollars,
  formatCreditNoteNumber,
  formatInvoiceNumber,
  ON_ACCOUNT_ROLES,
  OVERDUE_GRACE_DAYS,
  paymentTermsDays,
  sumCents,
  type AccountRefusal,
  type CompanyRole,
  type GivenBackPayment,
  type InvoiceSettlement,
  type PaymentTerms,
  overCreditLimitCents,
} from '@autoparts/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Mail } from '../mail/outbox';

/**
 * A company's ledger, written (decision 081): the entries of invoices, credit notes and payments,
 * and the rules an order on account must pass. This file imports no order module, so that
 * checkout and invoices (which write entries) can import it without a circle (decision 068).
 */

/** Today as the ledger counts days (UTC), YYYY-MM-DD. */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The balance of a company: the sum of its ledger, in cents (+ owed). */
export async function balanceOf(db: Db, companyId: string): Promise<number> {
  const row = await db
    .selectFrom('company_ledger')
    .select(sql<string>`coalesce(sum(amount_cents), 0)`.as('balance'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}

/**
 * The company's newest card payments given back whole (`ADMIN_LEDGER_RECENT`), newest first, with
 * the e-mail of who paid (null once the account is gone): the admins' Account (decision 225) and
 * the Company page of its owners and accounts members (`GET /api/company`, decision 228) list them.
 */
export async function givenBackOf(db: Db, companyId: string): Promise<GivenBackPayment[]> {
  const rows = await db
    .selectFrom('card_payments_given_back as g')
    .leftJoin('users as u', 'u.id', 'g.paid_by')
    .select(['g.given_back_at', 'g.payment_intent', 'g.amount_cents', 'g.invoice_numbers', 'u.email'])
    .where('g.company_id', '=', companyId)
    .orderBy('g.given_back_at', 'desc')
    .orderBy('g.id')
    .limit(ADMIN_LEDGER_RECENT)
    .execute();
  return rows.map((row) => ({
    at: row.given_back_at.toISOString(),
    paymentIntent: row.payment_intent,
    amount: centsToDollars(row.amount_cents),
    invoices: row.invoice_numbers,
    paidBy: row.email,
  }));
}

/**
 * What settled an invoice of `invoiceCents` that owes nothing now (decision 228), from its credit
 * notes (`cents` positive; `returned`: a return's, else its order or the order's rest cancelled):
 * none, so payments (or a credit on account) paid it; as much as the invoice or more, so they alone
 * did (a return's, a cancellation's, or both); less, so both did.
 */
export function settlementOf(invoiceCents: number, notes: readonly { cents: number; returned: boolean }[]): InvoiceSettlement {
  const creditedCents = sumCents(notes.map((note) => note.cents));
  if (creditedCents <= 0) return 'paid';
  if (creditedCents < invoiceCents) return 'paid-and-credited';
  const returned = notes.filter((note) => note.returned).length;
  return returned === notes.length ? 'returned' : returned === 0 ? 'cancelled' : 'credited';
}

/** An amount still open in a company's ledger: an invoice's unpaid rest, or the credit no invoice takes. */
export interface OpenItem {
  /** The invoice's order; null for the credit no invoice takes (negative). */
  orderId: string | null;
  invoiceNumber: number | null;
  dueOn: string | null;
  cents: number;
}

/**
 * What is open in a company's ledger at `asOf` (entries before it): each invoice less its credit
 * notes and the payments applied to it, less the company's credit (`withCreditApplied`), and
 * what is left of that credit. The one reckoning of open amounts: the overdue rule, payments'
 * settling and statements' ageing use it. The items add up to the balance exactly.
 *
 * `openItemsOf` of the ledger's entries and applications (its reference, which the ledger's
 * property test holds this to), with the adding up done where the rows are (decision 230): the
 * database adds each invoiced order's invoice, credit notes and the payments applied to it, and
 * sends only the invoices that do not come to nothing, with the balance. What the payments and
 * credit notes left unapplied (the credit) is the balance less what those invoices owe: the
 * invoices that owe nothing add nothing to either. A ledger of 180,000 entries was sent whole, with
 * its 100,000 applications, to find 4,000 open invoices.
 */
export async function openItems(db: Db, companyId: string, asOf: Date): Promise<OpenItem[]> {
  const { rows } = await sql<{ order_id: string | null; invoice_number: string | number | null; due_on: string | null; cents: string | number }>`
    select owed.order_id, owed.invoice_number, o.due_on, owed.cents
    from (
      select order_id, max(invoice_number) as invoice_number, sum(cents) as cents
      from (
        select order_id, kind, invoice_number, amount_cents as cents
        from company_ledger
        where company_id = ${companyId} and at < ${asOf} and kind in ('invoice', 'credit-note') and order_id is not null
        union all
        select a.order_id, 'applied', null, -a.amount_cents
        from company_payment_invoices a
        join company_ledger p on p.payment_id = a.payment_id and p.kind = 'payment'
        where p.company_id = ${companyId} and p.at < ${asOf}
      ) parts
      group by order_id
      having bool_or(kind = 'invoice') and sum(cents) <> 0
    ) owed
    left join lateral (select due_on from orders where orders.id = owed.order_id) o on true
    union all
    select null, null, null, (select coalesce(sum(amount_cents), 0) from company_ledger where company_id = ${companyId} and at < ${asOf})
  `.execute(db);
  const invoices = rows.flatMap((row) => (row.order_id === null ? [] : [{ orderId: row.order_id, invoiceNumber: Number(row.invoice_number), dueOn: row.due_on, cents: Number(row.cents) }]));
  const balanceCents = Number(rows.find((row) => row.order_id === null)?.cents ?? 0);
  // The credit: the balance less what the invoices owe (payments' rests and credit notes of no invoice here).
  return withCreditApplied(invoices, [sumCents([balanceCents, -sumCents(invoices.map((item) => item.cents))])]);
}

/** A ledger entry as `openItemsOf` reads it (in cents: + owed, − paid or credited). */
export interface LedgerEntry {
  kind: string;
  amount_cents: number;
  order_id: string | null;
  invoice_number: number | string | null;
  payment_id: string | null;
  due_on: string | null;
}

/** What of a payment was applied to the invoice of an order (cents, positive). */
export interface AppliedPayment {
  payment_id: string;
  order_id: string;
  amount_cents: number;
}

/**
 * `openItems` of a ledger's entries, in the order written, and its payments' applications: an
 * invoice owes the sum of its amount, its credit notes (negative) and the payments applied to it
 * (taken off); a credit note of no invoice here, and what a payment left once it settled the
 * invoices here, are credit on account.
 */
export function openItemsOf(entries: readonly LedgerEntry[], applied: readonly AppliedPayment[]): OpenItem[] {
  // Invoices first: a payment's entry is dated the day received, which may be before an invoice
  // of that day it settles. A settled invoice not yet issued at `asOf` leaves that part unapplied.
  const invoices = new Map(entries.flatMap((entry) => (entry.kind === 'invoice' && entry.order_id ? [[entry.order_id, entry] as const] : [])));
  const owed = new Map([...invoices].map(([orderId, invoice]) => [orderId, [invoice.amount_cents]]));
  const settledBy = Map.groupBy(
    applied.filter((row) => invoices.has(row.order_id)),
    (row) => row.payment_id,
  );
  const credit: number[] = [];
  for (const entry of entries) {
    if (entry.kind === 'credit-note') {
      (owed.get(entry.order_id ?? '') ?? credit).push(entry.amount_cents);
    } else if (entry.kind === 'payment') {
      const settled = settledBy.get(entry.payment_id ?? '') ?? [];
      for (const row of settled) owed.get(row.order_id)?.push(-row.amount_cents);
      // The payment (negative) less what it settled here: what it paid beyond, if anything.
      const rest = sumCents([entry.amount_cents, ...settled.map((row) => row.amount_cents)]);
      if (rest !== 0) credit.push(rest);
    }
  }
  const items = [...invoices].map(([orderId, invoice]) => ({
    orderId,
    invoiceNumber: Number(invoice.invoice_number),
    dueOn: invoice.due_on,
    cents: sumCents(owed.get(orderId) ?? []),
  }));
  return withCreditApplied(items, credit);
}

/**
 * A credit on account pays what is open (decision 161): a payment's rest, or what an invoice's
 * credit notes gave back beyond what it still owed (an invoice paid, then its order cancelled),
 * goes to the invoices still owing, the oldest due first (as a payment's rest settles "the oldest
 * open ones"). Before, it stayed beside them for good: a company that had paid ahead saw its next
 * invoice open, was asked to pay it again by card, and was refused orders on account as overdue
 * while it owed nothing; a statement aged the credit of a cancelled invoice as past due. What no
 * invoice takes is one credit, with no due date (current). The items still add up to the balance.
 */
function withCreditApplied(invoices: readonly OpenItem[], unappliedCents: readonly number[]): OpenItem[] {
  const credit = -sumCents([...unappliedCents, ...invoices.filter((item) => item.cents < 0).map((item) => item.cents)]);
  const owing = invoices
    .filter((item) => item.cents > 0)
    .sort((a, b) => (a.dueOn ?? '').localeCompare(b.dueOn ?? '') || (a.invoiceNumber ?? 0) - (b.invoiceNumber ?? 0));
  const { shares, leftCents } = allocateCents(credit, owing.map((item) => item.cents));
  const open = owing.flatMap((item, n) => {
    const stillOwed = item.cents - (shares[n] ?? 0);
    return stillOwed > 0 ? [{ ...item, cents: stillOwed }] : [];
  });
  return leftCents === 0 ? open : [...open, { orderId: null, invoiceNumber: null, dueOn: null, cents: -leftCents }];
}

/** A user's company and role in it (decision 075), as the order's transaction read them. */
export interface Membership {
  companyId: string;
  role: CompanyRole;
}

export interface AccountTerms {
  companyId: string;
  terms: PaymentTerms;
  creditLimitCents: number | null;
  balanceCents: number;
}

/**
 * Whether the user may order on account now, in the order's transaction: the company's row is
 * locked first, so that two members ordering at once take turns and the second sees the first's
 * invoice in the balance (the credit limit is checked against it with the order's total).
 */
export async function accountTermsFor(
  trx: Db,
  userId: string,
  member: Membership | undefined,
  poNumber: string | undefined,
): Promise<AccountTerms | { refused: AccountRefusal }> {
  if (!member || !ON_ACCOUNT_ROLES.includes(member.role)) return { refused: 'role' };
  const company = await trx
    .selectFrom('companies')
    .select(['id', 'status', 'payment_terms', 'credit_limit_cents', 'po_required'])
    .where('id', '=', member.companyId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  // The role is read again under the company's lock: an owner's Remove and Change role take that
  // lock first, so a buyer removed or made a viewer while this order waited for it is seen here,
  // and nothing is charged to the company by someone no longer its buyer.
  const now = await trx.selectFrom('company_members').select('role').where('company_id', '=', company.id).where('user_id', '=', userId).executeTakeFirst();
  if (!now || !ON_ACCOUNT_ROLES.includes(now.role)) return { refused: 'role' };
  if (company.status === 'on-hold') return { refused: 'on-hold' };
  if (company.payment_terms === null) return { refused: 'no-terms' };
  if (company.po_required && !poNumber) return { refused: 'po-required' };
  const overdueBefore = addDays(today(), -OVERDUE_GRACE_DAYS);
  const open = await openItems(trx, company.id, new Date());
  if (open.some((item) => item.cents > 0 && item.dueOn !== null && item.dueOn < overdueBefore)) return { refused: 'overdue' };
  return { companyId: company.id, terms: company.payment_terms, creditLimitCents: company.credit_limit_cents, balanceCents: await balanceOf(trx, company.id) };
}

/**
 * Whether `userId` may still act for the company on its order on account (cancel it, crediting the
 * company's ledger): they are its buyer or owner now (decision 133). Placing the order made it the
 * company's, so someone removed from the company or made a viewer or an accounts member since may
 * no longer undo it. Any other order (paid by card, or of no company) is the placer's: true.
 */
export async function mayActOnAccountOrder(db: Db, userId: string, order: { company_id: string | null; payment_method: string }): Promise<boolean> {
  const [may] = await placersMayAct(db, [{ ...order, user_id: userId }]);
  return may ?? false;
}

/**
 * `mayActOnAccountOrder` for each of `orders` and its placer (`user_id`), in one query: whether
 * the placer may still cancel it or return its parts, as My Orders and the order's page say
 * (`mayAct`, decision 138). An order with no placer left (a removed account) is no one's to act on.
 */
export async function placersMayAct(db: Db, orders: readonly { user_id: string | null; company_id: string | null; payment_method: string }[]): Promise<boolean[]> {
  const onAccount = orders.flatMap((order) =>
    order.payment_method === 'account' && order.company_id && order.user_id ? [{ companyId: order.company_id, userId: order.user_id }] : [],
  );
  const members =
    onAccount.length === 0
      ? []
      : await db
          .selectFrom('company_members')
          .select(['company_id', 'user_id', 'role'])
          .where('company_id', 'in', [...new Set(onAccount.map((order) => order.companyId))])
          .where('user_id', 'in', [...new Set(onAccount.map((order) => order.userId))])
          .execute();
  return orders.map((order) => {
    if (order.user_id === null) return false;
    if (order.payment_method !== 'account' || !order.company_id) return true;
    const member = members.find((row) => row.company_id === order.company_id && row.user_id === order.user_id);
    return member !== undefined && ON_ACCOUNT_ROLES.includes(member.role);
  });
}

/** Whether an order of `totalCents` would take the company over its limit (none: no limit). */
export function overCreditLimit(terms: AccountTerms, totalCents: number): boolean {
  return overCreditLimitCents(terms.creditLimitCents, terms.balanceCents, totalCents);
}

/** The due date of an invoice issued today under `terms`. */
export function dueOnFor(terms: PaymentTerms): string {
  return addDays(today(), paymentTermsDays[terms]);
}

/** An order on account's invoice, a debit of its total. */
export async function enterInvoice(
  trx: Db,
  order: { id: string; company_id: string | null; invoice_number: string | null; total_cents: number; user_id: string | null },
): Promise<void> {
  if (!order.company_id || order.invoice_number === null) throw new Error('an invoice on account needs its company and number');
  // A $0 order (all free) owes nothing: the ledger holds no entry of it.
  if (order.total_cents === 0) return;
  await trx
    .insertInto('company_ledger')
    .values({
      company_id: order.company_id,
      kind: 'invoice',
      number: formatInvoiceNumber(order.invoice_number),
      amount_cents: order.total_cents,
      order_id: order.id,
      invoice_number: Number(order.invoice_number),
      recorded_by: order.user_id,
    })
    .execute();
}

/**
 * The members of a company whose role is one of `roles`, by e-mail address, with the company's
 * name: whom the ledger's e-mails go to (invoices, statements, a payment's acknowledgement).
 */
export function membersIn(trx: Db, companyId: string, roles: readonly CompanyRole[]) {
  return trx
    .selectFrom('company_members')
    .innerJoin('users', 'users.id', 'company_members.user_id')
    .innerJoin('companies', 'companies.id', 'company_members.company_id')
    .select(['users.id', 'users.email', 'users.name', 'company_members.role', 'companies.name as company_name'])
    .where('company_members.company_id', '=', companyId)
    .where('company_members.role', 'in', roles)
    .orderBy('users.email')
    .execute();
}

/**
 * Who is sent an order on account's invoice beside the member who placed it (decision 106), and its
 * credit notes (decision 212): the company's accounts members, or its owners when it has none;
 * never the placer, who has the order's own messages.
 */
export async function invoicePayers(trx: Db, companyId: string, placedBy: string | null): Promise<{ email: string; name: string; company_name: string }[]> {
  const members = await membersIn(trx, companyId, ACCOUNTS_ROLES);
  const accounts = members.filter((member) => member.role === 'accounts');
  return (accounts.length > 0 ? accounts : members).filter((member) => member.id !== placedBy);
}

/**
 * A credit note of an order on account, a credit of its amount (a card order's credit note is
 * the card's refund and enters no ledger), e-mailed to those its invoice went to (decision 212: an
 * invoice cancelled was still paid from the invoice's mail). Every credit note is issued by
 * `issueCreditNote`, which calls this in the credit note's transaction.
 */
export async function enterCreditNote(trx: Db, mail: Mail, note: { orderId: string; returnId: string | null; number: number; amountCents: number }): Promise<void> {
  const order = await trx.selectFrom('orders').selectAll().where('id', '=', note.orderId).executeTakeFirstOrThrow();
  if (order.payment_method !== 'account' || !order.company_id || note.amountCents <= 0) return;
  await trx
    .insertInto('company_ledger')
    .values({
      company_id: order.company_id,
      kind: 'credit-note',
      number: formatCreditNoteNumber(note.number),
      amount_cents: -note.amountCents,
      order_id: note.orderId,
      credit_note_number: note.number,
    })
    .execute();
  const why = note.returnId !== null ? 'returned' : note.amountCents === order.total_cents ? 'cancelled' : 'rest-cancelled';
  for (const payer of await invoicePayers(trx, order.company_id, order.user_id)) {
    await mail.queue(trx, { kind: 'company-credit-note', to: payer.email, name: payer.name, companyName: payer.company_name, order, creditNoteNumber: note.number, amountCents: note.amountCents, why });
  }
}
