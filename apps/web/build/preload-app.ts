import type { HtmlTagDescriptor, Plugin } from 'vite';
import { APP_CHUNK_ATTRIBUTE } from '../src/lib/app-chunks';

/**
 * `index.html`'s script (`boot.ts`) starts the app (`main.tsx`) with a dynamic import once the
 * page has been drawn. Vite preloads only what an entry imports statically; this adds a
 * `modulepreload` link for the app's chunk and every chunk it imports statically, so that they
 * load alongside the HTML, as they did when the app was the entry, and only their running waits.
 * The links come in the order the chunks must run, each after those it imports, so that `boot.ts`
 * can run them one task each (`src/lib/app-chunks.ts`).
 */
export function preloadApp(): Plugin {
  return {
    name: 'autoparts:preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return html;
        const loaded = new Set([entry.fileName, ...entry.imports]);
        const ordered: string[] = [];
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (loaded.has(fileName) || chunk?.type !== 'chunk') return;
          loaded.add(fileName);
          chunk.imports.forEach(visit);
          ordered.push(fileName);
        };
        entry.dynamicImports.forEach(visit);
        const tags: HtmlTagDescriptor[] = ordered.map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}`, [APP_CHUNK_ATTRIBUTE]: true },
          injectTo: 'head',
        }));
        return { html, tags };
      },
    },
  };
}
