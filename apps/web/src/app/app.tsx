import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { NOTIFICATION_DURATION_MS } from '@autoparts/shared';
import { router } from './router';

// TanStack Query's defaults are SPEC §9's: 3 retries, 5 minutes of cache.
const queryClient = new QueryClient();

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster duration={NOTIFICATION_DURATION_MS} richColors position="top-center" />
    </QueryClientProvider>
  );
}
