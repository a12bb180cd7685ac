/**
 * `npm run bench`: how fast the shop answers, against what the machine can do at all.
 * Starts a throwaway PostgreSQL cluster (scripts/postgres-cluster.ts: no fsync) and the shop on it
 * with production defaults (NODE_ENV=production, LOG_LEVEL=info as JSON lines to /dev/null, the
 * built web app), then prints in one run:
 *   - `GET /api/parts`, `GET /api/config`, `/images/logo.svg` and the rendered home page `/`
 *     (decision 035) req/s against a bare `node:http`
 *     server sending the same bytes with the same headers (autocannon, 32 connections,
 *     after a WARMUP_SECONDS run of each, alternating shop/bare runs of RUN_SECONDS, ROUNDS each;
 *     the ratio of the medians);
 *   - Lighthouse (mobile, default simulated throttling, Debian's Chromium) for `/`, `/shop` and a
 *     signed-in `/part/{id}`, median of 3: performance, FCP, LCP, TBT, CLS (before the orders,
 *     whose messages the shop goes on sending for minutes after);
 *   - `POST /api/order` orders/s against `pgbench` running the same SQL as an order (`orderScript`,
 *     decision 030; ORDER_CONNECTIONS clients on both sides: the shop's pool size), warmed and
 *     alternating likewise.
 * Every load run is bounded by autocannon's or pgbench's own duration; a watchdog stops the whole
 * run after WATCHDOG_MS. The figures go into docs/benchmarks.md by hand.
 *   - with BENCH_ONLY=mixed (not in the default run): `GET /api/parts` req/s while orders stream
 *     in, against the same reads alone (decision 030: the cache drops that orders cause).
 *   BENCH_ONLY=reads,orders npm run bench   # some of reads, orders, lighthouse, mixed
 */
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import pg from 'pg';
import { UNPAID_ORDERS_MAX, UNPAID_UNITS_MAX } from '@autoparts/shared';
import { renderMail } from '../apps/api/src/modules/mail/templates';
import { findPostgresBinDir, startPostgresCluster, type PostgresCluster } from './postgres-cluster';

const RUN_SECONDS = 5;
const ROUNDS = 2;
/**
 * Before the counted runs, each side runs this long uncounted: what is compared is the shop as it
 * runs for days (its code compiled by V8's optimising tiers, its pools and caches filled), not its
 * first seconds. The bare server and pgbench are warmed alike.
 */
const WARMUP_SECONDS = 2;
const CONNECTIONS = 32;
/** Catalogue readers while orders stream in (BENCH_ONLY=mixed). */
const READ_CONNECTIONS = 8;
/** The shop's pg pool holds 10 connections; pgbench gets as many. */
const ORDER_CONNECTIONS = 10;
/** Accounts with an access token each: an account holds at most 10 unpaid orders. */
const ORDER_ACCOUNTS = 3000;
const BENCH_PARTS = 10;
const LIGHTHOUSE_RUNS = 5;
const WATCHDOG_MS = 10 * 60_000;

const root = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const fmt = (value: number) => Math.round(value).toLocaleString('en-US');

// ---------------------------------------------------------------- the shop

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function ensureWebBuild() {
  if (fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) return;
  console.log('Building the web app (not counted)…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the web app did not build');
}

interface Shop {
  origin: string;
  child: ChildProcess;
  errors: string[];
  /** DATA_DIR: the orders' messages are written here as files (no SMTP_URL), then removed. */
  dataDir: string;
}

async function startShop(databaseUrl: string): Promise<Shop> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-shop-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: origin,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      PAYMENTS: 'test',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
    },
    // The request log goes where a log collector would read it; here, nowhere.
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const shop = { origin, child, errors: [] as string[], dataDir };
  child.stderr?.on('data', (chunk: Buffer) => shop.errors.push(chunk.toString()));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const ok = await fetch(`${origin}/api/parts`).then((reply) => reply.ok, () => false);
    if (ok) return shop;
    await sleep(250);
  }
  child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
  throw new Error(`the shop did not start:\n${shop.errors.join('')}`);
}

async function stopShop(shop: Shop) {
  if (shop.child.exitCode === null) {
    const exited = new Promise((resolve) => shop.child.once('exit', resolve));
    shop.child.kill('SIGTERM');
    await Promise.race([exited, sleep(5_000)]);
    if (shop.child.exitCode === null) shop.child.kill('SIGKILL');
  }
  fs.rmSync(shop.dataDir, { recursive: true, force: true });
}

