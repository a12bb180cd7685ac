import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { App, createQueryClient } from './app/app';
import { loadRoutesFor, routes } from './app/router';
import { hydrateInSlices } from './components/hydrate-later';
import type { EarlyInput } from './lib/early-input';
import { meQuery } from './lib/me';
import { PAGE_DATA_ID, receivePageData, type PageData } from './lib/page-data-block';
import { isSignOutPending } from './lib/session-end';

const queryClient = createQueryClient();
// A page the server rendered carries its data in a JSON block (decision 028), and so does a
// part's page (rendered too when signed in): the cache starts with it, so the browser does not
// ask for it again. A rendered page is hydrated as it is; any other is drawn in the browser.
const block = document.getElementById(PAGE_DATA_ID);

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Starts the app (boot.ts); `input` holds what the customer did meanwhile, sent again once the page answers. */
export async function start(input: EarlyInput) {
  input.appLoaded();
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  if (block?.textContent) receivePageData(queryClient, JSON.parse(block.textContent) as PageData);
  // Signed out in this browser while the server could not be told (lib/session-end.ts): a page
  // the server drew for the session it still knew (a part's page) is drawn afresh, signed out.
  const signedOutHere = isSignOutPending() && queryClient.getQueryData(meQuery.queryKey) != null;
  if (signedOutHere) queryClient.removeQueries({ queryKey: meQuery.queryKey });
  if (root.hasChildNodes() && !signedOutHere) {
    // A page whose script does not load (a tab of an older build) is rendered afresh instead,
    // where the router's error page deals with it (route-error.tsx).
    const loaded = await loadRoutesFor(window.location.pathname).then(() => true, () => false);
    if (loaded) {
      // The router made, and the page hydrated, each in a task of its own: shorter tasks keep a
      // phone answering taps sooner than one long one (issue 10: blocking time).
      await nextTask();
      const router = createBrowserRouter(routes, { hydrationData: { loaderData: {} } });
      await nextTask();
      // The page's frame at once, its sections one task each (components/hydrate-later.tsx).
      hydrateInSlices(() => hydrateRoot(root, <Shop router={router} />), input);
      return;
    }
  }
  createRoot(root).render(<Shop router={createBrowserRouter(routes)} />);
  input.release();
}

function Shop({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <StrictMode>
      <App queryClient={queryClient}>
        <RouterProvider router={router} />
      </App>
    </StrictMode>
  );
}
