import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
let direct: FastifyInstance;
let proxied: FastifyInstance;

beforeAll(async () => {
  [direct, proxied] = await Promise.all([createTestApp(), createTestApp({ env: { TRUST_PROXY: '1' } })]);
});

afterAll(async () => {
  await Promise.all([direct?.close(), proxied?.close()]);
});

describe('request ids', () => {
  it('are UUIDs, one per request, returned as X-Request-Id; a client does not choose its own', async () => {
    const first = await direct.inject({ method: 'GET', url: '/api/parts' });
    const second = await direct.inject({ method: 'GET', url: '/api/nothing-here' });
    const chosen = await direct.inject({ method: 'GET', url: '/api/parts', headers: { 'x-request-id': 'req-1' } });
    const ids = [first, second, chosen].map((reply) => String(reply.headers['x-request-id']));
    for (const id of ids) expect(id).toMatch(uuid);
    expect(new Set(ids).size).toBe(3);
  });

  it("behind a trusted proxy, are the proxy's", async () => {
    const reply = await proxied.inject({ method: 'GET', url: '/api/parts', headers: { 'x-request-id': '0123456789abcdef0123456789abcdef' } });
    expect(reply.headers['x-request-id']).toBe('0123456789abcdef0123456789abcdef');
  });
});
