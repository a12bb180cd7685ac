import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './test/app';

// A stand-in for `vite build` output: the server must not care what the web app contains.
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-dist-'));
// The page loads its script from the shop's files, as the build writes it (decision 037): no inline script.
const indexHtml =
  `<!doctype html><html><head><script type="module" crossorigin src="/assets/app-abc123.js"></script></head>` +
  `<body><div id="root"></div><!-- ${'a page as long as a rendered one '.repeat(60)}--></body></html>`;
const appJs = 'console.log("the shop");\n';
// Big and repetitive enough that any compressor shrinks it well past the 1 KiB threshold.
const vendorJs = Array.from({ length: 4_000 }, (_, i) => `export const p${i} = "pad ${i % 50}";`).join('\n');

const stylesCss = Array.from({ length: 2_000 }, (_, i) => `.pad-${i}{margin:${i % 7}px}`).join('\n');

let app: FastifyInstance;

beforeAll(async () => {
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(path.join(distDir, 'index.html'), indexHtml);
  fs.writeFileSync(path.join(distDir, 'assets/app-abc123.js'), appJs);
  fs.writeFileSync(path.join(distDir, 'assets/vendor-def456.js'), vendorJs);
  // What the build writes beside a file (apps/web/build/precompress.ts): brotli at its best, gzip at 9.
  fs.writeFileSync(path.join(distDir, 'assets/styles-0a1b2c.css'), stylesCss);
  fs.writeFileSync(path.join(distDir, 'assets/styles-0a1b2c.css.br'), zlib.brotliCompressSync(stylesCss));
  fs.writeFileSync(path.join(distDir, 'assets/styles-0a1b2c.css.gz'), zlib.gzipSync(stylesCss, { level: 9 }));
  // The server-rendering bundle's own files are the server's, never a browser's.
  fs.mkdirSync(path.join(distDir, 'server/assets'), { recursive: true });
  fs.writeFileSync(path.join(distDir, 'server/assets/blogs-123.js'), 'export const secret = 1;');
  fs.mkdirSync(path.join(distDir, 'images/parts'), { recursive: true });
  const svg = '<svg xmlns="http://www.w3.org/2000/svg"/>';
  fs.writeFileSync(path.join(distDir, 'images/parts/brake-pads.svg'), svg);
  app = await createTestApp({ webDistDir: distDir });
});

afterAll(async () => {
  await app?.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

function get(url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers });
}

