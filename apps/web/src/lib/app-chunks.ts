/**
 * The app's chunks, fetched after the first paint and run one task each (issue 10: LCP and
 * blocking time). `index.html` names them in a `<meta>`, each after the chunks it imports
 * (`build/app-chunk-list.ts`). Fetched with the page, they shared a phone's first round trips
 * with it; evaluated as one module graph, the app's ~250 KB of script was one task of ~180 ms on
 * a phone (4× slowdown), blocking every tap. Here they are all requested at once, then run in
 * order, one task each, which leaves the app's own chunk only its own code to evaluate.
 */
export const APP_CHUNKS_META = 'app-chunks';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Fetches and runs the app's chunks; none in development, where there are none. Resolves to the
 * last one's exports: the app's (`main.tsx`).
 */
export async function runAppChunks(): Promise<unknown> {
  const chunks = document.querySelector<HTMLMetaElement>(`meta[name="${APP_CHUNKS_META}"]`)?.content.split(' ').filter(Boolean) ?? [];
  for (const href of chunks) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  let app: unknown;
  for (const href of chunks) {
    await nextTask();
    app = await import(/* @vite-ignore */ href);
  }
  return app;
}
