import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import { apiErrors, isAppRoute } from '@autoparts/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { BROTLI_OPTIONS } from './public-cache';
import { withoutOpenerPolicy } from './security-headers';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const PERSONAL = 'private, no-cache';
const A_DAY = 'public, max-age=86400';

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

interface Variant {
  body: Buffer;
  etag: string;
}

/** A file of the build, held in memory with the brotli and gzip copies written beside it at build time. */
interface StaticFile {
  type: string;
  cacheControl: string;
  identity: Variant;
  encoded: Partial<Record<'br' | 'gzip', Variant>>;
}

/** What the server-rendering bundle (apps/web/src/entry-server.tsx, built to dist/server) exports. */
interface ServerRenderer {
  PAGE_DATA_ID: string;
  isServerRendered(pathname: string): boolean;
  pageDataJson(data: unknown): string;
  renderPage(options: { url: URL; baseUrl: string; found: boolean; api: ApiTransport }): Promise<RenderedPage>;
  renderPartPage(options: { id: string; url: URL; baseUrl: string; api: ApiTransport }): Promise<RenderedPage | undefined>;
}

type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;
/** A page's markup (empty when the browser draws it), its head, and the data it was drawn from. */
interface RenderedPage {
  html: string;
  head: PageHead;
  data: unknown;
  /** Every query it asked for answered: only such a page may be kept for everyone. */
  complete: boolean;
}
interface PageHead {
  title: string;
  description: string;
  structuredData?: object;
  image?: { href: string; srcSet?: string; sizes?: string; type?: string };
}

/**
 * Memory the rendered public pages may hold, with their compressed copies: ~200 KB a page, so
 * some eighty pages (`/`, `/blogs`, `/shop` and its most asked searches).
 */
const PAGE_CACHE_BYTES = 16 * 1024 * 1024;

/** `@fastify/compress`'s own threshold (its default): a smaller reply it sends as it is. */
const COMPRESS_THRESHOLD_BYTES = 1024;

const variantOf = (body: Buffer, suffix = ''): Variant => ({
  body,
  etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}${suffix}"`,
});

/** A rendered page as a file: its bytes, brotli and gzip, each with its tag, made once. */
function pageFile(html: string): StaticFile {
  const body = Buffer.from(html);
  return {
    type: 'text/html; charset=utf-8',
    cacheControl: REVALIDATE,
    identity: variantOf(body),
    encoded: { br: variantOf(zlib.brotliCompressSync(body, BROTLI_OPTIONS), '-br'), gzip: variantOf(zlib.gzipSync(body), '-gz') },
  };
}

/** Every file of the client build except the page template and the server bundle, by URL path. */
function loadStaticFiles(distDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? walk(full) : [full];
    });
  for (const file of walk(distDir)) {
    const relative = path.relative(distDir, file).split(path.sep).join('/');
    if (relative.startsWith('server/') || relative === 'index.html' || /\.(br|gz)$/.test(relative)) continue;
    const readIfThere = (name: string) => (fs.existsSync(name) ? fs.readFileSync(name) : undefined);
    const br = readIfThere(`${file}.br`);
    const gz = readIfThere(`${file}.gz`);
    files.set(`/${relative}`, {
      type: contentTypes[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      cacheControl: relative.startsWith('assets/') ? IMMUTABLE : A_DAY,
      identity: variantOf(fs.readFileSync(file)),
      encoded: { ...(br ? { br: variantOf(br, '-br') } : {}), ...(gz ? { gzip: variantOf(gz, '-gz') } : {}) },
    });
  }
  return files;
}

function sendStatic(file: StaticFile, request: FastifyRequest, reply: FastifyReply) {
  const offered = Object.keys(file.encoded);
  const encoding = offered.length > 0 ? negotiate(request.headers['accept-encoding'] ?? '', offered) : undefined;
  const variant = (encoding && file.encoded[encoding as 'br' | 'gzip']) || file.identity;
  reply.header('content-type', file.type).header('cache-control', file.cacheControl).header('etag', variant.etag);
  if (offered.length > 0) reply.header('vary', 'accept-encoding');
  if (variant !== file.identity && encoding) reply.header('content-encoding', encoding);
  if (request.headers['if-none-match'] === variant.etag) return reply.code(304).send();
  return reply.send(variant.body);
}

