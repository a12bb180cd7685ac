import { returnMove, type ReturnAction, type ReturnActor } from '@autoparts/shared';
import type { UpdateObject } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { ReturnRow } from '../orders/model';

/** Which return a change is of: by its id, or the replaced claim that names a replacement order. */
export type ReturnWhich = { id: string } | { replacementOrderId: string };

/**
 * The one way a return's status changes (decision 137): `action` by `actor` as the return table
 * (`returnProcess`, shared `return-process.ts`) allows, by one conditional update whose "from"
 * states are the table's. Undefined (nothing written) when the return is missing or has left those
 * states; two callers at once: one wins, the other finds nothing to change.
 */
export async function changeReturnStatus(
  trx: Db,
  which: ReturnWhich,
  action: ReturnAction,
  actor: ReturnActor,
  /** Other columns written with the status (the decision, the refund, their times). */
  set: Omit<UpdateObject<Database, 'returns'>, 'status'> = {},
): Promise<ReturnRow | undefined> {
  const { from, to } = returnMove(action, actor);
  const query = trx.updateTable('returns').set({ ...set, status: to }).where('status', 'in', from);
  return ('id' in which ? query.where('id', '=', which.id) : query.where('replacement_order_id', '=', which.replacementOrderId)).returningAll().executeTakeFirst();
}
