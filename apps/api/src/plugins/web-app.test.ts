import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '@autoparts/shared';
import { limits } from '../modules/limits/limits';
import { createTestApp } from '../test/app';
import { logLines, type LogLine } from '../test/log';

// A stand-in for the web build with a server-rendering bundle that counts its renders of `/` and of
// the not-found page (decision 035): the server must not care what the pages contain.
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-pages-'));
const renders = { home: 0, notFound: 0 };
const renderer = `
export const PAGE_DATA_ID = 'page-data';
export const isServerRendered = (pathname) => pathname === '/';
export const pageDataJson = (data) => JSON.stringify(data);
export const pageSearch = (url) => (url.pathname === '/shop' ? new URLSearchParams({ q: url.searchParams.get('q') ?? '' }).toString() : '');
export async function renderPage({ found }) {
  if (!found) {
    globalThis.__homeRenders.notFound += 1;
    return { html: '<h1>Page not found</h1>', head: { title: 'Page not found', description: 'No such page.' }, data: {}, complete: true, notFound: false };
  }
  globalThis.__homeRenders.home += 1;
  await new Promise((resolve) => setTimeout(resolve, 50));
  const image = { href: '/photos/p1-640.avif', srcSet: '/photos/p1-320.avif 320w, /photos/p1-640.avif 640w', sizes: '(min-width: 768px) 50vw, 100vw', type: 'image/avif' };
  // The head as the page rendered it (decision 102), which the server moves into <head>.
  const markup = '<title>Home</title><meta name="description" content="The shop."/><link rel="canonical" href="http://shop.example/"/><meta property="og:title" content="Home"/>';
  return { html: '<h1>Parts that fit</h1>', head: { title: 'Home', description: 'The shop.', image, markup }, data: {}, complete: true };
}
export const browserPageHead = ({ pathname }) =>
  pathname === '/login' ? '<title>Login</title><meta name="description" content="Sign in."/><meta name="robots" content="noindex"/>' : undefined;
// Parts whose photo is a manufacturer's URL (PIES DigitalAssets) a header cannot carry: one with
// characters outside printable ASCII and quotes, one too long for a proxy's header buffer.
const photos = { 'p-umlaut': 'https://cdn.example/bremsbeläge "vorn".jpg', 'p-long': \`https://cdn.example/\${'a'.repeat(1100)}.jpg\` };
export async function renderPartPage({ id }) {
  // The real renderer's answer for a part the API says is not on sale (entry-server.tsx).
  if (id === 'p-gone') return { html: '', head: { title: 'Part not found', description: 'No such part.' }, data: {}, complete: true, notFound: true };
  if (!(id in photos)) return undefined;
  return { html: '', head: { title: 'Bremsbeläge', description: 'A part.', image: { href: photos[id] } }, data: {}, complete: true };
}
export const inlineScriptHashes = () => ['sha256-cmVhY3Qncy1vd24='];
`;

const script = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;

let app: FastifyInstance;
/** What the shop logs at info and above. */
const { log, lines: logged } = logLines<LogLine & { route?: string; url?: string; status?: number }>('info');

