import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiErrors } from '@autoparts/shared';
import { afterAll, expect, it } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from '../../../../../scripts/postgres-cluster';
import { request, signUpOver, startShopProcess, type ShopProcess } from '../../test/shop-process';
import { eventually } from '../../test/wait';

// Runs in the PostgreSQL pass only, on a server of its own: it is stopped under the shop.
let cluster: PostgresCluster | undefined;
let shop: ShopProcess | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-auth-outage-'));

afterAll(async () => {
  if (shop?.child.exitCode === null) shop.child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
  await cluster?.stop();
});

it('signing in or up, or asking for the session, while the database is away is a 503 to try again, as every other call is, and works once it is back', {
  timeout: 120_000,
}, async () => {
  cluster = await startPostgresCluster();
  shop = await startShopProcess({
    DATABASE_URL: cluster.url,
    AUTH_SECRET: 'outage-secret-outage-secret-outage-se',
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SHUTDOWN_GRACE_MS: '0',
  });
  const running = shop;
  const customer = await signUpOver(running, 'outage');
  const origin = `http://localhost:${running.port}`;
  const signIn = () =>
    request(`${running.url}/api/auth/sign-in/email`, { method: 'POST', headers: { origin }, body: { email: customer.email, password: customer.password } });

  await cluster.pause();
  const away = [
    await signIn(),
    await request(`${running.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { origin },
      body: { email: `outage-new-${process.pid}@example.com`, password: 'outage-password-1', name: 'Outage New' },
    }),
    await request(`${running.url}/api/auth/get-session`, { headers: { cookie: customer.cookie ?? '' } }),
  ];
  expect(away).toEqual(away.map(() => ({ status: 503, body: JSON.stringify({ message: apiErrors.databaseUnavailable }) })));

  await cluster.start();
  await eventually(async () => {
    const again = await signIn();
    return 'status' in again && again.status === 200;
  });
  expect(running.child.exitCode).toBeNull();
});
