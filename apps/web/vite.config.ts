import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { bundleReport } from './build/bundle-report.ts';
import { compileHints } from './build/compile-hints.ts';
import { inlineCss } from './build/inline-css.ts';
import { keepPreviousAssets } from './build/keep-previous-assets.ts';
import { lowPriorityApp } from './build/low-priority-app.ts';
import { precompress } from './build/precompress.ts';

/**
 * The home page's initial JavaScript, gzip, in KB: a build over it fails. The shop's ceiling for
 * all the script the home page runs (docs/benchmarks.md); what loads later is lazily split off.
 */
const INITIAL_JS_BUDGET_KB = 138;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), bundleReport({ budgetKb: INITIAL_JS_BUDGET_KB }), inlineCss(), lowPriorityApp(), compileHints(), precompress(), keepPreviousAssets()],
  build: {
    assetsInlineLimit: 0,
    // The running release's pages name the previous build's hashed files until it is restarted:
    // a build keeps them (build/keep-previous-assets.ts) instead of emptying the folder.
    emptyOutDir: false,
    // The app has one sheet (Tailwind's), which every page holds inline (build/inline-css.ts): as one
    // file for the whole app, no lazily loaded chunk names it among what it must load first.
    cssCodeSplit: false,
    // Vite splits the chunks. The page names none as a `modulepreload` link: the entry's own imports
    // follow it at its (low) priority, after the first paint (build/low-priority-app.ts); a lazily
    // loaded page still has its chunks preloaded together. The server's CSP allows no inline
    // script (decision 037): keep the preload polyfill out.
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? [] : deps) },
    // The server bundle (dist/server) needs no copy of public/: the client build has it.
    copyPublicDir: !isSsrBuild,
  },
  ssr: {
    // The server-rendering bundle (entry-server.tsx) takes every import in, the shared package's
    // TypeScript too: the server loads one file, with no package left for Node to resolve.
    noExternal: true,
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    environment: 'jsdom',
    // Each file in a VM context of its own, on one jsdom per worker: creating jsdom for each of
    // 79 files took a third of the pass (Vitest's own report), which fell from 172 to 44 s.
    // (The pool sets its own worker count unless told; the projects run together must agree.)
    pool: 'vmThreads',
    maxWorkers: 2,
    setupFiles: ['./src/test/setup.ts'],
    // Each file's first test also loads the libraries; on two busy cores that can take seconds.
    testTimeout: 15_000,
  },
}));
