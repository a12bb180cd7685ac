/**
 * pg-boss's own SQL (`src/plans.js`), which its package does not type: a test runs the statement
 * its supervisor runs every two minutes, at once (decision 194).
 */
declare module 'pg-boss/src/plans.js' {
  const plans: {
    /** Fails (or retries) the active jobs past their expiry, copying those failed for good to their dead-letter queue. */
    failJobsByTimeout(schema: string): string;
  };
  export default plans;
}
