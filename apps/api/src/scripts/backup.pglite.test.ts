import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { UploadedPhoto } from '@autoparts/shared';
import sharp from 'sharp';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase } from '../db/database';
import { parseEnv } from '../env';
import { loadOrCreateAuthSecret } from '../modules/auth/secret';
import { actsAsOwnPage } from '../test/app';
import { insertPart, signUpAdmin, signUpCustomer, type Customer } from '../test/orders';
import { startShop, type ShopProcess } from '../test/shop-process';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-backup-'));
const shopDir = path.join(work, 'shop');
const restoredDir = path.join(work, 'restored');
const backupFile = path.join(work, 'shop.backup.tgz');
const noWebApp = path.join(work, 'no-web-app');
const shops: ShopProcess[] = [];

afterAll(() => {
  // Only if the test failed half-way: never leave a server behind.
  for (const shop of shops) shop.kill();
  fs.rmSync(work, { recursive: true, force: true });
});

/** `npm run backup|restore -- FILE` on `dataDir`, as an operator runs it. */
function runScript(name: 'backup' | 'restore', dataDir: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, `${name}.ts`), backupFile], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
}

/** The shop on `shopDir` before it opens to the public: an admin with a photo, four customers, a part. */
async function prepareShop() {
  const config = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: shopDir,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: noWebApp,
    AUTH_SECRET: loadOrCreateAuthSecret(shopDir),
  });
  const app = actsAsOwnPage(await buildApp({ config, database: await openDatabase({ dataDir: shopDir }) }));
  try {
    const admin = await signUpAdmin(app, 'backup-admin');
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a6ea5' } }).png().toBuffer();
    const upload = await app.inject({
      method: 'POST',
      url: '/api/admin/images',
      headers: { 'content-type': 'image/png', cookie: admin.cookie },
      payload: png,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const customers = await Promise.all([1, 2, 3, 4].map((n) => signUpCustomer(app, `backup-buyer-${n}`)));
    return { admin, photo: upload.json<UploadedPhoto>(), customers, partId: await insertPart(app) };
  } finally {
    await app.close();
  }
}

/** POST /api/order over HTTP as `customer`, which must be acknowledged; the new order's id. */
async function order(shop: ShopProcess, customer: Customer, partId: string): Promise<string> {
  const response = await fetch(`${shop.url}/api/order`, {
    method: 'POST',
    headers: { cookie: customer.cookie, origin: shop.url, 'content-type': 'application/json' },
    body: JSON.stringify({ partId, customername: customer.name, address: '1 Backup Street, Testville', orderQuantity: 1 }),
  });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`order refused: ${response.status} ${body}`);
  return (JSON.parse(body) as { insertedId: string }).insertedId;
}

it('backs up a running shop while it takes orders; the restored shop starts with every order acknowledged before, its photos and its mail', {
  timeout: 180_000,
}, async () => {
  const { admin, photo, customers, partId } = await prepareShop();
  const shop = await startShop({ DATA_DIR: shopDir, WEB_DIST_DIR: noWebApp });
  shops.push(shop);

  // Each customer orders one at a time, up to their cap of unpaid orders.
  const acknowledged: string[] = [];
  const streams = customers.map(async (customer) => {
    for (let placed = 0; placed < 8; placed += 1) {
      acknowledged.push(await order(shop, customer, partId));
    }
  });
  const streaming = Promise.all(streams);
  while (acknowledged.length < 6) await Promise.race([streaming, new Promise((resolve) => setTimeout(resolve, 50))]);
  const acknowledgedBeforeBackup = [...acknowledged];
  const backup = runScript('backup', shopDir);
  expect(backup.status, backup.stderr).toBe(0);
  await streaming;
  expect(acknowledged).toHaveLength(32);
  expect(await shop.stop(), shop.stderr()).toBe(0);

  const restore = runScript('restore', restoredDir);
  expect(restore.status, restore.stderr).toBe(0);
  // Into an empty directory only: a second restore is refused and changes nothing.
  const again = runScript('restore', restoredDir);
  expect(again.status).toBe(1);
  expect(again.stderr).toContain('is not empty');

  const restored = await startShop({ DATA_DIR: restoredDir, WEB_DIST_DIR: noWebApp });
  shops.push(restored);
  const signIn = await fetch(`${restored.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: restored.url, 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  const found: string[] = [];
  for (const id of acknowledged) {
    const response = await fetch(`${restored.url}/api/order/${id}`, { headers: { cookie } });
    expect([200, 404]).toContain(response.status);
    if (response.status === 200) found.push(id);
  }
  expect(found).toEqual(expect.arrayContaining(acknowledgedBeforeBackup));
  const picture = await fetch(`${restored.url}${photo.url}`);
  expect(picture.status).toBe(200);
  expect(picture.headers.get('content-type')).toBe('image/webp');
  expect(await restored.stop(), restored.stderr()).toBe(0);

  // Each order's message was written with it: the restored outbox holds one for each order found.
  const database = await openDatabase({ dataDir: restoredDir });
  try {
    const mail = await database.db.selectFrom('mail_outbox').select('order_id').where('order_id', 'in', found).execute();
    expect(new Set(mail.map((row) => row.order_id)).size).toBe(found.length);
  } finally {
    await database.close();
  }
});

it('restores into an empty DATA_DIR made open to everyone (mkdir under umask 022) as its owner’s only', { timeout: 120_000 }, async () => {
  // The file the test above backed up (it runs first, in this file's order).
  const openDir = path.join(work, 'restored-open');
  fs.mkdirSync(openDir);
  fs.chmodSync(openDir, 0o755);

  const restore = runScript('restore', openDir);

  expect(restore.status, restore.stderr).toBe(0);
  const entries = [openDir, ...fs.readdirSync(openDir, { recursive: true }).map((entry) => path.join(openDir, String(entry)))];
  expect(entries.length).toBeGreaterThan(10);
  expect(entries.filter((where) => (fs.statSync(where).mode & 0o077) !== 0)).toEqual([]);
});
