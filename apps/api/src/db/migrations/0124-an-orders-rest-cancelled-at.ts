import { sql, type Kysely } from 'kysely';

/**
 * Decision 198. When the unshipped rest of a partly shipped order was cancelled: its timeline says
 * it although the rest was worth $0.00 and issued no credit note (a $0 line, a rest a contract
 * priced at 100 % off). A rest cancelled before this migration with a credit note takes that
 * note's time; one that refunded nothing left no trace, and stays null.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders add column rest_cancelled_at timestamptz`.execute(db);
  await sql`
    update orders set rest_cancelled_at = note.issued_at
    from credit_notes as note
    where note.order_id = orders.id and note.return_id is null and orders.status <> 'cancelled'`.execute(db);
}
