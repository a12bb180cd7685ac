/// <reference lib="dom" />
/**
 * `npm run bench:web`: what a visitor's browser gets. Builds the web app, starts the
 * shop (server.ts as a child, a fresh embedded database in a temp DATA_DIR, a free port), signs one
 * customer up, then opens every page in Debian's Chromium at 390 and 1280 px on a slowed network
 * (150 ms round trips, so that data arrives after the first paint as it does on a phone) and prints
 * each page's cumulative layout shift: every `layout-shift` entry without recent input, summed
 * (never less than Lighthouse's largest session window). `SCREENSHOTS=dir` also saves a screenshot
 * of each page as the server sent it (JavaScript off) and after hydration; `DEBUG_CLS=1` prints
 * what moved. Then, at 390 px on an unthrottled network, how long the page's main thread is busy
 * after its first contentful paint, task by task (median of 3 loads): the longest task and the
 * blocking time the tasks would add at Lighthouse's 4× CPU slowdown (Σ max(0, 4 × task − 50 ms)),
 * by each task's thread CPU time in a Chromium trace, which the machine's other load moves less
 * than wall time does. Lighthouse itself (`npm run bench`) weighs a task that lays out 2×, not 4×.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright';
import { root, sleep, startShop, stopShop } from './shop-process';

const screenshots = process.env.SCREENSHOTS;

interface LayoutShift extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
  sources?: Array<{ node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }>;
}
interface ShiftState {
  __cls: number;
  __shifts: Array<{ value: number; moved: string[] }>;
}

/** Installed before any page script: sums the layout shifts not caused by input. */
function observeLayoutShifts() {
  const state = window as unknown as ShiftState;
  state.__cls = 0;
  state.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as LayoutShift[]) {
      if (!entry.hadRecentInput) state.__cls += entry.value;
      state.__shifts.push({
        value: entry.value,
        moved: (entry.sources ?? []).map((source) => `${source.node instanceof Element ? source.node.outerHTML.slice(0, 100) : '?'} ${JSON.stringify(source.previousRect)} → ${JSON.stringify(source.currentRect)}`),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

async function measure(context: BrowserContext, url: string, name: string) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 });
  await page.goto(url, { waitUntil: 'networkidle' });
  await sleep(500);
  const { cls, shifts } = await page.evaluate(() => {
    const state = window as unknown as ShiftState;
    return { cls: state.__cls, shifts: state.__shifts };
  });
  // DEBUG_CLS=1 names what moved, and from where to where.
  if (process.env.DEBUG_CLS && shifts.length > 0) console.log(name, JSON.stringify(shifts, null, 1));
  if (screenshots) await page.screenshot({ path: path.join(screenshots, `${name}-hydrated.png`), fullPage: false });
  await page.close();
  return cls;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  tdur?: number;
  args?: { name?: string };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** The main thread's tasks after the first contentful paint of one load of `url`: their CPU times in ms. */
async function tasksAfterPaint(browser: Browser, context: BrowserContext, url: string): Promise<number[]> {
  const page = await context.newPage();
  const file = path.join(os.tmpdir(), `bench-web-trace-${process.pid}.json`);
  await browser.startTracing(page, { path: file, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'] });
  await page.goto(url, { waitUntil: 'networkidle' });
  await sleep(1000);
  await browser.stopTracing();
  await page.close();
  const { traceEvents } = JSON.parse(fs.readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] };
  fs.rmSync(file, { force: true });
  const paint = traceEvents.find((event) => event.name === 'firstContentfulPaint');
  const main = traceEvents.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain' && event.pid === paint?.pid);
  if (!paint || !main) throw new Error(`no first contentful paint in the trace of ${url}`);
  return traceEvents
    .filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && event.name === 'RunTask' && event.ts >= paint.ts)
    .map((event) => (event.tdur ?? 0) / 1000);
}

async function main() {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const shop = await startShop({ env: { LOG_LEVEL: 'warn', NODE_ENV: 'production', PAYMENTS: 'test' }, label: 'web', host: 'localhost' });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const parts = (await (await fetch(`${shop.origin}/api/parts`)).json()) as Array<{ _id: string }>;
    const partId = parts[0]?._id ?? '';
    const publicPages = ['/', '/shop', '/blogs', '/portfolio', '/no-such-page', '/login', '/signup'];
    const signedInPages = [`/part/${partId}`, '/dashboard', '/dashboard/review', '/dashboard/profile'];
    if (screenshots) fs.mkdirSync(screenshots, { recursive: true });
    const rows: Array<[string, number, number]> = [];
    const results = new Map<string, number[]>();
    for (const width of [390, 1280]) {
      for (const signedIn of [false, true]) {
        const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 800 }, baseURL: shop.origin });
        await context.addInitScript(observeLayoutShifts);
        if (signedIn) {
          const account = { name: 'Bench Customer', email: `bench-${width}@example.com`, password: 'bench-secret-1' };
          const reply = await context.request.post('/api/auth/sign-up/email', { data: account, headers: { origin: shop.origin } });
          if (!reply.ok()) throw new Error(`sign-up answered ${reply.status()}`);
        }
        for (const url of signedIn ? signedInPages : publicPages) {
          if (screenshots && !signedIn) {
            const still = await browser.newContext({ viewport: { width, height: 800 }, javaScriptEnabled: false });
            const page = await still.newPage();
            await page.goto(`${shop.origin}${url}`);
            await page.screenshot({ path: path.join(screenshots, `${slug(url)}-${width}-server.png`), fullPage: false });
            await still.close();
          }
          const cls = await measure(context, url, `${slug(url)}-${width}`);
          const key = url.startsWith('/part/') ? '/part/{id}' : url;
          results.set(key, [...(results.get(key) ?? []), cls]);
        }
        await context.close();
      }
    }
    for (const [url, [narrow = NaN, wide = NaN]] of results) rows.push([url, narrow, wide]);
    console.log('\nCumulative layout shift (150 ms round trips, 1.6 Mbit/s)\n');
    console.log('| page | 390 px | 1280 px |\n|---|---|---|');
    for (const [url, narrow, wide] of rows) console.log(`| \`${url}\` | ${narrow.toFixed(3)} | ${wide.toFixed(3)} |`);

    console.log('\nMain thread after the first contentful paint, 390 px, median of 3 loads (thread CPU time, unthrottled)\n');
    console.log('| page | longest task | blocking time at 4× |\n|---|---|---|');
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: shop.origin });
    const account = { name: 'Bench Customer', email: 'bench-tasks@example.com', password: 'bench-secret-1' };
    const reply = await context.request.post('/api/auth/sign-up/email', { data: account, headers: { origin: shop.origin } });
    if (!reply.ok()) throw new Error(`sign-up answered ${reply.status()}`);
    for (const url of ['/', '/shop', '/blogs', `/part/${partId}`]) {
      const loads = [];
      for (let run = 0; run < 3; run += 1) loads.push(await tasksAfterPaint(browser, context, url));
      const longest = median(loads.map((tasks) => Math.max(0, ...tasks)));
      const blocking = median(loads.map((tasks) => tasks.reduce((sum, ms) => sum + Math.max(0, 4 * ms - 50), 0)));
      console.log(`| \`${url.startsWith('/part/') ? '/part/{id} signed in' : url}\` | ${longest.toFixed(1)} ms | ${blocking.toFixed(0)} ms |`);
    }
    await context.close();
  } finally {
    await browser.close();
    await stopShop(shop);
  }
}

const slug = (url: string) => url.replace(/^\//, '').replace(/\//g, '-') || 'home';

await main();
