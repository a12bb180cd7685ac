/**
 * `npm run bench:abuse`: what one hostile customer does to the shop, measured from
 * outside on loopback. Starts the shop itself (server.ts as a child, a fresh embedded database in a
 * temp DATA_DIR, a free port), signs one customer up, then prints p50/p99 of GET /api/parts and of
 * the web app's main JS asset
 *   (a) at rest,
 *   (b) under a sign-in flood: wrong passwords for made-up e-mails, each from its own address
 *       (X-Forwarded-For, honoured because the shop starts behind TRUST_PROXY),
 *   (c) under a change-password flood from the one account (wrong current password, session
 *       cookie, the shop's Origin),
 * and (d) how much of the stock that account can hold with unpaid orders (run after (a), before
 * the floods, so that their backlog does not decide it). After each flood it
 * waits (at most SETTLE_SECONDS) for the shop to answer within a second again, and says how long that
 * took. Bounded: about 100 s, never more than 2 minutes (a watchdog stops it); it stops the shop.
 * A request still unanswered after REQUEST_TIMEOUT_MS counts as longer than that in the percentiles.
 *
 * The measuring client is light on purpose (two cores): plain node:http, requests sent at a fixed
 * rate (open loop, so a slow server cannot slow the measuring down and hide its own latency), each
 * given up after REQUEST_TIMEOUT_MS.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { root, sleep, startShop, stopShop } from './shop-process';

/**
 * Read as `true` by a boolean TRUST_PROXY (today) and as one proxy hop by a hop count: either way
 * the shop takes the client's address from the X-Forwarded-For this script sends.
 */
const TRUST_PROXY = '1';
const REST_SECONDS = 8;
const FLOOD_SECONDS = 10;
/** Flood requests a second (sign-in, change-password), as measured when the limits were built; each costs one scrypt hash today. */
const FLOOD_RATE = 3;
/** Measuring requests a second for each of the two measured URLs. */
const MEASURE_RATE = 4;
const REQUEST_TIMEOUT_MS = 10_000;
/** After a flood, how long to wait at most for both measured URLs to answer within a second again. */
const SETTLE_SECONDS = 15;
const HOARD_SECONDS = 8;
const HOARD_MAX_REQUESTS = 300;
const WATCHDOG_MS = 115_000;

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;

// ---------------------------------------------------------------- the shop

function ensureWebBuild(): string {
  const indexPath = path.join(root, 'apps/web/dist/index.html');
  if (!fs.existsSync(indexPath)) {
    console.log('Building the web app (not counted in the bench)…');
    const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the web app did not build');
  }
  const asset = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(fs.readFileSync(indexPath, 'utf8'))?.[1];
  if (!asset) throw new Error(`no hashed JS asset in ${indexPath}`);
  return asset;
}

// ---------------------------------------------------------------- HTTP

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
}

/** One request; the body is read to the end (as a browser would) and kept as text unless told not to. */
function send(
  origin: string,
  method: string,
  url: string,
  options: { headers?: Record<string, string>; json?: unknown; keepBody?: boolean } = {},
): Promise<Reply> {
  const begin = performance.now();
  const payload = options.json === undefined ? undefined : JSON.stringify(options.json);
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL(url, origin),
      {
        method,
        agent,
        timeout: REQUEST_TIMEOUT_MS,
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => {
          if (options.keepBody !== false) chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - begin,
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
    request.end(payload);
  });
}

