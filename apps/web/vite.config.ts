import tailwindcss from '@tailwindcss/vite';
import preact from '@preact/preset-vite';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { bundleReport } from './build/bundle-report.ts';
import { inlineCss } from './build/inline-css.ts';
import { precompress } from './build/precompress.ts';
import { APP_ENTRY, appChunkList } from './build/app-chunk-list.ts';
import { inlineBoot } from './build/inline-boot.ts';

/** The home page's initial JavaScript, gzip, in KB: a build over it fails (issue 10, docs/benchmarks.md). */
const INITIAL_JS_BUDGET_KB = 90;

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    // The browser build's and the Vitest (jsdom) run's: Vite's browser defaults, written out because
    // Vitest would otherwise resolve with its server ones, without 'module' — the libraries' CommonJS
    // builds would then require React itself instead of meeting the preset's aliases. The SSR build
    // does not inherit these (Vite ≥ 6): it says its own in `ssr.resolve`.
    conditions: [...defaultClientConditions],
    alias: {
      // Its CommonJS build would require React itself; the ES build goes through the aliases.
      '@testing-library/react': '@testing-library/react/dist/@testing-library/react.esm.js',
    },
  },
  plugins: [preact(), tailwindcss(), bundleReport({ budgetKb: INITIAL_JS_BUDGET_KB }), inlineCss(), inlineBoot(), appChunkList(), precompress()],
  build: {
    // The server's CSP allows no inline script but the page's own (decision 033); keep Vite from
    // adding its module preload polyfill to it.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    // Two entries: the page's script (boot.ts, from index.html, which the build puts into the page:
    // build/inline-boot.ts) and the app it runs once the page is drawn (main.tsx), with all it
    // imports in one chunk: loaded lazily, its code shared with the lazily loaded pages would be
    // split into a dozen small chunks. Apart from it: Preact, TanStack Query and React Router,
    // each a chunk that boot.ts runs in a task of its own (lib/app-chunks.ts), and Vite's preload
    // helper, which the app's lazily loaded pages need.
    rolldownOptions: {
      // React Router asks React for useOptimistic (React 19) and does without it when it is not
      // there, as under preact/compat (decision 031). Rolldown reports such an import at every
      // build and gives no way to pass over one: its check is off; in our own code TypeScript
      // refuses an import that is not exported (npm run typecheck).
      checks: { importIsUndefined: false },
      ...(isSsrBuild
        ? {}
        : {
            input: { index: 'index.html', [APP_ENTRY]: 'src/main.tsx' },
            // The app's chunk keeps `start` by its name (boot.ts calls it), beside what the lazily
            // loaded pages import from it.
            preserveEntrySignatures: 'allow-extension',
            output: {
              codeSplitting: {
                groups: [
                  { name: 'preact', test: /node_modules[\\/]preact[\\/]/, priority: 5 },
                  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 4 },
                  { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 4 },
                  { name: 'preload-helper', test: /vite\/preload-helper/, priority: 2 },
                  { name: 'main', test: /\/src\/main\.tsx$/, priority: 1 },
                ],
                includeDependenciesRecursively: true,
              },
            },
          }),
    },
    // The server bundle (dist/server) needs no copy of public/: the client build has it.
    copyPublicDir: !isSsrBuild,
  },
  ssr: {
    // The server-rendering bundle (entry-server.tsx) takes every import in, the shared package's
    // TypeScript too: no package is left for Node to load, so no `externalConditions` to name.
    noExternal: true,
    // Resolved as for Node ('node', not 'browser'), from the libraries' ES builds ('module').
    resolve: { conditions: [...defaultServerConditions] },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Each file's first test also loads the libraries through Vite (below); on two busy cores that can take seconds.
    testTimeout: 15_000,
    // The libraries that import React run through Vite, so that they too get Preact (above).
    server: { deps: { inline: [/@testing-library\/react/, /react-router/, /@tanstack\/react-query/, /react-hook-form/, /@hookform/, /sonner/, /swiper/, /recharts/] } },
  },
}));
