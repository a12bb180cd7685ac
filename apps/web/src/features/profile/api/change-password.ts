import type { ChangePasswordInput } from '@autoparts/shared';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /api/auth/change-password`: every other session of the account ends; `message` says so. */
function changePassword(input: ChangePasswordInput) {
  return api<{ message?: string }>('/auth/change-password', { method: 'POST', body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

/**
 * How the signed-in account signs in (`GET /api/auth/list-accounts`): `credential` is a password,
 * `google` is Google. Keyed by the e-mail, so the next person in this browser asks again.
 */
export const signInMethodsQuery = (email: string) =>
  queryOptions({
    queryKey: ['profile', 'sign-in-methods', email],
    queryFn: async ({ signal }) => {
      const accounts = await api<Array<{ providerId: string }>>('/auth/list-accounts', { signal });
      return accounts.map((account) => account.providerId);
    },
  });
