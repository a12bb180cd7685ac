import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint (Chrome 136 and later) on every chunk of the app: nearly every function
 * in the entry (React, the router, the query cache) runs while the page hydrates, and a route's
 * chunks are loaded when its page is drawn, where most of theirs run too. With the hint V8 compiles
 * them as the file streams in, off the main thread. Without it, each is compiled on the main thread
 * when it is first called, inside hydration's long tasks. The comment counts only as the file's
 * first line, so this step runs after Vite has written the entry's own first line
 * (`__vite__mapDeps`) and puts the hint above it (Rolldown's `output.postBanner` lands below it,
 * where V8 ignores it). Measured: docs/benchmarks.md, decision 087.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

export function compileHints(): Plugin {
  return {
    name: 'autoparts:compile-hints',
    apply: 'build',
    enforce: 'post',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk') chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
        }
      },
    },
  };
}
