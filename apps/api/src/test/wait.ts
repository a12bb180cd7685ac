/**
 * Waits until `check` answers true, asking every 200 ms; fails after `seconds`. For work done by
 * a job worker (an order's expiry): the test waits for the outcome, it does not time it.
 */
export async function eventually(check: () => Promise<boolean>, seconds = 30): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not done within ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
