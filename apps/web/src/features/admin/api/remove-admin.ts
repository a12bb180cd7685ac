import type { modifiedCountSchema } from '@autoparts/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { meQuery } from '../../../lib/me';
import { queryKeys } from '../../../lib/query-keys';
import { adminNotices } from '../admin-notices';
import { useAdminMutation } from './use-admin-mutation';

/** `DELETE /user/admin/{email}`: an admin becomes a customer again; 409 for the last admin. */
function removeAdmin(email: string) {
  return api<z.infer<typeof modifiedCountSchema>>(`/user/admin/${encodeURIComponent(email)}`, { method: 'DELETE', auth: true });
}

export function useRemoveAdmin() {
  return useAdminMutation({
    mutationFn: removeAdmin,
    success: ({ modifiedCount }, email) => (modifiedCount > 0 ? adminNotices.adminRemoved(email) : adminNotices.notAnAdmin(email)),
    // Demoting oneself changes who the app thinks is signed in, and the admin check beside it.
    invalidates: [queryKeys.users, meQuery.queryKey, ['admin']],
  });
}
