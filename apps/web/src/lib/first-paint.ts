/**
 * Resolves once the server's page has been painted (issue 10: first paint), so that what runs
 * next (fetching and running the app, `boot.ts`) neither delays that paint nor shares the
 * network with it: when the browser reports its first contentful paint. A page with nothing
 * drawn yet (one the app draws) goes on at once. A hidden tab paints nothing until shown, and a
 * browser without paint timing reports nothing: they go on after the next frame, or 100 ms. Should
 * no report come (the tab hidden meanwhile), it goes on after a second.
 */
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
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      done();
    });
    observer.observe({ type: 'paint', buffered: true });
    setTimeout(() => {
      observer.disconnect();
      done();
    }, 1000);
  });
}
