import { notices, type deletedCountSchema } from '@autoparts/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { confirmed } from '../../../lib/confirmed';
import { queryKeys } from '../../../lib/query-keys';
import { useAdminMutation } from './use-admin-mutation';

/** `DELETE /user/{email}` with the bearer token (SPEC §7); 409 for oneself, the last admin or a company’s only owner. */
async function removeUser(email: string) {
  const reply = await api<z.infer<typeof deletedCountSchema>>(`/user/${encodeURIComponent(email)}`, {
    method: 'DELETE',
    auth: true,
  });
  return confirmed(reply, reply.deletedCount === 1, 'The user was not removed');
}

/** SPEC §8: 'User Deleted successfully' and the list refreshes, or 'action failed' with the reason. */
export function useRemoveUser() {
  return useAdminMutation({
    mutationFn: removeUser,
    success: () => notices.userRemoved,
    invalidates: [queryKeys.users],
  });
}
