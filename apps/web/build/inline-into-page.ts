import type { IndexHtmlTransformContext, Plugin } from 'vite';

type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;

/**
 * A build plugin that puts files of the bundle into `index.html` (the page's style sheet, its
 * script): `inline` rewrites the page and adds each file it took in to `inlined`. Those files are
 * then not written to `dist`: no page fetches them.
 */
export function inlineIntoPage(name: string, inline: (html: string, bundle: Bundle, inlined: Set<string>) => string): Plugin {
  const inlined = new Set<string>();
  return {
    name,
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle }) => (bundle ? inline(html, bundle, inlined) : html),
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const fileName of inlined) Reflect.deleteProperty(bundle, fileName);
      },
    },
  };
}
