/// <reference lib="dom" />
/**
 * `npx tsx scripts/trace-hydration.ts LABEL=ORIGIN[@DIST] [LABEL=ORIGIN[@DIST]…]` (`ROUNDS=n`, 3 by
 * default; `PAGES=shop,parts,part,home`; `RATE=4`): what the main thread does while a page loads
 * and hydrates, from a Chromium performance trace (Debian's Chromium at 390 × 844, CDP's CPU
 * slowdown at RATE). Per load: every task over 50 ms of wall time (at the slowdown), its thread CPU
 * time and what ran in it (module evaluations by file, React's scheduler, parsing, style and
 * layout), and, from V8's sampling profiler, the functions it spent its time in — named through
 * the build's source maps when DIST (the build folder) holds them (`vite build --sourcemap hidden`).
 * Loads interleaved between the shops, as bench-long-tasks.ts. Ad hoc: what it prints goes into
 * a decision record, never into tests.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { chromium, type BrowserContext } from 'playwright';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';

const specs = process.argv.slice(2).map((arg) => {
  const [label, rest] = arg.split('=') as [string, string];
  const [origin, dist] = rest.split('@') as [string, string | undefined];
  return { label, origin, dist };
});
const rounds = Number(process.env.ROUNDS ?? 3);
const rate = Number(process.env.RATE ?? 1);
const wanted = new Set((process.env.PAGES ?? 'shop').split(','));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });

/**
 * Every React commit, through the hook React offers its DevTools in any build (a plain script: the
 * page's own code never sees it): when, how many components rendered, how many <Suspense>
 * boundaries are still dehydrated after it, and the components rendered most.
 */
const COMMITS = `(() => {
  const w = window;
  w.__commits = [];
  // What each component fiber held at the last commit: one whose props or state differ has rendered since.
  const seen = new WeakMap();
  const nameOf = (f) => { const t = f.type; if (!t || typeof t === 'string') return null; return t.displayName || t.name || (t.render && t.render.name) || (t.type && (t.type.name || (t.type.render && t.type.render.name))) || null; };
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, isDisabled: false,
    inject() { return 1; },
    checkDCE() {}, onScheduleFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      const rendered = new Map();
      const own = new Set();
      let dehydrated = 0;
      const walk = (fiber, parentRendered) => {
        for (let f = fiber; f; f = f.sibling) {
          const name = [0, 1, 11, 14, 15].includes(f.tag) ? nameOf(f) : null;
          if (f.tag === 13 && f.memoizedState && f.memoizedState.dehydrated) dehydrated += 1;
          const before = seen.get(f) || (f.alternate && seen.get(f.alternate));
          const didRender = !before || before[0] !== f.memoizedProps || before[1] !== f.memoizedState;
          if (name) seen.set(f, [f.memoizedProps, f.memoizedState]);
          if (name && didRender) rendered.set(name, (rendered.get(name) || 0) + 1);
          // Drawn again by its own state or a context it reads, not by its parent.
          if (name && didRender && before && !parentRendered) own.add(name);
          walk(f.child, name ? didRender : parentRendered);
        }
      };
      walk(root.current.child, false);
      let total = 0;
      for (const count of rendered.values()) total += count;
      w.__commits.push({ t: performance.now(), total, dehydrated, most: [...rendered].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([n, c]) => n + '×' + c).join(' ') + (own.size ? '; drawn again by their own: ' + [...own].join(' ') : '') });
    },
  };
})();`;

async function contextFor(origin: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: origin });
  await context.addInitScript({ content: COMMITS });
  const email = `trace-${Math.random().toString(16).slice(2)}@example.com`;
  const reply = await context.request.post('/api/auth/sign-up/email', { data: { name: 'Trace', email, password: 'measure-secret-1' }, headers: { origin } });
  if (!reply.ok()) throw new Error(`sign-up ${reply.status()}`);
  const [part] = (await (await context.request.get('/api/parts')).json()) as Array<{ _id: string; partNumber: string }>;
  if (!part) throw new Error(`${origin} sells no part`);
  const all: Array<[string, string]> = [
    ['home', '/'],
    ['shop', '/shop'],
    ['parts', `/parts/${encodeURIComponent(part.partNumber)}`],
    ['part', `/part/${part._id}`],
  ];
  return { context, pages: all.filter(([name]) => wanted.has(name)) };
}

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: Record<string, any>;
}

