import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startOutageShop, type OutageShop } from '../test/outage';

// Runs in the PostgreSQL pass only, on a server of its own: it is stopped under the shop. A
// stand-in for the web build, whose server bundle renders /shop (the real one's data comes from
// the API, which the database's absence answers 503 before any of it is read).
let outage: OutageShop | undefined;
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-page-outage-web-'));
const TEMPLATE = '<!doctype html><html><head><title>Shop</title><meta name="description" content=""></head><body><div id="root"></div></body></html>';
const renderer = `
export const PAGE_DATA_ID = 'page-data';
export const isServerRendered = (pathname) => pathname === '/shop';
export const pageDataJson = (data) => JSON.stringify(data);
export const pageSearch = () => '';
export async function renderPage() {
  return { html: '<h1>Every part</h1>', head: { title: 'Shop', description: 'Every part.' }, data: {}, complete: true };
}
export const browserPageHead = () => undefined;
export async function renderPartPage() {
  return undefined;
}
export const inlineScriptHashes = () => [];
`;

afterAll(async () => {
  await outage?.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

async function page(url: string): Promise<{ status: number; type: string; retryAfter: string | null; body: string }> {
  const reply = await fetch(url, { headers: { accept: 'text/html' }, redirect: 'manual' });
  return { status: reply.status, type: reply.headers.get('content-type') ?? '', retryAfter: reply.headers.get('retry-after'), body: await reply.text() };
}

it('a page asked for while the database is away is the web app with 503 and Retry-After, which the browser draws, not the API’s JSON', {
  timeout: 120_000,
}, async () => {
  fs.mkdirSync(path.join(distDir, 'server'), { recursive: true });
  fs.writeFileSync(path.join(distDir, 'index.html'), TEMPLATE);
  fs.writeFileSync(path.join(distDir, 'server', 'entry-server.js'), renderer);
  outage = await startOutageShop('page-outage', { WEB_DIST_DIR: distDir });
  const running = outage.shop;
  expect(await page(`${running.url}/shop`)).toMatchObject({ status: 200, body: expect.stringContaining('<h1>Every part</h1>') as unknown });

  // The shop's rendered page (its renders are counted in the database), a part's public page (its
  // number is looked up among the renumbered ones) and a part's page by id.
  const urls = ['/shop', '/parts/BRK-1001', '/part/00000000-0000-4000-8000-000000000000'];
  const away = await outage.whileAway(
    async () => {
      const replies = [];
      for (const url of urls) replies.push({ url, ...(await page(`${running.url}${url}`)) });
      return replies;
    },
    async () => (await page(`${running.url}/shop`)).status === 200,
  );
  for (const reply of away) {
    expect(reply).toEqual({ url: reply.url, status: 503, type: 'text/html; charset=utf-8', retryAfter: '1', body: expect.stringContaining('<div id="root">') as unknown });
  }
  // Each answer has its request line; the outage is said once at warn, not once a request with a
  // stack trace each (decision 176).
  const answered = running.logLines.filter((entry) => entry.msg === 'request' && entry.status === 503);
  expect(answered.length).toBeGreaterThanOrEqual(urls.length);
  const warned = running.logLines.filter((entry) => entry.msg === 'database unavailable');
  expect(warned).toHaveLength(1);
  expect(warned[0]).toMatchObject({ level: 40, err: expect.objectContaining({ message: expect.any(String) as unknown }) as unknown });
});
