import net from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { signUpAdmin, type Customer } from '../test/orders';

type Line = { level: number; msg: string };
const lines: Line[] = [];
let app: FastifyInstance;
let port: number;
let admin: Customer;

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean).map((line) => JSON.parse(line) as Line));
      done();
    },
  });
  app = await createTestApp({ log: pino({ level: 'info' }, sink) });
  admin = await signUpAdmin(app, 'cut-admin');
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await app?.close();
});

// On the embedded database the cut reached the error handler as ECONNRESET and was logged as the
// database out of reach (a 503 in the metrics); on PostgreSQL the same cut logged nothing here.
it('logs a body the client cuts off halfway as such, not as the database out of reach (decision 153)', async () => {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  const boundary = 'cut-boundary';
  const head = [`--${boundary}`, 'Content-Disposition: form-data; name="kind"', '', 'pies', `--${boundary}`, 'Content-Disposition: form-data; name="mode"', '', 'dry-run', `--${boundary}`, 'Content-Disposition: form-data; name="onProblems"', '', 'refuse', `--${boundary}`, 'Content-Disposition: form-data; name="file"; filename="pies.xml"', 'Content-Type: application/xml', '', '<?xml version="1.0"?><PIES><Items>'].join('\r\n');
  // An upload that has sent its fields and the first bytes of its file, then the client goes away.
  socket.write(`POST /api/admin/catalogue/imports HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${admin.token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 1000000\r\n\r\n${head}`);
  socket.destroy();
  await expect.poll(() => lines.find((line) => line.msg === 'request cut off by the client'), { timeout: 10_000 }).toBeDefined();

  expect(lines.filter((line) => line.msg === 'database unavailable')).toEqual([]);
});
