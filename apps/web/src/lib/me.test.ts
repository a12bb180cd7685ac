import type { Me } from '@autoparts/shared';
import { dehydrate, hydrate, QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../app/app';
import { stubFetch } from '../test/fetch-stub';
import { signedOutReply } from '../test/users';
import { api } from './api-client';
import { followSessionEnd, forgetPricesOnViewerChange, meQuery } from './me';
import { queryKeys } from './query-keys';

/** A page that shows who is signed in (the header): an invalidated session is fetched again for it. */
function meObserver(queryClient: QueryClient) {
  const observer = new QueryObserver(queryClient, { ...meQuery, staleTime: Infinity });
  return observer.subscribe(() => {});
}

const member: Me = { email: 'buyer@example.com', name: 'Buyer', role: 'customer', education: '', location: '', phone: '', linkedin: '', emailVerified: true, company: true, companyId: 'company-a' };

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
    ['leaving the company', { ...member, company: undefined, companyId: undefined }],
    // Left one company and joined another while this page asked neither time (decision 187).
    ['moving to another company', { ...member, companyId: 'company-b' }],
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

describe('followSessionEnd', () => {
  const customer: Me = { email: 'jane@example.com', name: 'Jane', role: 'customer', education: '', location: '', phone: '', linkedin: '', emailVerified: true };

  /** The browser's client as main.tsx makes it: its caches follow a refusal, `followSessionEnd` drops the account's data. */
  function signedInShop(me: Me | null = customer, { followingEnd = true } = {}) {
    const queryClient = createQueryClient();
    if (followingEnd) followSessionEnd(queryClient);
    queryClient.setQueryData(meQuery.queryKey, me);
    queryClient.setQueryData(queryKeys.myOrders('jane@example.com'), [{ _id: 'order-1' }]);
    queryClient.setQueryData(queryKeys.garage, { vehicles: [], activeId: null });
    queryClient.setQueryData(queryKeys.addresses, [{ id: 'address-1' }]);
    queryClient.setQueryData(queryKeys.vehicleYears, [2015]);
    return queryClient;
  }

  const refusedChange = (queryClient: QueryClient) =>
    queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: () => api('/user/jane%40example.com', { method: 'PUT', body: {} }) })
      .execute(undefined)
      .catch(() => undefined);

  it('asks who is signed in again when a change of the account is refused with 401, and drops its data', async () => {
    const server = stubFetch({ 'PUT /api/user/jane%40example.com': signedOutReply, 'GET /api/me': signedOutReply });
    const queryClient = signedInShop();
    meObserver(queryClient);
    await refusedChange(queryClient);
    await vi.waitFor(() => expect(queryClient.getQueryData(meQuery.queryKey)).toBeNull());
    expect(server.paths()).toEqual(['PUT /api/user/jane%40example.com', 'GET /api/me']);
    expect(queryClient.getQueryData(queryKeys.myOrders('jane@example.com'))).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.garage)).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.addresses)).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.vehicleYears)).toEqual([2015]);
  });

  it('asks again when a read of the account is refused with 401 too: the shop’s client does, by itself', async () => {
    const server = stubFetch({ 'GET /api/addresses': signedOutReply, 'GET /api/me': signedOutReply });
    const queryClient = signedInShop(customer, { followingEnd: false });
    meObserver(queryClient);
    await queryClient.fetchQuery({ queryKey: ['addresses', 'again'], queryFn: () => api('/addresses') }).catch(() => undefined);
    await vi.waitFor(() => expect(queryClient.getQueryData(meQuery.queryKey)).toBeNull());
    expect(server.paths()).toEqual(['GET /api/addresses', 'GET /api/me']);
  });

  it('asks nothing when nobody is signed in here, or for another refusal', async () => {
    const server = stubFetch({ 'PUT /api/user/jane%40example.com': signedOutReply });
    await refusedChange(signedInShop(null));
    const forbidden = stubFetch({ 'PUT /api/user/jane%40example.com': { status: 403, body: { message: 'No' } } });
    await refusedChange(signedInShop());
    expect([...server.paths(), ...forbidden.paths()]).toEqual(['PUT /api/user/jane%40example.com', 'PUT /api/user/jane%40example.com']);
  });

  it('keeps the account data while the same account is asked again, and drops it for another one', () => {
    const queryClient = signedInShop();
    const renamed: Me = { ...customer, name: 'Jane Q. Doe' };
    const another: Me = { ...customer, email: 'bob@example.com' };
    queryClient.setQueryData(meQuery.queryKey, renamed);
    expect(queryClient.getQueryData(queryKeys.garage)).toBeDefined();
    queryClient.setQueryData(meQuery.queryKey, another);
    expect(queryClient.getQueryData(queryKeys.garage)).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.myOrders('jane@example.com'))).toBeUndefined();
  });
});
