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

  it('hides an admin’s search for a person: a name, or a part of an e-mail without its @', () => {
    expect(withoutSecrets('/api/users?q=Jane%20Doe&page=2')).toBe('/api/users?q=[person]&page=2');
    expect(withoutSecrets('/dashboard/makeadmin?q=jane.doe')).toBe('/dashboard/makeadmin?q=[person]');
    expect(withoutSecrets('/api/admin/orders?status=paid&email=jane.doe')).toBe('/api/admin/orders?status=paid&email=[person]');
    expect(withoutSecrets('/dashboard/orders?email=doe')).toBe('/dashboard/orders?email=[person]');
    expect(withoutSecrets('/api/admin/audit?actor=jane&q=Doe%20Garage&page=1')).toBe('/api/admin/audit?actor=[person]&q=[person]&page=1');
  });

  it('keeps a search of the catalogue: a part’s name or number', () => {
    expect(withoutSecrets('/shop?q=brake%20pads')).toBe('/shop?q=brake%20pads');
    expect(withoutSecrets('/api/admin/parts?q=BRK-1001&page=2')).toBe('/api/admin/parts?q=BRK-1001&page=2');
    expect(withoutSecrets('/dashboard/manageproducts?q=rotor')).toBe('/dashboard/manageproducts?q=rotor');
  });

  it('leaves an address without e-mails as it is', () => {
    expect(withoutSecrets('/api/search?q=brake%20pads&page=3')).toBe('/api/search?q=brake%20pads&page=3');
  });

  it('answers a 100,000-character address without an e-mail unchanged', () => {
    const url = `/api/search?q=${'x'.repeat(100_000)}`;
    expect(withoutSecrets(url)).toBe(url);
  });
});
