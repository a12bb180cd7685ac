import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';

// `findBy…` and `waitFor` wait up to 5 s, not 1: on two cores shared by parallel runs, a render
// that answers at once on a quiet machine can take longer than a second.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  // The access token lives in localStorage; no test may see another's. (Server rendering's tests
  // run in Node, without one.)
  globalThis.localStorage?.clear();
  // Sonner keeps its toasts in a module-level store and replays the live ones to the next
  // <Toaster>: without this, a test would see the toasts of the tests before it.
  toast.dismiss();
});

// Noise is a bug: an unexpected console.error fails the test that caused it.
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  throw new Error(`console.error: ${args.map(String).join(' ')}`);
});
