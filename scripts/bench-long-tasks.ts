/// <reference lib="dom" />
/**
 * `npm run bench:long-tasks -- LABEL=ORIGIN [LABEL=ORIGIN…]` (`ROUNDS=n`, 5 by default): the
 * main thread's long tasks while `/`, `/shop`, a public `/parts/{partNumber}` and a signed-in
 * `/part/{id}` load and hydrate, in Debian's Chromium at 390 × 844 with Lighthouse's 4× CPU slowdown
 * (CDP `Emulation.setCPUThrottlingRate`), from the Performance API's `longtask` entries (observed,
 * buffered, before the page's own scripts run) until the network is idle plus 1.5 s. Per page: how
 * many, the longest, and the blocking time after the first contentful paint (Σ max(0, task − 50 ms)),
 * medians. Compares builds: start a shop per build (`WEB_DIST_DIR=<build> PORT=… NODE_ENV=production
 * node --import tsx apps/api/src/server.ts`, each on its own DATA_DIR) and name each; the loads are
 * interleaved (each round loads every page on every shop in turn), so the machine's load weighs on
 * all alike. Figures go in docs/benchmarks.md, never in tests.
 */
import { chromium, type BrowserContext } from 'playwright';

const origins = process.argv.slice(2).map((arg) => arg.split('=') as [string, string]);
const rounds = Number(process.env.ROUNDS ?? 5);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });

async function contextFor(origin: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: origin });
  await context.addInitScript(() => {
    const w = window as unknown as { __long: Array<[number, number]> };
    w.__long = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__long.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  });
  const email = `measure-${Math.random().toString(16).slice(2)}@example.com`;
  const reply = await context.request.post('/api/auth/sign-up/email', { data: { name: 'Measure', email, password: 'measure-secret-1' }, headers: { origin } });
  if (!reply.ok()) throw new Error(`sign-up ${reply.status()}`);
  const [part] = (await (await context.request.get('/api/parts')).json()) as Array<{ _id: string; partNumber: string }>;
  if (!part) throw new Error(`${origin} sells no part`);
  return { context, pages: ['/', '/shop', `/parts/${encodeURIComponent(part.partNumber)}`, `/part/${part._id}`] };
}

async function load(context: BrowserContext, url: string) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  const result = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    return { fcp, tasks: (window as unknown as { __long: Array<[number, number]> }).__long };
  });
  await page.close();
  const after = result.tasks.filter(([start]) => start >= result.fcp);
  return {
    count: result.tasks.length,
    longest: Math.max(0, ...result.tasks.map(([, d]) => d)),
    tbt: after.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0),
  };
}

const setups = await Promise.all(origins.map(async ([label, origin]) => ({ label, ...(await contextFor(origin)) })));
const names = ['/', '/shop', '/parts/{partNumber}', '/part/{id} signed in'];
const results = new Map<string, Array<{ count: number; longest: number; tbt: number }>>();
for (let round = 0; round < rounds; round += 1) {
  for (let index = 0; index < names.length; index += 1) {
    for (const setup of setups) {
      const key = `${setup.label} ${index}`;
      results.set(key, [...(results.get(key) ?? []), await load(setup.context, setup.pages[index] ?? '/')]);
    }
  }
}
console.log(`| page | build | long tasks (median count) | longest (median) | blocking after FCP, Σ(d−50) (median) |\n|---|---|---|---|---|`);
for (let index = 0; index < names.length; index += 1) {
  for (const setup of setups) {
    const runs = results.get(`${setup.label} ${index}`) ?? [];
    console.log(`| \`${names[index]}\` | ${setup.label} | ${median(runs.map((r) => r.count))} | ${median(runs.map((r) => r.longest)).toFixed(0)} ms | ${median(runs.map((r) => r.tbt)).toFixed(0)} ms |`);
  }
}
await browser.close();
