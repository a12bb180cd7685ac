/**
 * Resolves once the server's page has been painted (issue 10: first paint), so that what runs
 * next (fetching and running the app, `boot.ts`) neither delays that paint nor shares the
 * network with it: when the browser reports its first contentful paint. A page with nothing
 * drawn yet (one the app draws) goes on at once. A hidden tab paints nothing until shown, and a
 * browser without paint timing reports nothing: they go on after the next frame, or 100 ms; so
 * does a tab hidden before its paint. The paint may come well after this script runs (the whole
 * page, sent at once from memory, is parsed first; on a slow or busy phone, for seconds): it is
 * waited for, and only should none come in NO_PAINT_MS does the app start without it.
 */
export const NO_PAINT_MS = 10_000;

export function afterFirstPaint(root: Element | null): Promise<void> {
  return new Promise((resolve) => {
    if (!root?.hasChildNodes()) return resolve();
    const done = () => resolve();
    const reportsPaint = typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint');
    if (document.visibilityState === 'hidden' || !reportsPaint) {
      requestAnimationFrame(() => setTimeout(done, 0));
      setTimeout(done, 100);
      return;
    }
    const finish = () => {
      observer.disconnect();
      document.removeEventListener('visibilitychange', hidden);
      clearTimeout(timer);
      done();
    };
    const hidden = () => {
      if (document.visibilityState === 'hidden') finish();
    };
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) finish();
    });
    observer.observe({ type: 'paint', buffered: true });
    document.addEventListener('visibilitychange', hidden);
    const timer = setTimeout(finish, NO_PAINT_MS);
  });
}
