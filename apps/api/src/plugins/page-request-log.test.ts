import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { logLines, type LogLine } from '../test/log';

// A stand-in for the web build whose home page asks the API for its parts while it renders, as the
// real one asks for its reviews and the vehicle picker's years.
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-page-log-'));
const renderer = `
export const PAGE_DATA_ID = 'page-data';
export const isServerRendered = (pathname) => pathname === '/';
export const pageDataJson = (data) => JSON.stringify(data);
export const pageSearch = () => '';
export async function renderPage({ api }) {
  const parts = await (await api('/api/parts', {})).json();
  return { html: '<h1>' + parts.length + ' parts</h1>', head: { title: 'Home', description: 'The shop.' }, data: {}, complete: true };
}
export const browserPageHead = () => undefined;
export async function renderPartPage() { return undefined; }
export const inlineScriptHashes = () => [];
`;

const { log, lines } = logLines<LogLine & { reqId: string; url?: string; page?: string }>('debug');
let app: FastifyInstance;

beforeAll(async () => {
  fs.mkdirSync(path.join(distDir, 'server'), { recursive: true });
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html><head><title>Shop</title><meta name="description" content=""></head><body><div id="root"></div></body></html>');
  fs.writeFileSync(path.join(distDir, 'server', 'entry-server.js'), renderer);
  app = await createTestApp({ webDistDir: distDir, log });
});

afterAll(async () => {
  await app?.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

it("logs a page rendered on the server as one request at info; its own asks of the API at debug, under the page's id", async () => {
  const page = await app.inject({ method: 'GET', url: '/' });
  expect(page.statusCode).toBe(200);
  expect(page.body).toMatch(/<h1>\d+ parts<\/h1>/);

  const requests = lines.filter((line) => line.msg === 'request');
  const pageLine = requests.find((line) => line.url === '/');
  expect(requests.filter((line) => line.level === 30)).toEqual([pageLine]);
  expect(requests.find((line) => line.url === '/api/parts')).toMatchObject({ level: 20, page: pageLine?.reqId });

  // A client cannot pass its own requests off as the shop's: the header's key is the process's own.
  lines.length = 0;
  const claimed = await app.inject({ method: 'GET', url: '/api/parts', headers: { 'x-shop-in-process': `guess ${pageLine?.reqId}` } });
  expect(claimed.statusCode).toBe(200);
  const claimedLine = lines.find((line) => line.msg === 'request' && line.url === '/api/parts');
  expect(claimedLine).toMatchObject({ level: 30 });
  expect(claimedLine?.page).toBeUndefined();
});
