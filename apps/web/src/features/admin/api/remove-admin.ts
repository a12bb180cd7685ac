import { paths, type modifiedCountSchema } from '@autoparts/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { meQuery, useMe } from '../../../lib/me';
import { queryKeys } from '../../../lib/query-keys';
import { adminNotices } from '../admin-notices';
import { useAdminMutation } from './use-admin-mutation';

/** `DELETE /user/admin/{email}`: an admin becomes a customer again; 409 for the last admin. */
function removeAdmin(email: string) {
  return api<z.infer<typeof modifiedCountSchema>>(`/user/admin/${encodeURIComponent(email)}`, { method: 'DELETE', auth: true });
}

export function useRemoveAdmin() {
  const { data: me } = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useAdminMutation({
    mutationFn: async (email: string) => {
      const reply = await removeAdmin(email);
      // An admin who stopped being one themself goes to My Profile, still signed in, as the
      // confirmation said ("You will lose the admin pages"). The admin pages' guard signs a
      // non-admin out (SPEC §6): their admin check is marked out of date without being asked
      // again while the guard may still be on the screen; an admin page opened later asks it.
      if (reply.modifiedCount > 0 && email.toLowerCase() === me?.email.toLowerCase()) {
        await navigate(paths.profile);
        await queryClient.invalidateQueries({ queryKey: ['admin'], refetchType: 'none' });
      }
      return reply;
    },
    success: ({ modifiedCount }, email) => (modifiedCount > 0 ? adminNotices.adminRemoved(email) : adminNotices.notAnAdmin(email)),
    // Demoting oneself changes who the app thinks is signed in: the sidebar becomes a customer's.
    invalidates: [queryKeys.users, meQuery.queryKey],
  });
}
