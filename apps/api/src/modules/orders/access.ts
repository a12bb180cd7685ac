import type { Db } from '../../db/database';
import type { Identity } from '../auth/identity';

/**
 * Who may read an order (its page, its invoice and credit notes, its shipments; decision 106): the
 * member who placed it, an admin, and every current member of the company it was placed for, as
 * the company's order list shows it to every member (decision 075). Acting on it (pay, cancel,
 * return, buy again) stays its placer's. Anyone else is answered as if there were no such order.
 */
export async function mayReadOrder(db: Db, identity: Pick<Identity, 'userId' | 'role'>, order: { user_id: string | null; company_id: string | null }): Promise<boolean> {
  if (order.user_id === identity.userId || identity.role === 'admin') return true;
  if (!order.company_id) return false;
  const member = await db
    .selectFrom('company_members')
    .select('user_id')
    .where('user_id', '=', identity.userId)
    .where('company_id', '=', order.company_id)
    .executeTakeFirst();
  return member !== undefined;
}
