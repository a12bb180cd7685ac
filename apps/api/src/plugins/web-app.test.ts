import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';

// A stand-in for the web build with a server-rendering bundle that counts its renders of `/`
// (decision 035): the server must not care what the pages contain.
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-pages-'));
const renders = { home: 0 };
const renderer = `
export const PAGE_DATA_ID = 'page-data';
export const isServerRendered = (pathname) => pathname === '/';
export const pageDataJson = (data) => JSON.stringify(data);
export async function renderPage() {
  globalThis.__homeRenders.home += 1;
  await new Promise((resolve) => setTimeout(resolve, 50));
  return { html: '<h1>Parts that fit</h1>', head: { title: 'Home', description: 'The shop.' }, data: {}, complete: true };
}
export async function renderPartPage() {
  return undefined;
}
`;

let app: FastifyInstance;

beforeAll(async () => {
  (globalThis as { __homeRenders?: typeof renders }).__homeRenders = renders;
  fs.mkdirSync(path.join(distDir, 'server'), { recursive: true });
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html><head><title>Shop</title><meta name="description" content=""></head><body><div id="root"></div></body></html>');
  fs.writeFileSync(path.join(distDir, 'server', 'entry-server.js'), renderer);
  app = await createTestApp({ webDistDir: distDir });
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
});
