/**
 * One page through Lighthouse (mobile defaults) in Debian's Chromium, `runs` times, each in a fresh
 * browser: the median run by performance score, its figures together. Throttling is simulated
 * unless `throttling` is `devtools`: Chrome then really slows the network and the CPU, and the LCP
 * is the one a phone user gets (issue 33's aim). Used by `npm run bench` and `npm run bench:catalogue`.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface PageFigures {
  performance: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** The unthrottled load's own first contentful paint, ms: simulated FCP and LCP are built on it. */
  observedFcp: number;
}

export async function lighthousePage(
  url: string,
  { runs, cookie, throttling = 'simulate' }: { runs: number; cookie?: string | undefined; throttling?: 'simulate' | 'devtools' },
): Promise<PageFigures> {
  const figures: PageFigures[] = [];
  for (let attempt = 0; attempt < runs; attempt++) {
    const chrome = await chromeLauncher.launch({
      chromePath: '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    });
    try {
      const result = await lighthouse(
        url,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          throttlingMethod: throttling,
          ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
        },
      );
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      figures.push({
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        observedFcp: (lhr.audits.metrics?.details as { items?: Array<{ observedFirstContentfulPaint?: number }> } | undefined)?.items?.[0]?.observedFirstContentfulPaint ?? Number.NaN,
      });
    } finally {
      await chrome.kill();
    }
  }
  const sorted = [...figures].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)] as PageFigures;
}

/**
 * One line of a page's figures, as the benches print them. The observed FCP is printed too: headless
 * Chrome now and then holds a loaded page's first paint back a second or more (its compositor stops
 * offering frames, GoogleChrome/lighthouse#17148), and a simulated FCP and LCP built on such a run
 * count every script fetched meanwhile (docs/benchmarks.md, 2026-12-07 09:20).
 */
export const pageFiguresLine = (label: string, page: PageFigures) =>
  `${label.padEnd(22)} performance ${String(page.performance).padStart(3)}   FCP ${(page.fcp / 1000).toFixed(2)} s   LCP ${(page.lcp / 1000).toFixed(2)} s   TBT ${Math.round(page.tbt)} ms   CLS ${page.cls.toFixed(3)}   (observed FCP ${(page.observedFcp / 1000).toFixed(2)} s)`;
