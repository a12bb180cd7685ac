import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default leaves one core to its main process, one worker on this two-core machine:
    // the unit pass took 119 s with one worker and 78 s with two.
    maxWorkers: 2,
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
          // Tests of PostgreSQL's own behaviour run only in the PostgreSQL pass, and tests of the
          // embedded database's own (its backups) only in the PGlite pass.
          exclude: process.env.TEST_DATABASE_URL ? ['src/**/*.pglite.test.ts'] : ['src/**/*.postgres.test.ts'],
          environment: 'node',
          setupFiles: ['./src/test/setup.ts'],
          // One migrated, seeded database for the run, copied for each test app.
          globalSetup: ['./src/test/global-setup.ts'],
          // A worker keeps the modules it has loaded for its next file (isolate: false): each file
          // builds its own app on its own database, and what modules hold across files is read-only
          // (the VIN table) or released when a call ends (the hashing slots). Loading the app anew
          // for each of ~40 files cost 90 s of the PGlite pass's 6 min.
          isolate: false,
          // When every project runs at once (`npx vitest run`), the API's files wait for the unit tests.
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vite.config.ts',
      {
        test: {
          // nginx in front of two instances on a throwaway PostgreSQL: `npm run test:deploy`.
          name: 'deploy',
          root: './deploy',
          include: ['*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