// ---------------------------------------------------------------- req/s against bare node:http

/**
 * A bare node:http server in a process of its own (as the shop is: never in the process that runs
 * autocannon) answering every request with `body` and `headers`.
 */
async function bareServer(body: Buffer, headers: Record<string, string>): Promise<{ url: string; close: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bare-'));
  fs.writeFileSync(path.join(dir, 'body'), body);
  fs.writeFileSync(path.join(dir, 'headers.json'), JSON.stringify(headers));
  const source = `
    const fs = require('node:fs'), http = require('node:http'), path = require('node:path');
    const body = fs.readFileSync(path.join(${JSON.stringify(dir)}, 'body'));
    const headers = JSON.parse(fs.readFileSync(path.join(${JSON.stringify(dir)}, 'headers.json'), 'utf8'));
    const server = http.createServer((request, response) => { response.writeHead(200, headers); response.end(body); });
    server.listen(0, '127.0.0.1', () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once('exit', () => reject(new Error('the bare server did not start')));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function load(options: autocannon.Options): Promise<{ rps: number; bad: number }> {
  const result = await autocannon({ connections: CONNECTIONS, duration: RUN_SECONDS, ...options });
  return { rps: result.requests.average, bad: result.non2xx + result.errors + result.timeouts };
}

/** The shop's reply to `url` against a bare server sending the same bytes: alternating runs. */
async function versusBare(shop: Shop, url: string) {
  const reply = await fetch(`${shop.origin}${url}`);
  if (!reply.ok) throw new Error(`${url} answered ${reply.status}`);
  const body = Buffer.from(await reply.arrayBuffer());
  const skip = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);
  const headers = Object.fromEntries([...reply.headers].filter(([name]) => !skip.has(name)));
  const bare = await bareServer(body, headers);
  const shopRuns: number[] = [];
  const bareRuns: number[] = [];
  let bad = 0;
  try {
    await load({ url: `${shop.origin}${url}`, duration: WARMUP_SECONDS });
    await load({ url: `${bare.url}${url}`, duration: WARMUP_SECONDS });
    for (let round = 0; round < ROUNDS; round++) {
      const a = await load({ url: `${shop.origin}${url}` });
      const b = await load({ url: `${bare.url}${url}` });
      shopRuns.push(a.rps);
      bareRuns.push(b.rps);
      bad += a.bad;
    }
  } finally {
    await bare.close();
  }
  const [shopRps, bareRps] = [median(shopRuns), median(bareRuns)];
  return { url, bytes: body.length, shopRps, bareRps, ratio: shopRps / bareRps, bad };
}

// ---------------------------------------------------------------- orders against pgbench

interface OrderSetup {
  tokens: string[];
  partIds: string[];
  scriptPath: string;
}

/**
 * Accounts written straight into the database (a sign-up hashes a password for ~0.1 s each), each
 * with a session and an access token, and BENCH_PARTS parts with stock enough for the whole run.
 * pgbench's accounts are others (bench_accounts), so neither side fills the other's unpaid caps.
 */
async function prepareOrders(databaseUrl: string, origin: string): Promise<OrderSetup> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tokens: string[] = [];
    const users: unknown[][] = [[], [], []];
    const sessions: unknown[][] = [[], [], []];
    const tokenRows: unknown[][] = [[], []];
    for (let n = 0; n < ORDER_ACCOUNTS * 2; n++) {
      const userId = randomUUID();
      const sessionId = randomUUID();
      users[0]?.push(userId);
      users[1]?.push(`bench-${n}-${randomUUID()}@example.com`);
      users[2]?.push(`Bench Customer ${n}`);
      sessions[0]?.push(sessionId);
      sessions[1]?.push(randomBytes(24).toString('base64url'));
      sessions[2]?.push(userId);
      // pgbench's accounts have tokens too: its transaction starts with the same identity lookup.
      const token = randomBytes(32).toString('base64url');
      if (n < ORDER_ACCOUNTS) tokens.push(token);
      tokenRows[0]?.push(createHash('sha256').update(token).digest('base64url'));
      tokenRows[1]?.push(sessionId);
    }
    await client.query('insert into users (id, email, name) select * from unnest($1::text[], $2::text[], $3::text[])', users);
    await client.query(
      `insert into sessions (id, token, user_id, expires_at)
       select s.id, s.token, s.user_id, now() + interval '1 day' from unnest($1::text[], $2::text[], $3::text[]) as s(id, token, user_id)`,
      sessions,
    );
    await client.query(
      `insert into access_tokens (token_hash, session_id, expires_at)
       select t.hash, t.session_id, now() + interval '1 hour' from unnest($1::text[], $2::text[]) as t(hash, session_id)`,
      tokenRows,
    );
    await client.query('create table bench_accounts (n int primary key, token_hash text not null)');
    await client.query('insert into bench_accounts select ordinality, hash from unnest($1::text[]) with ordinality as u(hash)', [
      tokenRows[0]?.slice(ORDER_ACCOUNTS),
    ]);
    const parts = await client.query<{ id: string }>(
      `insert into parts (name, description, img, price_cents, available_quantity, min_order_quantity)
       select 'Bench part ' || n, 'A part for npm run bench.', '/images/parts/brake-pads.svg', 1999, 1000000000, 1
       from generate_series(1, ${BENCH_PARTS}) as n returning id`,
    );
    const partIds = parts.rows.map((row) => row.id);
    await client.query('create table bench_parts (n int primary key, part_id uuid not null)');
    await client.query('insert into bench_parts select ordinality, id from unnest($1::uuid[]) with ordinality as p(id)', [partIds]);

    const script = orderScript(sampleOrderMail(origin));
    const scriptPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-orders-')), 'order.sql');
    fs.writeFileSync(scriptPath, script);
    fs.chmodSync(path.dirname(scriptPath), 0o755);
    fs.chmodSync(scriptPath, 0o644);
    return { tokens, partIds, scriptPath };
  } finally {
    await client.end();
  }
}

/**
 * The SQL that one `POST /api/order` sends (decision 030; seen with `log_statement = all`), as a
 * pgbench script, so that the ratio compares like with like:
 *   1. who is calling: the access token, its session and its account in one query (auth);
 *   2. the rate counter of the account, counted in PostgreSQL in its own statement (limits);
 *   3. the order's transaction: `begin`; the account's row locked for the caps; one statement
 *      that counts the unpaid orders against the caps, takes the stock (the parts trigger
 *      NOTIFYs `shop_changes` on commit, migration 0016) and inserts the order; one statement
 *      with the mail outbox row (the message the shop renders for such an order, the same
 *      bytes) and the expiry and mail jobs (pg-boss's own insert statement), each a CTE;
 *      `commit`. The message's id and the jobs' JSON, which the shop makes in Node, are made
 *      here by the order statement's select.
 * pgbench's variables are parameters of its extended protocol, as the shop's values are. The
 * shop, running meanwhile, sends pgbench's mails too (their jobs are real): both sides carry the
 * mail worker. Each order from the next account (and a part by it), as the shop's orders: at
 * random, an account would now and then reach its unpaid cap, and `\\gset` of no order stops
 * pgbench.
 */
function orderScript(mail: { subject: string; html: string; text: string }): string {
  // A string literal for a pgbench script: on one line, and no `:` in it (pgbench takes `:name`
  // for a variable even inside quotes).
  const literal = (text: string) =>
    `E'${text.replace(/\\/g, '\\\\').replace(/'/g, "''").replace(/\n/g, '\\n').replace(/:/g, '\\x3a')}'`;
  const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
  const insertJobs = oneLine(createRequire(import.meta.url)('pg-boss/src/plans.js').insertJobs('pgboss') as string)
    .replace('$1', ':jobs')
    .replace('$2', ':expire_in')
    .replace(/\$[3-6]\b/g, 'NULL');
  return `
\\set k :k + 1
\\set n 1 + (:client_id + ${ORDER_CONNECTIONS} * :k) % ${ORDER_ACCOUNTS}
\\set p 1 + :n % ${BENCH_PARTS}
\\set expire_in 300
select "users"."id" as "user_id", "sessions"."id" as "session_id", "users"."email", "users"."name", "users"."role" from "access_tokens" inner join "sessions" on "sessions"."id" = "access_tokens"."session_id" inner join "users" on "users"."id" = "sessions"."user_id" where "access_tokens"."token_hash" = (select token_hash from bench_accounts where n = :n) and "access_tokens"."expires_at" > now() and "sessions"."expires_at" > now() \\gset
insert into "rate_counters" ("key", "window_started_at", "count") values (${literal('orders:account:')} || :user_id::text, now(), 1) on conflict ("key") do update set "count" = case when rate_counters.window_started_at <= now() - make_interval(secs => 3600) then 1 else rate_counters.count + 1 end, "window_started_at" = case when rate_counters.window_started_at <= now() - make_interval(secs => 3600) then now() else rate_counters.window_started_at end returning "count", greatest(1, ceil(extract(epoch from window_started_at + make_interval(secs => 3600) - now())))::int as "remaining";
begin;
select "id" from "users" where "id" = :user_id for update;
with "held" as (select count(*) as "orders", coalesce(sum("quantity"), 0) as "units" from "orders" where "user_id" = :user_id and "status" = 'unpaid'), "taken" as (update "parts" set "available_quantity" = available_quantity - 1 where "id" = (select part_id from bench_parts where n = :p) and (select orders from held) < ${UNPAID_ORDERS_MAX} and (select units from held) + 1 <= ${UNPAID_UNITS_MAX} and "archived_at" is null and "min_order_quantity" <= 1 and "available_quantity" >= 1 and price_cents::bigint * 1 <= 2147483647 returning "id", "name", "img", "price_cents"), "placed" as (insert into "orders" ("user_id", "email", "customer_name", "part_id", "part_name", "part_img", "unit_price_cents", "quantity", "total_cents", "address", "expires_at") select :user_id as "user_id", :email as "email", 'Bench Customer' as "customer_name", "taken"."id", "taken"."name", "taken"."img", "taken"."price_cents", 1::int as "quantity", taken.price_cents * 1::int as "total_cents", '1 Bench Street, Benchville' as "address", now() + make_interval(secs => 1800) as "expires_at" from "taken" returning *) select "placed".*, "made"."mail_id", json_build_array(json_build_object('name', 'order-expiry', 'data', json_build_object('orderId', "placed"."id"::text), 'startAfter', "made"."start_after"), json_build_object('name', 'mail', 'data', json_build_object('id', "made"."mail_id")))::text as "jobs" from "placed" cross join lateral (select to_char("placed"."expires_at" at time zone 'UTC', ${literal('YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')}) as "start_after", gen_random_uuid() as "mail_id") as "made" \\gset
with "alongside" as (insert into "mail_outbox" ("id", "kind", "recipient", "subject", "html", "text", "order_id") values (:mail_id, 'order-placed', :email, ${literal(mail.subject)}, ${literal(mail.html)}, ${literal(mail.text)}, :id)), "jobs" as (${insertJobs}) select 1;
commit;
`;
}

