import { dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import type { VNode } from 'preact';
import { renderToStringAsync } from 'preact-render-to-string';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { App, createQueryClient } from './app/app';
import { pageHead, partPageHead, prefetchPageData, serverRenderedPages, type PageHead } from './app/page-data';
import { routes } from './app/router';
import { setApiTransport } from './lib/api-client';
import type { PageData } from './lib/page-data-block';

export { pageDataJson, PAGE_DATA_ID } from './lib/page-data-block';

const handler = createStaticHandler(routes);

/** The server asks once: a failure renders the page's error or loading state, which the browser then retries. */
function serverQueryClient() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return queryClient;
}

export interface RenderedPage {
  /** The app's markup, for inside `<div id="root">`. */
  html: string;
  head: PageHead;
  data: PageData;
}

/**
 * Renders a public page on the server (DESIGN §10): its data is asked for through the web app's
 * own queries, answered by `api` (the server's routes, called in-process), and the page is
 * rendered once everything it shows, lazily loaded parts included, is there.
 */
export async function renderPage({
  url,
  baseUrl,
  found,
  api,
}: {
  url: URL;
  baseUrl: string;
  /** Whether the path is a page of the shop (else the not-found page is rendered). */
  found: boolean;
  api: (url: string, init: RequestInit) => Promise<Response>;
}): Promise<RenderedPage> {
  setApiTransport(api);
  const queryClient = serverQueryClient();
  await prefetchPageData(queryClient, url);
  // A failed query is not handed over (dehydrate keeps successes only), so the page shows it
  // loading, as the browser will at hydration; the browser then asks and shows the failure.
  queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' });
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`${url.pathname} answered a redirect while rendering`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // Written against React's types, run by Preact (decision 031). The render waits for every lazily
  // loaded part (the carousel) and writes no script.
  const html = await renderToStringAsync(
    (
      <StrictMode>
        <App queryClient={queryClient}>
          {/* No hydration script: the CSP forbids inline script (decision 003); the data goes in a JSON block. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </App>
      </StrictMode>
    ) as unknown as VNode,
  );
  const page = { html, head: pageHead(queryClient, url, baseUrl, found), data: { queries: dehydrate(queryClient) } };
  queryClient.clear();
  return page;
}

/**
 * A part's page: its head, and the part's data for the browser, which renders the page (signed
 * in) without asking for the part again. Undefined when there is no such part.
 */
export async function renderPartHead({ id, baseUrl, api }: { id: string; baseUrl: string; api: (url: string, init: RequestInit) => Promise<Response> }): Promise<{ head: PageHead; data: PageData } | undefined> {
  setApiTransport(api);
  const queryClient = serverQueryClient();
  const head = await partPageHead(queryClient, id, baseUrl);
  const page = head && { head, data: { queries: dehydrate(queryClient) } };
  queryClient.clear();
  return page;
}

export function isServerRendered(pathname: string) {
  return serverRenderedPages.includes(pathname);
}
