import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { checkEngineFree, ENGINE_FREE_FILES, LONGEST_FILES_FIRST } from './apps/api/src/test/passes';

const apiRoot = path.resolve(import.meta.dirname, 'apps/api');
const postgresPass = Boolean(process.env.TEST_DATABASE_URL);
// A file listed as reaching no database that does reach one would lose its PostgreSQL run: refused here.
checkEngineFree(apiRoot);

/**
 * Vitest's order (failed first, then longest, then largest), except that the API's longest files
 * start first: in a fresh clone Vitest knows no durations and a small file that waits 35 s started
 * last, alone (decision 189). Each project's files stay together, in Vitest's order of projects.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      if (spec.project.name !== 'api') return LONGEST_FILES_FIRST.length;
      const index = LONGEST_FILES_FIRST.indexOf(path.relative(apiRoot, spec.moduleId).split(path.sep).join('/'));
      return index === -1 ? LONGEST_FILES_FIRST.length : index;
    };
    // Stable: within a project, the listed files first in the list's order, the rest as Vitest had them.
    const blocks = new Map<string, TestSpecification[]>();
    for (const spec of sorted) {
      const key = `${spec.project.config.sequence.groupOrder}/${spec.project.name}`;
      blocks.set(key, [...(blocks.get(key) ?? []), spec]);
    }
    return [...blocks.values()].flatMap((block) => block.sort((a, b) => rank(a) - rank(b)));
  }
}

export default defineConfig({
  test: {
    // Vitest's default leaves one core to its main process, one worker on this two-core machine:
    // the unit pass took 119 s with one worker and 78 s with two. The API's passes wait on shop
    // processes, stopped servers and timers, and take more workers than cores: `npm run test:api`
    // runs three, `npm run test:api:postgres` four (package.json; decision 217).
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
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
          // embedded database's own (its backups) only in the PGlite pass, as do the files that
          // reach no database of the pass, which would run the same way twice (decision 189).
          exclude: postgresPass ? ['src/**/*.pglite.test.ts', ...ENGINE_FREE_FILES] : ['src/**/*.postgres.test.ts'],
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
