import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, NO_PAINT_MS } from './first-paint';

/** A stand-in for the browser's PerformanceObserver that reports paints when told to. */
function paintReports() {
  let report: ((names: string[]) => void) | undefined;
  class Observer {
    static supportedEntryTypes = ['paint'];
    constructor(callback: (entries: { getEntriesByName(name: string): unknown[] }) => void) {
      report = (names) => callback({ getEntriesByName: (name: string) => names.filter((one) => one === name) });
    }
    observe() {}
    disconnect() {
      report = undefined;
    }
  }
  vi.stubGlobal('PerformanceObserver', Observer);
  return { report: (...names: string[]) => report?.(names) };
}

function drawnPage() {
  const root = document.createElement('div');
  root.innerHTML = '<h1>Parts</h1>';
  return root;
}

async function settled(promise: Promise<void>) {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('afterFirstPaint', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('goes on at once when the app draws the page itself', async () => {
    vi.useFakeTimers();
    expect(await settled(afterFirstPaint(document.createElement('div')))).toBe(true);
  });

  it('waits for the first contentful paint of a page the server drew, not for any paint before it', async () => {
    vi.useFakeTimers();
    const paints = paintReports();
    const painted = afterFirstPaint(drawnPage());
    expect(await settled(painted)).toBe(false);
    paints.report('first-paint');
    expect(await settled(painted)).toBe(false);
    paints.report('first-contentful-paint');
    expect(await settled(painted)).toBe(true);
  });

  it('waits for a paint that comes long after it was asked, and goes on without one only after NO_PAINT_MS', async () => {
    vi.useFakeTimers();
    paintReports();
    const painted = afterFirstPaint(drawnPage());
    await vi.advanceTimersByTimeAsync(NO_PAINT_MS - 1);
    expect(await settled(painted)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(painted)).toBe(true);
  });

  it('goes on when the tab is hidden before its paint, which then never comes', async () => {
    vi.useFakeTimers();
    paintReports();
    const painted = afterFirstPaint(drawnPage());
    await vi.advanceTimersByTimeAsync(1000);
    expect(await settled(painted)).toBe(false);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(await settled(painted)).toBe(true);
  });

  it('goes on after a frame, or 100 ms, in a browser that reports no paints', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', undefined);
    vi.stubGlobal('requestAnimationFrame', () => 0);
    const painted = afterFirstPaint(drawnPage());
    await vi.advanceTimersByTimeAsync(99);
    expect(await settled(painted)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(painted)).toBe(true);
  });
});
