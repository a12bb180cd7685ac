import { notices, type ProfileInput, type UserUpdateReply } from '@autoparts/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { setAccessToken } from '../../../lib/access-token';
import { api, customerMessage } from '../../../lib/api-client';
import { confirmed } from '../../../lib/confirmed';
import { meQuery } from '../../../lib/me';

type ProfileUpdate = ProfileInput & { email: string };

/** `PUT /user/{email}` with the profile fields (SPEC §7); the reply carries a fresh token too. */
async function updateProfile({ email, ...fields }: ProfileUpdate): Promise<UserUpdateReply> {
  const reply = await api<UserUpdateReply>(`/user/${encodeURIComponent(email)}`, {
    method: 'PUT',
    body: { email, ...fields },
  });
  return confirmed(reply, reply.result.acknowledged, 'The profile update was not acknowledged');
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (reply, { email }) => {
      setAccessToken({ token: reply.token, expiresAt: reply.expiresAt, email });
      toast.success(notices.profileUpdated);
      await queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
    },
    onError: (error) => {
      toast.error(notices.somethingWrong, { description: customerMessage(error) });
    },
  });
}
