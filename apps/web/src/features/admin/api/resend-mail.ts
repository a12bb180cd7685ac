import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useAdminMutation } from './use-admin-mutation';

/** `POST /api/admin/mail/{id}/resend`: a failed message, once; the server's reply says what happened. */
function resendMail(id: string) {
  return api<{ message: string }>(`/admin/mail/${encodeURIComponent(id)}/resend`, { method: 'POST', auth: true });
}

export function useResendMail() {
  return useAdminMutation({
    mutationFn: resendMail,
    success: ({ message }) => message,
    invalidates: [queryKeys.operations],
  });
}
