import type { Plugin } from 'vite';

/**
 * Puts the page's style sheet into `index.html` as a `<style>` element: a linked sheet holds the
 * first paint back for one more round trip and shares a phone's bandwidth with the scripts
 * loading beside it; inline, the page paints as soon as its HTML has arrived. The sheet is about
 * 10 KB compressed, and the CSP allows inline style (decision 003).
 *
 * The file is still written: a lazily loaded chunk that imports from the entry names the entry's
 * sheet among what it loads first (the dashboard's), and would fail to load without it. The pages
 * a buyer lands on do not (`e2e/tests/server-rendering.spec.ts` checks the part page).
 */
export function inlineCss(): Plugin {
  return {
    name: 'autoparts:inline-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle }) =>
        bundle
          ? html.replace(/<link rel="stylesheet"[^>]* href="\/(assets\/[^"]+\.css)">/g, (tag, fileName: string) => {
              const sheet = bundle[fileName];
              return sheet?.type !== 'asset' || String(sheet.source).includes('</style') ? tag : `<style>${String(sheet.source)}</style>`;
            })
          : html,
    },
  };
}
