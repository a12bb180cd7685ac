import type { HtmlTagDescriptor, IndexHtmlTransformContext } from 'vite';
import { describe, expect, it } from 'vitest';
import { APP_CHUNK_ATTRIBUTE } from '../src/lib/app-chunks';
import { preloadApp } from './preload-app';

type Chunk = { type: 'chunk'; fileName: string; imports: string[]; dynamicImports: string[] };
const chunk = (fileName: string, imports: string[] = [], dynamicImports: string[] = []): Chunk => ({ type: 'chunk', fileName, imports, dynamicImports });

/** The links the plugin adds to index.html for a bundle whose entry starts `main` with a dynamic import. */
function linksFor(chunks: Chunk[]) {
  const bundle = Object.fromEntries(chunks.map((one) => [one.fileName, one]));
  const hook = preloadApp().transformIndexHtml as { handler: (html: string, context: IndexHtmlTransformContext) => { tags: HtmlTagDescriptor[] } };
  const { tags } = hook.handler('<html></html>', { bundle, chunk: bundle['assets/boot.js'] } as unknown as IndexHtmlTransformContext);
  return tags.map((tag) => tag.attrs ?? {});
}

describe('preloadApp', () => {
  it('preloads the app’s chunks, each after the chunks it imports, and not what the page’s script already imports', () => {
    const links = linksFor([
      chunk('assets/boot.js', ['assets/preload-helper.js'], ['assets/main.js']),
      chunk('assets/preload-helper.js'),
      chunk('assets/main.js', ['assets/router.js', 'assets/query.js', 'assets/preload-helper.js']),
      chunk('assets/router.js', ['assets/preact.js']),
      chunk('assets/query.js', ['assets/preact.js']),
      chunk('assets/preact.js', ['assets/runtime.js']),
      chunk('assets/runtime.js'),
    ]);
    expect(links.map((link) => link.href)).toEqual(['/assets/runtime.js', '/assets/preact.js', '/assets/router.js', '/assets/query.js', '/assets/main.js']);
    for (const link of links) expect(link).toMatchObject({ rel: 'modulepreload', [APP_CHUNK_ATTRIBUTE]: true });
  });
});
