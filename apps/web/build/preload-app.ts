import type { HtmlTagDescriptor, Plugin } from 'vite';

/**
 * `index.html`'s script (`boot.ts`) starts the app (`main.tsx`) with a dynamic import once the
 * page has been drawn. Vite preloads only what an entry imports statically; this adds a
 * `modulepreload` link for the app's chunk and every chunk it imports statically, so that they
 * load alongside the HTML, as they did when the app was the entry, and only their running waits.
 */
export function preloadApp(): Plugin {
  return {
    name: 'autoparts:preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return html;
        const preloaded = new Set([entry.fileName, ...entry.imports]);
        const pending = [...entry.dynamicImports];
        const tags: HtmlTagDescriptor[] = [];
        while (pending.length > 0) {
          const fileName = pending.shift() ?? '';
          const chunk = bundle[fileName];
          if (preloaded.has(fileName) || chunk?.type !== 'chunk') continue;
          preloaded.add(fileName);
          tags.push({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` }, injectTo: 'head' });
          pending.push(...chunk.imports);
        }
        return { html, tags };
      },
    },
  };
}
