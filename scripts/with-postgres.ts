/**
 * Runs a command against a throwaway PostgreSQL cluster:
 *   tsx scripts/with-postgres.ts vitest run --project api
 * The command gets TEST_DATABASE_URL (the cluster's maintenance database); the cluster is
 * removed afterwards and the command's exit code is ours. Without PostgreSQL installed this is
 * a skip, unless REQUIRE_POSTGRES=1 (CI), where it is a failure.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { findPostgresBinDir, startPostgresCluster } from './postgres-cluster';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: tsx scripts/with-postgres.ts <command> [args...]');
  process.exit(2);
}

if (!findPostgresBinDir()) {
  const required = process.env.REQUIRE_POSTGRES === '1';
  console.error(
    `${required ? 'FAIL' : 'SKIP'}: PostgreSQL server binaries (initdb, pg_ctl) not found in ` +
      '/usr/lib/postgresql/*/bin, POSTGRES_BIN_DIR or PATH; not running: ' +
      `${[command, ...args].join(' ')}. Install them with: apt-get install postgresql` +
      (required ? '' : ' (set REQUIRE_POSTGRES=1 to make this a failure).'),
  );
  process.exit(required ? 1 : 0);
}

const cluster = await startPostgresCluster();
const repoRoot = path.resolve(import.meta.dirname, '..');
const child = spawn(command, args, {
  stdio: 'inherit',
  env: {
    ...process.env,
    TEST_DATABASE_URL: cluster.url,
    // Lets the command be a tool of the workspace (vitest) even when not started by npm.
    PATH: [path.join(repoRoot, 'node_modules/.bin'), process.env.PATH].join(path.delimiter),
  },
});
// Ahead of the cluster's own handler, which stops the cluster and exits: the command hears of
// the signal first instead of finding its database gone.
const forward = (signal: NodeJS.Signals) => child.kill(signal);
process.prependListener('SIGINT', forward);
process.prependListener('SIGTERM', forward);

const exitCode = await new Promise<number>((resolve) => {
  child.once('error', (error) => {
    console.error(`could not run ${command}: ${error.message}`);
    resolve(127);
  });
  child.once('exit', (code, signal) =>
    resolve(code ?? 128 + (signal ? (os.constants.signals[signal] ?? 1) : 1)),
  );
});
await cluster.stop();
process.exit(exitCode);
