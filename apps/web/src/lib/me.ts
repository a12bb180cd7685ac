import type { Me } from '@autoparts/shared';
import { hashKey, partialMatchKey, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ApiError, api, isApiError } from './api-client';
import { pricedQueryRoots, privateQueryRoots } from './query-keys';
import { finishSignOut, isSignOutPending } from './session-end';

/**
 * Who is signed in: `GET /api/me`, the web app's one source for it. `null` means signed out.
 * It sits in lib because every signed-in feature (orders, reviews, profile) needs the user.
 */
export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: async ({ signal }): Promise<Me | null> => {
    // Signed out in this browser while the server was unreachable: nobody is signed in here,
    // whether or not the server could be told yet.
    if (isSignOutPending()) {
      await finishSignOut();
      return null;
    }
    try {
      // A signed-out visitor gets 401 (or an empty reply): that is an answer, not a failure to retry.
      return (await api<Me | null>('/me', { signal })) ?? null;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
});

export function useMe() {
  return useQuery(meQuery);
}

/**
 * Whether someone is signed in; false while that is not known yet. For what needs no more of the
 * session (the garage): when a visitor's session comes back empty the answer stays false, so the
 * page under it (a shop page of parts cards) is not drawn again for it.
 */
export function useSignedIn(): boolean {
  return useQuery({ ...meQuery, select: (me) => me != null, placeholderData: null }).data ?? false;
}

/** The name the shop greets the user by: the profile name, else the e-mail. */
export function displayName(me: Pick<Me, 'name' | 'email'>): string {
  return me.name.trim() || me.email;
}

/**
 * Whom the shop prices for: nobody signed in, or an account, as a member of which company or of
 * none. By the company's id (decision 187): a member who left one company and joined another
 * while this page asked `/me` neither time was still "a member" here, and kept the first one's prices.
 */
function viewerOf(me: Me | null): string {
  return me ? JSON.stringify([me.email, me.companyId ?? me.company === true]) : '';
}

/**
 * Prices depend on who asks (decision 080). When the account this browser is signed in as changes
 * (signing in or out, a session ended elsewhere, a company joined or left), every priced answer
 * it holds is reset: what shows one drops it at once and asks again, so the next person at this
 * browser never sees the last one's contract prices. The first answer (the page's own, or the
 * first fetch) changes nothing. Returns the unsubscribe.
 */
export function forgetPricesOnViewerChange(queryClient: QueryClient): () => void {
  let viewer: string | undefined;
  return queryClient.getQueryCache().subscribe((event) => {
    // Any news of the session: the page's own (added as the app starts), a fetch, a sign-out's null.
    if (event.type === 'removed' || event.query.queryHash !== meQueryHash || event.query.state.status !== 'success') return;
    const next = viewerOf(event.query.state.data as Me | null);
    const changed = viewer !== undefined && viewer !== next;
    viewer = next;
    if (!changed) return;
    void queryClient.resetQueries({ predicate: (query) => pricedQueryRoots.some((root) => partialMatchKey(query.queryKey, root)) });
  });
}

/**
 * A session that ended elsewhere (a password changed on another device, the account removed by
 * an admin, the session expired) is followed here: a request of the signed-in account refused
 * with 401 asks the server again who is signed in. Until then the page went on as signed in, and
 * every change said "Something is wrong, try again" however often it was tried; now the header
 * says signed out and a signed-in page goes to /login, and back after signing in. Only while
 * someone is signed in here: a visitor's 401 (a wrong password) is no news.
 *
 * TanStack Query's own hook for it: the `onError` of the client's QueryCache and MutationCache
 * (`createQueryClient`, app/app.tsx), called for every read and change that fails, whoever made it.
 */
export function followRefusal(queryClient: QueryClient, error: unknown): void {
  if (!isApiError(error, 401) || !queryClient.getQueryData(meQuery.queryKey)) return;
  void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
}

/**
 * When the account signed in here ends or changes, however that was found (a refusal above, Sign
 * Out too), its own data (`privateQueryRoots`: its orders, garage, addresses, cart) is dropped:
 * the next person at this browser never sees it, even for a moment. A subscription, not the
 * QueryCache's `onSuccess`: that one hears only fetches, and the session also comes with the page
 * and goes with Sign Out's `setQueryData`. Returns the unsubscribe.
 */
export function followSessionEnd(queryClient: QueryClient): () => void {
  let account: string | undefined;
  return queryClient.getQueryCache().subscribe((event) => {
    // Any news of the session, as above: the page's own, a fetch, a sign-out's null.
    if (event.type === 'removed' || event.query.queryHash !== meQueryHash || event.query.state.status !== 'success') return;
    const before = account;
    account = (event.query.state.data as Me | null)?.email ?? '';
    if (before && before !== account) {
      queryClient.removeQueries({ predicate: (query) => privateQueryRoots.some((root) => partialMatchKey(query.queryKey, root)) });
    }
  });
}

const meQueryHash = hashKey(meQuery.queryKey);
