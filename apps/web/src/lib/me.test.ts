import type { Me } from '@autoparts/shared';
import { dehydrate, hydrate, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { forgetPricesOnViewerChange, meQuery } from './me';
import { queryKeys } from './query-keys';

const member: Me = { email: 'buyer@example.com', name: 'Buyer', role: 'customer', education: '', location: '', phone: '', linkedin: '', emailVerified: true, company: true };

function shopWith(me: Me | null) {
  const queryClient = new QueryClient();
  forgetPricesOnViewerChange(queryClient);
  queryClient.setQueryData(meQuery.queryKey, me);
  queryClient.setQueryData(queryKeys.search({}), { items: [{ price: 29.99 }] });
  queryClient.setQueryData(queryKeys.cart, { subtotal: 29.99 });
  queryClient.setQueryData(['checkout', 'quote', 'a', null], { total: 31 });
  queryClient.setQueryData(queryKeys.vehicleYears, [2015]);
  return queryClient;
}

const priced = (queryClient: QueryClient) => [queryKeys.search({}), queryKeys.cart, ['checkout', 'quote', 'a', null]].map((key) => queryClient.getQueryData(key));

describe('forgetPricesOnViewerChange', () => {
  it('keeps what the first answer of the session came with', () => {
    expect(priced(shopWith(member))).toEqual([{ items: [{ price: 29.99 }] }, { subtotal: 29.99 }, { total: 31 }]);
  });

  it.each([
    ['signing out', null],
    ['another account', { ...member, email: 'other@example.com', company: undefined }],
    ['leaving the company', { ...member, company: undefined }],
  ] as const)('drops every priced answer on %s, and nothing else', (_change, next) => {
    const queryClient = shopWith(member);
    queryClient.setQueryData(meQuery.queryKey, next);
    expect(priced(queryClient)).toEqual([undefined, undefined, undefined]);
    expect(queryClient.getQueryData(queryKeys.vehicleYears)).toEqual([2015]);
  });

  it('drops them when a visitor signs in, and not when the same session is asked again', () => {
    const queryClient = shopWith(null);
    queryClient.setQueryData(meQuery.queryKey, null);
    expect(priced(queryClient)).not.toContain(undefined);
    queryClient.setQueryData(meQuery.queryKey, member);
    expect(priced(queryClient)).toEqual([undefined, undefined, undefined]);
  });

  it('knows the session a page came with: signing out from it drops its prices', () => {
    const server = new QueryClient();
    server.setQueryData(meQuery.queryKey, member);
    server.setQueryData(queryKeys.search({}), { items: [{ price: 29.99 }] });
    const queryClient = new QueryClient();
    forgetPricesOnViewerChange(queryClient);
    hydrate(queryClient, dehydrate(server));
    queryClient.setQueryData(meQuery.queryKey, null);
    expect(queryClient.getQueryData(queryKeys.search({}))).toBeUndefined();
  });
});
