import type { Plugin } from 'vite';
import { COMPILE_EAGERLY } from './app-chunk-list.ts';
import { inlineIntoPage } from './inline-into-page.ts';

interface ChunkLike {
  type: 'chunk';
  code: string;
  imports: string[];
  dynamicImports: string[];
}

/**
 * Puts the page's script (`boot.ts`) into `index.html` as an inline module script (issue 10:
 * first paint). Linked, it was a request begun before the first paint, which a phone on a slow
 * network waits for on a connection of its own (Lighthouse's first paint 1.38–1.45 s linked
 * against 0.92–0.96 s without it, docs/benchmarks.md). The CSP allows this one script by its hash
 * (`apps/api/src/plugins/security-headers.ts`). The script must stand alone: a chunk it imported
 * would be fetched as early, and a relative import would resolve against the page's URL, so a
 * script that imports anything fails the build. Once inlined, its file is not written
 * (`inline-into-page.ts`): no page fetches it.
 */
export function inlineBoot(): Plugin {
  return inlineIntoPage('autoparts:inline-boot', (html, bundle, inlined) =>
    html.replace(/<script type="module" crossorigin src="\/(assets\/[^"]+\.js)"><\/script>/, (tag, fileName: string) => {
      const chunk = bundle[fileName] as ChunkLike | undefined;
      if (chunk?.type !== 'chunk') return tag;
      if (chunk.imports.length > 0 || chunk.dynamicImports.length > 0) {
        throw new Error(`the page's script ${fileName} imports ${[...chunk.imports, ...chunk.dynamicImports].join(', ')}: it must stand alone to be inlined`);
      }
      const code = chunk.code.replace(COMPILE_EAGERLY, '').trim();
      if (code.includes('</script')) throw new Error(`the page's script ${fileName} contains "</script": it cannot be inlined`);
      inlined.add(fileName);
      return `<script type="module">${code}</script>`;
    }),
  );
}