beforeAll(async () => {
  (globalThis as { __homeRenders?: typeof renders }).__homeRenders = renders;
  fs.mkdirSync(path.join(distDir, 'server'), { recursive: true });
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html><head><title>Shop</title><meta name="description" content=""></head><body><div id="root"></div></body></html>');
  fs.writeFileSync(path.join(distDir, 'server', 'entry-server.js'), renderer);
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(path.join(distDir, 'assets', 'app-abc123.js'), script);
  fs.writeFileSync(path.join(distDir, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(distDir, 'assets', 'app-abc123.js.gz'), zlib.gzipSync(script));
  // A robots.txt in the build is not served: the route writes it, from BASE_URL.
  fs.writeFileSync(path.join(distDir, 'robots.txt'), 'User-agent: *\n');
  fs.mkdirSync(path.join(distDir, 'images'));
  fs.writeFileSync(path.join(distDir, 'images', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = await createTestApp({ webDistDir: distDir, log });
});

afterAll(async () => {
  await app?.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('public pages rendered on the server', () => {
  it('are rendered once for many visitors asking at the same moment, then sent from memory', async () => {
    const replies = await Promise.all(Array.from({ length: 12 }, () => app.inject({ method: 'GET', url: '/' })));
    const again = await app.inject({ method: 'GET', url: '/' });

    expect(replies.map((reply) => reply.statusCode)).toEqual(Array.from({ length: 12 }, () => 200));
    expect(new Set([...replies, again].map((reply) => reply.headers.etag)).size).toBe(1);
    expect(again.body).toContain('<h1>Parts that fit</h1>');
    expect(renders.home).toBe(1);
  });

  it('are kept by their path and their own query: a parameter the page does not read makes no other page', async () => {
    const first = await app.inject({ method: 'GET', url: '/' });
    const before = renders.home;
    const replies = await Promise.all(['/?x=1', `/?x=${Math.random()}`, '/?utm_source=mail&fbclid=2'].map((url) => app.inject({ method: 'GET', url })));

    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(replies.map((reply) => reply.headers.etag))).toEqual(new Set([first.headers.etag]));
    expect(renders.home).toBe(before);
  });
});

describe('a page’s head', () => {
  /** The page's `<head>` and `<body>`, and how many titles and descriptions it has in all. */
  const parts = (html: string) => {
    const [head = '', body = ''] = html.split('</head>');
    return { head, body, titles: html.match(/<title>/g)?.length ?? 0, descriptions: html.match(/<meta name="description"/g)?.length ?? 0 };
  };

  it('is the one the page rendered, in place of the template’s title and description: one of each', async () => {
    const page = parts((await app.inject({ method: 'GET', url: '/' })).body);

    expect(page.head).toContain('<title>Home</title><meta name="description" content="The shop."/><link rel="canonical" href="http://shop.example/"/><meta property="og:title" content="Home"/>');
    expect(page).toMatchObject({ titles: 1, descriptions: 1 });
    expect(page.body).toContain('<h1>Parts that fit</h1>');
    // The image's preload right after the head's elements, still above the rest of the head.
    expect(page.head).toMatch(/<meta property="og:title" content="Home"\/><link rel="preload" as="image"/);
  });

  it('of a page the browser draws is the one it will render, so that its title and noindex are in the HTML too', async () => {
    const reply = await app.inject({ method: 'GET', url: '/login' });
    const page = parts(reply.body);

    expect(reply.statusCode).toBe(200);
    expect(page.head).toContain('<title>Login</title><meta name="description" content="Sign in."/><meta name="robots" content="noindex"/>');
    expect(page).toMatchObject({ titles: 1, descriptions: 1 });
    expect(page.body).toContain('<div id="root"></div>');
  });
});

describe('a page’s largest image', () => {
  it('is asked for in a Link header as well as in the page, so the browser fetches it before reading the page (decision 091)', async () => {
    const kept = await app.inject({ method: 'GET', url: '/' });
    const link = '</photos/p1-640.avif>; rel=preload; as=image; fetchpriority=high; imagesrcset="/photos/p1-320.avif 320w, /photos/p1-640.avif 640w"; imagesizes="(min-width: 768px) 50vw, 100vw"; type="image/avif"';

    expect(kept.headers.link).toBe(link);
    expect(kept.body).toContain('<link rel="preload" as="image" fetchpriority="high" href="/photos/p1-640.avif" imagesrcset="/photos/p1-320.avif 320w, /photos/p1-640.avif 640w"');
    expect((await app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': kept.headers.etag as string } })).statusCode).toBe(304);
  });

  it('is left to the page alone when its address holds what a header cannot carry', async () => {
    const reply = await app.inject({ method: 'GET', url: '/part/p-umlaut' });

    expect(reply.statusCode).toBe(200);
    expect(reply.headers.link).toBeUndefined();
    expect(reply.body).toContain('<link rel="preload" as="image" fetchpriority="high" href="https://cdn.example/bremsbeläge &quot;vorn&quot;.jpg" />');
  });

  it('is left to the page alone when its address would make the headers too long for a proxy', async () => {
    const reply = await app.inject({ method: 'GET', url: '/part/p-long' });

    expect(reply.statusCode).toBe(200);
    expect(reply.headers.link).toBeUndefined();
    expect(reply.body).toContain(`<link rel="preload" as="image" fetchpriority="high" href="https://cdn.example/${'a'.repeat(1100)}.jpg" />`);
  });
});

describe('the pages’ content security policy', () => {
  it('allows the inline scripts React writes into pages by their hashes, and no other inline script anywhere', async () => {
    const page = await app.inject({ method: 'GET', url: '/' });
    const api = await app.inject({ method: 'GET', url: '/api/parts' });
    const scriptSources = (reply: typeof page) => /script-src ([^;]*)/.exec(String(reply.headers['content-security-policy']))?.[1]?.split(' ');

    expect(scriptSources(page)).toEqual(["'self'", "'sha256-cmVhY3Qncy1vd24='"]);
    expect(scriptSources(api)).toEqual(["'self'"]);
  });
});

describe('the build’s files', () => {
  it('are sent as the compressed copy the build wrote, hashed assets cached for a year', async () => {
    const brotli = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    const gzip = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    const plain = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });

    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    for (const reply of [brotli, gzip, plain]) {
      expect(reply.headers['content-type']).toMatch(/javascript/);
      expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(reply.headers.vary).toMatch(/accept-encoding/i);
    }
    expect((await app.inject({ method: 'GET', url: '/images/logo.svg' })).headers['cache-control']).toBe('public, max-age=86400');
  });

  it('leave out the server bundle and the compressed copies; a missing asset is a JSON 404, not the shop’s page', async () => {
    for (const url of ['/assets/app-abc123.js.br', '/assets/app-old.js']) {
      const reply = await app.inject({ method: 'GET', url });
      expect(reply.statusCode, url).toBe(404);
      expect(reply.headers['content-type'], url).toMatch(/json/);
    }
    const bundle = await app.inject({ method: 'GET', url: '/server/entry-server.js' });
    expect(bundle.statusCode).toBe(404);
    expect(bundle.body).not.toContain('renderPage');
  });
});

describe('one address a page', () => {
  it('moves a path with a trailing slash for good to the path without it, its query kept, before anything is rendered', async () => {
    const before = renders.home;
    const moves: Array<[string, string]> = [
      ['/shop/', '/shop'],
      ['/blogs/?utm_source=mail&x=1', '/blogs?utm_source=mail&x=1'],
      ['/portfolio//', '/portfolio'],
      ['/cart/', '/cart'],
      ['/parts/BRK-1001/', '/parts/BRK-1001'],
      ['/no-such-page/', '/no-such-page'],
      // Never a Location another host would be read from.
      ['//evil.example/', '/evil.example'],
    ];
    for (const [url, location] of moves) {
      const reply = await app.inject({ method: 'GET', url });
      expect(reply.statusCode, url).toBe(301);
      expect(reply.headers.location, url).toBe(location);
    }
    expect((await app.inject({ method: 'HEAD', url: '/shop/' })).statusCode).toBe(301);
    expect(renders.home).toBe(before);
    expect((await app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
  });

  it('moves a path sent with backslashes after its first slash to one of ours, never to `/\\host`, which a browser reads as another host', async () => {
    // Sent over a socket as written: a browser, and app.inject, would have turned `\\` into `/`.
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const locationOf = (rawPath: string) =>
      new Promise<string | undefined>((resolve, reject) => {
        http.get({ host: '127.0.0.1', port, path: rawPath }, (response) => {
          response.resume();
          resolve(response.statusCode === 301 ? response.headers.location : `status ${response.statusCode}`);
        }).on('error', reject);
      });

    expect(await locationOf('/\\/evil.example/')).toBe('/evil.example');
    expect(await locationOf('/\\evil.example/')).toBe('/evil.example');
    expect(await locationOf('//\\evil.example/path/')).toBe('/evil.example/path');
  });

  it('answers the robots.txt route, not a robots.txt in the build', async () => {
    const reply = await app.inject({ method: 'GET', url: '/robots.txt' });

    expect(reply.statusCode).toBe(200);
    expect(reply.body).toMatch(/^User-agent: \*\n/);
    expect(reply.body).toMatch(/\nSitemap: http.*\/sitemap\.xml\n$/);
  });
});

describe('the not-found page', () => {
  it('is drawn once for every address that is no page of ours and kept, not drawn again for each made-up address', async () => {
    const first = await app.inject({ method: 'GET', url: '/no-such-page' });
    const before = renders.notFound;
    const replies = [first];
    for (const url of [`/made-up-${Math.random()}`, '/no-such-page?x=1', '/blogs/no-such-post']) {
      replies.push(await app.inject({ method: 'GET', url }));
    }

    expect(replies.map((reply) => reply.statusCode)).toEqual([404, 404, 404, 404]);
    expect(replies[1]?.headers['content-type']).toMatch(/^text\/html/);
    expect(replies[1]?.body).toContain('<h1>Page not found</h1>');
    expect(new Set(replies.map((reply) => reply.headers.etag)).size).toBe(1);
    expect(renders.notFound).toBeGreaterThan(0);
    expect(renders.notFound).toBe(before);
  });
});

describe('a page address with a broken percent-escape', () => {
  it.each([
    ['/nope%zz', '/nope%25zz', 404],
    ['/shop%zz?q=brake', '/shop%25zz?q=brake', 404],
    ['/caf%C3%A9%zz/%E2%82%AC', '/caf%C3%A9%25zz/%E2%82%AC', 404],
    // Routes of the app: drawn as that route draws a number or id it does not know (this file's
    // renderer draws every route; the shop's part pages say "not found" there).
    ['/parts/%E0%A4%A%3Cscript%3E', '/parts/%25E0%25A4%25A%3Cscript%3E', 200],
    ['/part/%E0%A4%A', '/part/%25E0%25A4%25A', 200],
  ] as const)('(%s) moves for good to the address with its broken escapes written readable, which the page route answers (decision 200)', async (url, readable, status) => {
    const reply = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

    expect(reply.statusCode).toBe(301);
    expect(reply.headers.location).toBe(readable);
    expect(() => decodeURI(readable)).not.toThrow();
    expect(reply.body).not.toMatch(/%E0|%zz|%3Cscript|valid url/i);
    expect(reply.headers['content-security-policy']).toContain("default-src 'self'");
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const moved = await app.inject({ method: 'GET', url: readable, headers: { accept: 'text/html' } });
    expect(moved.statusCode).toBe(status);
    expect(moved.headers['content-type']).toMatch(/^text\/html/);
  });

  it.each([
    ['//evil.example%zz', '/evil.example%25zz'],
    ['/%5C%5Cevil.example/%zz', '/evil.example/%25zz'],
    ['/x%zz<b>"`', '/x%25zz%3Cb%3E%22%60'],
  ])('(%s) stays on the shop, with nothing a Location may not carry: %s', async (url, readable) => {
    const reply = await app.inject({ method: 'GET', url });
    expect(reply.statusCode).toBe(301);
    expect(reply.headers.location).toBe(readable);
  });

  it('is still JSON 400 under /api and /assets, and for a method other than GET or HEAD', async () => {
    for (const [method, url] of [['GET', '/api/part/%E0%A4%A'], ['GET', '/assets/app-%zz.js'], ['POST', '/nope%zz']] as const) {
      const reply = await app.inject({ method, url });
      expect(reply.statusCode, url).toBe(400);
      expect(reply.json(), url).toEqual({ message: apiErrors.badUrl });
    }
  });

  it.each(['/%61pi/x%zz', '/%41PI/part/%E0%A4%A', '//api/part/%zz', '/x/%2e%2E/api/part/%zz', '/api%2Fpart%zz', '/%61ssets/app-%zz.js', '/%5Capi/x%zz'])(
    '(%s) is the API’s or the assets’ however its first segment is spelled: JSON 400, not the page',
    async (url) => {
      const reply = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toEqual({ message: apiErrors.badUrl });
    },
  );

  it.each(['/apiary%zz', '/part/api/%zz', '/%61pis/x%zz'])('(%s) merely looks like the API’s and is a page’s: moved to the page', async (url) => {
    const reply = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

    expect(reply.statusCode).toBe(301);
    expect(reply.headers.location).toBe(url.replace('%zz', '%25zz'));
  });

  it('answers a HEAD as the GET: moved, no body', async () => {
    const head = await app.inject({ method: 'HEAD', url: '/nope%zz', headers: { accept: 'text/html' } });

    expect(head.statusCode).toBe(301);
    expect(head.headers.location).toBe('/nope%25zz');
    expect(head.body).toBe('');
  });
});

describe('pages drawn on the server for one address', () => {
  it('are limited: past the limit the page template comes with 429 and Retry-After, for the browser to draw; a kept page is still sent', async () => {
    const kept = await app.inject({ method: 'GET', url: '/' });
    const key = 'page-renders:ip:127.0.0.1';
    const max = limits.pageRenders.max * app.config.limitScale;
    await app.db
      .insertInto('rate_counters')
      .values({ key, window_started_at: sql`now()`, count: max })
      .onConflict((oc) => oc.column('key').doUpdateSet({ count: max, window_started_at: sql`now()` }))
      .execute();
    try {
      const part = await app.inject({ method: 'GET', url: '/part/p-umlaut' });
      const partAgain = await app.inject({ method: 'GET', url: '/part/p-long' });
      const again = await app.inject({ method: 'GET', url: '/' });

      expect(part.statusCode).toBe(429);
      expect(part.headers['retry-after']).toMatch(/^[1-9]\d*$/);
      expect(part.headers['content-type']).toMatch(/^text\/html/);
      expect(part.body).toContain('<div id="root"></div>');
      expect(part.body).not.toContain('Bremsbeläge');
      expect(again.statusCode).toBe(200);
      expect(again.headers.etag).toBe(kept.headers.etag);
      // Logged once for the address and window, not beside every refused request's line; the
      // refusals after the first say nothing new, and their request lines are at debug.
      expect(partAgain.statusCode).toBe(429);
      expect(logged.filter((line) => line.msg === 'rate limit reached')).toEqual([expect.objectContaining({ route: 'page render' })]);
      expect(logged.filter((line) => line.msg === 'request' && line.status === 429).map((line) => line.url)).toEqual(['/part/p-umlaut']);
    } finally {
      await app.db.deleteFrom('rate_counters').where('key', '=', key).execute();
    }
  });
});

describe('a part’s page for a part not on sale', () => {
  it('is a 404, not the page template with 200 (a soft 404)', async () => {
    const reply = await app.inject({ method: 'GET', url: '/part/p-gone' });

    expect(reply.statusCode).toBe(404);
    expect(reply.headers['content-type']).toMatch(/^text\/html/);
    expect(reply.body).toContain('<title>Part not found</title>');
    expect(reply.body).not.toContain('rel="canonical"');
  });
});
