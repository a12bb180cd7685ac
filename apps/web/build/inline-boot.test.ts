import type { IndexHtmlTransformContext } from 'vite';
import { describe, expect, it } from 'vitest';
import { COMPILE_EAGERLY } from './app-chunk-list';
import { inlineBoot } from './inline-boot';

const page = '<head><script type="module" crossorigin src="/assets/index-abc.js"></script></head>';

function transform(entry: { code: string; imports?: string[]; dynamicImports?: string[] }) {
  const chunk = { type: 'chunk', imports: [], dynamicImports: [], ...entry };
  const hook = inlineBoot().transformIndexHtml as { handler: (html: string, context: IndexHtmlTransformContext) => string };
  return hook.handler(page, { bundle: { 'assets/index-abc.js': chunk } } as unknown as IndexHtmlTransformContext);
}

describe('inlineBoot', () => {
  it('puts the page’s script into the page, without the compile hint', () => {
    expect(transform({ code: `${COMPILE_EAGERLY}console.log(1);\n` })).toBe('<head><script type="module">console.log(1);</script></head>');
  });

  it('fails the build when the script imports a chunk, which would be fetched before the first paint', () => {
    expect(() => transform({ code: 'import "./x.js"', imports: ['assets/x.js'] })).toThrow(/must stand alone/);
    expect(() => transform({ code: 'import("./main.js")', dynamicImports: ['assets/main.js'] })).toThrow(/must stand alone/);
  });

  it('fails the build when the script would end the element early', () => {
    expect(() => transform({ code: 'const s = "</script>";' })).toThrow(/cannot be inlined/);
  });
});