/** Calls `fire` RATE times a second for `seconds`, then waits for the replies still on their way. */
async function atRate(rate: number, seconds: number, fire: (n: number) => Promise<unknown>) {
  const inFlight: Array<Promise<unknown>> = [];
  const begin = performance.now();
  for (let n = 0; n < rate * seconds; n++) {
    const due = begin + (n * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    inFlight.push(fire(n).catch(() => undefined));
  }
  await Promise.all(inFlight);
}

interface Samples {
  /** Every request's time to its last byte; a timed-out one counts as Infinity (longer than the timeout). */
  ms: number[];
  /** Statuses other than 200. */
  other: Array<number | string>;
}

// What Chromium sends: measured as the browser gets it (compressed, not decoded here).
const browserGet = (origin: string, url: string) =>
  send(origin, 'GET', url, { keepBody: false, headers: { 'accept-encoding': 'gzip, deflate, br' } });

/** GET `url` MEASURE_RATE times a second for `seconds`. */
async function measure(origin: string, url: string, seconds: number): Promise<Samples> {
  const samples: Samples = { ms: [], other: [] };
  await atRate(MEASURE_RATE, seconds, async () => {
    try {
      const reply = await browserGet(origin, url);
      samples.ms.push(reply.ms);
      if (reply.status !== 200) samples.other.push(reply.status);
    } catch {
      samples.ms.push(Infinity);
      samples.other.push('timeout');
    }
  });
  return samples;
}

function percentile(values: number[], p: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const formatMs = (ms: number | undefined) =>
  ms === undefined
    ? '—'
    : ms === Infinity
      ? `> ${REQUEST_TIMEOUT_MS / 1000} s`
      : ms >= 1000
        ? `${(ms / 1000).toFixed(1)} s`
        : `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;

function latency(samples: Samples): string {
  const other = samples.other.length ? `; not 200: ${tally(samples.other)}` : '';
  return `${formatMs(percentile(samples.ms, 50))} / ${formatMs(percentile(samples.ms, 99))} (n=${samples.ms.length}${other})`;
}

/** The shop's log lines (pino JSON) by level and message: `warn "auth attempt limit reached"×3`. */
function logSummary(lines: string[]): string {
  const kinds = lines.map((line) => {
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string };
      const level = { 40: 'warn', 50: 'error', 60: 'fatal' }[entry.level ?? 0] ?? String(entry.level);
      return `${level} "${entry.msg ?? ''}"`;
    } catch {
      return `"${line.slice(0, 80)}"`;
    }
  });
  return kinds.length ? tally(kinds) : 'nothing';
}

/** `401×70, 429×5` */
function tally(statuses: Array<number | string>): string {
  const counts = new Map<number | string, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts.entries()]
    .sort(([a], [b]) => String(a).localeCompare(String(b)))
    .map(([status, count]) => `${status}×${count}`)
    .join(', ');
}

/**
 * Waits until GET /api/parts answers within a second again (the work a flood queued can outlast
 * it), at most SETTLE_SECONDS; answers how long that took, so the next phase starts clean.
 */
async function settle(origin: string, asset: string): Promise<string> {
  const begin = Date.now();
  const quick = (reply: Reply | undefined) => reply !== undefined && reply.status === 200 && reply.ms < 1000;
  while (Date.now() - begin < SETTLE_SECONDS * 1000) {
    const replies = await Promise.all([browserGet(origin, '/api/parts'), browserGet(origin, asset)].map((p) => p.catch(() => undefined)));
    if (replies.every(quick)) return formatMs(Date.now() - begin);
    await sleep(200);
  }
  return `not within ${SETTLE_SECONDS} s`;
}

// ---------------------------------------------------------------- the customer

async function signUp(origin: string) {
  const account = {
    name: 'Bench Hoarder',
    email: `hoarder-${Date.now()}@example.com`,
    password: 'correct-horse-battery',
  };
  const reply = await send(origin, 'POST', '/api/auth/sign-up/email', { json: account, headers: { origin } });
  if (reply.status !== 200) throw new Error(`sign-up answered ${reply.status}: ${reply.body}`);
  const cookie = ([] as string[])
    .concat(reply.headers['set-cookie'] ?? [])
    .find((line) => /^(?:__Secure-)?better-auth\.session_token=/.test(line))
    ?.split(';')[0];
  if (!cookie) throw new Error('sign-up set no session cookie');
  return { ...account, cookie };
}

interface Part {
  _id: string;
  availableQuantity: number;
  minOrderQuantity: number;
}

async function parts(origin: string): Promise<Part[]> {
  const reply = await send(origin, 'GET', '/api/parts');
  return JSON.parse(reply.body) as Part[];
}

/**
 * As one account, tries to hold each part's whole stock with unpaid orders: the whole remaining
 * stock first, then half of it after a refusal, down to the part's minimum order.
 */
async function hoard(origin: string, customer: { name: string; cookie: string }) {
  const before = await parts(origin);
  const refused: Array<number | string> = [];
  let accepted = 0;
  let requests = 0;
  const deadline = Date.now() + HOARD_SECONDS * 1000;
  for (const part of before) {
    let remaining = part.availableQuantity;
    let quantity = remaining;
    while (remaining > 0 && quantity >= Math.max(1, part.minOrderQuantity)) {
      if (Date.now() > deadline || requests >= HOARD_MAX_REQUESTS) break;
      requests += 1;
      const reply = await send(origin, 'POST', '/api/order', {
        headers: { cookie: customer.cookie, origin },
        json: { partId: part._id, customername: customer.name, address: '1 Hoard Lane, Stockton', orderQuantity: quantity },
      }).catch(() => undefined);
      if (reply === undefined) {
        refused.push('timeout');
        break;
      }
      if (reply.status === 200) {
        accepted += 1;
        remaining -= quantity;
        quantity = Math.min(quantity, remaining);
      } else {
        refused.push(reply.status);
        if (reply.status === 429) break;
        quantity = Math.floor(quantity / 2);
      }
    }
  }
  const after = await parts(origin);
  const stock = (list: Part[]) => list.reduce((sum, part) => sum + part.availableQuantity, 0);
  return {
    parts: before.length,
    emptied: after.filter((part) => part.availableQuantity === 0).length,
    stockBefore: stock(before),
    // From the stock, not the replies: an order whose reply timed out may still have been taken.
    units: stock(before) - stock(after),
    accepted,
    requests,
    refused,
  };
}

// ---------------------------------------------------------------- the run

async function main() {
  const asset = ensureWebBuild();
  const shop = await startShop({ env: { LOG_LEVEL: 'warn', TRUST_PROXY }, label: 'abuse' });
  const watchdog = setTimeout(() => {
    console.error(`bench:abuse: over ${WATCHDOG_MS / 1000} s, stopping`);
    shop.child.kill('SIGKILL');
    fs.rmSync(shop.dataDir, { recursive: true, force: true });
    process.exit(1);
  }, WATCHDOG_MS);
  try {
    const { origin } = shop;
    console.log(`shop up at ${origin} after ${elapsed()} (TRUST_PROXY=${TRUST_PROXY}); measuring GET /api/parts and ${asset}`);
    const customer = await signUp(origin);
    const both = (seconds: number) => Promise.all([measure(origin, '/api/parts', seconds), measure(origin, asset, seconds)]);

    const rest = await both(REST_SECONDS);
    console.log(`(a) at rest done (${elapsed()})`);

    // Before the floods: the work they queue can outlast them and would decide this figure.
    const held = await hoard(origin, customer);
    console.log(`(d) hoarding done (${elapsed()})`);

    const signInStatuses: Array<number | string> = [];
    const [signInMeasured] = await Promise.all([
      both(FLOOD_SECONDS),
      atRate(FLOOD_RATE, FLOOD_SECONDS, async (n) => {
        const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
        const reply = await send(origin, 'POST', '/api/auth/sign-in/email', {
          headers: { 'x-forwarded-for': address, origin },
          json: { email: `nobody-${n}@example.com`, password: `wrong-password-${n}` },
        }).catch(() => undefined);
        signInStatuses.push(reply?.status ?? 'timeout');
      }),
    ]);
    const signInSettled = await settle(origin, asset);
    console.log(`(b) sign-in flood done, settled in ${signInSettled} (${elapsed()})`);

    const changeStatuses: Array<number | string> = [];
    const [changeMeasured] = await Promise.all([
      both(FLOOD_SECONDS),
      atRate(FLOOD_RATE, FLOOD_SECONDS, async (n) => {
        const reply = await send(origin, 'POST', '/api/auth/change-password', {
          headers: { cookie: customer.cookie, origin },
          json: { currentPassword: `wrong-password-${n}`, newPassword: `new-password-${n}` },
        }).catch(() => undefined);
        changeStatuses.push(reply?.status ?? 'timeout');
      }),
    ]);
    const changeSettled = await settle(origin, asset);
    console.log(`(c) change-password flood done, settled in ${changeSettled} (${elapsed()})`);

    const flood = (statuses: Array<number | string>) => `${statuses.length} sent at ${FLOOD_RATE}/s: ${tally(statuses)}`;
    const rows = [
      ['(a) at rest', latency(rest[0]), latency(rest[1]), '—', '—'],
      ['(b) sign-in flood, many addresses', latency(signInMeasured[0]), latency(signInMeasured[1]), flood(signInStatuses), signInSettled],
      ['(c) change-password flood, one account', latency(changeMeasured[0]), latency(changeMeasured[1]), flood(changeStatuses), changeSettled],
    ];
    const header = ['phase', 'GET /api/parts p50 / p99', `GET ${asset} p50 / p99`, 'flood requests → status', 'back to < 1 s after'];
    const hoarding =
      `(d) hoarding, one account: held ${held.units} of ${held.stockBefore} units in ${held.accepted} unpaid orders; ` +
      `${held.emptied} of ${held.parts} parts sold out; ${held.requests} requests, ` +
      `refused: ${held.refused.length ? tally(held.refused) : 'none'}`;
    const logged = logSummary(shop.output);

    console.log('');
    const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => row[i]?.length ?? 0)));
    for (const row of [header, ...rows]) console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  '));
    console.log(hoarding);
    console.log(`the shop's log at LOG_LEVEL=warn: ${logged}; total ${elapsed()}`);

    const date = new Date().toISOString().slice(0, 10);
    console.log('\n--- markdown for docs/benchmarks.md ---');
    console.log(
      [
        `${date}, ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, ` +
          `embedded database (PGlite), \`npm run bench:abuse\`. Measuring: ${MEASURE_RATE} requests/s to each URL; ` +
          `floods at ${FLOOD_RATE} requests/s for ${FLOOD_SECONDS} s; request timeout ${REQUEST_TIMEOUT_MS / 1000} s.`,
        '',
        `| ${header.join(' | ')} |`,
        `|${header.map(() => '---').join('|')}|`,
        ...rows.map((row) => `| ${row.join(' | ')} |`),
        '',
        hoarding.replace('(d) hoarding, one account: ', '**Hoarding (one account):** '),
        '',
        `The shop's log at \`LOG_LEVEL=warn\` during the run: ${logged}.`,
      ].join('\n'),
    );
  } finally {
    clearTimeout(watchdog);
    agent.destroy();
    await stopShop(shop);
  }
}

await main();
