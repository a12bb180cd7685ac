import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { errorForLog } from '../../plugins/errors';
import { postSignUp } from '../../test/accounts';
import { createTestApp } from '../../test/app';

/** Every line the shop logs, as written. */
const lines: string[] = [];
let app: FastifyInstance;

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  app = await createTestApp({ log: pino({ level: 'info', serializers: { err: errorForLog } }, sink) });
});

afterAll(async () => {
  await app?.close();
});

it('sign-ups racing for one new address log no database detail quoting it, and the race at warn', async () => {
  const email = `race-${Date.now().toString(36)}@example.com`;
  const body = { email, password: 'race-password-123', name: 'Racer' };
  const replies = await Promise.all(Array.from({ length: 8 }, () => postSignUp(app, body)));
  expect(replies.filter((reply) => reply.statusCode === 200).length).toBeGreaterThanOrEqual(1);
  // The losers' lines: Better Auth's, at warn, without the database's detail ("Key (email)=(…)").
  const raced = lines.filter((line) => line.includes('Failed to create user'));
  expect(raced.length).toBeGreaterThan(0);
  for (const line of raced) {
    expect(line.toLowerCase()).not.toContain(email);
    expect(line).not.toContain('already exists');
    expect((JSON.parse(line) as { level: number }).level).toBe(40);
  }
});
