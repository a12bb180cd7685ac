import type { Plugin } from 'vite';
import { APP_CHUNKS_META } from '../src/lib/app-chunks';

/**
 * `index.html`'s script (`boot.ts`) starts the app (`main.tsx`) with a dynamic import once the
 * page has been drawn. This names, in a `<meta>` of `index.html`, the app's chunk and every chunk
 * it imports statically, each after the chunks it imports, so that `boot.ts` can fetch them all at
 * once after the first paint and run them in that order, one task each (`src/lib/app-chunks.ts`).
 * They are not `modulepreload` links: those load while the page is first drawn, and a phone on a
 * slow network then shares its first round trips between the page and 75 KB of script it does not
 * need to show the page (issue 10: LCP).
 */
export function appChunkList(): Plugin {
  return {
    name: 'autoparts:app-chunk-list',
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
        const content = ordered.map((fileName) => `/${fileName}`).join(' ');
        return { html, tags: [{ tag: 'meta', attrs: { name: APP_CHUNKS_META, content }, injectTo: 'head' }] };
      },
    },
  };
}
