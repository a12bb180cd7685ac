// The page's styles come with its script, so that the build puts them in the HTML
// (build/inline-css.ts); the carousel's are among them because the server renders it, and it must
// look the same before its own script has run.
import './index.css';
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { App, createQueryClient } from './app/app';
import { loadRoutesFor, routes } from './app/router';
import { meQuery } from './lib/me';
import { PAGE_DATA_ID, receivePageData, type PageData } from './lib/page-data-block';
import { isSignOutPending } from './lib/session-end';

const queryClient = createQueryClient();

function Shop({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <StrictMode>
      <App queryClient={queryClient}>
        <RouterProvider router={router} />
      </App>
    </StrictMode>
  );
}

/**
 * A page the server rendered is hydrated by React, with the data it carried (decision 037), and
 * any other is drawn here. React hydrates the page's sections as their code arrives and first
 * those the customer touches, replaying their input.
 */
async function start() {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  const block = document.getElementById(PAGE_DATA_ID);
  if (block?.textContent) receivePageData(queryClient, JSON.parse(block.textContent) as PageData);
  // Signed out in this browser while the server could not be told (lib/session-end.ts): a page
  // the server drew for the session it still knew (a part's page) is drawn afresh, signed out.
  const signedOutHere = isSignOutPending() && queryClient.getQueryData(meQuery.queryKey) != null;
  if (signedOutHere) queryClient.removeQueries({ queryKey: meQuery.queryKey });
  // The page's own route modules first, so that React hydrates the page the server drew rather
  // than a fallback. Should they not load (a tab of an older build), the page is drawn afresh,
  // where the router's error page deals with it (route-error.tsx).
  if (root.hasChildNodes() && !signedOutHere && (await loadRoutesFor(window.location.pathname).then(() => true, () => false))) {
    hydrateRoot(root, <Shop router={createBrowserRouter(routes, { hydrationData: { loaderData: {} } })} />);
    return;
  }
  createRoot(root).render(<Shop router={createBrowserRouter(routes)} />);
}

void start();