function expectSecurityHeaders(response: LightMyRequestResponse) {
  const csp = String(response.headers['content-security-policy']);
  const directives = new Map(
    csp.split(';').map((directive) => {
      const [name = '', ...values] = directive.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
  // No inline script runs at all: scripts come from the shop's own files.
  expect(directives.get('script-src')).toEqual(["'self'"]);
  expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  expect(directives.get('object-src')).toEqual(["'none'"]);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  // No page uses the camera, the microphone, the customer's location or the Payment Request API.
  const refused = String(response.headers['permissions-policy']).split(', ');
  expect(refused).toEqual(expect.arrayContaining(['camera=()', 'microphone=()', 'geolocation=()', 'payment=()']));
}

describe('the API', () => {
  it('answers an unknown /api path with a JSON 404, not the web app', async () => {
    for (const url of ['/api', '/api/nope', '/api/parts/extra', '/api/blogs']) {
      const response = await get(url);

      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
  });

  it('answers a method it does not know with a JSON 404', async () => {
    const response = await app.inject({ method: 'DELETE', url: '/api/parts' });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('describes itself as OpenAPI at /api/docs', async () => {
    const response = await get('/api/docs');

    expect(response.statusCode).toBe(200);
    const docs = response.json();
    expect(docs.openapi).toMatch(/^3\./);
    expect(Object.keys(docs.paths)).toEqual(expect.arrayContaining(['/parts', '/part/{id}', '/reviews']));
    expect(docs.paths['/part/{id}'].get.responses).toHaveProperty('404');
    // Paths are relative to the server entry, or clients would call /api/api/parts.
    expect(docs.servers).toEqual([{ url: '/api' }]);
    expect(Object.keys(docs.paths).some((key) => key.startsWith('/api/'))).toBe(false);
  });

  it('sends the security headers on JSON replies and errors', async () => {
    expectSecurityHeaders(await get('/api/parts'));
    expectSecurityHeaders(await get('/api/nope'));
  });

  it('lets no cache keep an API reply whose route says nothing of caches; the public reads revalidate', async () => {
    for (const url of ['/api/me', '/api/cart', '/api/nope', '/api/config', '/%61pi/cart']) {
      expect({ url, cacheControl: (await get(url)).headers['cache-control'] }).toEqual({ url, cacheControl: 'private, no-store' });
    }
    expect((await get('/api/parts')).headers['cache-control']).toBe('no-cache');
  });
});

describe('the web app', () => {
  it.each(['/', '/blogs', '/part/xyz', '/dashboard', '/dashboard/payment/xyz', '/login', '/blogs?tab=2'])(
    'serves index.html with 200 for the route %s',
    async (url) => {
      const response = await get(url);

      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe(indexHtml);
      // A page must revalidate, or a deploy would leave browsers on old asset names; a part's
      // page, which names who is signed in, is for their browser alone.
      expect(response.headers['cache-control']).toBe(url.startsWith('/part/') ? 'private, no-cache' : 'no-cache');
      if (url.startsWith('/part/')) expect(response.headers.vary).toMatch(/cookie/i);
    },
  );

  it('compresses a page for a browser that accepts it', async () => {
    const response = await get('/blogs', { 'accept-encoding': 'br, gzip' });

    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(indexHtml);
  });

  it('answers a script of an older build with a JSON 404, so the page fails as a script (and reloads)', async () => {
    const response = await get('/assets/missing-000000.js');

    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).not.toContain('<html');
  });

  it.each(['/nope', '/dashboard/unknown', '/part', '/part/a/b'])(
    'serves the same page with 404 for %s, which is no route',
    async (url) => {
      const response = await get(url);

      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe(indexHtml);
    },
  );

  it('answers a page path with a broken percent-escape with a move to the address written readable, not a 500', async () => {
    const response = await get('/part/%E0%A4%A');

    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/part/%25E0%25A4%25A');
  });

  it('sends the security headers on pages, found or not', async () => {
    expectSecurityHeaders(await get('/'));
    expectSecurityHeaders(await get('/nope'));
    expectSecurityHeaders(await get('/assets/app-abc123.js'));
  });

  it('sends pages a buyer lands on from outside without an opener policy, and every other document and reply with one', async () => {
    // Decision 034: without a server-rendering bundle here, the landing pages are a part's page and the not-found page.
    for (const url of ['/part/abc123', '/nope']) {
      expect((await get(url)).headers['cross-origin-opener-policy'], url).toBeUndefined();
    }
    for (const url of ['/dashboard', '/dashboard/payment/abc123', '/login', '/reset-password', '/api/parts']) {
      expect((await get(url)).headers['cross-origin-opener-policy'], url).toBe('same-origin');
    }
  });

  it('lets browsers keep hashed assets for a year', async () => {
    const response = await get('/assets/app-abc123.js');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.body).toBe(appJs);
    const cacheControl = String(response.headers['cache-control']);
    expect(cacheControl).toContain('immutable');
    expect(cacheControl).toContain('max-age=31536000');
  });

  it('lets browsers keep unhashed files such as part images for a day only', async () => {
    const response = await get('/images/parts/brake-pads.svg');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
  });

  it.each([
    ['br', zlib.brotliDecompressSync],
    ['gzip', zlib.gunzipSync],
  ] as const)('compresses a large asset with %s when the browser accepts it', async (encoding, inflate) => {
    const response = await get('/assets/vendor-def456.js', { 'accept-encoding': encoding });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.rawPayload.length).toBeLessThan(vendorJs.length / 4);
    expect(inflate(response.rawPayload).toString('utf8')).toBe(vendorJs);
  });

  it.each([
    ['br', 'br, gzip, deflate', 'styles-0a1b2c.css.br'],
    ['gzip', 'gzip, deflate', 'styles-0a1b2c.css.gz'],
  ] as const)('sends the build’s own %s copy of a file, as written, to a browser that accepts it', async (encoding, accepted, copy) => {
    const response = await get('/assets/styles-0a1b2c.css', { 'accept-encoding': accepted });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toMatch(/^text\/css/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.rawPayload.equals(fs.readFileSync(path.join(distDir, 'assets', copy)))).toBe(true);
  });

  it('sends the file itself where no encoding is accepted, and 304 for the version the browser has', async () => {
    const plain = await get('/assets/styles-0a1b2c.css', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(stylesCss);

    const again = await get('/assets/styles-0a1b2c.css', { 'accept-encoding': 'identity', 'if-none-match': String(plain.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const brotli = await get('/assets/styles-0a1b2c.css', { 'accept-encoding': 'br', 'if-none-match': String(plain.headers.etag) });
    expect(brotli.statusCode).toBe(200);
  });

  it('never serves the server-rendering bundle', async () => {
    const response = await get('/server/assets/blogs-123.js');

    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('secret');
  });

  it('sends a large asset uncompressed to a client that accepts no encoding', async () => {
    const response = await get('/assets/vendor-def456.js', { 'accept-encoding': 'identity' });

    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(vendorJs);
  });
});
