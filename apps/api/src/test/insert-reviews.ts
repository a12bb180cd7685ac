/**
 * The crashing process of the durability test (db/durability.test.ts). Opens the embedded database
 * in the DATA_DIR given as the first argument and inserts reviews one at a time, each in its own
 * committed statement, printing a review's number only after its commit has returned. It never
 * stops by itself: the test kills it with SIGKILL mid-stream.
 */
import { openDatabase } from '../db/database';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: insert-reviews.ts <DATA_DIR>');

const { db } = await openDatabase({ dataDir });
for (let n = 1; ; n++) {
  await db
    .insertInto('reviews')
    .values({
      email: `crash-${n}@example.com`,
      name: `Reviewer ${n}`,
      description: 'Written before the crash.',
      rating: '4',
      hidden_at: null,
    })
    .execute();
  // Writes to a pipe are synchronous on Linux: once this returns, the parent can read the line.
  process.stdout.write(`${n}\n`);
}
