import { describe, expect, it } from 'vitest';
import { withoutEmails } from './request-log';

describe('withoutEmails', () => {
  it('hides an e-mail in the path, encoded or not', () => {
    expect(withoutEmails('/api/myorder/jane%40example.com')).toBe('/api/myorder/[email]');
    expect(withoutEmails('/api/user/jane@example.com')).toBe('/api/user/[email]');
  });

  it('hides an e-mail in the query and keeps the rest of the address', () => {
    expect(withoutEmails('/api/admin/orders?email=jane%40example.com&page=2')).toBe('/api/admin/orders?email=[email]&page=2');
  });

  it('leaves an address without e-mails as it is', () => {
    expect(withoutEmails('/api/search?q=brake%20pads&page=3')).toBe('/api/search?q=brake%20pads&page=3');
  });

  it('answers a 100,000-character address without an e-mail unchanged', () => {
    const url = `/api/search?q=${'x'.repeat(100_000)}`;
    expect(withoutEmails(url)).toBe(url);
  });
});
