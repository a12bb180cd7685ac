import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CatalogueImport } from '@autoparts/shared';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { multipartForm } from '../../test/multipart';
import { createScratchDatabase, queryOnce } from '../../test/scratch-database';
import { signUpOver, startShopProcess, type ShopProcess } from '../../test/shop-process';
import { eventually } from '../../test/wait';

// PostgreSQL only: two shop processes on one database, and the one running an import killed
// (SIGKILL: no shutdown, no hand-back; the OOM killer, a machine lost) in the middle of it.
const shops: ShopProcess[] = [];
const dataDirs: string[] = [];
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
let holder: pg.Client | undefined;

afterAll(async () => {
  for (const shop of shops) shop.kill();
  await holder?.end().catch(() => {});
  await scratch?.drop();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Each shop's temporary files go to a directory of its own (TMPDIR), for the test to look into. */
const tmpDirs = new Map<ShopProcess, string>();

async function shopOn(url: string): Promise<ShopProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-killed-import-'));
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-killed-import-tmp-'));
  dataDirs.push(dataDir, tmpDir);
  const shop = await startShopProcess({ DATABASE_URL: url, AUTH_SECRET: 'killed-import-secret-killed-import', NODE_ENV: 'test', DATA_DIR: dataDir, TMPDIR: tmpDir, SHUTDOWN_GRACE_MS: '0' });
  tmpDirs.set(shop, tmpDir);
  return shop;
}

it('an import whose instance is killed mid-run is run again by another instance, never shown failed meanwhile, and applied once', { timeout: 360_000 }, async () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('the PostgreSQL pass sets TEST_DATABASE_URL');
  scratch = await createScratchDatabase(serverUrl);
  const url = scratch.url;
  const query = <T>(text: string, values: unknown[] = []) => queryOnce<T>(url, text, values);

  const first = await shopOn(url);
  shops.push(first);
  const second = await shopOn(url);
  shops.push(second);
  const admin = await signUpOver(first, 'killed-import-admin');
  await query("update users set role = 'admin' where email = $1", [admin.email]);
  const headers = { cookie: admin.cookie, origin: `http://localhost:${first.port}` };

  // The import's writes to parts wait while the test holds the table (reads go on: the shops serve).
  holder = new pg.Client({ connectionString: url });
  holder.on('error', () => {});
  await holder.connect();
  await holder.query('begin');
  await holder.query('lock table parts in exclusive mode');

  const csv = `partNumber,name,price\r\n${Array.from({ length: 20 }, (_, i) => `KILLED-${i},Killed run pads,10.00`).join('\r\n')}\r\n`;
  const form = multipartForm({ kind: 'parts-csv', mode: 'apply', onProblems: 'refuse' }, { name: 'parts.csv', bytes: Buffer.from(csv) });
  const upload = await fetch(`${first.url}/api/admin/catalogue/imports`, { method: 'POST', headers: { ...headers, ...form.headers }, body: new Uint8Array(form.payload) });
  expect(upload.status).toBe(202);
  const { id } = (await upload.json()) as { id: string };

  const seen: string[] = [];
  // Read through the second shop until one is killed, then through the one left: either may be the runner.
  let reader = second;
  const read = async () => {
    const reply = await fetch(`${reader.url}/api/admin/catalogue/imports/${id}`, { headers: { cookie: admin.cookie } });
    const found = (await reply.json()) as CatalogueImport;
    if (seen.at(-1) !== found.status) seen.push(found.status);
    return found;
  };
  // Some instance's run has begun and waits on the table: which one, PostgreSQL's side says.
  const waiting = async () =>
    (
      await query<{ port: number }>(
        // This database's lock only: every test database is a copy of one template, so another file's `parts` has the same oid.
        "select a.client_port as port from pg_locks l join pg_stat_activity a on a.pid = l.pid where a.datname = current_database() and l.relation = 'parts'::regclass and not l.granted",
      )
    )[0]?.port;
  await eventually(async () => (await read()).status === 'running' && (await waiting()) !== undefined);
  const clientPort = await waiting();
  const runner = shops.find((shop) => ownsPort(shop, clientPort));
  if (!runner) throw new Error(`no shop holds the connection from port ${clientPort}`);
  const survivor = runner === first ? second : first;
  reader = survivor;

  runner.child.kill('SIGKILL');
  await runner.exited;
  // The run's temporary file (its problems) went with its process: nothing left on the disk.
  expect(fs.readdirSync(tmpDirs.get(runner) ?? '').filter((name) => name.startsWith('catalogue-import-'))).toEqual([]);
  await holder.query('rollback');
  // Its heartbeat stopped with it: two minutes pass (written here rather than waited for).
  await query("update catalogue_imports set heartbeat_at = now() - interval '10 minutes' where id = $1", [id]);

  // The survivor takes it back within its minute's watch and runs it from the start.
  await eventually(async () => ['done', 'failed'].includes((await read()).status), 240);
  const ended = await read();
  expect(ended).toMatchObject({ status: 'done', applied: true, error: null, counts: { added: 20 } });
  expect(seen.filter((status) => status === 'failed')).toEqual([]);
  expect(seen).toContain('queued');
  expect(await query("select count(*)::int as n from parts where part_number like 'KILLED-%'")).toEqual([{ n: 20 }]);
  expect(await query('select count(*)::int as n from catalogue_import_chunks where import_id = $1', [id])).toEqual([{ n: 0 }]);
  // Its job ended with it: none left active until pg-boss's hour is up.
  expect(await query("select state from pgboss.job where name = 'catalogue-import' and state not in ('completed', 'failed')")).toEqual([]);
  expect(survivor.logLines.find((line) => line.msg === 'catalogue import: its run died with its instance, queued again')).toMatchObject({ level: 40, importId: id, attempts: 1 });
  expect(survivor.child.exitCode).toBeNull();
});

/** Whether `shop`'s process holds a TCP connection from local port `port` (Linux: its sockets' inodes in /proc/net/tcp). */
function ownsPort(shop: ShopProcess, port: number | undefined): boolean {
  if (port === undefined || shop.child.pid === undefined) return false;
  const inodes = new Set(
    fs
      .readdirSync(`/proc/${shop.child.pid}/fd`)
      .map((fd) => {
        try {
          return /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${shop.child.pid}/fd/${fd}`))?.[1];
        } catch {
          return undefined;
        }
      })
      .filter((inode): inode is string => inode !== undefined),
  );
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return fs
    .readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .some((line) => {
      const fields = line.trim().split(/\s+/);
      return fields[1]?.endsWith(`:${hexPort}`) && inodes.has(fields[9] ?? '');
    });
}
