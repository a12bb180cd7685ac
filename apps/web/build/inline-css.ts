import type { Plugin } from 'vite';
import { inlineIntoPage } from './inline-into-page.ts';

/**
 * Puts the page's style sheet into `index.html` as a `<style>` element (issue 10: first paint).
 * A linked sheet holds the first paint back for one more round trip and shares a phone's bandwidth
 * with the scripts loading beside it; inline, the page paints as soon as its HTML has arrived. The
 * sheet is about 10 KB compressed, and the CSP already allows inline style (decision 003).
 *
 * Once inlined, the file is not written (`inline-into-page.ts`). No lazily loaded chunk names it among what to load first
 * (they import the app's chunk, not the page's script that carries the styles), so no page loads
 * the same rules a second time (`e2e/tests/server-rendering.spec.ts` checks the part page).
 */
export function inlineCss(): Plugin {
  return inlineIntoPage('autoparts:inline-css', (html, bundle, inlined) =>
    html.replace(/<link rel="stylesheet"[^>]* href="\/(assets\/[^"]+\.css)">/g, (tag, fileName: string) => {
      const sheet = bundle[fileName];
      if (sheet?.type !== 'asset' || String(sheet.source).includes('</style')) return tag;
      inlined.add(fileName);
      return `<style>${String(sheet.source)}</style>`;
    }),
  );
}
