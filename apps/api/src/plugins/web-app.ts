import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { apiErrors, isAppRoute } from '@autoparts/shared';
import { addressKey, limits } from '../modules/limits/limits';
import { createRateCounters } from '../modules/limits/repository';
import { createPartChangesRepository } from '../modules/part-changes/repository';
import { databaseUnavailable } from '../db/database';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { sendStored, storedReply, storedSize, type StoredReply } from './stored-reply';
import { PERSONAL as PERSONAL_PRICES } from './public-cache';
import { inProcessHeaders } from './request-log';
import { pageSecurityPolicy, withoutOpenerPolicy } from './security-headers';

const HTML = 'text/html; charset=utf-8';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const PERSONAL = 'private, no-cache';
const A_DAY = 'public, max-age=86400';

/** What the server-rendering bundle (apps/web/src/entry-server.tsx, built to dist/server) exports. */
interface ServerRenderer {
  PAGE_DATA_ID: string;
  isServerRendered(pathname: string): boolean;
  pageDataJson(data: unknown): string;
  renderPage(options: { url: URL; baseUrl: string; found: boolean; api: ApiTransport }): Promise<RenderedPage>;
  renderPartPage(options: { id: string; url: URL; baseUrl: string; api: ApiTransport }): Promise<RenderedPage | undefined>;
  /** The page's own query, normalised: the parameters it reads, in its order; others dropped. */
  pageSearch(url: URL): string;
  /** The hashes of the inline scripts React writes into a page. */
  inlineScriptHashes(): string[];
  /** The head of a page the browser draws (signing in, the account's pages), as it renders it; undefined for others. */
  browserPageHead?(options: { pathname: string; baseUrl: string }): string | undefined;
}

type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;
/** A page's markup (empty when the browser draws it), its head, and the data it was drawn from. */
interface RenderedPage {
  html: string;
  head: PageHead;
  data: unknown;
  /** Every query it asked for answered: only such a page may be kept for everyone. */
  complete: boolean;
  /** A part's public page for no part on sale: answered 404 and never kept. */
  notFound?: boolean;
}
interface PageHead {
  title: string;
  description: string;
  structuredData?: object | object[];
  image?: { href: string; srcSet?: string; sizes?: string; type?: string };
  /** The page's one address when it is not the path asked for. */
  canonicalPath?: string;
  /** Kept out of search engines: a part no longer made (issue 30). */
  noindex?: boolean;
  /**
   * The head's elements as the page itself rendered them (decision 102): the page's `<head>` has
   * these in place of the template's title and description, and none of the above is written.
   */
  markup?: string;
}

/**
 * Memory the rendered public pages may hold, with their compressed copies: ~200 KB a page, so
 * some eighty pages (`/`, `/blogs`, `/shop` and its most asked searches).
 */
const PAGE_CACHE_BYTES = 16 * 1024 * 1024;
/** Where the not-found page is drawn and kept, for every address that is no page of the shop (none is at this one). */
const NOT_FOUND_PAGE = '/page-not-found';

