import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@autoparts/shared';
import { readAccessToken, setAccessToken } from '../../../lib/access-token';
import { stubFetch } from '../../../test/fetch-stub';
import { aCustomer, aTokenReply } from '../../../test/users';
import { useAccessTokenRenewal } from './use-access-token-renewal';

const MINUTE = 60_000;
const PUT = 'PUT /api/user/jane%40example.com';

function Renewal() {
  useAccessTokenRenewal();
  return null;
}

/** Mounts the renewal with `me` already known (signed in, or `null` for signed out). */
function mountWith(me: Me | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(['me'], me);
  return render(
    <QueryClientProvider client={queryClient}>
      <Renewal />
    </QueryClientProvider>,
  );
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const storeTokenExpiringIn = (minutes: number, email = 'jane@example.com') =>
  setAccessToken({ token: 'old-token', expiresAt: new Date(Date.now() + minutes * MINUTE).toISOString(), email });

describe('useAccessTokenRenewal', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('renews the token five minutes before it expires, and again before the new one does', async () => {
    const server = stubFetch({ [PUT]: () => ({ body: aTokenReply('new-token', 60) }) });
    storeTokenExpiringIn(60);
    mountWith(aCustomer());

    await advance(55 * MINUTE - 1);
    expect(server.paths()).toEqual([]);
    await advance(1);
    expect(server.paths()).toEqual([PUT]);
    expect(server.calls[0]!.body).toEqual({ email: 'jane@example.com' });
    expect(localStorage.getItem('accessToken')).toBe('new-token');

    await advance(55 * MINUTE - 1);
    expect(server.paths()).toHaveLength(1);
    await advance(1);
    expect(server.paths()).toHaveLength(2);
  });

  it('asks at once for a signed-in user without a token (back from Google)', async () => {
    const server = stubFetch({ [PUT]: { body: aTokenReply('first-token') } });
    mountWith(aCustomer());
    await advance(0);
    expect(server.paths()).toEqual([PUT]);
    expect(readAccessToken()).toMatchObject({ token: 'first-token', email: 'jane@example.com' });
  });

  it('replaces a token that belongs to another account or has expired', async () => {
    const server = stubFetch({ [PUT]: { body: aTokenReply('mine') } });
    storeTokenExpiringIn(30, 'someone@example.com');
    mountWith(aCustomer());
    await advance(0);
    expect(server.paths()).toEqual([PUT]);
    expect(localStorage.getItem('accessToken')).toBe('mine');
  });

  it('does not flood the server with a token issued close to its expiry', async () => {
    const server = stubFetch({ [PUT]: () => ({ body: aTokenReply('short', 2) }) });
    mountWith(aCustomer());
    await advance(0);
    expect(server.paths()).toHaveLength(1);
    await advance(29_000);
    expect(server.paths()).toHaveLength(1);
    await advance(1_000);
    expect(server.paths()).toHaveLength(2);
  });

  it('retries a failed renewal after 30 s, then 60 s, doubling', async () => {
    const server = stubFetch({ [PUT]: { status: 503, body: { message: 'Unavailable' } } });
    mountWith(aCustomer());
    await advance(0);
    expect(server.paths()).toHaveLength(1);
    await advance(30_000);
    expect(server.paths()).toHaveLength(2);
    await advance(59_999);
    expect(server.paths()).toHaveLength(2);
    await advance(1);
    expect(server.paths()).toHaveLength(3);
  });

  it('removes the token when no one is signed in', async () => {
    const server = stubFetch({});
    storeTokenExpiringIn(60);
    mountWith(null);
    await advance(60 * MINUTE);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(server.paths()).toEqual([]);
  });
});
