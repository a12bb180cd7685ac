import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToReadableStream, renderToStaticMarkup, renderToString } from 'react-dom/server';
import { isPublicPage, paths } from '@autoparts/shared';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { App, createQueryClient } from './app/app';
import { isMissingPart, missingPartPage, pageHead, pageSearch, partPageHead, prefetchPageData, prefetchSignedInPartPage, type PageHead } from './app/page-data';
import { routes } from './app/router';
import { PageMeta, type PageMetaProps } from './components/page-meta';
import { isApiError, setApiTransport, type Transport } from './lib/api-client';
import { partQuery } from './features/orders/api/get-part';
import { isMissingSearchPage, searchQuery, shopSearchParams } from './features/catalog/api/search';
import { searchRefusal } from './features/catalog/api/search-refusal';
import { privatePageHead } from './lib/page-heads';
import { setSiteBase } from './lib/site-url';
import { meQuery } from './lib/me';
import type { PageData } from './lib/page-data-block';

export { pageDataJson, PAGE_DATA_ID } from './lib/page-data-block';
export { pageSearch };

const handler = createStaticHandler(routes);

/**
 * The hashes (`sha256-…`) of the inline scripts React writes into a page, for the page's CSP: its
 * form-replaying script, which holds a form sent before the app has hydrated until React can act
 * on it (decision 038). Asked of React itself, by rendering such a form, so a new React's script
 * is allowed by the next start without our knowing its text.
 */
export function inlineScriptHashes(): string[] {
  const markup = renderToString(<form action={() => undefined} />);
  return [...markup.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, script]) => `sha256-${createHash('sha256').update(script ?? '').digest('base64')}`,
  );
}

/**
 * Each render's way to the API: from its visitor's address, and on a part's page with their
 * cookies. Renders run at once, and a query may ask after an await (the part's fitment once the
 * account has answered), when another render has begun: the transport is the render's own, not
 * the last one set in this process.
 */
const renderTransport = new AsyncLocalStorage<Transport>();
setApiTransport((url, init) => {
  const transport = renderTransport.getStore();
  if (!transport) throw new Error(`${url} was asked for outside a page's rendering`);
  return transport(url, init);
});

/** Each render's BASE_URL, for the absolute URLs of its head (lib/site-url.ts). */
const renderBase = new AsyncLocalStorage<string>();
setSiteBase(() => renderBase.getStore());

/**
 * React writes the elements it hoists (`<title>`, `<meta>`, `<link>`: the page's `PageMeta`, an
 * image's preload) ahead of the markup when it renders the root element rather than the whole
 * document: they are taken from there for the page's `<head>` (decision 102). React escapes `<`
 * and `>` in attributes and text, so none of them holds another's start.
 */
const HOISTED = /^(?:<(?:link|meta)\b[^>]*\/>|<title>[^<]*<\/title>)*/;

export function splitHead(markup: string): { head: string; body: string } {
  const head = HOISTED.exec(markup)?.[0] ?? '';
  return { head, body: markup.slice(head.length) };
}

/** A head rendered alone, for a page the browser draws (React hoists nothing then: it is all head). */
const headMarkup = (meta: PageMetaProps) => renderToStaticMarkup(<PageMeta {...meta} />);

/**
 * The head of a page the browser draws (signing in, the cart's checkout, the account's pages):
 * its title, description and no index, as the page renders it; undefined for any other path.
 */
export function browserPageHead({ pathname, baseUrl }: { pathname: string; baseUrl: string }): string | undefined {
  const head = privatePageHead(pathname);
  return head && renderBase.run(baseUrl, () => headMarkup(head));
}

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
  /**
   * Every query the page asked for answered: a page drawn with one in its loading state (the API
   * refused this visitor, or failed) may be sent to them, never kept for everyone (decision 035).
   */
  complete: boolean;
  /** A part's public page for no part on sale: sent with 404, never kept. */
  notFound?: boolean;
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
  api: Transport;
}): Promise<RenderedPage> {
  return renderBase.run(baseUrl, () =>
    renderTransport.run(api, async () => {
      const queryClient = serverQueryClient();
      await prefetchPageData(queryClient, url);
      const head = pageHead(queryClient, url, found);
      // Read before rendering, which lets go of the queries that failed (a search refused).
      const notFound = isMissingPart(queryClient, url) || isMissingShopPage(queryClient, url);
      const { html, ...page } = await rendered(queryClient, url);
      const split = splitHead(html);
      queryClient.clear();
      return { ...page, html: split.body, head: { ...head, markup: split.head }, notFound };
    }),
  );
}

