import { afterAll, afterEach, vi } from 'vitest';

/**
 * An unexpected console.error fails the test that caused it (STYLE.md: noise is a bug). The
 * message is still printed, so the failure shows what was said. A test that expects an error
 * checks it and then calls `vi.mocked(console.error).mockClear()`.
 */
const consoleError = vi.spyOn(console, 'error');

function failOnConsoleError() {
  const count = consoleError.mock.calls.length;
  if (count === 0) return;
  const first = consoleError.mock.calls[0]?.map(String).join(' ');
  consoleError.mockClear();
  throw new Error(`console.error was called ${count} time(s), first with: ${first}`);
}

afterEach(failOnConsoleError);
// beforeAll/afterAll hooks run outside any test, so they are checked when the file is done.
afterAll(failOnConsoleError);
