import { afterAll, expect, it } from 'vitest';
import { startOutageShop, type OutageShop } from '../test/outage';
import { eventually } from '../test/wait';

// Runs in the PostgreSQL pass only, on a server of its own that is stopped under the shop.
let outage: OutageShop | undefined;

afterAll(async () => {
  await outage?.close();
});

it('the job queue says a database outage through the requests’ reporter: once at warn for the instance, the rest at debug, never as an error', { timeout: 120_000 }, async () => {
  // At debug, to see the lines said quietly too.
  outage = await startOutageShop('queue-outage', { LOG_LEVEL: 'debug' });
  const running = outage.shop;
  // What says the outage: the requests' reporter's line, and the queue's own before decision 188.
  const outageLines = (from: number) => running.logLines.slice(from).filter((entry) => entry.msg === 'database unavailable' || entry.msg === 'job queue error');
  const fromQueue = (from: number) => outageLines(from).filter((entry) => entry.msg === 'job queue error' || entry.source === 'job queue');
  const before = running.logLines.length;
  const said = await outage.whileAway(
    async () => {
      // A request answered 503 (said at warn, the first of the minute), then pg-boss's own polls
      // failing while it is away (its monitor and maintenance: one about every 30 s here).
      expect((await fetch(`${running.url}/api/parts`)).status).toBe(503);
      await eventually(async () => fromQueue(before).length >= 1, 60);
      return outageLines(before);
    },
    async () => (await fetch(`${running.url}/readyz`)).ok,
  );
  // One warn line for the whole outage, the request's; the queue's at debug (each was a warn line of its own).
  expect(said.filter((entry) => entry.level !== 20).map((entry) => ({ level: entry.level, msg: entry.msg }))).toEqual([{ level: 40, msg: 'database unavailable' }]);
});
