import type { Plugin } from 'vite';

/**
 * Puts the page's style sheet into `index.html` as a `<style>` element: a linked sheet holds the
 * first paint back for one more round trip and shares a phone's bandwidth with the scripts
 * loading beside it; inline, the page paints as soon as its HTML has arrived. The sheet is about
 * 10 KB compressed, and the CSP allows inline style (decision 003).
 *
 * The app's one sheet (`cssCodeSplit: false`, vite.config.ts): no chunk names a sheet among what it
 * must load first, so no lazily loaded chunk asks for these rules again (the part page's Place Order
 * form and the dashboard's overview are loaded from lazily loaded chunks;
 * `e2e/tests/server-rendering.spec.ts` checks the part page). The file is still written.
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
