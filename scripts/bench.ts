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
 *   - Lighthouse (mobile, Debian's Chromium) for `/`, `/shop`, a public `/parts/{partNumber}` and a
 *     signed-in `/part/{id}` (before the orders, whose messages the shop goes on sending for minutes
 *     after): simulated throttling, median of LIGHTHOUSE_RUNS (performance, FCP, LCP, TBT, CLS),
 *     then applied throttling (`devtools`), median of APPLIED_RUNS (the LCP a phone user gets);
 *   - `POST /api/order` orders/s against `pgbench` running the same SQL as an order (`orderScript`,
 *     decision 030; ORDER_CONNECTIONS clients on both sides: the shop's pool size), warmed and
 *     alternating likewise.
 * Every load run is bounded by autocannon's or pgbench's own duration; a watchdog stops the whole
 * run after WATCHDOG_MS. The figures go into docs/benchmarks.md by hand.
 *   - `POST /api/checkout` of a 5-line cart, orders/s against pgbench running the same SQL
 *     (`checkoutScript`, decision 052), each checkout from an account of its own with a full cart;
 *   - with BENCH_ONLY=mixed (not in the default run): `GET /api/parts` req/s while orders stream
 *     in, against the same reads alone (decision 030: the cache drops that orders cause).
 *   - the entry script (brotli) from the shop's `@fastify/static` and from nginx with
 *     deploy/nginx-assets.conf, each against bare node:http sending the same bytes;
 *   BENCH_ONLY=reads,orders npm run bench   # some of reads, static, orders, checkout, lighthouse, mixed
 */
import { execFile, spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { renderMail } from '../apps/api/src/modules/mail/templates';
import { startNginx } from './nginx-process';
import { lighthousePage, pageFiguresLine } from './lighthouse-page';
import { findPostgresBinDir, startPostgresCluster, type PostgresCluster } from './postgres-cluster';
import { ensureWebBuild, freePort, root, sleep, startShop, stopShop, type Shop } from './shop-process';

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
/** Checkouts: each account checks its cart of CHECKOUT_LINES parts out once, so there are many. */
const CHECKOUT_ACCOUNTS = 8000;
const CHECKOUT_LINES = 5;
/** The bench's method ($5.99 flat) and Illinois's 6.25 % on $99.95 + $5.99, half up. */
const CHECKOUT_SHIPPING_CENTS = 599;
const CHECKOUT_TAX_CENTS = 662;
const LIGHTHOUSE_RUNS = 5;
const APPLIED_RUNS = 3;
const WATCHDOG_MS = 20 * 60_000;

const run = promisify(execFile);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const fmt = (value: number) => Math.round(value).toLocaleString('en-US');

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

/**
 * The reply of the server at `origin` to `url` against a bare server sending the same bytes and
 * headers: alternating runs. `encoded` is the file a compressed reply sends (fetch would decode it).
 */
async function versusBare(origin: string, url: string, { headers: asked = {}, encoded }: { headers?: Record<string, string>; encoded?: string } = {}) {
  const reply = await fetch(`${origin}${url}`, { headers: asked });
  if (!reply.ok) throw new Error(`${url} answered ${reply.status}`);
  const body = encoded ? fs.readFileSync(encoded) : Buffer.from(await reply.arrayBuffer());
  const skip = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'x-upstream']);
  const headers = Object.fromEntries([...reply.headers].filter(([name]) => !skip.has(name)));
  const bare = await bareServer(body, headers);
  const shopRuns: number[] = [];
  const bareRuns: number[] = [];
  let bad = 0;
  try {
    await load({ url: `${origin}${url}`, headers: asked, duration: WARMUP_SECONDS });
    await load({ url: `${bare.url}${url}`, headers: asked, duration: WARMUP_SECONDS });
    for (let round = 0; round < ROUNDS; round++) {
      const a = await load({ url: `${origin}${url}`, headers: asked });
      const b = await load({ url: `${bare.url}${url}`, headers: asked });
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

function printVersusBare(label: string, server: string, figures: Awaited<ReturnType<typeof versusBare>>) {
  console.log(
    `${label.padEnd(18)} ${server} ${fmt(figures.shopRps).padStart(7)} req/s   bare node:http ${fmt(figures.bareRps).padStart(7)} req/s   ratio ${figures.ratio.toFixed(2)}   (${figures.bytes} B${figures.bad ? `, ${figures.bad} not 2xx` : ''})`,
  );
}

/**
 * The web app's entry script as a browser takes it (brotli), sent by the shop (`@fastify/static`,
 * what `npm start` serves) and by nginx from the build folder (deploy/nginx-assets.conf, what
 * production serves), each against bare node:http sending the same bytes (issue 33).
 */
async function staticFiles(shop: Shop) {
  const assets = path.join(root, 'apps/web/dist/assets');
  // The page's own entry: the previous build's is kept beside it (decision 101).
  const entry = /\/assets\/(index-[\w-]+\.js)/.exec(fs.readFileSync(path.join(root, 'apps/web/dist/index.html'), 'utf8'))?.[1];
  if (!entry) throw new Error('no entry script in apps/web/dist/index.html');
  const url = `/assets/${entry}`;
  const asked = { headers: { 'accept-encoding': 'br, gzip' }, encoded: path.join(assets, `${entry}.br`) };
  printVersusBare('entry script (br)', 'shop ', await versusBare(shop.origin, url, asked));
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-nginx-'));
  const shopPort = Number(new URL(shop.origin).port);
  const nginx = await startNginx({ work, port: await freePort(), upstreamPorts: [shopPort, shopPort], assetsRoot: path.join(root, 'apps/web/dist') });
  try {
    printVersusBare('entry script (br)', 'nginx', await versusBare(nginx.url, url, asked));
  } finally {
    await nginx.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
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

interface CheckoutSetup {
  /** The shop's accounts: token and address, each with a cart of CHECKOUT_LINES lines. */
  accounts: Array<{ token: string; addressId: string }>;
  methodId: string;
  scriptPath: string;
}

/**
 * Checkout's accounts (CHECKOUT_ACCOUNTS for the shop, as many for pgbench), each with a session,
 * an access token, an Illinois address and a cart of CHECKOUT_LINES of the bench's parts (from a
 * part of its own on, so carts overlap as a workshop's do); one shipping method and Illinois's tax.
 */
async function prepareCheckouts(databaseUrl: string, origin: string, partIds: string[]): Promise<CheckoutSetup> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const method = await client.query<{ id: string }>(
      `insert into shipping_methods (name, estimate, countries, base_price_cents, price_per_kg_cents)
       values ('Bench ground', '3–5 business days', '{US}', ${CHECKOUT_SHIPPING_CENTS}, 0) returning id`,
    );
    await client.query(`insert into tax_rates (country, region, rate_ppm, applies_to_shipping) values ('US', 'IL', 62500, true) on conflict do nothing`);
    const methodId = method.rows[0]?.id ?? '';
    const columns: unknown[][] = [[], [], [], [], [], [], []];
    const tokens: string[] = [];
    for (let n = 0; n < CHECKOUT_ACCOUNTS * 2; n++) {
      const token = randomBytes(32).toString('base64url');
      tokens.push(token);
      columns[0]?.push(randomUUID());
      columns[1]?.push(`bench-checkout-${n}-${randomUUID()}@example.com`);
      columns[2]?.push(randomUUID());
      columns[3]?.push(randomBytes(24).toString('base64url'));
      columns[4]?.push(createHash('sha256').update(token).digest('base64url'));
      columns[5]?.push(randomUUID());
      columns[6]?.push(n);
    }
    await client.query(
      `with a as (select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::uuid[], $7::int[]) as a(user_id, email, session_id, session_token, token_hash, address_id, n)),
       u as (insert into users (id, email, name) select user_id, email, 'Bench Customer' from a),
       s as (insert into sessions (id, token, user_id, expires_at) select session_id, session_token, user_id, now() + interval '1 day' from a),
       t as (insert into access_tokens (token_hash, session_id, expires_at) select token_hash, session_id, now() + interval '1 hour' from a),
       ad as (insert into addresses (id, user_id, name, line1, city, region, postal_code, country) select address_id, user_id, 'Bench Customer', '1 Bench Street', 'Springfield', 'IL', '62701', 'US' from a)
       insert into cart_lines (user_id, part_id, quantity, added_at)
       select a.user_id, p.id, 1, now() + make_interval(secs => k)
       from a cross join generate_series(0, ${CHECKOUT_LINES - 1}) as k
       join lateral (select ($8::uuid[])[1 + (a.n + k) % ${BENCH_PARTS}] as id) as p on true`,
      [...columns, partIds],
    );
    // pgbench's accounts are the second half, numbered from 1 as its script counts them.
    await client.query('create table bench_checkout_accounts (n int primary key, token_hash text not null, address_id uuid not null, first_part uuid not null)');
    await client.query(
      `insert into bench_checkout_accounts
       select ordinality, hash, address_id, ($3::uuid[])[1 + (${CHECKOUT_ACCOUNTS} + ordinality - 1) % ${BENCH_PARTS}]
       from unnest($1::text[], $2::uuid[]) with ordinality as u(hash, address_id)`,
      [columns[4]?.slice(CHECKOUT_ACCOUNTS), columns[5]?.slice(CHECKOUT_ACCOUNTS), partIds],
    );
    const script = checkoutScript(sampleOrderMail(origin, CHECKOUT_LINES, CHECKOUT_SHIPPING_CENTS, CHECKOUT_TAX_CENTS), methodId);
    const scriptPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-checkouts-')), 'checkout.sql');
    fs.writeFileSync(scriptPath, script);
    fs.chmodSync(path.dirname(scriptPath), 0o755);
    fs.chmodSync(scriptPath, 0o644);
    const accounts = tokens.slice(0, CHECKOUT_ACCOUNTS).map((token, index) => ({ token, addressId: String(columns[5]?.[index]) }));
    return { accounts, methodId, scriptPath };
  } finally {
    await client.end();
  }
}

/** A string literal for a pgbench script: on one line, and no `:` in it (pgbench takes `:name` for a variable even inside quotes). */
const literal = (text: string) => `E'${text.replace(/\\/g, '\\\\').replace(/'/g, "''").replace(/\n/g, '\\n').replace(/:/g, '\\x3a')}'`;
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Who is calling (the access token, its session and its account in one query), then the account's rate counter. */
const identityAndRateCounter = (accounts: string) => `
select "users"."id" as "user_id", "sessions"."id" as "session_id", "users"."email", "users"."name", "users"."role" from "access_tokens" inner join "sessions" on "sessions"."id" = "access_tokens"."session_id" inner join "users" on "users"."id" = "sessions"."user_id" where "access_tokens"."token_hash" = (select token_hash from ${accounts} where n = :n) and "access_tokens"."expires_at" > now() and "sessions"."expires_at" > now() \\gset
insert into "rate_counters" ("key", "window_started_at", "count") values (${literal('orders:account:')} || :user_id::text, now(), 1) on conflict ("key") do update set "count" = case when rate_counters.window_started_at <= now() - make_interval(secs => 3600) then 1 else rate_counters.count + 1 end, "window_started_at" = case when rate_counters.window_started_at <= now() - make_interval(secs => 3600) then now() else rate_counters.window_started_at end returning "count", greatest(1, ceil(extract(epoch from window_started_at + make_interval(secs => 3600) - now())))::int as "remaining";`;

/**
 * The order placed in one statement, as checkout's `insertOrder` sends it under the parts' locks:
 * the stock taken (`taken`: rows of part id and quantity), the order's row, its lines (`lines`: a
 * select of their columns for the order "placed") and, for an order of the cart (`cartOf`), those
 * parts' cart lines removed; with the ids and jobs the shop makes in Node made here.
 */
const placeOrder = (
  values: { units: number; subtotal: number; shipping: number; methodId: string | null; tax: number; address: string },
  { taken, lines, cartOf }: { taken: string; lines: string; cartOf: string },
) =>
  `with "taken" as (update parts set available_quantity = parts.available_quantity - taken.quantity from (${taken}) as taken(id, quantity) where parts.id = taken.id returning parts.id), "placed" as (insert into "orders" ("user_id", "email", "customer_name", "part_id", "part_name", "part_img", "unit_price_cents", "quantity", "subtotal_cents", "shipping_cents", "shipping_method_id", "shipping_method_name", "shipping_estimate", "tax_cents", "tax_rate_ppm", "tax_exemption", "total_cents", "address", "ship_to", "po_number", "note", "company_id", "company_location_id", "status", "expires_at") values (:user_id, :email, 'Bench Customer', :first_part, 'Bench part 1', '/images/parts/brake-pads.svg', 1999, ${values.units}, ${values.subtotal}, ${values.shipping}, ${values.methodId ? `'${values.methodId}'` : 'null'}, ${values.methodId ? "'Bench ground'" : "''"}, ${values.methodId ? literal('3–5 business days') : "''"}, ${values.tax}, ${values.tax ? 62_500 : 0}, null, ${values.subtotal + values.shipping + values.tax}, ${literal(values.address)}, ${values.methodId ? literal('{"name"\x3a"Bench Customer"}') : 'null'}, null, null, null, null, 'unpaid', now() + make_interval(secs => 1800)) returning *), "lines" as (insert into order_lines (order_id, position, kind, deposit_for, vehicle_id, fit_checked, part_id, part_number, name, img, quantity, unit_price_cents, line_total_cents) ${lines}), "emptied" as (delete from cart_lines where user_id = ${cartOf} and part_id in (select id from taken)) select *, json_build_array(json_build_object('name', 'order-expiry', 'data', json_build_object('orderId', "id"::text), 'startAfter', to_char("expires_at" at time zone 'UTC', ${literal('YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')})), json_build_object('name', 'mail', 'data', json_build_object('id', gen_random_uuid())))::text as "jobs" from "placed" \\gset`;

/** The order's lines as the shop sends them, one JSON array (`jsonb_to_recordset`, checkout's `insertOrder`). */
const linesFromJson = (json: string) =>
  `select placed.id, l.position, l.kind, l.deposit_for, l.vehicle_id, l.fit_checked, l.part_id, l.part_number, l.name, l.img, l.quantity, l.unit_price_cents, l.line_total_cents from placed, jsonb_to_recordset(${json}::jsonb) as l(position int, kind text, deposit_for int, vehicle_id uuid, fit_checked boolean, part_id uuid, part_number text, name text, img text, quantity int, unit_price_cents int, line_total_cents int)`;

/**
 * The lines' parts with their price breaks in one statement, locked in id order (checkout/quote.ts
 * `partsFor`); `ids` is the parts' id list.
 */
const partsWithBreaks = (ids: string) =>
  `select "id", "part_number", "name", "img", "price_cents", "available_quantity", "min_order_quantity", "archived_at", "lifecycle_code", "weight_grams", "core_deposit_cents", (select coalesce(json_agg(agg), '[]') from (select "min_quantity" as "minQuantity", "unit_price_cents" as "unitPriceCents" from "part_price_breaks" where "part_price_breaks"."part_id" = "parts"."id") as agg) as "breaks" from "parts" where "id" in (${ids}) order by "id" for update;`;

/**
 * The account's row locked, read with its company membership and its garage's chosen vehicle (the
 * bench's accounts have neither: no contract prices or fitments to read).
 */
const lockAccount = `select "company_members"."company_id", "company_members"."role", (select "vehicle_id" from "garage_vehicles" where "garage_vehicles"."user_id" = "users"."id" and "active" = true) as "chosen_vehicle_id" from "users" left join "company_members" on "company_members"."user_id" = "users"."id" where "users"."id" = :user_id for update of "users";`;

/** The message and its jobs in one statement (pg-boss's own insert), as mail/outbox.ts sends them. */
function mailAndJobs(mail: { subject: string; html: string; text: string }) {
  const insertJobs = oneLine(createRequire(import.meta.url)('pg-boss/src/plans.js').insertJobs('pgboss') as string)
    .replace('$1', ':jobs')
    .replace('$2', ':expire_in')
    .replace(/\$[3-6]\b/g, 'NULL');
  return `with "alongside" as (insert into "mail_outbox" ("id", "kind", "recipient", "subject", "html", "text", "order_id") values ((((:jobs)::json)->1->'data'->>'id')::uuid, 'order-placed', :email, ${literal(mail.subject)}, ${literal(mail.html)}, ${literal(mail.text)}, :id)), "jobs" as (${insertJobs}) select 1;`;
}

/**
 * The SQL that one `POST /api/order` sends (seen with `log_statement = all`), as a pgbench script,
 * so that the ratio compares like with like: who is calling and the rate counter; the default
 * address (none for the bench's accounts, so no shipping or tax); then checkout's transaction for
 * one line (decision 052): the account's row locked with its company membership and chosen garage
 * vehicle, the unpaid caps counted, the part locked with its price breaks (one statement), the
 * order placed (stock, order and line in one statement), the message and its jobs; `commit`.
 * pgbench's variables are parameters of its extended protocol, as the shop's values are. The
 * shop, running meanwhile, sends pgbench's mails too (their jobs are real): both sides carry the
 * mail worker. Each order from the next account (and a part by it).
 */
function orderScript(mail: { subject: string; html: string; text: string }): string {
  return `
\\set k :k + 1
\\set n 1 + (:client_id + ${ORDER_CONNECTIONS} * :k) % ${ORDER_ACCOUNTS}
\\set p 1 + :n % ${BENCH_PARTS}
\\set expire_in 300
select part_id as first_part from bench_parts where n = :p \\gset
${identityAndRateCounter('bench_accounts')}
select * from "addresses" where "user_id" = :user_id and "is_default" = true;
begin;
${lockAccount}
select count(*) as "orders", coalesce(sum("quantity"), '0') as "units" from "orders" where "user_id" = :user_id and "status" = 'unpaid';
${partsWithBreaks(':first_part')}
${placeOrder(
  { units: 1, subtotal: 1999, shipping: 0, methodId: null, tax: 0, address: '1 Bench Street, Benchville' },
  {
    taken: 'values (:first_part::uuid, 1::int)',
    lines: linesFromJson(
      `(${literal('[{"position":1,"kind":"part","part_id":"')} || :first_part || ${literal('","part_number":"BENCH-1","name":"Bench part 1","img":"/images/parts/brake-pads.svg","quantity":1,"unit_price_cents":1999,"line_total_cents":1999,"vehicle_id":null,"fit_checked":false,"deposit_for":null}]')})`,
    ),
    cartOf: 'null',
  },
)}
${mailAndJobs(mail)}
commit;
`;
}

/**
 * The SQL of one 5-line `POST /api/checkout` (decision 052), as a pgbench script: who is calling
 * and the rate counter; the address; then the transaction: the account's row locked with its
 * company membership and chosen garage vehicle, the cart read, the caps counted, the shipping
 * methods (held `for key share`, decision 060) and the tax rate, the five parts locked in id order
 * with their price breaks (one statement), the order placed (every line's stock, the order, its five
 * lines and the cart emptied in one statement), the message and its jobs; `commit`. The cart's
 * lines stand in for the JSON the shop sends from Node (its prices, the same for every bench cart,
 * are literals).
 */
function checkoutScript(mail: { subject: string; html: string; text: string }, methodId: string): string {
  return `
\\set k :k + 1
\\set n 1 + (:client_id + ${ORDER_CONNECTIONS} * :k) % ${CHECKOUT_ACCOUNTS}
\\set expire_in 300
select address_id, first_part from bench_checkout_accounts where n = :n \\gset
${identityAndRateCounter('bench_checkout_accounts')}
select * from "addresses" where "id" = :address_id and "user_id" = :user_id;
begin;
${lockAccount}
select "part_id", "quantity" from "cart_lines" where "user_id" = :user_id order by "added_at", "part_id";
select count(*) as "orders", coalesce(sum("quantity"), '0') as "units" from "orders" where "user_id" = :user_id and "status" = 'unpaid';
select * from "shipping_methods" where "active" = true and 'US' = any(countries) order by "seq" for key share;
select "rate_ppm", "applies_to_shipping" from "tax_rates" where "country" = 'US' and "region" in ('IL', '') order by "region" desc limit 1;
${partsWithBreaks('select part_id from cart_lines where user_id = :user_id')}
${placeOrder(
  { units: CHECKOUT_LINES, subtotal: 1999 * CHECKOUT_LINES, shipping: CHECKOUT_SHIPPING_CENTS, methodId, tax: CHECKOUT_TAX_CENTS, address: 'Bench Customer, 1 Bench Street, Springfield, IL 62701, US' },
  {
    taken: 'select part_id, quantity from cart_lines where user_id = :user_id',
    lines: `select placed.id, row_number() over (order by c.added_at, c.part_id), 'part', null::int, null::uuid, false, c.part_id, p.part_number, p.name, p.img, c.quantity, p.price_cents, p.price_cents * c.quantity from placed, cart_lines c join parts p on p.id = c.part_id where c.user_id = :user_id`,
    cartOf: ':user_id',
  },
)}
${mailAndJobs(mail)}
commit;
`;
}

/**
 * The message the shop renders for a bench order of `lines` lines of one unit at $19.99
 * (modules/mail/templates.ts), with `shippingCents` and `taxCents`.
 */
function sampleOrderMail(origin: string, lines = 1, shippingCents = 0, taxCents = 0) {
  const now = new Date();
  const id = randomUUID();
  const subtotal = 1999 * lines;
  return renderMail(
    {
      kind: 'order-placed',
      order: {
        id, email: 'bench-0@example.com', customer_name: 'Bench Customer', part_id: randomUUID(), part_name: 'Bench part 1',
        total_cents: subtotal + shippingCents + taxCents, address: '1 Bench Street, Benchville', transaction_id: null,
        created_at: now, paid_at: null, expires_at: new Date(now.getTime() + 30 * 60_000), order_number: '100001',
        subtotal_cents: subtotal, shipping_cents: shippingCents, shipping_method_name: shippingCents ? 'Bench ground' : '',
        shipping_estimate: shippingCents ? '3–5 business days' : '', tax_cents: taxCents, tax_rate_ppm: taxCents ? 62_500 : 0,
        ship_to: null, po_number: null, delivered_at: null, invoice_number: null,
      },
      lines: Array.from({ length: lines }, (_, index) => ({
        kind: 'part' as const, part_number: `BENCH-${index + 1}`, name: `Bench part ${index + 1}`,
        quantity: 1, unit_price_cents: 1999, line_total_cents: 1999,
      })),
    },
    { baseUrl: origin, timeZone: 'America/Detroit', returnsAddress: 'Bench returns', replyTo: undefined },
    { confirmed: true },
  );
}

/** pgbench's tps over `seconds`; `round` chooses where in the accounts its orders begin. */
async function pgbenchTps(databaseUrl: string, scriptPath: string, round: number, seconds = RUN_SECONDS, k = round * 100_000): Promise<number> {
  const binDir = findPostgresBinDir();
  if (!binDir) throw new Error('no PostgreSQL binaries');
  const { stdout } = await run(
    path.join(binDir, 'pgbench'),
    ['-n', '-M', 'extended', '-c', String(ORDER_CONNECTIONS), '-j', '2', '-T', String(seconds), '-D', `k=${k}`, '-f', scriptPath, databaseUrl],
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
  const statements = {
    shop: await statementsPerOrder(databaseUrl, async () => (await orderLoad(shop, setup, next, WARMUP_SECONDS))['2xx']),
    pgbench: await statementsPerOrder(databaseUrl, async () => (await pgbenchTps(databaseUrl, setup.scriptPath, ROUNDS, WARMUP_SECONDS)) * WARMUP_SECONDS),
  };
  for (let round = 0; round < ROUNDS; round++) {
    const result = await orderLoad(shop, setup, next);
    shopRuns.push(result['2xx'] / RUN_SECONDS);
    bad += result.non2xx + result.errors + result.timeouts;
    pgbenchRuns.push(await pgbenchTps(databaseUrl, setup.scriptPath, round));
  }
  const [shopOps, pgbenchOps] = [median(shopRuns), median(pgbenchRuns)];
  return { shopOps, pgbenchOps, ratio: shopOps / pgbenchOps, bad, statements };
}

/** Checks out for `seconds`, each from the next account (one cart each; `next` counts across runs). */
async function checkoutLoad(shop: Shop, setup: CheckoutSetup, next: { n: number }, seconds = RUN_SECONDS) {
  return autocannon({
    url: `${shop.origin}/api/checkout`,
    connections: ORDER_CONNECTIONS,
    duration: seconds,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (request) => {
          const account = setup.accounts[next.n++ % setup.accounts.length];
          return {
            ...request,
            headers: { ...request.headers, authorization: `Bearer ${account?.token ?? ''}` },
            body: JSON.stringify({ addressId: account?.addressId, shippingMethodId: setup.methodId }),
          };
        },
      },
    ],
  });
}

async function checkoutsVersusPgbench(shop: Shop, databaseUrl: string, setup: CheckoutSetup) {
  const shopRuns: number[] = [];
  const pgbenchRuns: number[] = [];
  const next = { n: 0 };
  let bad = 0;
  const statements = {
    shop: await statementsPerOrder(databaseUrl, async () => (await checkoutLoad(shop, setup, next, WARMUP_SECONDS))['2xx']),
    // Each pgbench client moves on ORDER_CONNECTIONS accounts per transaction (`k` counts them): the
    // warm-up and each round start where no earlier one reached, so every cart is still full (800
    // transactions per client in all; a round of 5 s runs about 150).
    pgbench: await statementsPerOrder(databaseUrl, async () => (await pgbenchTps(databaseUrl, setup.scriptPath, 0, WARMUP_SECONDS, 0)) * WARMUP_SECONDS),
  };
  for (let round = 0; round < ROUNDS; round++) {
    const result = await checkoutLoad(shop, setup, next);
    shopRuns.push(result['2xx'] / RUN_SECONDS);
    bad += result.non2xx + result.errors + result.timeouts;
    pgbenchRuns.push(await pgbenchTps(databaseUrl, setup.scriptPath, round, RUN_SECONDS, 200 + 300 * round));
  }
  const [shopOps, pgbenchOps] = [median(shopRuns), median(pgbenchRuns)];
  return { shopOps, pgbenchOps, ratio: shopOps / pgbenchOps, bad, checkouts: next.n, statements };
}

/**
 * How many statements one order sends, over `run` (the warm-up, which answers how many orders it
 * made), counted by pg_stat_statements: those called about once an order (within 10 %), so the
 * mail worker's and pg-boss's own, which keep their own pace, are left out, and so is pgbench's
 * lookup of its next bench account. The same count on both sides shows that pgbench replays the
 * shop's SQL statement for statement (decision 030). Counted only while `run` runs.
 */
async function statementsPerOrder(databaseUrl: string, run: () => Promise<number>): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await trackStatements(client, 'top');
    await client.query('select pg_stat_statements_reset()');
    const orders = await run();
    const { rows } = await client.query<{ query: string; calls: string }>(
      'select query, calls from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())',
    );
    const once = rows.filter((row) => !/^select [\w ,]+ from bench_/.test(row.query) && Math.abs(Number(row.calls) / orders - 1) <= 0.1);
    if (process.env.BENCH_STATEMENTS) for (const row of once) console.log(`  ${row.calls} × ${row.query.replace(/\s+/g, ' ').slice(0, 160)}`);
    return once.length;
  } finally {
    await trackStatements(client, 'none');
    await client.end();
  }
}

/** pg_stat_statements on or off in every session (the shop's pooled ones too: a reload reaches them). */
async function trackStatements(client: pg.Client, track: 'top' | 'none') {
  await client.query(`alter system set pg_stat_statements.track = '${track}'`);
  await client.query('select pg_reload_conf()');
  await sleep(200);
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
    // pg_stat_statements counts the statements of an order on each side, only while it is asked to.
    cluster = await startPostgresCluster({ preload: ['pg_stat_statements'] });
    const url = new URL(cluster.url);
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('create database shop');
    await trackStatements(admin, 'none');
    await admin.end();
    url.pathname = '/shop';
    const databaseUrl = url.toString();
    const shopAdmin = new pg.Client({ connectionString: databaseUrl });
    await shopAdmin.connect();
    await shopAdmin.query('create extension pg_stat_statements');
    await shopAdmin.end();
    shop = await startShop({
      env: { NODE_ENV: 'production', DATABASE_URL: databaseUrl, AUTH_SECRET: randomBytes(32).toString('hex'), PAYMENTS: 'test', LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
      stdout: 'ignore',
    });
    console.log(`npm run bench — ${new Date().toISOString()} — ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}, Node ${process.version}`);
    console.log(`the shop on PostgreSQL (${shop.origin}), NODE_ENV=production, LOG_LEVEL=info; autocannon ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up then ${ROUNDS} × ${RUN_SECONDS} s per side\n`);

    const only = new Set((process.env.BENCH_ONLY ?? 'reads,static,orders,checkout,lighthouse').split(','));
    for (const target of only.has('reads') ? ['/api/parts', '/api/config', '/images/logo.svg', '/'] : []) {
      printVersusBare(target, 'shop', await versusBare(shop.origin, target));
    }
    if (only.has('static')) await staticFiles(shop);
    // Before the orders: each queues a message, which the shop's mail worker then sends for
    // minutes, and Lighthouse would measure the pages beside it.
    if (only.has('lighthouse')) {
      const cookie = await signedInCookie(shop);
      const parts = (await (await fetch(`${shop.origin}/api/parts`)).json()) as Array<{ _id: string; partNumber: string }>;
      const pages: Array<[string, string, string | undefined]> = [
        ['/', `${shop.origin}/`, undefined],
        ['/shop', `${shop.origin}/shop`, undefined],
        ['/parts/{partNumber}', `${shop.origin}/parts/${encodeURIComponent(parts[0]?.partNumber ?? '')}`, undefined],
        ['/part/{id} signed in', `${shop.origin}/part/${parts[0]?._id ?? ''}`, cookie],
      ];
      console.log(`\nLighthouse ${LIGHTHOUSE_RUNS}× per page (mobile, simulated throttling), median run:`);
      for (const [label, pageUrl, pageCookie] of pages) {
        console.log(pageFiguresLine(label, await lighthousePage(pageUrl, { runs: LIGHTHOUSE_RUNS, cookie: pageCookie })));
      }
      console.log(`\nLighthouse ${APPLIED_RUNS}× per page (mobile, applied throttling: devtools), median run:`);
      for (const [label, pageUrl, pageCookie] of pages) {
        console.log(pageFiguresLine(label, await lighthousePage(pageUrl, { runs: APPLIED_RUNS, cookie: pageCookie, throttling: 'devtools' })));
      }
    }
    setup = only.has('orders') || only.has('mixed') || only.has('checkout') ? await prepareOrders(databaseUrl, shop.origin) : undefined;
    const next = { n: 0 };
    if (setup && only.has('orders')) {
      const orders = await ordersVersusPgbench(shop, databaseUrl, setup, next);
      console.log(
        `POST /api/order    shop ${fmt(orders.shopOps).padStart(7)} orders/s pgbench ${fmt(orders.pgbenchOps).padStart(7)} tps      ratio ${orders.ratio.toFixed(2)}   (${ORDER_CONNECTIONS} connections each, statements per order ${orders.statements.shop} and ${orders.statements.pgbench}${orders.bad ? `, ${orders.bad} not 2xx` : ''})`,
      );
    }
    if (setup && only.has('checkout')) {
      const checkouts = await checkoutsVersusPgbench(shop, databaseUrl, await prepareCheckouts(databaseUrl, shop.origin, setup.partIds));
      console.log(
        `POST /api/checkout shop ${fmt(checkouts.shopOps).padStart(7)} orders/s pgbench ${fmt(checkouts.pgbenchOps).padStart(7)} tps      ratio ${checkouts.ratio.toFixed(2)}   (${CHECKOUT_LINES} lines each, ${ORDER_CONNECTIONS} connections each, statements per order ${checkouts.statements.shop} and ${checkouts.statements.pgbench}${checkouts.bad ? `, ${checkouts.bad} not 2xx` : ''})`,
      );
      if (checkouts.checkouts > CHECKOUT_ACCOUNTS) console.warn(`(more checkouts than carts: ${checkouts.checkouts}; raise CHECKOUT_ACCOUNTS)`);
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
      if (shop.output.length > 0) console.error(`\nthe shop's stderr:\n${shop.output.join('\n').slice(-2000)}`);
      await stopShop(shop);
    }
    await cluster?.stop();
    if (setup) fs.rmSync(path.dirname(setup.scriptPath), { recursive: true, force: true });
  }
}

await main();
