import type { Plugin } from 'vite';
import { APP_CHUNKS_META } from '../src/lib/app-chunks.ts';

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  name: string;
  isEntry: boolean;
  imports: string[];
  code: string;
}

/** The name of the build's second entry, the app (`main.tsx`); the first is the page's script (`boot.ts`, from index.html). */
export const APP_ENTRY = 'main';

/**
 * The chunks a page runs as it loads: the page's script (`boot.ts`, the entry index.html names)
 * with the chunks it imports, and the app it runs after the first paint (`main.tsx`, the other
 * entry): its chunk and every chunk it imports statically, each after the chunks it imports.
 */
export function pageChunks(bundle: Record<string, { type: string }>) {
  const chunks = Object.values(bundle).filter((output): output is ChunkLike => output.type === 'chunk');
  const entries = chunks.filter((chunk) => chunk.isEntry);
  const appEntry = entries.find((chunk) => chunk.name === APP_ENTRY);
  const pageEntry = entries.find((chunk) => chunk.name !== APP_ENTRY);
  const seen = new Set<string>();
  const inOrder = (fileNames: string[]) => {
    const ordered: string[] = [];
    const visit = (fileName: string) => {
      const chunk = bundle[fileName] as ChunkLike | undefined;
      if (seen.has(fileName) || chunk?.type !== 'chunk') return;
      seen.add(fileName);
      chunk.imports.forEach(visit);
      ordered.push(fileName);
    };
    fileNames.forEach(visit);
    return ordered;
  };
  const page = inOrder(pageEntry ? [pageEntry.fileName] : []);
  return { page, app: inOrder(appEntry ? [appEntry.fileName] : []) };
}

/** V8's compile hint (Chrome 136+): compile every function of the file with it, off the main thread. */
export const COMPILE_EAGERLY = '//# allFunctionsCalledOnLoad\n';

/**
 * `index.html`'s script (`boot.ts`) runs the app (`main.tsx`) once the page has been drawn (issue
 * 10: first paint and blocking time). This
 * - names the app's chunks in a `<meta>` of `index.html`, each after the chunks it imports, so that
 *   `boot.ts` can fetch them all at once after the first paint and run them in that order, one
 *   task each (`src/lib/app-chunks.ts`). They are not `modulepreload` links: those load while the
 *   page is first drawn, and a phone on a slow network then shares its first round trips between
 *   the page and 75 KB of script it does not need to show it;
 * - starts every chunk with V8's compile hint: a function is otherwise compiled on the main thread
 *   when first called, and hydrating a page calls most of its functions for the first time, in
 *   one task. With the hint Chromium compiles the whole chunk while it streams in, on another
 *   thread; other browsers ignore the comment. Every chunk: each is loaded only when a page is
 *   about to run it (a route, a schema, a widget), and compiling what it leaves unused off the main
 *   thread costs less than compiling what it uses on it.
 */
export function appChunkList(): Plugin {
  return {
    name: 'autoparts:app-chunk-list',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return;
      for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk') chunk.code = COMPILE_EAGERLY + chunk.code;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const content = pageChunks(bundle)
          .app.map((fileName) => `/${fileName}`)
          .join(' ');
        return { html, tags: [{ tag: 'meta', attrs: { name: APP_CHUNKS_META, content }, injectTo: 'head' }] };
      },
    },
  };
}
