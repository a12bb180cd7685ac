import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { limits } from '../modules/limits/limits';
import { createTestApp } from '../test/app';
import { logLines, type LogLine } from '../test/log';

const { log, lines } = logLines<LogLine & { route?: string; limit?: string; max?: number; url?: string; status?: number; ip?: string }>('info');
let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp({ realLimits: true, log });
});

afterAll(async () => {
  await app?.close();
});

const reached = () => lines.filter((line) => line.msg === 'rate limit reached');

// Every 429 wrote its own warn line beside its request line: a flood past a limit doubled the log.
it('logs "rate limit reached" once per caller and window, when the instance first remembers it over its limit', async () => {
  const shopper = '203.0.113.21';
  const search = (q: string, remoteAddress = shopper) => app.inject({ method: 'GET', url: `/api/search?q=${q}`, remoteAddress });
  expect((await search('oil')).statusCode).toBe(200);
  await app.db.updateTable('rate_counters').set({ count: limits.search.max }).where('key', '=', `search:ip:${shopper}`).execute();

  const refused = [];
  for (const q of ['air', 'cabin', 'fuel', 'spark', 'coil', 'belt']) refused.push((await search(q)).statusCode);

  expect(refused).toEqual([429, 429, 429, 429, 429, 429]);
  expect(reached()).toEqual([expect.objectContaining({ level: 40, route: '/api/search', limit: 'search', max: limits.search.max })]);
  // The refusals after the first say nothing new: their request lines are at debug, so a flood past
  // a limit writes no line a request (decision 159).
  expect(lines.filter((line) => line.msg === 'request' && line.status === 429).map((line) => line.url)).toEqual(['/api/search?q=air']);

  // Another caller past the same limit is logged once too.
  const other = '203.0.113.22';
  // A search not asked before (the cache's answers are not counted), to start its counter.
  expect((await search('wiper', other)).statusCode).toBe(200);
  await app.db.updateTable('rate_counters').set({ count: limits.search.max }).where('key', '=', `search:ip:${other}`).execute();
  for (const q of ['horn', 'lamp']) expect((await search(q, other)).statusCode).toBe(429);
  expect(reached()).toHaveLength(2);
});