/**
 * The app's markup at `url` and the data it was rendered from, for the browser. A failed query is
 * not handed over (dehydrate keeps successes only), so the page shows it loading, as the browser
 * will at hydration; the browser then asks and shows the failure. With `markup` false, the data only.
 */
async function rendered(queryClient: QueryClient, url: URL, markup = true): Promise<Omit<RenderedPage, 'head'>> {
  const failed = (query: Query) => query.state.status === 'error';
  const complete = !queryClient.getQueryCache().getAll().some(failed);
  queryClient.removeQueries({ predicate: failed });
  return { html: markup ? await renderApp(queryClient, url) : '', data: { queries: dehydrate(queryClient) }, complete };
}

/**
 * The app's markup at `url`, from the data in `queryClient`, by React's streaming renderer, read to
 * its end: the page is kept and sent whole (decision 035), once every part of it is there, lazily
 * loaded sections included, so it reads with JavaScript off. Nothing is left pending, so React
 * writes no script into it; the router's hydration data stays out too, as the CSP allows no inline
 * script (decision 037): the page's data goes in a JSON block instead.
 */
async function renderApp(queryClient: QueryClient, url: URL): Promise<string> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`${url.pathname} answered a redirect while rendering`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const stream = await renderToReadableStream(
    <StrictMode>
      <App queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </App>
    </StrictMode>,
    // Every boundary inline, where it belongs: React would move a large one to the end of the
    // page, to be put in place by a script.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  await stream.allReady;
  return new Response(stream).text();
}

/**
 * A part's page (signed in only, SPEC §6). Signed in (`api` carries the visitor's session), the page
 * as they see it, with its data; signed out, its head and the part's data only, and the browser
 * sends them to sign in. Undefined when there is no such part.
 */
export async function renderPartPage({
  id,
  url,
  baseUrl,
  api,
}: {
  id: string;
  url: URL;
  baseUrl: string;
  api: Transport;
}): Promise<RenderedPage | undefined> {
  return renderBase.run(baseUrl, () =>
    renderTransport.run(api, async () => {
      const queryClient = serverQueryClient();
      const [found, signedIn] = await Promise.all([partPageHead(queryClient, id), prefetchSignedInPartPage(queryClient, id)]);
      // No such part on sale (the API said 404, not that it failed): the page says so, answered 404
      // (decision 103); the browser draws it, as it draws this page for a signed-out visitor.
      const missing = !found && isApiError(queryClient.getQueryState(partQuery(id).queryKey)?.error, 404);
      if (!signedIn) queryClient.removeQueries({ queryKey: meQuery.queryKey });
      const shown = found ?? (missing ? missingPartPage : undefined);
      if (!shown) {
        queryClient.clear();
        return undefined;
      }
      const drawnHere = signedIn && found !== undefined;
      const { html, ...page } = await rendered(queryClient, url, drawnHere);
      queryClient.clear();
      // Signed out (or no such part), nothing of the page is rendered: its head is rendered alone, as the page renders it.
      const split = drawnHere ? splitHead(html) : { head: headMarkup(shown.meta), body: '' };
      return { ...page, html: split.body, head: { ...shown.head, markup: split.head }, ...(found ? {} : { notFound: true }) };
    }),
  );
}

/**
 * Whether the page at `url` is /shop at a page its search does not have (the server answers 404,
 * decision 103), or at a search the shop refuses: what the shared schema refuses, or the API (a
 * category it does not have). Such an address is no page of the shop's (decision 191): said on the
 * page and answered 404 (`/shop?category=anything` was a 200 page titled so, for anyone to link to).
 */
function isMissingShopPage(queryClient: QueryClient, url: URL): boolean {
  if (url.pathname !== paths.shop) return false;
  const params = shopSearchParams(url.searchParams);
  const { queryKey } = searchQuery(params);
  return (
    isMissingSearchPage(params, queryClient.getQueryData(queryKey)) ||
    searchRefusal(params) !== undefined ||
    isApiError(queryClient.getQueryState(queryKey)?.error, 400)
  );
}

export function isServerRendered(pathname: string) {
  return isPublicPage(pathname);
}