/** A path segment decoded, or undefined when its percent-escapes are broken. */
function decoded(segment: string | undefined): string | undefined {
  try {
    return segment === undefined ? undefined : decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * The path without its trailing slashes (`/shop/` → `/shop`), `/` as it is; leading slashes made
 * one, so the redirect's `Location` never reads as another host (`//evil.example/`).
 */
function withoutTrailingSlash(pathname: string): string {
  if (!pathname.endsWith('/') || pathname === '/') return pathname;
  // Backslashes at the start too: a browser reads `/\host` in a Location as `//host`, another host.
  return `/${pathname.replace(/^[/\\]+|\/+$/g, '')}`;
}

/** `reply` with the page's image preload as a `Link` header, when it has one. */
const withLink = (reply: FastifyReply, link: string | undefined) => (link ? reply.header('link', link) : reply);

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

type PageImage = NonNullable<PageHead['image']>;

/** The preload's attributes beside `href`: `srcset` as the image's `<picture>` has it. */
const preloadAttributes = ({ srcSet, sizes, type }: PageImage) =>
  [
    ['imagesrcset', srcSet],
    ['imagesizes', sizes],
    ['type', type],
  ].filter((pair): pair is [string, string] => pair[1] !== undefined);

/** Asks for a page's largest image with its HTML (the largest contentful paint). */
function imagePreloadLink(image: PageImage): string {
  const pairs: Array<[string, string]> = [['href', image.href], ...preloadAttributes(image)];
  const attributes = pairs.map(([name, value]) => ` ${name}="${escapeHtml(value)}"`).join('');
  return `<link rel="preload" as="image" fetchpriority="high"${attributes} />`;
}

/**
 * Longest `Link` header sent. A proxy holds a reply's headers in one buffer (nginx's
 * `proxy_buffer_size`, 4 KB by default) and answers 502 to a reply whose headers do not fit: a
 * photo URL from a PIES file has no length limit of its own.
 */
const MAX_LINK_HEADER = 1024;

/**
 * The page's image preload as a `Link` header too (RFC 8288): the browser asks for the image as
 * soon as the headers arrive, before it has read the page's first bytes (decision 091). None when
 * the page has no image, for a value a header cannot carry as it is (a quote, a backslash, an
 * angle bracket, a character outside printable ASCII), or when it would be longer than
 * MAX_LINK_HEADER: the page's own `<link>` still asks for that image.
 */
function imagePreloadHeader({ image }: PageHead): string | undefined {
  if (!image) return undefined;
  const values = [image.href, ...preloadAttributes(image).map(([, value]) => value)];
  if (values.some((value) => /[^\x20-\x7e]|["\\<>]/.test(value))) return undefined;
  const attributes = preloadAttributes(image).map(([name, value]) => `; ${name}="${value}"`).join('');
  const header = `<${image.href}>; rel=preload; as=image; fetchpriority=high${attributes}`;
  return header.length <= MAX_LINK_HEADER ? header : undefined;
}

/**
 * Serves the built web app (decisions 028, 039). Its files go through `@fastify/static`, as the
 * brotli or gzip copy the build wrote by `Accept-Encoding` (hashed assets cached for a year,
 * immutable). The public pages (`/`, `/shop`, `/blogs`, `/portfolio`, each part's `/parts/{partNumber}`, the not-found page) are
 * rendered here with their data, asked of the API's own routes in-process, and kept until that
 * data changes (decision 035); every other route of
 * the app gets the page template with 200, and the app renders it in the browser. Unknown `/api`
 * paths answer JSON, and so do missing `/assets` files: a page asking for a script of an older
 * build must fail as a script, not load the shop's HTML.
 */
export async function webApp(app: FastifyInstance, options: { distDir: string; baseUrl: string }) {
  const indexPath = path.join(options.distDir, 'index.html');
  const template = fs.existsSync(indexPath) ? fs.readFileSync(indexPath, 'utf8') : undefined;
  const rendererPath = path.join(options.distDir, 'server', 'entry-server.js');
  if (template === undefined) {
    app.log.warn({ distDir: options.distDir }, 'web app not built: only the API is served');
  } else {
    // The build's files, one route each, found at start; each sent as the brotli or gzip copy the
    // build wrote beside it when the browser takes one (`apps/web/build/precompress.ts`).
    await app.register(fastifyStatic, {
      root: options.distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The page template is the pages' (below); the server bundle is not for browsers.
      // robots.txt is a route of its own (modules/sitemap), from BASE_URL.
      globIgnore: ['index.html', 'robots.txt', 'server/**', '**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (reply, file) => {
        const hashed = path.relative(options.distDir, file).split(path.sep)[0] === 'assets';
        reply.header('cache-control', hashed ? IMMUTABLE : A_DAY);
      },
    });
  }
  const renderer =
    template !== undefined && fs.existsSync(rendererPath)
      ? ((await import(pathToFileURL(rendererPath).href)) as ServerRenderer)
      : undefined;
  if (template !== undefined && !renderer) app.log.warn({ rendererPath }, 'no server-rendering bundle: pages are rendered in the browser only');
  const pagePolicy = renderer && pageSecurityPolicy(renderer.inlineScriptHashes());

  /**
   * The API's own answer to a GET, asked in-process as the visitor would (from their address, so
   * the per-address read limits count them, not the server): the bytes a browser would get. With
   * `session`, the visitor's cookies go along, so the API knows who is signed in.
   */
  const apiFor =
    (visitor: FastifyRequest, { session = false } = {}) =>
    async (url: string, init: RequestInit): Promise<Response> => {
      if (init.method && init.method !== 'GET') throw new Error(`a page rendered on the server asked for ${init.method} ${url}`);
      const cookie = session ? visitor.headers.cookie : undefined;
      const reply = await app.inject({
        method: 'GET',
        url,
        remoteAddress: visitor.ip,
        headers: { accept: 'application/json', ...inProcessHeaders(visitor), ...(cookie ? { cookie } : {}) },
      });
      return new Response(new Uint8Array(reply.rawPayload), { status: reply.statusCode, headers: { 'content-type': String(reply.headers['content-type'] ?? '') } });
    };

  /**
   * The page template with a page's own head, and its rendered body and data when there are. The
   * head the page rendered (`head.markup`) takes the template's title and description's place, so
   * the page has one of each and the browser's React takes them over as its own (decision 102).
   */
  function fillTemplate(page: string, head: PageHead, canonicalPath: string | undefined, body?: { html: string; data: unknown }) {
    if (!renderer) return page;
    const preload = head.image ? imagePreloadLink(head.image) : '';
    // Replacer functions: a replacement string would read `$$`, `$&`… in the page's text as patterns.
    // The image's preload right after the title, above the inline styles: the browser finds it in
    // the page's first bytes and fetches it while the rest of the page is still arriving.
    const filled =
      head.markup !== undefined
        ? page.replace(/<meta name="description" content="[^"]*"\s*\/?>/, '').replace(/<title>[^<]*<\/title>/, () => `${head.markup}${preload}`)
        : page
            .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>${preload}`)
            .replace(/<meta name="description" content="[^"]*"/, () => `<meta name="description" content="${escapeHtml(head.description)}"`)
            .replace('</head>', () => `${headLinks(head, canonicalPath)}</head>`);
    if (!body) return filled;
    return filled.replace(
      '<div id="root"></div>',
      () => `<div id="root">${body.html}</div><script type="application/json" id="${renderer.PAGE_DATA_ID}">${renderer.pageDataJson(body.data)}</script>`,
    );
  }

  /** A head the page did not render itself: its canonical address, no index and schema.org data. */
  function headLinks(head: PageHead, canonicalPath: string | undefined) {
    return [
      canonicalPath ? `<link rel="canonical" href="${escapeHtml(`${options.baseUrl}${canonicalPath}`)}" />` : '',
      head.noindex ? '<meta name="robots" content="noindex" />' : '',
      ...[head.structuredData ?? []].flat().map((data) => `<script type="application/ld+json">${renderer?.pageDataJson(data) ?? ''}</script>`),
    ].join('');
  }

  /** A page the browser draws, with the head it will render (its title, description and no index) for those who read the HTML only. */
  function browserPage(page: string, pathname: string): { html: string; link: undefined } | undefined {
    const markup = renderer?.browserPageHead?.({ pathname, baseUrl: options.baseUrl });
    return markup === undefined ? undefined : { html: fillTemplate(page, { title: '', description: '', markup }, undefined), link: undefined };
  }

  /** A public page rendered with its data, or undefined (the browser renders it) if that fails. */
  async function renderedPage(
    visitor: FastifyRequest,
    page: string,
    pathname: string,
    url: URL,
    found: boolean,
    { session = false } = {},
  ): Promise<{ html: string; link: string | undefined; complete: boolean; notFound: boolean } | undefined> {
    if (!renderer) return undefined;
    try {
      const rendered = await renderer.renderPage({ url, baseUrl: options.baseUrl, found, api: apiFor(visitor, { session }) });
      const notFound = rendered.notFound === true;
      const canonical = found && !notFound ? (rendered.head.canonicalPath ?? pathname) : undefined;
      return { html: fillTemplate(page, rendered.head, canonical, rendered), link: imagePreloadHeader(rendered.head), complete: rendered.complete, notFound };
    } catch (error) {
      app.log.error({ err: error, url: pathname }, 'server rendering failed');
      return undefined;
    }
  }

  /**
   * Public pages as rendered, by path and the page's own normalised query (`/?x=1` is `/`), with
   * the public cache's version they were rendered at. A page is the same for every visitor, so it
   * is rendered once per change of the catalogue or the reviews it shows, on every instance, and
   * sent as stored bytes with its tag (304 to a matching `If-None-Match`), as the API's cached
   * reads are (`stored-reply.ts`).
   */
  const pages = new LRUCache<string, { version: number; file: StoredReply; link: string | undefined }>({
    maxSize: PAGE_CACHE_BYTES,
    sizeCalculation: ({ file }, key) => storedSize(file) + key.length,
  });

  /** Whether the public page at `url` is kept and current: sent from memory, no render. */
  const isKept = (url: URL) => pages.get(`${url.pathname}${url.search}`)?.version === app.publicCache.version();

  const counters = createRateCounters(app.db);
  /**
   * Counts a render for the visitor's address (limits.pageRenders, as the catalogue's reads are
   * counted: only what memory does not answer); over the limit, answers the page template with 429
   * and `Retry-After` instead, which the browser draws itself, and true. A loop of pages nobody
   * keeps (a member's, `/part/{id}`, made-up part numbers, searches) costs a render each otherwise.
   */
  async function renderRefused(visitor: FastifyRequest, reply: FastifyReply, page: string): Promise<boolean> {
    const limit = limits.pageRenders;
    const { count, retryAfterSeconds } = await counters.hit(`page-renders:ip:${addressKey(visitor.ip)}`, limit);
    const max = limit.max * app.config.limitScale;
    if (count <= max) return false;
    // Logged once per address and window, at its first refusal (every instance counts together).
    // The refusals after it say nothing new: their request lines are at debug (decision 159).
    if (count === max + 1) visitor.log.warn({ route: 'page render', limit: 'pageRenders', max }, 'rate limit reached');
    else visitor.quietLog = true;
    await reply.code(429).header('retry-after', String(retryAfterSeconds)).header('cache-control', 'no-store').type(HTML).send(page);
    return true;
  }

  /**
   * Renders of a public page under way, by version and URL: a request that comes meanwhile waits
   * for that render rather than making its own (a drop after an order, then many visitors at
   * once, renders the page once).
   */
  const rendering = new Map<string, Promise<{ file: StoredReply; link: string | undefined; complete: boolean; notFound: boolean } | undefined>>();

  /**
   * A public page from memory while what it shows is unchanged, or rendered now and kept unless
   * a change came meanwhile, changes cannot be heard, or some of its data was refused this
   * visitor (their read limit) or failed; undefined if rendering fails.
   */
  async function publicPage(
    visitor: FastifyRequest,
    page: string,
    url: URL,
    found = true,
  ): Promise<{ file: StoredReply; link: string | undefined; notFound: boolean } | undefined> {
    const version = app.publicCache.version();
    const pageKey = `${url.pathname}${url.search}`;
    const kept = pages.get(pageKey);
    if (kept && kept.version === version) return { file: kept.file, link: kept.link, notFound: false };
    const render = async () => {
      const rendered = await renderedPage(visitor, page, url.pathname, url, found);
      if (rendered === undefined) return undefined;
      const file = storedReply(rendered.html, HTML);
      const unchanged = version !== undefined && version === app.publicCache.version();
      // A part number we do not sell is not kept: anyone could fill the cache with made-up ones.
      const { link } = rendered;
      if (rendered.complete && unchanged && !rendered.notFound) pages.set(pageKey, { version, file, link });
      return { file, link, complete: rendered.complete, notFound: rendered.notFound };
    };
    if (version === undefined) return render();
    const key = `${version} ${pageKey}`;
    const underway = rendering.get(key);
    if (underway) {
      const shared = await underway;
      // A page drawn with data refused to its own visitor is theirs only: this one renders anew.
      return shared?.complete ? shared : render();
    }
    const mine = render().finally(() => rendering.delete(key));
    rendering.set(key, mine);
    return mine;
  }

  /**
   * A part's page, signed in only (SPEC §6): rendered for a signed-in visitor as they see it; for
   * anyone else its head (for search engines and link previews) and the part's data, and the
   * browser sends them to sign in.
   */
  async function partPage(visitor: FastifyRequest, page: string, pathname: string, url: URL, id: string): Promise<{ html: string; link: string | undefined; notFound: boolean } | undefined> {
    if (!renderer) return undefined;
    try {
      const part = await renderer.renderPartPage({ id, url, baseUrl: options.baseUrl, api: apiFor(visitor, { session: true }) });
      if (!part) return undefined;
      const notFound = part.notFound === true;
      const canonical = notFound ? undefined : (part.head.canonicalPath ?? pathname);
      return { html: fillTemplate(page, part.head, canonical, part), link: imagePreloadHeader(part.head), notFound };
    } catch (error) {
      app.log.error({ err: error, url: pathname }, 'part page rendering failed');
      return undefined;
    }
  }

  // A route, not the not-found handler, so that the compression plugin's hook (per route) applies.
  /**
   * A page asked for while the database is out of reach (a restart, a failover) is the page
   * template with 503 and Retry-After, which the browser draws and whose reads then say that the
   * shop cannot reach its database, not the API's JSON 503 shown as text: a page's render count,
   * a part number's move and a member's prices are read from the database before any render.
   */
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    try {
      return await pageRoute(request, reply);
    } catch (error) {
      if (!databaseUnavailable(error) || template === undefined || reply.sent) throw error;
      app.databaseUnavailable(request, error);
      if (pagePolicy) reply.header('content-security-policy', pagePolicy);
      return reply.code(503).header('retry-after', '1').header('cache-control', 'no-store').type(HTML).send(template);
    }
  });

  async function pageRoute(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const pathname = request.url.split('?', 1)[0] ?? '/';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    const notPage = pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/assets/');
    if (notPage || !isPage) return reply.code(404).send({ message: apiErrors.notFound });
    // A page has one address: `/shop/` is `/shop`, with its query (decision 103).
    const trimmed = withoutTrailingSlash(pathname);
    if (trimmed !== pathname) return reply.header('cache-control', A_DAY).redirect(`${trimmed}${request.url.slice(pathname.length)}`, 301);
    // A renumbered or superseded part's page moves for good to its current replacement's (issue 30),
    // a number in lower case to the number as stored (decision 049, amended).
    const partNumber = decoded(/^\/parts\/([^/]+)$/.exec(pathname)?.[1]);
    const movedTo = partNumber === undefined ? undefined : await createPartChangesRepository(app.db).pageMovedTo(partNumber);
    if (movedTo) return reply.header('cache-control', REVALIDATE).redirect(`/parts/${encodeURIComponent(movedTo)}`, 301);
    if (template === undefined) return reply.code(404).send({ message: apiErrors.notFound });
    const found = isAppRoute(pathname);
    const partId = decoded(/^\/part\/([^/]+)$/.exec(pathname)?.[1]);
    const url = new URL(`${options.baseUrl}${request.url}`);
    const rendered = !found || renderer?.isServerRendered(pathname) === true;
    // The pages a buyer lands on from outside (decision 034).
    if (rendered || partId) withoutOpenerPolicy(reply);
    if (pagePolicy) reply.header('content-security-policy', pagePolicy);
    if (found && rendered && renderer) {
      // Rendered from the parameters the page reads only: any other is dropped, and the page is
      // the one kept for its path and those parameters.
      const search = renderer.pageSearch(url);
      const pageUrl = new URL(`${options.baseUrl}${pathname}${search ? `?${search}` : ''}`);
      // A member with contract prices gets the page drawn with their prices, for them alone:
      // never kept, never from the pages kept for everyone (decision 080).
      if (await app.contractBuyer(request)) {
        if (await renderRefused(request, reply, template)) return reply;
        const own = await renderedPage(request, template, pathname, pageUrl, found, { session: true });
        if (own) return withLink(reply, own.link).code(own.notFound ? 404 : 200).header('cache-control', PERSONAL_PRICES).header('vary', 'cookie').type(HTML).send(own.html);
      } else {
        if (!isKept(pageUrl) && (await renderRefused(request, reply, template))) return reply;
        const page = await publicPage(request, template, pageUrl);
        if (page) return sendStored(request, withLink(reply, page.link).code(page.notFound ? 404 : 200), page.file);
      }
    }
    if (!found && renderer) {
      // Every address that is no page of ours gets the one not-found page, drawn at its own address
      // and kept as the public pages are: a loop of made-up addresses is answered from memory, not
      // with a render each (20–60 ms of a core), and no visitor's address is drawn into another's page.
      const notFoundUrl = new URL(`${options.baseUrl}${NOT_FOUND_PAGE}`);
      if (!isKept(notFoundUrl) && (await renderRefused(request, reply, template))) return reply;
      const page = await publicPage(request, template, notFoundUrl, false);
      if (page) return sendStored(request, reply.code(404), page.file);
    }
    if ((!found || partId) && renderer && (await renderRefused(request, reply, template))) return reply;
    const drawn =
      !found
        ? await renderedPage(request, template, pathname, url, found)
        : partId
          ? await partPage(request, template, pathname, url, partId)
          : browserPage(template, pathname);
    // A part's page shows who is signed in: no shared cache may keep it for anyone else, and
    // with a member's contract prices no cache at all (decision 080).
    if (partId) reply.header('vary', 'cookie');
    const cacheControl = !partId ? REVALIDATE : (await app.contractBuyer(request)) ? PERSONAL_PRICES : PERSONAL;
    // A part not on sale is a 404, as its public page's is (decision 103): no soft 404.
    const missing = !found || (drawn !== undefined && 'notFound' in drawn && drawn.notFound);
    return withLink(reply, drawn?.link)
      .code(missing ? 404 : 200)
      .header('cache-control', cacheControl)
      .type(HTML)
      .send(drawn?.html ?? template);
  }
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: apiErrors.notFound }));
}
