import { describe, expect, it } from 'vitest';
import { COMPANY_ROLES, companyRoleHints, companyStatusMeanings } from './companies';
import { ACCOUNTS_ROLES, CERTIFICATE_ROLES, ON_ACCOUNT_ROLES } from './ledger';

describe('companyRoleHints (decision 219)', () => {
  // What the server lets each role do: the role lists its routes check (payments and ledger:
  // ACCOUNTS_ROLES; checkout's account: ON_ACCOUNT_ROLES; certificates: CERTIFICATE_ROLES), the
  // owner's own routes, and a card order at the company's prices open to every member.
  it.each(COMPANY_ROLES)('says what a %s may do, and nothing it may not', (role) => {
    const hint = companyRoleHints[role];
    expect(/on account/.test(hint), 'orders on account').toBe(ON_ACCOUNT_ROLES.includes(role));
    expect(/invoices/.test(hint), 'pays invoices').toBe(ACCOUNTS_ROLES.includes(role));
    expect(/resale certificates/.test(hint), 'resale certificates').toBe(CERTIFICATE_ROLES.includes(role));
    expect(/members, locations/.test(hint), 'manages members and locations').toBe(role === 'owner');
    // Every member may order by card: the owner's "all of it", the others in words.
    expect(role === 'owner' ? /all of it/.test(hint) : /order(s)? by card|by card or on account/.test(hint), 'orders by card').toBe(true);
  });
});

describe('companyStatusMeanings (decision 219)', () => {
  it('says that on hold stops orders on account and what goes on', () => {
    expect(companyStatusMeanings['on-hold']).toBe(
      'Orders on account are stopped until the shop lifts the hold. Orders by card at your company’s prices, invitations and resale certificate uploads go on.',
    );
    expect(companyStatusMeanings.active).toBeNull();
  });
});
