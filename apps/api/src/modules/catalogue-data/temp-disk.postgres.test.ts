import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { catalogueDataMessages, type CatalogueImport } from '@autoparts/shared';
import { afterAll, expect, it } from 'vitest';
import { multipartForm } from '../../test/multipart';
import { createScratchDatabase, queryOnce } from '../../test/scratch-database';
import { signUpOver, startShopProcess, type ShopProcess } from '../../test/shop-process';
import { eventually } from '../../test/wait';

// PostgreSQL only: the shop process then writes no database files of its own, so a limit on the
// size of the files it writes (prlimit's RLIMIT_FSIZE: a write past it fails with EFBIG, as one on
// a full disk fails with ENOSPC) reaches only its temporary files: an import's problems (decision 204).
let shop: ShopProcess | undefined;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
const dirs: string[] = [];

afterAll(async () => {
  shop?.kill();
  await scratch?.drop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

it('an import whose problems no longer fit on the temporary disk fails, saying so, with nothing of it applied; the shop runs on', { timeout: 180_000 }, async () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('the PostgreSQL pass sets TEST_DATABASE_URL');
  scratch = await createScratchDatabase(serverUrl);
  const url = scratch.url;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-temp-disk-'));
  dirs.push(dataDir);
  const running = await startShopProcess({ DATABASE_URL: url, AUTH_SECRET: 'temp-disk-secret-temp-disk-secret', NODE_ENV: 'test', DATA_DIR: dataDir, SHUTDOWN_GRACE_MS: '0' });
  shop = running;
  const admin = await signUpOver(running, 'temp-disk-admin');
  await queryOnce(url, "update users set role = 'admin' where email = $1", [admin.email]);
  // No file of this process may grow past 64 KB from now on.
  execFileSync('prlimit', ['--pid', String(running.child.pid), '--fsize=65536']);

  // 2,000 years, then 30,000 lines that are none: with skip the years would be applied, and the
  // 30,000 problems (about 100 bytes each in the problems file) are far more than 64 KB.
  const lines = ['YearID', ...Array.from({ length: 2_000 }, (_, i) => String(2100 + i)), ...Array.from({ length: 30_000 }, (_, i) => `not-a-year-${i}`)];
  const form = multipartForm({ kind: 'vcdb', mode: 'apply', onProblems: 'skip' }, { name: 'Year.txt', bytes: Buffer.from(`${lines.join('\r\n')}\r\n`) });
  const upload = await fetch(`${running.url}/api/admin/catalogue/imports`, {
    method: 'POST',
    headers: { cookie: admin.cookie, origin: `http://localhost:${running.port}`, ...form.headers },
    body: new Uint8Array(form.payload),
  });
  expect(upload.status).toBe(202);
  const { id } = (await upload.json()) as { id: string };
  const read = async () => (await (await fetch(`${running.url}/api/admin/catalogue/imports/${id}`, { headers: { cookie: admin.cookie } })).json()) as CatalogueImport;
  // Until it ends, or the shop does (a refused read: it has exited, or is exiting).
  await eventually(async () => ['done', 'failed', 'gone'].includes((await read().catch(() => undefined))?.status ?? 'gone'), 120);
  await Promise.race([running.exited, new Promise((resolve) => setTimeout(resolve, 1_000))]);

  expect(running.child.exitCode, running.stderr()).toBeNull();
  expect(await read()).toMatchObject({ status: 'failed', applied: false, error: catalogueDataMessages.problemsNotWritten });
  expect(await queryOnce(url, 'select count(*)::int as n from vcdb_years where id >= 2100')).toEqual([{ n: 0 }]);
  expect(await queryOnce(url, 'select count(*)::int as n from catalogue_import_chunks where import_id = $1', [id])).toEqual([{ n: 0 }]);
  expect(running.logLines.find((line) => line.msg === 'catalogue import: its problems could not be written to the temporary disk')).toMatchObject({
    level: 50,
    importId: id,
    err: { code: 'EFBIG' },
  });
  // And it still answers.
  expect((await fetch(`${running.url}/readyz`)).status).toBe(200);
});
