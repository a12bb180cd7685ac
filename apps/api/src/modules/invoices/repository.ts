import { sql, type Transaction } from 'kysely';
import type { Database, DocumentNumbersTable } from '../../db/schema';

/**
 * The next number of a gapless sequence (invoices, credit notes, RMAs): its row is locked and
 * moved on in the caller's transaction, so a number is taken only when the document it numbers
 * is written with it, never skipped when that transaction rolls back, and never given twice,
 * whichever instance asks (a PostgreSQL sequence may skip numbers).
 */
export async function nextDocumentNumber(trx: Transaction<Database>, kind: DocumentNumbersTable['kind']): Promise<number> {
  const row = await trx
    .updateTable('document_numbers')
    .set({ last_number: sql<string>`last_number + 1` })
    .where('kind', '=', kind)
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

/** A credit note for a refund of `amountCents` of an order (and the return it refunds, if any): its number. */
export async function issueCreditNote(
  trx: Transaction<Database>,
  note: { orderId: string; returnId: string | null; amountCents: number },
): Promise<number> {
  const number = await nextDocumentNumber(trx, 'credit-note');
  await trx
    .insertInto('credit_notes')
    .values({ number, order_id: note.orderId, return_id: note.returnId, amount_cents: note.amountCents })
    .execute();
  return number;
}
