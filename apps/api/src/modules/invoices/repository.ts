import { centsToDollars, formatCreditNoteNumber, type CreditNoteSummary } from '@autoparts/shared';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, DocumentNumbersTable } from '../../db/schema';
import { enterCreditNote } from '../ledger/entries';
import type { Mail } from '../mail/outbox';
import type { OrderRow } from '../orders/model';

/**
 * The next number of a gapless sequence (invoices, credit notes, RMAs): its row is locked and
 * moved on in the caller's transaction, so a number is taken only when the document it numbers
 * is written with it, never skipped when that transaction rolls back, and never given twice,
 * whichever instance asks (a PostgreSQL sequence may skip numbers).
 */
export async function nextDocumentNumber(trx: Transaction<Database> | Db, kind: DocumentNumbersTable['kind']): Promise<number> {
  // Outside a transaction the number would be taken even if its document were never written.
  if (!trx.isTransaction) throw new Error('a document number is taken in the transaction that writes its document');
  const row = await trx
    .updateTable('document_numbers')
    .set({ last_number: sql<string>`last_number + 1` })
    .where('kind', '=', kind)
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

/**
 * A credit note for a refund of `amountCents` of an order (and the return it refunds, if any): its
 * number. An order on account's is a credit in its company's ledger, entered with it (decision 081).
 */
export async function issueCreditNote(
  trx: Transaction<Database> | Db,
  mail: Mail,
  note: { orderId: string; returnId: string | null; amountCents: number },
): Promise<number> {
  const number = await nextDocumentNumber(trx, 'credit-note');
  await trx
    .insertInto('credit_notes')
    .values({ number, order_id: note.orderId, return_id: note.returnId, amount_cents: note.amountCents })
    .execute();
  await enterCreditNote(trx, mail, { orderId: note.orderId, returnId: note.returnId, number, amountCents: note.amountCents });
  return number;
}

/** The credit notes of these orders, each order's oldest first, as `GET /order/{id}` lists them. */
export async function creditNotesOf(db: Db, orderIds: readonly string[]): Promise<Map<string, CreditNoteSummary[]>> {
  const byOrder = new Map<string, CreditNoteSummary[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom('credit_notes')
    .select(['order_id', 'number', 'amount_cents', 'issued_at'])
    .where('order_id', 'in', orderIds)
    .orderBy('number')
    .execute();
  for (const row of rows) {
    byOrder.get(row.order_id)?.push({
      number: formatCreditNoteNumber(Number(row.number)),
      amount: centsToDollars(row.amount_cents),
      issuedAt: row.issued_at.toISOString(),
    });
  }
  return byOrder;
}

/** One credit note of an order, with the return it refunds (if a return); undefined if the order has none of that number. */
export async function findCreditNote(db: Db, orderId: string, number: number) {
  const note = await db
    .selectFrom('credit_notes')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('number', '=', number)
    .executeTakeFirst();
  if (!note) return undefined;
  const returned = note.return_id ? await db.selectFrom('returns').selectAll().where('id', '=', note.return_id).executeTakeFirst() : undefined;
  return { note, returned };
}

/**
 * The company an order was placed for, billed on its documents (decision 106): its name and tax id
 * as they are now (the order keeps no copy of them); none for an order of no company.
 */
export async function billedCompany(db: Db, order: Pick<OrderRow, 'company_id'>): Promise<{ name: string; taxId: string } | undefined> {
  if (!order.company_id) return undefined;
  const company = await db.selectFrom('companies').select(['name', 'tax_id']).where('id', '=', order.company_id).executeTakeFirst();
  return company && { name: company.name, taxId: company.tax_id };
}
