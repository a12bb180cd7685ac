import type { IndexHtmlTransformContext } from 'vite';
import { describe, expect, it } from 'vitest';
import { COMPILE_EAGERLY } from './app-chunk-list';
import { inlineBoot } from './inline-boot';

const page = '<head><script type="module" crossorigin src="/assets/index-abc.js"></script></head>';

type Hook<Args extends unknown[], Result> = { handler: (...args: Args) => Result };

function build(entry: { code: string; imports?: string[]; dynamicImports?: string[] }) {
  const plugin = inlineBoot();
  const bundle: Record<string, unknown> = { 'assets/index-abc.js': { type: 'chunk', imports: [], dynamicImports: [], ...entry } };
  const html = (plugin.transformIndexHtml as Hook<[string, IndexHtmlTransformContext], string>).handler(page, {
    bundle,
  } as unknown as IndexHtmlTransformContext);
  (plugin.generateBundle as Hook<[unknown, Record<string, unknown>], void>).handler({}, bundle);
  return { html, written: Object.keys(bundle) };
}

const transform = (entry: Parameters<typeof build>[0]) => build(entry).html;

describe('inlineBoot', () => {
  it('puts the page’s script into the page, without the compile hint', () => {
    expect(transform({ code: `${COMPILE_EAGERLY}console.log(1);\n` })).toBe('<head><script type="module">console.log(1);</script></head>');
  });

  it('does not write the inlined script as a file of its own', () => {
    expect(build({ code: 'console.log(1);' }).written).toEqual([]);
  });

  it('fails the build when the script imports a chunk, which would be fetched before the first paint', () => {
    expect(() => transform({ code: 'import "./x.js"', imports: ['assets/x.js'] })).toThrow(/must stand alone/);
    expect(() => transform({ code: 'import("./main.js")', dynamicImports: ['assets/main.js'] })).toThrow(/must stand alone/);
  });

  it('fails the build when the script would end the element early', () => {
    expect(() => transform({ code: 'const s = "</script>";' })).toThrow(/cannot be inlined/);
  });
});
