/**
 * Today in UTC, YYYY-MM-DD, as the shop counts days. A test takes it before the changes it asks
 * about, never after them: taken after, past midnight UTC, it is the next day's (decision 197).
 */
export const utcToday = () => new Date().toISOString().slice(0, 10);

/** The API project's `testTimeout` (vitest.config.ts): no test of it runs longer. */
const TEST_TIMEOUT_MS = 30_000;
const DAY_MS = 86_400_000;

/** Milliseconds from now to the next midnight in `timeZone` (exact near midnight, where it matters). */
function untilMidnight(timeZone: string, now = new Date()): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(now);
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value);
  return DAY_MS - (((part('hour') * 60 + part('minute')) * 60 + part('second')) * 1000 + now.getMilliseconds());
}

/**
 * For a test whose server and assertions each take "today" (or this month) for themselves: when
 * midnight in `timeZone` (a month's end too) is nearer than a test can run, waits until it has
 * passed, so that the whole test runs on one day. Once a day at most, for `withinMs` at most
 * (decision 197). In a `beforeEach`: the test's own time-out bounds it (a longer one is passed).
 */
export async function clearOfMidnight(timeZone = 'UTC', withinMs = TEST_TIMEOUT_MS): Promise<void> {
  const left = untilMidnight(timeZone);
  if (left < withinMs) await new Promise((resolve) => setTimeout(resolve, left + 10));
}
