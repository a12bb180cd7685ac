import type { UserUpdateReply } from '@autoparts/shared';
import { api } from '../../../lib/api-client';
import { setAccessToken } from '../../../lib/access-token';

/**
 * Asks the server for the signed-in user's access token (`PUT /user/{email}` with `{email}`,
 * SPEC §7) and stores it. The session cookie proves who asks; the server refuses other e-mails.
 */
export async function requestAccessToken(email: string): Promise<void> {
  const reply = await api<UserUpdateReply>(`/user/${encodeURIComponent(email)}`, {
    method: 'PUT',
    body: { email },
  });
  setAccessToken({ token: reply.token, expiresAt: reply.expiresAt, email });
}
