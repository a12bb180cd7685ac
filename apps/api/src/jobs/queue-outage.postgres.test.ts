import { afterAll, expect, it } from 'vitest';
import { startOutageShop, type OutageShop } from '../test/outage';
import { eventually } from '../test/wait';

// Runs in the PostgreSQL pass only, on a server of its own that is stopped under the shop.
let outage: OutageShop | undefined;

afterAll(async () => {
  await outage?.close();
});

it('the job queue says a database outage at warn, as requests do, not as an error', { timeout: 120_000 }, async () => {
  outage = await startOutageShop('queue-outage');
  const running = outage.shop;
  const queueLines = (from: number) => running.logLines.slice(from).filter((entry) => entry.msg === 'job queue error');
  const before = running.logLines.length;
  const said = await outage.whileAway(
    async () => {
      // pg-boss's workers and its monitor poll every few seconds: each poll fails while it is away.
      await eventually(async () => queueLines(before).length >= 1);
      return queueLines(before);
    },
    async () => (await fetch(`${running.url}/readyz`)).ok,
  );
  expect(said.map((entry) => entry.level)).toEqual(said.map(() => 40));
});
