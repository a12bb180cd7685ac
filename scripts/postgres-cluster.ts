/**
 * A throwaway PostgreSQL cluster for tests: a temp directory, a free port, trust auth, no fsync.
 * Run as a script it starts one, prints its URL and stops it on Ctrl-C:
 *   npx tsx scripts/postgres-cluster.ts
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './shop-process';

const run = promisify(execFile);

export interface PostgresCluster {
  /** The `postgres` maintenance database, as the superuser `postgres`. */
  url: string;
  /** `pg_ctl restart -m fast`: every connection is ended, as a restart or failover ends them. */
  restart(): Promise<void>;
  /** Stops the server and keeps its data, for `start` to bring it back (a server not up yet). */
  pause(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** A new, empty database `name` on `cluster` (the shop's, beside the maintenance database): its URL. */
export async function createDatabase(cluster: PostgresCluster, name = 'shop'): Promise<string> {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(cluster.url);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The directory holding initdb and pg_ctl, or undefined when PostgreSQL is not installed. */
export function findPostgresBinDir(): string | undefined {
  const candidates: string[] = [];
  if (process.env.POSTGRES_BIN_DIR) candidates.push(process.env.POSTGRES_BIN_DIR);
  const debianRoot = '/usr/lib/postgresql';
  if (fs.existsSync(debianRoot)) {
    // Debian keeps one directory per major version; the newest is the likeliest to be complete.
    const versions = fs.readdirSync(debianRoot).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => path.join(debianRoot, version, 'bin')));
  }
  candidates.push(...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean));
  return candidates.find(
    (dir) => fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl')),
  );
}

/** `preload`: server libraries to load at start (`shared_preload_libraries`), e.g. the bench's `pg_stat_statements`. */
export async function startPostgresCluster({ preload = [] }: { preload?: string[] } = {}): Promise<PostgresCluster> {
  const binDir = findPostgresBinDir();
  if (!binDir) throw new Error('PostgreSQL is not installed (no initdb/pg_ctl found)');

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-postgres-'));
  const dataDir = path.join(dir, 'data');
  // PostgreSQL refuses to run as root: the cluster belongs to the `postgres` user instead.
  const asRoot = process.getuid?.() === 0;
  const command = (tool: string, args: string[]): [string, string[]] => {
    const file = path.join(binDir, tool);
    return asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  };
  // Every command runs in `dir`: the postgres user may not be allowed into the caller's cwd.
  const pgCtlStop = command('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);

  let stopped = false;
  const stopSync = () => {
    if (stopped) return;
    stopped = true;
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    if (fs.existsSync(path.join(dataDir, 'postmaster.pid'))) {
      try {
        execFileSync(...pgCtlStop, { cwd: dir, stdio: 'ignore' });
      } catch {
        // Already gone; the directory is removed below all the same.
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // Ctrl-C or a CI timeout must not leave a postgres server and its files behind.
  const onSignal = (signal: NodeJS.Signals) => {
    stopSync();
    process.exit(128 + (os.constants.signals[signal] ?? 1));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    if (asRoot) execFileSync('chown', ['postgres:', dir]);
    const port = await freePort();
    const initdb = ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync'];
    await run(...command('initdb', initdb), { cwd: dir });
    // Nothing in it outlives the run, so durability is switched off for speed.
    const serverOptions = [
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
      '-c fsync=off -c synchronous_commit=off -c full_page_writes=off',
      ...(preload.length > 0 ? [`-c shared_preload_libraries=${preload.join(',')}`] : []),
    ].join(' ');
    const logFile = path.join(dir, 'postgres.log');
    // With its log in a file: postgres, which outlives pg_ctl, holds no pipe of ours open.
    const pgCtl = async (action: string, options: string[] = []) => {
      try {
        await run(...command('pg_ctl', ['-D', dataDir, '-l', logFile, '-w', ...options, action]), { cwd: dir });
      } catch (error) {
        const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
        throw new Error(`pg_ctl ${action} failed: ${String(error)}\n${log}`, { cause: error });
      }
    };
    await pgCtl('start', ['-o', serverOptions]);
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      restart: () => pgCtl('restart', ['-m', 'fast']),
      pause: () => pgCtl('stop', ['-m', 'fast']),
      start: () => pgCtl('start', ['-o', serverOptions]),
      stop: async () => {
        if (stopped) return;
        // Asynchronously first, so the caller's event loop keeps running while postgres stops.
        await run(...pgCtlStop, { cwd: dir }).catch(() => {});
        stopSync();
      },
    };
  } catch (error) {
    stopSync();
    throw error;
  }
}


if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const cluster = await startPostgresCluster();
  console.log(`PostgreSQL is running at ${cluster.url} — Ctrl-C stops it and removes its files.`);
  // Keeps the process alive until a signal; the cluster's own handler stops it and exits.
  setInterval(() => {}, 1 << 30);
}
