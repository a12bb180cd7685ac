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

  /** A page's data drawn `ago` ms before the load (a kept page, or a server's clock behind the browser's). */
  function carriedPage(loadedAt: number, ago = 3_600_000) {
    vi.setSystemTime(loadedAt - ago);
    const server = new QueryClient();
    server.setQueryData(['part', 'p1'], { name: 'Brake pads' });
    server.setQueryData(['search', 'p1'], { name: 'Brake pads' });
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

  it('counts a query with a staleTime of its own fresh for that long from the load, though the page was drawn longer ago', async () => {
    vi.useFakeTimers();
    const loadedAt = Date.parse('2026-11-23T06:00:00Z');
    const browser = new QueryClient();
    // A page the server kept for 78 s, its search fresh for 60 s.
    receivePageData(browser, carriedPage(loadedAt, 78_000), loadedAt);
    const asked: number[] = [];
    const search = () =>
      browser.fetchQuery({ queryKey: ['search', 'p1'], staleTime: 60_000, queryFn: () => (asked.push(Date.now()), { name: 'fresh' }) });

    vi.setSystemTime(loadedAt + 59_000);
    expect(await search()).toEqual({ name: 'Brake pads' });
    expect(asked).toEqual([]);
    vi.setSystemTime(loadedAt + 61_000);
    expect(await search()).toEqual({ name: 'fresh' });
    expect(asked).toHaveLength(1);
  });
});
