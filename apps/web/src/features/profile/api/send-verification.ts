import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /api/auth/send-verification-email`: the confirmation link again, to the signed-in account. */
function sendVerification(email: string) {
  return api<{ status: boolean }>('/auth/send-verification-email', { method: 'POST', body: { email } });
}

export function useSendVerification() {
  return useMutation({ mutationFn: sendVerification });
}
