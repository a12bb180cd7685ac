import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { options } from 'preact';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  // The access token lives in localStorage; no test may see another's.
  localStorage.clear();
  // Sonner keeps its toasts in a module-level store and replays the live ones to the next
  // <Toaster>: without this, a test would see the toasts of the tests before it.
  toast.dismiss();
});

// Preact runs effects after the next frame: a requestAnimationFrame raced by a 100 ms timer whose
// callback calls cancelAnimationFrame. A file's last render can leave that timer pending when
// jsdom's globals go away, and it then throws "cancelAnimationFrame is not defined" outside any
// test. jsdom never paints, so effects run on the next task instead and no timer needs jsdom.
// (act() sets its own scheduler for its duration and puts this one back.)
options.requestAnimationFrame = (flushEffects) => {
  setTimeout(flushEffects);
};

// Noise is a bug: an unexpected console.error fails the test that caused it.
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  throw new Error(`console.error: ${args.map(String).join(' ')}`);
});
