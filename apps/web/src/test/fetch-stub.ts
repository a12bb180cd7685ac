import { onTestFinished, vi } from 'vitest';

/** A recorded call: method, path (with query) and the JSON body it sent, if any. */
export interface StubbedCall {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
}

type Reply =
  | { status?: number; body?: unknown }
  | ((call: StubbedCall) => { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>);

/**
 * Replaces the browser's `fetch` for one test: `routes` maps 'METHOD /path' to a reply (or a
 * function making one from the call); a key ending in `*` ('GET /api/search?*') answers every
 * path it begins. Every call is recorded in `calls`; a call without a route fails the test.
 */
export function stubFetch(routes: Record<string, Reply>) {
  const calls: StubbedCall[] = [];
  const unrouted: string[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = init?.method ?? 'GET';
    const path = url.pathname + url.search;
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, path, body, headers: new Headers(init?.headers) };
    calls.push(call);
    const key = `${method} ${path}`;
    const route = routes[key] ?? Object.entries(routes).find(([pattern]) => pattern.endsWith('*') && key.startsWith(pattern.slice(0, -1)))?.[1];
    if (route === undefined) {
      unrouted.push(`${method} ${path}`);
      return Response.json({ message: `No stub for ${method} ${path}` }, { status: 501 });
    }
    const reply = typeof route === 'function' ? await route(call) : route;
    return Response.json(reply.body ?? null, { status: reply.status ?? 200 });
  });
  onTestFinished(() => {
    spy.mockRestore();
    if (unrouted.length > 0) throw new Error(`Calls without a stub: ${unrouted.join(', ')}`);
  });
  return { calls, paths: () => calls.map((call) => `${call.method} ${call.path}`) };
}
