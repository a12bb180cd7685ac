import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { eventually } from '../test/wait';
import { startJobQueue } from './queue';

const database = await openDatabase({});
const jobs = await startJobQueue(database, Fastify({ logger: { level: 'silent' } }).log);

afterAll(async () => {
  await jobs.stop();
  await database.close();
});

describe('a worker that gives way to requests', () => {
  it('still does its jobs, each once, while the event loop never rests', async () => {
    const done: string[] = [];
    await jobs.work<{ n: string }>('mail', async ({ n }) => void done.push(n), { batchSize: 5, givesWay: true });
    await database.db.transaction().execute((trx) =>
      jobs.sendInTransaction(trx, ['a', 'b', 'c'].map((n) => ({ queue: 'mail' as const, data: { n } }))),
    );
    // Busy nine tenths of the time, as under a load of requests, until the jobs are done.
    const busy = setInterval(() => {
      const until = performance.now() + 45;
      while (performance.now() < until);
    }, 50);
    try {
      await eventually(async () => done.length >= 3);
    } finally {
      clearInterval(busy);
    }
    expect(done.sort()).toEqual(['a', 'b', 'c']);
  });
});
