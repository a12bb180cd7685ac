import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { postSignUp } from '../../test/accounts';
import { createTestApp } from '../../test/app';
import { logLines } from '../../test/log';

/** Every line the shop logs, as written. */
const { log, text: lines } = logLines('info');
let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp({ log });
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
