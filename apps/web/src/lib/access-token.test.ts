import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch-stub';
import { clearAccessToken, getAccessToken, readAccessToken, setAccessToken } from './access-token';
import { api } from './api-client';

const inOneHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe('access token storage', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps the token under localStorage "accessToken" with its expiry and owner', () => {
    const expiresAt = inOneHour();
    setAccessToken({ token: 'abc', expiresAt, email: 'jane@example.com' });
    expect(localStorage.getItem('accessToken')).toBe('abc');
    expect(readAccessToken()).toEqual({ token: 'abc', expiresAt: Date.parse(expiresAt), email: 'jane@example.com' });
    expect(getAccessToken()).toBe('abc');
  });

  it('does not hand out an expired token', () => {
    setAccessToken({ token: 'abc', expiresAt: new Date(Date.now() - 1000).toISOString(), email: 'jane@example.com' });
    expect(getAccessToken()).toBeNull();
  });

  it('clears the token and its expiry', () => {
    setAccessToken({ token: 'abc', expiresAt: inOneHour(), email: 'jane@example.com' });
    clearAccessToken();
    expect(localStorage.length).toBe(0);
    expect(readAccessToken()).toBeNull();
  });
});

describe('api() with auth', () => {
  it('sends the stored token as a bearer token', async () => {
    setAccessToken({ token: 'abc', expiresAt: inOneHour(), email: 'jane@example.com' });
    const stub = stubFetch({ 'GET /api/admin/jane%40example.com': { body: { admin: false } } });
    await api('/admin/jane%40example.com', { auth: true });
    expect(stub.calls[0]!.headers.get('authorization')).toBe('Bearer abc');
  });

  it('sends no authorization without a token, nor when not asked to', async () => {
    const stub = stubFetch({ 'GET /api/parts': { body: [] } });
    await api('/parts', { auth: true });
    setAccessToken({ token: 'abc', expiresAt: inOneHour(), email: 'jane@example.com' });
    await api('/parts');
    expect(stub.calls.map((call) => call.headers.get('authorization'))).toEqual([null, null]);
  });

  it('keeps the auth provider’s error code', async () => {
    stubFetch({
      'POST /api/auth/sign-in/email': {
        status: 401,
        body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
      },
    });
    await expect(api('/auth/sign-in/email', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 401,
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
    });
  });
});
