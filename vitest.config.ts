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
