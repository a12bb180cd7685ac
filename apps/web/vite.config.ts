import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { bundleReport } from './build/bundle-report';
import { precompress } from './build/precompress';

/** The home page's initial JavaScript, gzip, in KB: a build over it fails (issue 10, docs/benchmarks.md). */
const INITIAL_JS_BUDGET_KB = 132;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), bundleReport({ budgetKb: INITIAL_JS_BUDGET_KB }), precompress()],
  build: {
    // The server's CSP forbids inline script; keep Vite from inlining its module preload helper.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    // The server bundle (dist/server) needs no copy of public/: the client build has it.
    copyPublicDir: !isSsrBuild,
  },
  // The server-rendering bundle (entry-server.tsx) takes the shared package's TypeScript in.
  ssr: { noExternal: ['@autoparts/shared'] },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
  },
}));