/** The message the shop renders for a bench order (modules/mail/templates.ts). */
function sampleOrderMail(origin: string) {
  const now = new Date();
  return renderMail(
    {
      kind: 'order-placed',
      order: {
        id: randomUUID(), seq: '1', user_id: randomUUID(), email: 'bench-0@example.com', customer_name: 'Bench Customer',
        part_id: randomUUID(), part_name: 'Bench part 1', part_img: '/images/parts/brake-pads.svg', unit_price_cents: 1999,
        quantity: 1, total_cents: 1999, address: '1 Bench Street, Benchville', status: 'unpaid', payment_provider: null,
        transaction_id: null, checkout_session_id: null, created_at: now, paid_at: null, shipped_at: null, cancelled_at: null,
        expired_at: null, refund_started_at: null, expires_at: new Date(now.getTime() + 30 * 60_000),
      },
    },
    origin,
  );
}

/** pgbench's tps over `seconds`; `round` chooses where in the accounts its orders begin. */
async function pgbenchTps(databaseUrl: string, scriptPath: string, round: number, seconds = RUN_SECONDS): Promise<number> {
  const binDir = findPostgresBinDir();
  if (!binDir) throw new Error('no PostgreSQL binaries');
  const { stdout } = await run(
    path.join(binDir, 'pgbench'),
    ['-n', '-M', 'extended', '-c', String(ORDER_CONNECTIONS), '-j', '2', '-T', String(seconds), '-D', `k=${round * 100_000}`, '-f', scriptPath, databaseUrl],
    { timeout: (seconds + 30) * 1000 },
  );
  const tps = /tps = ([\d.]+)/.exec(stdout)?.[1];
  if (!tps) throw new Error(`pgbench said:\n${stdout}`);
  return Number(tps);
}

