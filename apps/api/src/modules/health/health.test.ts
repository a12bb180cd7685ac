import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app?.close();
});

describe('health and readiness', () => {
  it('/healthz answers 200 while the process lives', async () => {
    const reply = await app.inject({ method: 'GET', url: '/healthz' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers 200 when the database answers, its schema is current and changes are heard', async () => {
    const reply = await app.inject({ method: 'GET', url: '/readyz' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({ status: 'ready' });
  });

  it('/readyz answers 503 with the reason while a migration is not applied', async () => {
    const { rows } = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration order by name desc limit 1`.execute(app.db);
    const last = rows[0];
    if (!last) throw new Error('no migration ran');
    await sql`delete from kysely_migration where name = ${last.name}`.execute(app.db);
    try {
      const reply = await app.inject({ method: 'GET', url: '/readyz' });
      expect(reply.statusCode).toBe(503);
      expect(reply.json()).toEqual({ status: 'not ready', reason: `migrations not applied: ${last.name}` });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${last.name}, ${last.timestamp})`.execute(app.db);
    }
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('/readyz answers 503 once the instance is shutting down; /healthz still 200', async () => {
    app.lifecycle.shuttingDown = true;
    try {
      const reply = await app.inject({ method: 'GET', url: '/readyz' });
      expect(reply.statusCode).toBe(503);
      expect(reply.json()).toEqual({ status: 'not ready', reason: 'shutting down' });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      // Every reply while it drains ends its connection: a proxy's next request on that
      // connection would otherwise meet the close at the end of the grace (a 502, not retried).
      const parts = await app.inject({ method: 'GET', url: '/api/parts' });
      expect(parts.statusCode).toBe(200);
      expect(parts.headers.connection).toBe('close');
    } finally {
      app.lifecycle.shuttingDown = false;
    }
    expect((await app.inject({ method: 'GET', url: '/api/parts' })).headers.connection).not.toBe('close');
  });

  it('are not rate-limited: a thousand asks in a row are all answered', async () => {
    for (let index = 0; index < 1000; index++) {
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    }
  });
});
