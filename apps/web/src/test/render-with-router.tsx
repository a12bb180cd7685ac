import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

/**
 * Renders `ui` at any path inside an in-memory data router, like the app's own router.
 * The returned `router` shows where links took the user (`router.state.location`).
 */
export function renderWithRouter(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  return { router, ...render(<RouterProvider router={router} />) };
}

/** A query client for one test: no retries, so a failing call fails at once. */
export function createTestQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

interface RenderRoutesOptions {
  /** Where the router starts, and the history state there (e.g. a guard's `{ from }`). */
  path?: string;
  state?: unknown;
  queryClient?: QueryClient;
}

/**
 * Renders a set of routes with a query client, as the app does: for pages that load data,
 * guards that redirect, and forms that navigate when they are done.
 */
export function renderRoutes(
  routes: RouteObject[],
  { path = '/', state, queryClient = createTestQueryClient() }: RenderRoutesOptions = {},
) {
  const url = new URL(path, 'http://localhost');
  const router = createMemoryRouter(routes, {
    initialEntries: [{ pathname: url.pathname, search: url.search, hash: url.hash, state }],
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient, ...result };
}
