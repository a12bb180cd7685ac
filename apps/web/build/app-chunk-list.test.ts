import type { HtmlTagDescriptor, IndexHtmlTransformContext } from 'vite';
import { describe, expect, it } from 'vitest';
import { APP_CHUNKS_META } from '../src/lib/app-chunks';
import { appChunkList } from './app-chunk-list';

type Chunk = { type: 'chunk'; fileName: string; imports: string[]; dynamicImports: string[] };
const chunk = (fileName: string, imports: string[] = [], dynamicImports: string[] = []): Chunk => ({ type: 'chunk', fileName, imports, dynamicImports });

/** The tags the plugin adds to index.html for a bundle whose entry starts `main` with a dynamic import. */
function tagsFor(chunks: Chunk[]) {
  const bundle = Object.fromEntries(chunks.map((one) => [one.fileName, one]));
  const hook = appChunkList().transformIndexHtml as { handler: (html: string, context: IndexHtmlTransformContext) => { tags: HtmlTagDescriptor[] } };
  return hook.handler('<html></html>', { bundle, chunk: bundle['assets/boot.js'] } as unknown as IndexHtmlTransformContext).tags;
}

describe('appChunkList', () => {
  it('names the app’s chunks, each after the chunks it imports, and not what the page’s script already imports', () => {
    const tags = tagsFor([
      chunk('assets/boot.js', ['assets/preload-helper.js'], ['assets/main.js']),
      chunk('assets/preload-helper.js'),
      chunk('assets/main.js', ['assets/router.js', 'assets/query.js', 'assets/preload-helper.js']),
      chunk('assets/router.js', ['assets/preact.js']),
      chunk('assets/query.js', ['assets/preact.js']),
      chunk('assets/preact.js', ['assets/runtime.js']),
      chunk('assets/runtime.js'),
    ]);
    expect(tags).toEqual([
      {
        tag: 'meta',
        attrs: { name: APP_CHUNKS_META, content: '/assets/runtime.js /assets/preact.js /assets/router.js /assets/query.js /assets/main.js' },
        injectTo: 'head',
      },
    ]);
  });
});