/** The package or source folder a mapped frame comes from. */
function sourceOf(frame: string): string {
  const file = frame.split(' ').pop() ?? frame;
  if (frame.startsWith('(top level)')) return 'top level of modules';
  if (/^\(/.test(frame) && !file.includes('/')) return frame;
  const parts = file.split('/');
  if (parts[0] === 'src') return parts.slice(0, 3).join('/').replace(/:\d+$/, '');
  if (parts[0]?.startsWith('@')) return parts.slice(0, 2).join('/');
  return (parts[0] ?? file).replace(/:.*$/, '');
}

const maps = new Map<string, TraceMap | null>();
function mapFrame(dist: string | undefined, url: string, line: number, column: number): string {
  const file = url.replace(/^https?:\/\/[^/]+/, '');
  const short = file.split('/').pop() ?? file;
  if (!dist || !file.startsWith('/assets/')) return `${short}:${line + 1}:${column + 1}`;
  const mapFile = `${dist}${file}.map`;
  if (!maps.has(mapFile)) maps.set(mapFile, existsSync(mapFile) ? new TraceMap(readFileSync(mapFile, 'utf8')) : null);
  const map = maps.get(mapFile);
  if (!map) return `${short}:${line + 1}:${column + 1}`;
  // The served file has the compile hint above what the map describes (build/compile-hints.ts).
  if (line === 0) return `(top level) ${short}`;
  const at = originalPositionFor(map, { line, column });
  if (!at.source) return `${short}:${line + 1}:${column + 1}`;
  const source = at.source.replace(/^.*node_modules\//, '').replace(/^.*\/src\//, 'src/').replace(/^(\.\.\/)+/, '');
  // The function's own name: the mapping's, else the name the original line gives it.
  let name = at.name ?? '';
  if (!name) {
    const index = map.sources.indexOf(at.source);
    const text = index >= 0 ? (map.sourcesContent?.[index] ?? '').split('\n')[at.line - 1] ?? '' : '';
    const found = /function\s*\*?\s*([\w$]+)|([\w$]+)\s*[:=]\s*(?:async\s*)?(?:function|\()|([\w$]+)\s*\(/.exec(text.slice(Math.max(0, at.column - 40)));
    name = found?.[1] ?? found?.[2] ?? found?.[3] ?? '';
  }
  return `${name || '(anonymous)'} ${source}:${at.line}`;
}

async function load(context: BrowserContext, url: string, dist: string | undefined) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading', 'disabled-by-default-v8.cpu_profiler', 'v8'],
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // Until every boundary is hydrated (the network may be idle before), then 1.5 s more.
  await page.waitForFunction(() => { const commits = (window as unknown as { __commits: Array<{ dehydrated: number }> }).__commits; return commits.at(-1)?.dehydrated === 0; }, undefined, { timeout: 30_000 }).catch(() => undefined);
  await page.waitForTimeout(1500);
  const commits = await page.evaluate(() => (window as unknown as { __commits: Array<{ t: number; total: number; dehydrated: number; most: string }> }).__commits);
  const buffer = await browser.stopTracing();
  await page.close();
  if (process.env.DUMP) writeFileSync(`${process.env.DUMP}-${Date.now()}.json`, buffer);
  const events = (JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  // The page's main thread: the one that parsed its HTML.
  const parse = events.find((event) => event.name === 'ParseHTML' && String(event.args?.beginData?.url ?? '').includes(new URL(url, 'http://x').pathname));
  if (!parse) throw new Error(`no ParseHTML for ${url}`);
  const { pid, tid } = parse;
  const start = events.find((event) => event.name === 'navigationStart' && event.pid === pid)?.ts ?? parse.ts;
  const fcp = events.find((event) => event.name === 'firstContentfulPaint' && event.pid === pid)?.ts ?? start;
  const onMain = events.filter((event) => event.pid === pid && event.tid === tid && event.ph === 'X');
  // Long at 4×: by the task's thread CPU time, which the machine's other load moves less than wall time.
  const tasks = onMain.filter((event) => event.name === 'RunTask' && 4 * (event.tdur ?? 0) >= 50_000);
  // V8's samples on the main thread, with their times.
  const nodes = new Map<number, { callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; parent?: number }>();
  const samples: Array<{ ts: number; node: number; ms: number }> = [];
  const profile = events.find((event) => event.name === 'Profile' && event.pid === pid && event.tid === tid);
  if (profile) {
    let ts = Number(profile.args?.data?.startTime ?? 0);
    for (const chunk of events.filter((event) => event.name === 'ProfileChunk' && event.pid === pid && event.id === profile.id)) {
      const data = chunk.args?.data?.cpuProfile ?? {};
      for (const node of data.nodes ?? []) nodes.set(node.id, { callFrame: node.callFrame, parent: node.parent });
      const deltas: number[] = chunk.args?.data?.timeDeltas ?? [];
      (data.samples ?? []).forEach((node: number, index: number) => {
        ts += deltas[index] ?? 0;
        samples.push({ ts, node, ms: 0 });
      });
    }
  }
  samples.sort((a, b) => a.ts - b.ts);
  samples.forEach((sample, index) => {
    sample.ms = Math.min(2, ((samples[index + 1]?.ts ?? sample.ts) - sample.ts) / 1000);
  });
  const frameName = (id: number) => {
    const frame = nodes.get(id)?.callFrame;
    if (!frame) return '?';
    if (!frame.url) return frame.functionName || '(program)';
    return mapFrame(dist, frame.url, frame.lineNumber, frame.columnNumber);
  };
  const ours = (id: number): string | undefined => {
    for (let at: number | undefined = id; at !== undefined; at = nodes.get(at)?.parent) {
      const name = frameName(at);
      if (/ src\/(features|app|components|lib)\//.test(name)) return name;
    }
    return undefined;
  };
  const described = tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const inside = onMain.filter((event) => event.ts >= task.ts && event.ts < end && event !== task);
    const what = new Map<string, number>();
    for (const event of inside) {
      let key: string | undefined;
      if (event.name === 'v8.evaluateModule') key = 'evaluate module';
      else if (['v8.compileModule', 'ParseHTML', 'UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'MajorGC', 'MinorGC', 'V8.GC_MC', 'RunMicrotasks'].includes(event.name)) key = event.name;
      else if (event.name === 'FunctionCall') key = `call ${String(event.args?.data?.url ?? '').split('/').pop()}`;
      else if (event.name === 'EvaluateScript') key = `script ${String(event.args?.data?.url ?? '').split('/').pop()}`;
      if (key) what.set(key, (what.get(key) ?? 0) + (event.dur ?? 0) / 1000);
    }
    const within = samples.filter((sample) => sample.ts >= task.ts && sample.ts < end);
    const self = new Map<string, number>();
    const bySource = new Map<string, number>();
    const ourCode = new Map<string, number>();
    for (const sample of within) {
      const ms = sample.ms;
      const name = frameName(sample.node);
      self.set(name, (self.get(name) ?? 0) + ms);
      const source = sourceOf(name);
      bySource.set(source, (bySource.get(source) ?? 0) + ms);
      const mine = ours(sample.node);
      if (mine) ourCode.set(mine, (ourCode.get(mine) ?? 0) + ms);
    }
    const top = (counts: Map<string, number>, n: number) => [...counts].sort((a, b) => b[1] - a[1]).slice(0, n).filter(([, ms]) => ms >= 1).map(([key, ms]) => `${key} ${ms.toFixed(0)}`);
    return {
      at: (task.ts - start) / 1000,
      dur: (task.dur ?? 0) / 1000,
      cpu: (task.tdur ?? 0) / 1000,
      what: top(new Map([...what].filter(([, ms]) => ms >= 2)), 8),
      commits: commits.filter((commit) => start + commit.t * 1000 >= task.ts && start + commit.t * 1000 < end + 2000).map((commit) => `${commit.total} rendered, ${commit.dehydrated} dehydrated left (${commit.most})`),
      self: top(self, 10),
      sources: top(bySource, 10),
      ours: top(ourCode, 8),
    };
  });
  const afterFcp = tasks.filter((task) => task.ts >= fcp);
  return {
    fcp: (fcp - start) / 1000,
    tbt: afterFcp.reduce((sum, task) => sum + Math.max(0, (4 * (task.tdur ?? 0)) / 1000 - 50), 0),
    cpuAfterFcp: onMain.filter((event) => event.name === 'RunTask' && event.ts >= fcp).reduce((sum, task) => sum + (task.tdur ?? 0) / 1000, 0),
    longest: Math.max(0, ...tasks.map((task) => (task.tdur ?? 0) / 1000)),
    described,
    commits: commits.map((commit) => `\n    ${((commit.t * 1000 + start - fcp) / 1000).toFixed(0)} ms after FCP: ${commit.total} rendered, ${commit.dehydrated} dehydrated left (${commit.most})`),
  };
}

const setups = await Promise.all(specs.map(async (spec) => ({ ...spec, ...(await contextFor(spec.origin)) })));
const summary = new Map<string, Array<{ tbt: number; longest: number; cpuAfterFcp: number }>>();
for (let round = 0; round < rounds; round += 1) {
  for (let index = 0; index < (setups[0]?.pages.length ?? 0); index += 1) {
    for (const setup of setups) {
      const [name, path] = setup.pages[index] as [string, string];
      const result = await load(setup.context, path, setup.dist);
      const key = `${name} ${setup.label}`;
      summary.set(key, [...(summary.get(key) ?? []), result]);
      console.log(`\n## ${name} ${setup.label} round ${round + 1}: FCP ${result.fcp.toFixed(0)} ms, blocking after FCP Σ(4·cpu−50) ${result.tbt.toFixed(0)} ms, longest ${result.longest.toFixed(0)} ms of CPU, CPU after FCP ${result.cpuAfterFcp.toFixed(0)} ms`);
      console.log(`React commits: ${result.commits.join('; ')}`);
      for (const task of result.described) {
        console.log(`- task at ${task.at.toFixed(0)} ms: ${task.dur.toFixed(0)} ms (CPU ${task.cpu.toFixed(0)} ms)`);
        console.log(`    events: ${task.what.join('; ')}`);
        for (const commit of task.commits) console.log(`    React commit: ${commit}`);
        console.log(`    by source: ${task.sources.join('; ')}`);
        console.log(`    self: ${task.self.join('; ')}`);
        if (task.ours.length) console.log(`    our code: ${task.ours.join('; ')}`);
      }
    }
  }
}
console.log('\n| page | build | Σ max(0, 4 × task CPU − 50) after FCP (median) | longest task, CPU (median) | CPU after FCP (median) | runs |\n|---|---|---|---|---|---|');
for (const [key, runs] of summary) {
  const [name, label] = key.split(' ');
  console.log(`| ${name} | ${label} | ${median(runs.map((r) => r.tbt)).toFixed(0)} ms | ${median(runs.map((r) => r.longest)).toFixed(0)} ms | ${median(runs.map((r) => r.cpuAfterFcp)).toFixed(0)} ms | ${runs.map((r) => r.tbt.toFixed(0)).join(', ')} |`);
}
await browser.close();
