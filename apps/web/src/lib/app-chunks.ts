/**
 * The app's chunks, run one task each (issue 10: blocking time). Evaluating a module graph takes
 * one task however many chunks it spans: the app's ~250 KB of script was one task of ~180 ms on a
 * phone (4× slowdown), blocking every tap. `index.html` preloads the app's chunks, each after the
 * chunks it imports (`build/preload-app.ts` marks them); running them in that order, one task
 * each, leaves the app's own chunk only its own code to evaluate.
 */
export const APP_CHUNK_ATTRIBUTE = 'data-app-chunk';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Runs the preloaded chunks in order, one task each; none in development, where there are none. */
export async function runAppChunks() {
  for (const link of document.querySelectorAll<HTMLLinkElement>(`link[${APP_CHUNK_ATTRIBUTE}]`)) {
    await nextTask();
    await import(/* @vite-ignore */ link.href);
  }
}
