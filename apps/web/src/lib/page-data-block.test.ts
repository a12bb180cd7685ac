import { dehydrate, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CARRIED_FRESH_MS, pageDataJson, receivePageData } from './page-data-block';

describe('pageDataJson', () => {
  it('cannot be closed or broken out of by the text it carries, and reads back the same', () => {
    const hostile = 'Brake pads </script><script>alert(1)</script> <!-- \u2028\u2029 $$ $&';
    const data = { queries: { mutations: [], queries: [{ queryKey: ['parts'], queryHash: '["parts"]', state: { data: [{ name: hostile }] } }] } };

    const json = pageDataJson(data as never);

    expect(json).not.toMatch(/<\/?script|<!--/i);
    expect(json).not.toMatch(/[\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(data);
  });
});

describe('receivePageData', () => {
  afterEach(() => vi.useRealTimers());

  /** A page's data as a server whose clock is an hour behind the browser's sends it. */
  function carriedPage(loadedAt: number) {
    vi.setSystemTime(loadedAt - 3_600_000);
    const server = new QueryClient();
    server.setQueryData(['part', 'p1'], { name: 'Brake pads' });
    const data = { queries: dehydrate(server) };
    vi.setSystemTime(loadedAt);
    return data;
  }

  it('counts what the page carried as fetched at the load, whatever the server’s clock, then as any answer', async () => {
    vi.useFakeTimers();
    const loadedAt = Date.parse('2026-11-23T06:00:00Z');
    const browser = new QueryClient();
    receivePageData(browser, carriedPage(loadedAt), loadedAt);
    const asked: string[] = [];
    const ask = (key: string) => browser.fetchQuery({ queryKey: [key, 'p1'], queryFn: () => (asked.push(key), { name: 'fresh' }) });

    // Not asked again while the page loads: the answer is the one carried.
    vi.setSystemTime(loadedAt + CARRIED_FRESH_MS - 1);
    expect(await ask('part')).toEqual({ name: 'Brake pads' });
    // A query the page did not carry is asked at once.
    expect(await ask('other')).toEqual({ name: 'fresh' });
    expect(asked).toEqual(['other']);

    // Then as usual: asked again, and a new answer is stale at once (no staleTime of its own).
    vi.setSystemTime(loadedAt + CARRIED_FRESH_MS + 1);
    expect(await ask('part')).toEqual({ name: 'fresh' });
    await ask('part');
    expect(asked).toEqual(['other', 'part', 'part']);
  });
});
