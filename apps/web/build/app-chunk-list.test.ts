import type { HtmlTagDescriptor, IndexHtmlTransformContext } from 'vite';
import { describe, expect, it } from 'vitest';
import { APP_CHUNKS_META } from '../src/lib/app-chunks';
import { appChunkList, COMPILE_EAGERLY, pageChunks } from './app-chunk-list';

type Chunk = { type: 'chunk'; fileName: string; name: string; imports: string[]; dynamicImports: string[]; isEntry: boolean; code: string };
const chunk = (fileName: string, imports: string[] = [], dynamicImports: string[] = []): Chunk => ({
  type: 'chunk',
  fileName,
  name: fileName.replace(/^assets\/|\.js$/g, ''),
  imports,
  dynamicImports,
  isEntry: fileName === 'assets/boot.js' || fileName === 'assets/main.js',
  code: `// ${fileName}`,
});

/** A bundle of two entries, the page's script and the app (`main`); the admin's chunk loads later. */
function bundle() {
  const chunks = [
    chunk('assets/boot.js', ['assets/first-paint.js']),
    chunk('assets/first-paint.js'),
    chunk('assets/preload-helper.js'),
    chunk('assets/main.js', ['assets/router.js', 'assets/query.js', 'assets/preload-helper.js'], ['assets/admin.js']),
    chunk('assets/router.js', ['assets/preact.js']),
    chunk('assets/query.js', ['assets/preact.js']),
    chunk('assets/preact.js', ['assets/runtime.js']),
    chunk('assets/runtime.js'),
    chunk('assets/admin.js', ['assets/preact.js']),
  ];
  return Object.fromEntries(chunks.map((one) => [one.fileName, one]));
}

describe('pageChunks', () => {
  it('lists the page’s script with its imports, then the app’s chunks each after the chunks it imports, and nothing loaded later', () => {
    const chunks = bundle();
    expect(pageChunks(chunks)).toEqual({
      page: ['assets/first-paint.js', 'assets/boot.js'],
      app: ['assets/runtime.js', 'assets/preact.js', 'assets/router.js', 'assets/query.js', 'assets/preload-helper.js', 'assets/main.js'],
    });
  });
});

describe('appChunkList', () => {
  it('names the app’s chunks in index.html, in the order they run', () => {
    const chunks = bundle();
    const hook = appChunkList().transformIndexHtml as { handler: (html: string, context: IndexHtmlTransformContext) => { tags: HtmlTagDescriptor[] } };
    const { tags } = hook.handler('<html></html>', { bundle: chunks, chunk: chunks['assets/boot.js'] } as unknown as IndexHtmlTransformContext);
    expect(tags).toEqual([
      {
        tag: 'meta',
        attrs: { name: APP_CHUNKS_META, content: '/assets/runtime.js /assets/preact.js /assets/router.js /assets/query.js /assets/preload-helper.js /assets/main.js' },
        injectTo: 'head',
      },
    ]);
  });

  it('asks V8 to compile every chunk eagerly', () => {
    const chunks = bundle();
    const hook = appChunkList().generateBundle as (this: unknown, options: unknown, bundle: unknown) => void;
    hook.call({ environment: { name: 'client' } }, {}, chunks);
    for (const one of Object.values(chunks)) expect(one.code).toBe(`${COMPILE_EAGERLY}// ${one.fileName}`);
  });

  it('leaves the server’s build as it is', () => {
    const chunks = bundle();
    const hook = appChunkList().generateBundle as (this: unknown, options: unknown, bundle: unknown) => void;
    hook.call({ environment: { name: 'ssr' } }, {}, chunks);
    for (const one of Object.values(chunks)) expect(one.code).toBe(`// ${one.fileName}`);
  });
});
