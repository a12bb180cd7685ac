import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/app';
import { logLines } from '../test/log';
import { eventually } from '../test/wait';
import { startJobQueue } from './queue';

const database = await openTestDatabase();
const jobs = await startJobQueue(database, Fastify({ logger: { level: 'silent' } }).log);

/** A stop's waits for handlers that ignore their signal and for pg-boss's own stop, short: these tests wait through them. */
const shortStop = { handBackMs: 100, stopSlackMs: 500 };

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

describe('a job still running when its queue stops', () => {
  it('ends once it returns or throws, with no statement reaching the stopped queue as an unhandled rejection', async () => {
    const ownDatabase = await openTestDatabase();
    const queue = await startJobQueue(ownDatabase, Fastify({ logger: { level: 'silent' } }).log, shortStop);
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => void rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const started: string[] = [];
      await queue.work<{ n: string }>(
        'mail',
        async ({ n }) => {
          started.push(n);
          await gate;
          if (n === 'throws') throw new Error('failed after the queue stopped');
        },
        { batchSize: 1, concurrency: 1 },
      );
      await queue.work<{ n: string }>(
        'sweep',
        async ({ n }) => {
          started.push(n);
          await gate;
        },
        { batchSize: 1 },
      );
      await ownDatabase.db.transaction().execute((trx) =>
        queue.sendInTransaction(trx, [
          { queue: 'mail', data: { n: 'throws' } },
          { queue: 'sweep', data: { n: 'returns' } },
        ]),
      );
      await eventually(async () => started.length === 2);
      // pg-boss waits for the running jobs up to the stop's time-out, fails them, and stops.
      await queue.stop({ timeoutMs: 500 });
      release();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(rejections).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
      await ownDatabase.close();
    }
  }, 30_000);
});

describe('a batch whose fetch is under way when its queue stops', () => {
  it('is not run once the queue has stopped, and its job is left to be handed out again', async () => {
    const ownDatabase = await openTestDatabase();
    // pg-boss's fetch of a job is held on its way back until the queue has stopped.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let fetched!: () => void;
    const heldWithJob = new Promise<void>((resolve) => (fetched = resolve));
    let answered: Promise<unknown> | undefined;
    const executeSql: typeof ownDatabase.executeSql = async (text, values) => {
      const result = await ownDatabase.executeSql(text, values);
      if (answered || !text.includes('SKIP LOCKED') || result.rows.length === 0) return result;
      fetched();
      answered = gate.then(() => result);
      return answered as Promise<typeof result>;
    };
    const queue = await startJobQueue({ ...ownDatabase, executeSql }, Fastify({ logger: { level: 'silent' } }).log, shortStop);
    try {
      const ran: string[] = [];
      await queue.work<{ n: string }>('mail', async ({ n }) => void ran.push(n));
      await ownDatabase.db.transaction().execute((trx) => queue.sendInTransaction(trx, [{ queue: 'mail', data: { n: 'late' } }]));
      await heldWithJob;
      await queue.stop({ timeoutMs: 1_000 });
      release();
      await answered;
      // The worker has had its answer and acted on it (in microtasks after it).
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(ran).toEqual([]);
      const { rows } = await ownDatabase.executeSql("select state from pgboss.job where name = 'mail'");
      expect(rows).toEqual([{ state: 'active' }]);
    } finally {
      release();
      await ownDatabase.close();
    }
  }, 30_000);
});

describe('a job that fails', () => {
  it('is logged with its queue, its try and its reason: a warning while it will be tried again, an error once it is given up, and counted', async () => {
    const ownDatabase = await openTestDatabase();
    const { log, lines } = logLines();
    const queue = await startJobQueue(ownDatabase, log, shortStop);
    try {
      // The statements job is tried 4 times (3 retries, 5 minutes apart); the sweep once.
      await queue.work('company-statements', async () => {
        throw new Error('the ledger could not be read');
      });
      await queue.work('sweep', async () => {
        throw new Error('the sweep broke');
      });
      await ownDatabase.db.transaction().execute((trx) =>
        queue.sendInTransaction(trx, [
          { queue: 'company-statements', data: {} },
          { queue: 'sweep', data: {} },
        ]),
      );
      await eventually(async () => lines.filter((line) => line.msg.startsWith('job failed')).length >= 2);
      const failed = lines.filter((line) => line.msg.startsWith('job failed'));
      expect(failed.find((line) => line.queue === 'company-statements')).toMatchObject({
        level: 40,
        msg: 'job failed, will be tried again',
        attempt: 1,
        tries: 4,
        err: { message: 'the ledger could not be read' },
      });
      expect(failed.find((line) => line.queue === 'sweep')).toMatchObject({ level: 50, msg: 'job failed, given up', attempt: 1, tries: 1, err: { message: 'the sweep broke' } });
      expect(queue.failures()).toEqual(
        expect.arrayContaining([
          { queue: 'company-statements', retried: 1, givenUp: 0 },
          { queue: 'sweep', retried: 0, givenUp: 1 },
          { queue: 'mail', retried: 0, givenUp: 0 },
        ]),
      );
    } finally {
      await queue.stop({ timeoutMs: 500 });
      await ownDatabase.close();
    }
  }, 30_000);
});
