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
import { followSessionEnd, forgetPricesOnViewerChange } from './lib/me';
import { PAGE_DATA_ID, receivePageData, type PageData } from './lib/page-data-block';
import { finishSignOut, isSignOutPending } from './lib/session-end';

const queryClient = createQueryClient();

/** The head's elements a page renders (components/page-meta.tsx). */
const SERVER_HEAD = 'title, meta[name="description"], meta[name="robots"], meta[property^="og:"], meta[name^="twitter:"], link[rel="canonical"], script[type="application/ld+json"]';

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
  forgetPricesOnViewerChange(queryClient);
  followSessionEnd(queryClient);
  // Signed out in this browser while the server could not be told (lib/session-end.ts): the server
  // drew this page for the session it still knew, with that account's prices. It is told first,
  // and the page is drawn afresh, signed out, from nothing it carried.
  const signedOutHere = isSignOutPending();
  if (signedOutHere) await finishSignOut();
  const block = signedOutHere ? null : document.getElementById(PAGE_DATA_ID);
  if (block?.textContent) receivePageData(queryClient, JSON.parse(block.textContent) as PageData);
  // The page's own route modules first, so that React hydrates the page the server drew rather
  // than a fallback. Should they not load (a tab of an older build), the page is drawn afresh,
  // where the router's error page deals with it (route-error.tsx).
  if (root.hasChildNodes() && !signedOutHere && (await loadRoutesFor(window.location.pathname).then(() => true, () => false))) {
    hydrateRoot(root, <Shop router={createBrowserRouter(routes, { hydrationData: { loaderData: {} } })} />);
    return;
  }
  // Drawn here, the page renders its own head (decision 102): the one the server wrote for it is
  // taken away, so none of it outlives the page. Its title too: React takes over a title already
  // there only when the page's is not first drawn hidden (a lazily loaded route is), and would
  // otherwise add a second one.
  for (const element of document.head.querySelectorAll(SERVER_HEAD)) element.remove();
  // Its route modules first here too: a router made before them starts with nothing to draw, and
  // React Router says so in the console ("No `HydrateFallback` element provided"). Should they
  // not load, the router tries again and its error page says so.
  await loadRoutesFor(window.location.pathname).catch(() => undefined);
  createRoot(root).render(<Shop router={createBrowserRouter(routes)} />);
}

void start();
