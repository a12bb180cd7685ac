import tailwindcss from '@tailwindcss/vite';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vitest/config';
import { bundleReport } from './build/bundle-report';
import { precompress } from './build/precompress';

/** The home page's initial JavaScript, gzip, in KB: a build over it fails (issue 10, docs/benchmarks.md). */
const INITIAL_JS_BUDGET_KB = 90;

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    // The libraries' ES builds ('module'), so that their imports of React meet the preset's aliases.
    conditions: ['module', 'browser', 'development|production'],
    alias: {
      // Its CommonJS build would require React itself; the ES build goes through the aliases.
      '@testing-library/react': '@testing-library/react/dist/@testing-library/react.esm.js',
    },
  },
  plugins: [preact(), tailwindcss(), bundleReport({ budgetKb: INITIAL_JS_BUDGET_KB }), precompress()],
  build: {
    // The server's CSP forbids inline script; keep Vite from inlining its module preload helper.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    // The server bundle (dist/server) needs no copy of public/: the client build has it.
    copyPublicDir: !isSsrBuild,
  },
  // The server-rendering bundle (entry-server.tsx) takes the shared package's TypeScript in.
  ssr: { noExternal: true },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Each file's first test also loads the libraries through Vite (below); on two busy cores that can take seconds.
    testTimeout: 15_000,
    // The libraries that import React run through Vite, so that they too get Preact (above).
    server: { deps: { inline: [/@testing-library\/react/, /react-router/, /@tanstack\/react-query/, /react-hook-form/, /@hookform/, /sonner/, /swiper/, /recharts/] } },
  },
}));
