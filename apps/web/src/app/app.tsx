import { MutationCache, onlineManager, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import type { ToasterProps } from 'sonner';
import { NOTIFICATION_DURATION_MS } from '@autoparts/shared';
import { followRefusal } from '../lib/me';
import { retryTransientFailures } from '../lib/query-retry';

// TanStack Query's defaults are SPEC §9's: 3 retries, 5 minutes of cache. A 4xx reply is an
// answer, not a hiccup, and is not asked again (decision 006). A change is sent even when the
// browser says it is offline (`networkMode: 'always'`): by default it waited, its button spinning
// and nothing said, until the connection came back and then went silently; now the fetch fails at
// once and the form says "Network error" as it does when the server is down (decision 007).
// A read is sent offline too: paused by default, a page whose data had not come showed its
// skeleton for as long as the connection was away; now it fails at once (no retry while offline)
// and the page says so with its Try again, and it loads by itself when the connection returns
// (`refetchOnReconnect`, which 'always' turns off unless asked for). Data already shown is not
// asked for again while offline (on a page's mount or the window's focus): that could only fail
// and put an error in its place.
// Any read or change refused with 401 while someone is signed in asks who is signed in again
// (`followRefusal`, lib/me.ts: a session that ended elsewhere). The server's client (a page it
// renders) has no observer of the session to ask for it, so there it only marks it stale.
const whileOnline = () => onlineManager.isOnline();
export function createQueryClient() {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => followRefusal(queryClient, error) }),
    mutationCache: new MutationCache({ onError: (error) => followRefusal(queryClient, error) }),
    defaultOptions: {
      queries: { retry: retryTransientFailures, networkMode: 'always', refetchOnReconnect: true, refetchOnMount: whileOnline, refetchOnWindowFocus: whileOnline },
      mutations: { networkMode: 'always' },
    },
  });
  return queryClient;
}

/** The web app around its router: the browser's (main.tsx) or the server's (entry-server.tsx). */
export function App({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Notifications />
    </QueryClientProvider>
  );
}

// The toast library loads after the first screen: no toast shows before anyone has done anything.
// Should its script fail to load (the server went away meanwhile), the page goes on without
// toasts rather than failing; a reload once the server is back brings them.
const Toaster = lazy<ComponentType<ToasterProps>>(() =>
  import('sonner').then(
    ({ Toaster }) => ({ default: Toaster }),
    () => ({ default: () => null }),
  ),
);

const noSubscription = () => () => {};

function Notifications() {
  // Not in the server's HTML nor while hydrating it: rendered in the browser once hydrated.
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      {/* At the bottom: at the top they covered the page's heading and first controls, just below the sticky header. */}
      <Toaster duration={NOTIFICATION_DURATION_MS} richColors closeButton position="bottom-right" />
    </Suspense>
  );
}
