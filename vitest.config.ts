import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          root: './apps/api',
          include: ['src/**/*.test.ts'],
          // Tests of PostgreSQL's own behaviour run only in the PostgreSQL pass.
          exclude: process.env.TEST_DATABASE_URL ? [] : ['src/**/*.postgres.test.ts'],
          environment: 'node',
          setupFiles: ['./src/test/setup.ts'],
          // Each file starts its own database; PGlite's start is CPU-bound, two cores.
          maxWorkers: 2,
          // A worker keeps the modules it has loaded for its next file (isolate: false): each file
          // builds its own app on its own database, and what modules hold across files is read-only
          // (the VIN table) or released when a call ends (the hashing slots). Loading the app anew
          // for each of ~40 files cost 90 s of the PGlite pass's 6 min.
          isolate: false,
          // Vitest runs projects with their own maxWorkers in a group of their own, after the unit tests.
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vite.config.ts',
    ],
  },
});
