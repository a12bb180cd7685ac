import { describe, expect, it } from 'vitest';
import { arrivedBySignOut, redirectTarget, signedOutState } from './redirect-target';

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
  ])('sends %j to %s', (state, target) => {
    expect(redirectTarget(state)).toBe(target);
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
