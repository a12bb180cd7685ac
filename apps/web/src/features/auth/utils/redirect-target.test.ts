import { GOOGLE_CALLBACK_MAX_LENGTH } from '@autoparts/shared';
import { describe, expect, it } from 'vitest';
import { googleErrorCallback, redirectTarget, signInTarget } from './redirect-target';
import { arrivedBySignOut, signedOutState } from './signed-out-state';

describe('redirectTarget', () => {
  it.each([
    [{ from: '/part/42?x=1' }, '/part/42?x=1'],
    [{ from: '/dashboard/profile' }, '/dashboard/profile'],
    [undefined, '/'],
    [null, '/'],
    [{ from: 42 }, '/'],
    [{ from: 'https://evil.example/' }, '/'],
    [{ from: '//evil.example/' }, '/'],
    [{ from: '/\\evil.example/' }, '/'],
    [{ from: '/login?error=google' }, '/'],
    [{ from: '/signup' }, '/'],
    [{ from: '/forgot-password' }, '/'],
    [{ from: '/reset-password?token=abc' }, '/'],
    [{ from: '/verify-email?done=1' }, '/'],
    [{ from: '/shop?q=brake' }, '/shop?q=brake'],
    [{ from: '/blogs#strict-equality' }, '/blogs#strict-equality'],
    // Read as the browser reads an address: tabs and line breaks dropped, a backslash a slash.
    [{ from: '/\t/evil.example/' }, '/'],
    [{ from: '/\n/evil.example/' }, '/'],
    [{ from: '/\t\\evil.example/' }, '/'],
    [{ from: '/log\tin' }, '/'],
  ])('sends %j to %s', (state, target) => {
    expect(redirectTarget(state)).toBe(target);
  });
});

describe('signInTarget', () => {
  it('takes the history state first, then ?from=, each only as a path of this site', () => {
    expect(signInTarget({ from: '/checkout' }, new URLSearchParams('from=/cart'))).toBe('/checkout');
    expect(signInTarget(null, new URLSearchParams('error=google&from=%2Fcheckout'))).toBe('/checkout');
    expect(signInTarget(null, new URLSearchParams('error=google'))).toBe('/');
    expect(signInTarget(null, new URLSearchParams('from=https://evil.example/'))).toBe('/');
    expect(signInTarget(null, new URLSearchParams('from=%2F%09%2Fevil.example'))).toBe('/');
    expect(signInTarget(null, new URLSearchParams('from=/signup'))).toBe('/');
  });
});

describe('googleErrorCallback', () => {
  it('comes back to /login saying Google did not complete, and where the sign-in was to go', () => {
    expect(googleErrorCallback('/')).toBe('/login?error=google');
    const back = new URL(googleErrorCallback('/part/42?qty=3#fitment'), 'http://shop.example');
    expect(back.pathname).toBe('/login');
    expect(back.searchParams.get('error')).toBe('google');
    expect(signInTarget(null, back.searchParams)).toBe('/part/42?qty=3#fitment');
  });

  it('leaves out a page whose address would make it longer than the shop takes, rather than have Google refused', () => {
    // 1,000 characters as a path, three times as many written into a query.
    const long = `/shop?q=${'/'.repeat(992)}`;
    expect(googleErrorCallback(long)).toBe('/login?error=google');
    expect(googleErrorCallback(long).length).toBeLessThanOrEqual(GOOGLE_CALLBACK_MAX_LENGTH);
  });
});

describe('arrivedBySignOut', () => {
  it.each([
    [signedOutState, true],
    [{ signedOut: 'yes' }, false],
    [{ from: '/dashboard' }, false],
    [undefined, false],
    [null, false],
  ])('says %j is %s', (state, arrived) => {
    expect(arrivedBySignOut(state)).toBe(arrived);
  });
});
