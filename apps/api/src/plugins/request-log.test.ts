import { describe, expect, it } from 'vitest';
import { withoutSecrets } from './request-log';

describe('withoutSecrets', () => {
  it('hides the keys a link carries: reset and confirmation tokens, Google’s code and state, an invitation', () => {
    expect(withoutSecrets('/reset-password?token=g9ptRlRKnFPWYnWTxhzklVF6')).toBe('/reset-password?token=[secret]');
    expect(withoutSecrets('/api/auth/verify-email?token=eyJ.x.y&callbackURL=%2Fverified')).toBe('/api/auth/verify-email?token=[secret]&callbackURL=%2Fverified');
    expect(withoutSecrets('/api/auth/oauth2/callback/google?code=abc&state=def&iss=x')).toBe('/api/auth/oauth2/callback/google?code=[secret]&state=[secret]&iss=x');
    expect(withoutSecrets('/api/company/invitations/Zk3x_9/accept')).toBe('/api/company/invitations/[secret]/accept');
    expect(withoutSecrets('/company/invitations/Zk3x_9')).toBe('/company/invitations/[secret]');
    expect(withoutSecrets('/api/auth/reset-password/Qm7rT2xV9?callbackURL=%2Freset-password')).toBe('/api/auth/reset-password/[secret]?callbackURL=%2Freset-password');
  });

  it('hides an e-mail in the path, encoded or not', () => {
    expect(withoutSecrets('/api/myorder/jane%40example.com')).toBe('/api/myorder/[email]');
    expect(withoutSecrets('/api/user/jane@example.com')).toBe('/api/user/[email]');
  });

  it('hides an e-mail in the query and keeps the rest of the address', () => {
    expect(withoutSecrets('/api/admin/orders?email=jane%40example.com&page=2')).toBe('/api/admin/orders?email=[email]&page=2');
  });

  it('leaves an address without e-mails as it is', () => {
    expect(withoutSecrets('/api/search?q=brake%20pads&page=3')).toBe('/api/search?q=brake%20pads&page=3');
  });

  it('answers a 100,000-character address without an e-mail unchanged', () => {
    const url = `/api/search?q=${'x'.repeat(100_000)}`;
    expect(withoutSecrets(url)).toBe(url);
  });
});
