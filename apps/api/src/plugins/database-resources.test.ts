import { apiErrors } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { byToken, call } from '../test/admin';
import { createTestApp } from '../test/app';
import { logLines, type LogLine } from '../test/log';
import { signUpCustomer, type Customer } from '../test/orders';

// A PostgreSQL out of disk (53100), memory (53200) or connections (53300) is "insufficient
// resources" (decision 216): the database itself raises each here, from a trigger on the reviews,
// as a full disk would fail the insert.
const { log, lines } = logLines<LogLine & { sqlstate?: string; sinceLastWarning?: number }>('info');
let app: FastifyInstance;
let customer: Customer;

beforeAll(async () => {
  app = await createTestApp({ log });
  customer = await signUpCustomer(app, 'resources');
  await sql`create table resource_fault (code text not null)`.execute(app.db);
  await sql`create function resource_fault() returns trigger language plpgsql as $$
    begin raise exception 'the server is out of a resource' using errcode = (select code from resource_fault limit 1); end $$`.execute(app.db);
  await sql`create trigger resource_fault before insert on reviews for each row execute function resource_fault()`.execute(app.db);
}, 180_000);

afterAll(async () => {
  await sql`drop trigger if exists resource_fault on reviews`.execute(app.db);
  await app?.close();
});

it('a database out of disk, memory or connections is a 503 with Retry-After in the outage’s words, logged at error once with its SQLSTATE', async () => {
  const before = lines.length;
  const replies = [];
  for (const code of ['53100', '53200', '53300']) {
    await sql`delete from resource_fault`.execute(app.db);
    await sql`insert into resource_fault (code) values (${code})`.execute(app.db);
    replies.push(await call(app, byToken(customer), { method: 'POST', url: '/api/reviews', payload: { description: `Good pads ${code}` } }));
  }

  for (const reply of replies) {
    expect({ status: reply.statusCode, retryAfter: reply.headers['retry-after'], body: reply.json() }).toEqual({ status: 503, retryAfter: '1', body: { message: apiErrors.databaseUnavailable } });
  }
  // One line at error for the three (the next in a minute would say how many were not), none of a 500.
  expect(lines.slice(before).filter((line) => line.level >= 40).map(({ level, msg, sqlstate }) => ({ level, msg, sqlstate }))).toEqual([{ level: 50, msg: 'database out of resources', sqlstate: '53100' }]);
});