/** A path segment decoded, or undefined when its percent-escapes are broken. */
function decoded(segment: string | undefined): string | undefined {
  try {
    return segment === undefined ? undefined : decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Asks for a page's largest image with its HTML (issue 10: LCP); `srcset` as its `<picture>` has it. */
function imagePreloadLink({ href, srcSet, sizes, type }: NonNullable<PageHead['image']>): string {
  const attributes = [
    ['href', href],
    ['imagesrcset', srcSet],
    ['imagesizes', sizes],
    ['type', type],
  ]
    .filter((pair): pair is [string, string] => pair[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');
  return `<link rel="preload" as="image" fetchpriority="high"${attributes} />`;
}

/**
 * The CSP hashes (`sha256-…`) of the inline scripts of the built page template: the page's own
 * script, which the web build puts into the HTML (decision 033). The pattern is
 * the one `apps/web/build/inline-boot.ts` writes. None when the app is not built.
 */
export function inlineScriptHashes(distDir: string): string[] {
  const indexPath = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexPath)) return [];
  const template = fs.readFileSync(indexPath, 'utf8');
  return [...template.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map(
    ([, code]) => `sha256-${createHash('sha256').update(code ?? '').digest('base64')}`,
  );
}

/**
 * Serves the built web app (decisions 028, 029). Its files are read into memory at start, with
 * the brotli and gzip copies the build wrote, and sent by `Accept-Encoding` (hashed assets cached
 * for a year). The public pages (`/`, `/shop`, `/blogs`, `/portfolio`, the not-found page) are
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
    for (const [urlPath, file] of loadStaticFiles(options.distDir)) {
      // A file the build compressed, or one too small to be worth it, skips the per-request
      // compression's hooks: it is sent as built. Any other goes through them as before.
      const sentAsBuilt = Object.keys(file.encoded).length > 0 || file.identity.body.length < COMPRESS_THRESHOLD_BYTES;
      app.get(urlPath, { schema: { hide: true }, ...(sentAsBuilt ? { compress: false as const } : {}) }, (request, reply) =>
        sendStatic(file, request, reply),
      );
    }
  }
  const renderer =
    template !== undefined && fs.existsSync(rendererPath)
      ? ((await import(pathToFileURL(rendererPath).href)) as ServerRenderer)
      : undefined;
  if (template !== undefined && !renderer) app.log.warn({ rendererPath }, 'no server-rendering bundle: pages are rendered in the browser only');

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
      const reply = await app.inject({ method: 'GET', url, remoteAddress: visitor.ip, headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) } });
      return new Response(new Uint8Array(reply.rawPayload), { status: reply.statusCode, headers: { 'content-type': String(reply.headers['content-type'] ?? '') } });
    };

  /** The page template with a page's own head, and its rendered body and data when there are. */
  function fillTemplate(page: string, head: PageHead, canonicalPath: string | undefined, body?: { html: string; data: unknown }) {
    if (!renderer) return page;
    const links = [
      canonicalPath ? `<link rel="canonical" href="${escapeHtml(`${options.baseUrl}${canonicalPath}`)}" />` : '',
      head.structuredData ? `<script type="application/ld+json">${renderer.pageDataJson(head.structuredData)}</script>` : '',
      head.image ? imagePreloadLink(head.image) : '',
    ].join('');
    // Replacer functions: a replacement string would read `$$`, `$&`… in the page's text as patterns.
    const filled = page
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
      .replace(/<meta name="description" content="[^"]*"/, () => `<meta name="description" content="${escapeHtml(head.description)}"`)
      .replace('</head>', () => `${links}</head>`);
    if (!body) return filled;
    return filled.replace(
      '<div id="root"></div>',
      () => `<div id="root">${body.html}</div><script type="application/json" id="${renderer.PAGE_DATA_ID}">${renderer.pageDataJson(body.data)}</script>`,
    );
  }

  /** A public page rendered with its data, or undefined (the browser renders it) if that fails. */
  async function renderedPage(
    visitor: FastifyRequest,
    page: string,
    pathname: string,
    url: URL,
    found: boolean,
  ): Promise<{ html: string; complete: boolean } | undefined> {
    if (!renderer) return undefined;
    try {
      const rendered = await renderer.renderPage({ url, baseUrl: options.baseUrl, found, api: apiFor(visitor) });
      return { html: fillTemplate(page, rendered.head, found ? pathname : undefined, rendered), complete: rendered.complete };
    } catch (error) {
      app.log.error({ err: error, url: pathname }, 'server rendering failed');
      return undefined;
    }
  }

  /**
   * Public pages as rendered, by URL, with the public cache's version they were rendered at
   * (issue 10: prerendered and refreshed when the catalogue changes). A page is the same for
   * every visitor, so it is rendered once per change of the catalogue or the reviews it shows,
   * on every instance, and sent as bytes with its tag (304 to a matching `If-None-Match`).
   */
  const pages = new LRUCache<string, { version: number; file: StaticFile }>({
    maxSize: PAGE_CACHE_BYTES,
    sizeCalculation: ({ file }, url) =>
      file.identity.body.length + (file.encoded.br?.body.length ?? 0) + (file.encoded.gzip?.body.length ?? 0) + url.length,
  });

  /**
   * Renders of a public page under way, by version and URL: a request that comes meanwhile waits
   * for that render rather than making its own (a drop after an order, then many visitors at
   * once, renders the page once).
   */
  const rendering = new Map<string, Promise<{ file: StaticFile; complete: boolean } | undefined>>();

  /**
   * A public page from memory while what it shows is unchanged, or rendered now and kept unless
   * a change came meanwhile, changes cannot be heard, or some of its data was refused this
   * visitor (their read limit) or failed; undefined if rendering fails.
   */
  async function publicPage(visitor: FastifyRequest, page: string, pathname: string, url: URL): Promise<StaticFile | undefined> {
    const version = app.publicCache.version();
    const kept = pages.get(visitor.url);
    if (kept && kept.version === version) return kept.file;
    const render = async () => {
      const rendered = await renderedPage(visitor, page, pathname, url, true);
      if (rendered === undefined) return undefined;
      const file = pageFile(rendered.html);
      const unchanged = version !== undefined && version === app.publicCache.version();
      if (rendered.complete && unchanged) pages.set(visitor.url, { version, file });
      return { file, complete: rendered.complete };
    };
    if (version === undefined) return (await render())?.file;
    const key = `${version} ${visitor.url}`;
    const underway = rendering.get(key);
    if (underway) {
      const shared = await underway;
      // A page drawn with data refused to its own visitor is theirs only: this one renders anew.
      return shared?.complete ? shared.file : (await render())?.file;
    }
    const mine = render().finally(() => rendering.delete(key));
    rendering.set(key, mine);
    return (await mine)?.file;
  }

  /**
   * A part's page, signed in only (SPEC §6): rendered for a signed-in visitor as they see it; for
   * anyone else its head (for search engines and link previews) and the part's data, and the
   * browser sends them to sign in.
   */
  async function partPage(visitor: FastifyRequest, page: string, pathname: string, url: URL, id: string): Promise<string | undefined> {
    if (!renderer) return undefined;
    try {
      const part = await renderer.renderPartPage({ id, url, baseUrl: options.baseUrl, api: apiFor(visitor, { session: true }) });
      return part ? fillTemplate(page, part.head, pathname, part) : undefined;
    } catch (error) {
      app.log.error({ err: error, url: pathname }, 'part page rendering failed');
      return undefined;
    }
  }

  // A route, not the not-found handler, so that the compression plugin's hook (per route) applies.
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?', 1)[0] ?? '/';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    const notPage = pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/assets/');
    if (notPage || !isPage || template === undefined) {
      return reply.code(404).send({ message: apiErrors.notFound });
    }
    const found = isAppRoute(pathname);
    const partId = decoded(/^\/part\/([^/]+)\/?$/.exec(pathname)?.[1]);
    const url = new URL(`${options.baseUrl}${request.url}`);
    const rendered = !found || renderer?.isServerRendered(pathname) === true;
    // The pages a buyer lands on from outside (decision 034).
    if (rendered || partId) withoutOpenerPolicy(reply);
    if (found && rendered) {
      const page = await publicPage(request, template, pathname, url);
      if (page) return sendStatic(page, request, reply);
    }
    const html =
      !found
        ? (await renderedPage(request, template, pathname, url, found))?.html
        : partId
          ? await partPage(request, template, pathname, url, partId)
          : undefined;
    // A part's page shows who is signed in: no shared cache may keep it for anyone else.
    if (partId) reply.header('vary', 'cookie');
    return reply
      .code(found ? 200 : 404)
      .header('cache-control', partId ? PERSONAL : REVALIDATE)
      .type('text/html; charset=utf-8')
      .send(html ?? template);
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: apiErrors.notFound }));
}
