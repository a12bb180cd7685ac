import { notices, type modifiedCountSchema } from '@autoparts/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { adminNotices } from '../admin-notices';
import { useAdminMutation } from './use-admin-mutation';

/** `PUT /user/admin/{email}` with the bearer token (SPEC §7); 0 modified means already an admin. */
function makeAdmin(email: string) {
  return api<z.infer<typeof modifiedCountSchema>>(`/user/admin/${encodeURIComponent(email)}`, { method: 'PUT', auth: true });
}

/** SPEC §8: 'Successfully made an admin' and the list refreshes; else 'Failed to Make an admin'. */
export function useMakeAdmin() {
  return useAdminMutation({
    mutationFn: makeAdmin,
    success: ({ modifiedCount }, email) => (modifiedCount > 0 ? notices.madeAdmin : adminNotices.alreadyAdmin(email)),
    failure: notices.makeAdminFailed,
    invalidates: [queryKeys.users],
  });
}