/** Places orders for `seconds`, each from the next account (`next` counts across runs). */
async function orderLoad(shop: Shop, setup: OrderSetup, next: { n: number }, seconds = RUN_SECONDS) {
  return autocannon({
    url: `${shop.origin}/api/order`,
    connections: ORDER_CONNECTIONS,
    duration: seconds,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (request) => {
          const n = next.n++;
          // Each order from the next account: one account's orders are placed one at a time
          // (its row is locked), and each holds at most 10 unpaid.
          const token = setup.tokens[n % setup.tokens.length];
          const partId = setup.partIds[n % setup.partIds.length];
          return {
            ...request,
            headers: { ...request.headers, authorization: `Bearer ${token}` },
            body: JSON.stringify({ partId, customername: 'Bench Customer', address: '1 Bench Street, Benchville', orderQuantity: 1 }),
          };
        },
      },
    ],
  });
}

async function ordersVersusPgbench(shop: Shop, databaseUrl: string, setup: OrderSetup, next: { n: number }) {
  const shopRuns: number[] = [];
  const pgbenchRuns: number[] = [];
  let bad = 0;
  await orderLoad(shop, setup, next, WARMUP_SECONDS);
  await pgbenchTps(databaseUrl, setup.scriptPath, ROUNDS, WARMUP_SECONDS);
  for (let round = 0; round < ROUNDS; round++) {
    const result = await orderLoad(shop, setup, next);
    shopRuns.push(result['2xx'] / RUN_SECONDS);
    bad += result.non2xx + result.errors + result.timeouts;
    pgbenchRuns.push(await pgbenchTps(databaseUrl, setup.scriptPath, round));
  }
  const [shopOps, pgbenchOps] = [median(shopRuns), median(pgbenchRuns)];
  return { shopOps, pgbenchOps, ratio: shopOps / pgbenchOps, bad };
}

