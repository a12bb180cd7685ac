import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { createScratchDatabase } from '../test/scratch-database';
import { startJobQueue } from './queue';

// Runs in the PostgreSQL pass only: instances started together on a new database (systemd starting
// two units, a deploy of N containers) all come up, though they race to install pg-boss.
const log = Fastify({ logger: { level: 'silent' } }).log;

it('starts the job queue on several instances at once on a new database', { timeout: 60_000 }, async () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('the PostgreSQL pass sets TEST_DATABASE_URL');
  // The race is lost only some of the time: a few new databases make it all but certain.
  for (let round = 0; round < 3; round += 1) {
    const scratch = await createScratchDatabase(serverUrl);
    const databases = await Promise.all([0, 1].map(() => openDatabase({ databaseUrl: scratch.url })));
    try {
      const queues = await Promise.allSettled(databases.map((database) => startJobQueue(database, log)));
      expect(queues.map((queue) => (queue.status === 'rejected' ? String(queue.reason) : 'started'))).toEqual(['started', 'started']);
      await Promise.all(queues.map((queue) => (queue.status === 'fulfilled' ? queue.value.stop() : undefined)));
    } finally {
      await Promise.all(databases.map((database) => database.close()));
      await scratch.drop();
    }
  }
});
