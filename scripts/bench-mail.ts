/**
 * `npm run bench:mail`: how fast the mail outbox drains. Builds the shop in this process
 * (PGlite in memory, a temp DATA_DIR) with SMTP_URL pointing at a real SMTP server on loopback
 * (`smtp-server`, port 0), then
 *   (a) latency: MESSAGES_ONE_BY_ONE messages queued one at a time, each awaited until the SMTP
 *       server has it: p50/p95 from the commit to the server's 250,
 *   (b) throughput: MESSAGES_BURST messages queued at once (one transaction each, as order
 *       changes are), timed until the last is received: messages a second for one instance.
 * Every message is checked to arrive exactly once. The figures go into docs/benchmarks.md.
 */
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../apps/api/src/app';
import { openDatabase } from '../apps/api/src/db/database';
import { parseEnv } from '../apps/api/src/env';

const MESSAGES_ONE_BY_ONE = Number(process.env.BENCH_MAIL_SINGLE ?? 40);
const MESSAGES_BURST = Number(process.env.BENCH_MAIL_BURST ?? 300);

/** Arrivals per message, told apart by the id in their link. */
const arrivals = new Map<string, number>();
const waiting = new Map<string, () => void>();
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    stream.on('end', () => {
      const id = /https:\/\/shop\.example\/([\w-]+)/.exec(raw)?.[1] ?? '';
      arrivals.set(id, (arrivals.get(id) ?? 0) + 1);
      waiting.get(id)?.();
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const { port } = smtp.server.address() as AddressInfo;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-mail-'));
const config = parseEnv({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
  WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  SMTP_URL: `smtp://127.0.0.1:${port}`,
});
const app = await buildApp({ config, database: await openDatabase({}) });
await app.ready();

const queue = (subject: string) =>
  app.db.transaction().execute((trx) =>
    app.mail.queue(trx, { kind: 'reset-password', to: 'bench@example.com', name: 'Bench', url: `https://shop.example/${subject}` }),
  );
const arrived = (id: string) => new Promise<void>((resolve) => waiting.set(id, resolve));

const latencies: number[] = [];
for (let index = 0; index < MESSAGES_ONE_BY_ONE; index += 1) {
  const id = `single-${index}`;
  const done = arrived(id);
  const start = performance.now();
  await queue(id);
  await done;
  latencies.push(performance.now() - start);
}
latencies.sort((a, b) => a - b);
const percentile = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;

const burstIds = Array.from({ length: MESSAGES_BURST }, (_, index) => `burst-${index}`);
const allArrived = Promise.all(burstIds.map(arrived));
const burstStart = performance.now();
for (const id of burstIds) await queue(id);
const queuedMs = performance.now() - burstStart;
await allArrived;
const burstMs = performance.now() - burstStart;

const duplicates = [...arrivals.values()].filter((count) => count !== 1).length;
console.log(`machine: ${os.cpus().length} cores, load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')}`);
console.log(`(a) one at a time, ${MESSAGES_ONE_BY_ONE} messages: commit → SMTP server p50 ${percentile(50).toFixed(0)} ms, p95 ${percentile(95).toFixed(0)} ms`);
console.log(
  `(b) burst of ${MESSAGES_BURST}: queued in ${(queuedMs / 1000).toFixed(1)} s, all received after ${(burstMs / 1000).toFixed(1)} s: ${(MESSAGES_BURST / (burstMs / 1000)).toFixed(1)} messages/s`,
);
console.log(`messages received other than once: ${duplicates}`);

await app.close();
await new Promise<void>((resolve) => smtp.close(() => resolve()));
await rm(dataDir, { recursive: true, force: true });
if (duplicates > 0) process.exitCode = 1;