/**
 * `GET /api/parts` (READ_CONNECTIONS) alone, then while orders stream in (decision 030): every
 * order changes stock, so every order empties the cached catalogue; how much of the cache's speed
 * survives an order stream. Alternating, ROUNDS each; the medians.
 */
async function readsDuringOrders(shop: Shop, setup: OrderSetup, next: { n: number }) {
  const alone: number[] = [];
  const during: number[] = [];
  const orders: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    alone.push((await load({ url: `${shop.origin}/api/parts`, connections: READ_CONNECTIONS })).rps);
    const [reads, placed] = await Promise.all([
      load({ url: `${shop.origin}/api/parts`, connections: READ_CONNECTIONS }),
      orderLoad(shop, setup, next),
    ]);
    during.push(reads.rps);
    orders.push(placed['2xx'] / RUN_SECONDS);
  }
  return { alone: median(alone), during: median(during), orders: median(orders) };
}

// ---------------------------------------------------------------- Lighthouse

async function signedInCookie(shop: Shop): Promise<string> {
  const reply = await fetch(`${shop.origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: shop.origin },
    body: JSON.stringify({ name: 'Lighthouse Customer', email: `lighthouse-${randomUUID()}@example.com`, password: 'lighthouse-password-1' }),
  });
  if (!reply.ok) throw new Error(`sign-up answered ${reply.status}: ${await reply.text()}`);
  const cookie = reply.headers.getSetCookie().map((setCookie) => setCookie.split(';', 1)[0]).join('; ');
  const me = await fetch(`${shop.origin}/api/me`, { headers: { cookie } });
  if (!me.ok) throw new Error(`the new account is not signed in: GET /api/me answered ${me.status}`);
  return cookie;
}

interface PageFigures {
  performance: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

async function lighthousePage(url: string, cookie?: string): Promise<PageFigures> {
  const runs: PageFigures[] = [];
  for (let attempt = 0; attempt < LIGHTHOUSE_RUNS; attempt++) {
    const chrome = await chromeLauncher.launch({
      chromePath: '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    });
    try {
      const result = await lighthouse(
        url,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}) },
      );
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      runs.push({
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
      });
    } finally {
      await chrome.kill();
    }
  }
  // The median run by performance score, its figures together.
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)] as PageFigures;
}

// ---------------------------------------------------------------- main

async function main() {
  ensureWebBuild();
  let cluster: PostgresCluster | undefined;
  let shop: Shop | undefined;
  let setup: OrderSetup | undefined;
  const watchdog = setTimeout(() => {
    console.error(`bench: stopped after ${WATCHDOG_MS / 1000} s`);
    if (shop) shop.child.kill('SIGKILL');
    void cluster?.stop().finally(() => process.exit(1));
  }, WATCHDOG_MS);
  try {
    cluster = await startPostgresCluster();
    const url = new URL(cluster.url);
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('create database shop');
    await admin.end();
    url.pathname = '/shop';
    const databaseUrl = url.toString();
    shop = await startShop(databaseUrl);
    console.log(`npm run bench — ${new Date().toISOString()} — ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}, Node ${process.version}`);
    console.log(`the shop on PostgreSQL (${shop.origin}), NODE_ENV=production, LOG_LEVEL=info; autocannon ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up then ${ROUNDS} × ${RUN_SECONDS} s per side\n`);

    const only = new Set((process.env.BENCH_ONLY ?? 'reads,orders,lighthouse').split(','));
    for (const target of only.has('reads') ? ['/api/parts', '/api/config', '/images/logo.svg', '/'] : []) {
      const figures = await versusBare(shop, target);
      console.log(
        `${target.padEnd(18)} shop ${fmt(figures.shopRps).padStart(7)} req/s   bare node:http ${fmt(figures.bareRps).padStart(7)} req/s   ratio ${figures.ratio.toFixed(2)}   (${figures.bytes} B${figures.bad ? `, ${figures.bad} not 2xx` : ''})`,
      );
    }
    // Before the orders: each queues a message, which the shop's mail worker then sends for
    // minutes, and Lighthouse would measure the pages beside it.
    if (only.has('lighthouse')) {
      const cookie = await signedInCookie(shop);
      const parts = (await (await fetch(`${shop.origin}/api/parts`)).json()) as Array<{ _id: string }>;
      const pages: Array<[string, string, string | undefined]> = [
        ['/', `${shop.origin}/`, undefined],
        ['/shop', `${shop.origin}/shop`, undefined],
        ['/part/{id} signed in', `${shop.origin}/part/${parts[0]?._id ?? ''}`, cookie],
      ];
      console.log(`\nLighthouse ${LIGHTHOUSE_RUNS}× per page (mobile, simulated throttling), median run:`);
      for (const [label, pageUrl, pageCookie] of pages) {
        const page = await lighthousePage(pageUrl, pageCookie);
        console.log(
          `${label.padEnd(22)} performance ${String(page.performance).padStart(3)}   FCP ${(page.fcp / 1000).toFixed(2)} s   LCP ${(page.lcp / 1000).toFixed(2)} s   TBT ${Math.round(page.tbt)} ms   CLS ${page.cls.toFixed(3)}`,
        );
      }
    }
    setup = only.has('orders') || only.has('mixed') ? await prepareOrders(databaseUrl, shop.origin) : undefined;
    const next = { n: 0 };
    if (setup && only.has('orders')) {
      const orders = await ordersVersusPgbench(shop, databaseUrl, setup, next);
      console.log(
        `POST /api/order    shop ${fmt(orders.shopOps).padStart(7)} orders/s pgbench ${fmt(orders.pgbenchOps).padStart(7)} tps      ratio ${orders.ratio.toFixed(2)}   (${ORDER_CONNECTIONS} connections each${orders.bad ? `, ${orders.bad} not 2xx` : ''})`,
      );
    }
    if (setup && only.has('mixed')) {
      const mixed = await readsDuringOrders(shop, setup, next);
      console.log(
        `/api/parts during orders ${fmt(mixed.during)} req/s, alone ${fmt(mixed.alone)} req/s: ratio ${(mixed.during / mixed.alone).toFixed(2)}   (${READ_CONNECTIONS} connections; ${fmt(mixed.orders)} orders/s meanwhile)`,
      );
    }
    if (setup && next.n > setup.tokens.length * 10) console.warn(`(more orders than accounts can hold: ${next.n}; raise ORDER_ACCOUNTS)`);
  } finally {
    clearTimeout(watchdog);
    if (shop) {
      if (shop.errors.length > 0) console.error(`\nthe shop's stderr:\n${shop.errors.join('').slice(-2000)}`);
      await stopShop(shop);
    }
    await cluster?.stop();
    if (setup) fs.rmSync(path.dirname(setup.scriptPath), { recursive: true, force: true });
  }
}

await main();
