import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { NOTIFICATION_DURATION_MS } from '@autoparts/shared';
import { retryTransientFailures } from '../lib/api-client';
import { router } from './router';

// TanStack Query's defaults are SPEC §9's: 3 retries, 5 minutes of cache. A 4xx reply is an
// answer, not a hiccup, and is not asked again (decision 006).
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: retryTransientFailures } } });

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {/* Below the sticky header (its logo row and search box), never over it or the page's own controls in it. */}
      <Toaster
        duration={NOTIFICATION_DURATION_MS}
        richColors
        closeButton
        position="top-center"
        offset={{ top: 128 }}
        mobileOffset={{ top: 136, left: 12, right: 12 }}
      />
    </QueryClientProvider>
  );
}
