import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from '../../../../scripts/postgres-cluster';
import { startShopProcess, type ShopProcess } from './shop-process';
import { eventually } from './wait';

/**
 * The shop as an operator runs it (`startShopProcess`), on a PostgreSQL server of its own that a
 * test stops under it: the outage tests (PostgreSQL pass only). `close` in `afterAll`, whatever
 * the test did: it kills the shop if it still runs, removes its data and stops the server.
 */
export interface OutageShop {
  shop: ShopProcess;
  cluster: PostgresCluster;
  /**
   * The database stopped (its data kept) while `during` runs, then started again; it answers what
   * `during` did once `isBack` holds, the shop still running (no restart hid the outage).
   */
  whileAway<T>(during: () => Promise<T>, isBack: () => Promise<boolean>): Promise<T>;
  close(): Promise<void>;
}

/** `label` names its directories; `env` comes on top of the outage's own (e.g. SMTP_URL, WEB_DIST_DIR). */
export async function startOutageShop(label: string, env: Record<string, string> = {}): Promise<OutageShop> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-${label}-`));
  let cluster: PostgresCluster | undefined;
  let shop: ShopProcess | undefined;
  const close = async () => {
    if (shop?.child.exitCode === null) shop.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    await cluster?.stop();
  };
  try {
    cluster = await startPostgresCluster();
    shop = await startShopProcess({
      DATABASE_URL: cluster.url,
      AUTH_SECRET: `${label}-secret-`.repeat(4),
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SHUTDOWN_GRACE_MS: '0',
      ...env,
    });
  } catch (error) {
    await close();
    throw error;
  }
  const [server, running] = [cluster, shop];
  return {
    shop: running,
    cluster: server,
    async whileAway(during, isBack) {
      await server.pause();
      const done = await during();
      await server.start();
      await eventually(isBack);
      expect(running.child.exitCode).toBeNull();
      return done;
    },
    close,
  };
}
