import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { someoneWaits } from '../test/locks';
import { logLines } from '../test/log';
import { insertPart, signUpAdmin, type Customer } from '../test/orders';

// On both engines: a request whose client goes away halfway through its body is logged as cut off
// by the client, never as the database out of reach (decision 153), and never left waiting for ever
// (decision 159: on PostgreSQL a cut upload was neither answered nor logged).
const { log, lines } = logLines('info');
let app: FastifyInstance;
let port: number;
let admin: Customer;

beforeAll(async () => {
  app = await createTestApp({ log });
  admin = await signUpAdmin(app, 'cut-admin');
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await app?.close();
});

const boundary = 'cut-boundary';
const fields = [`--${boundary}`, 'Content-Disposition: form-data; name="kind"', '', 'pies', `--${boundary}`, 'Content-Disposition: form-data; name="mode"', '', 'dry-run', `--${boundary}`, 'Content-Disposition: form-data; name="onProblems"', '', 'refuse', `--${boundary}`, 'Content-Disposition: form-data; name="file"; filename="pies.xml"', 'Content-Type: application/xml', '', '<?xml version="1.0"?><PIES><Items>'].join('\r\n');
/** An upload that has sent its fields and the first bytes of its file, of a million announced. */
const upload = () =>
  `POST /api/admin/catalogue/imports HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${admin.token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 1000000\r\n\r\n${fields}`;

/** Sends `head` and answers the server's side of the request once it has arrived, and the client's socket. */
async function send(head: string): Promise<{ socket: net.Socket; arrived: IncomingMessage }> {
  const arrived = new Promise<IncomingMessage>((resolve) => app.server.once('request', resolve));
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(head);
  return { socket, arrived: await arrived };
}

/** The client goes away; resolves once the server has seen its request end in an abort. */
async function cut(socket: net.Socket, arrived: IncomingMessage) {
  const closed = new Promise((resolve) => arrived.once('close', resolve));
  socket.destroy();
  await closed;
}

/** Runs `during` while `table` is locked: the shop's requests that read or write it wait meanwhile. */
async function whileLocked(table: string, during: () => Promise<void>) {
  await app.db.transaction().execute(async (trx) => {
    await sql`lock table ${sql.table(table)} in access exclusive mode`.execute(trx);
    await during();
  });
}

const cutOffLines = () => lines.filter((line) => line.msg === 'request cut off by the client');

describe('a request its client cuts off', () => {
  it('is logged as such while its upload is being read, not as the database out of reach, and its upload is forgotten', async () => {
    const before = cutOffLines().length;
    const { socket, arrived } = await send(upload());
    // The handler has the file's first bytes: the import is created, its chunks are being stored.
    await expect.poll(async () => (await app.db.selectFrom('catalogue_imports').select('id').where('uploaded_at', 'is', null).execute()).length).toBe(1);
    await cut(socket, arrived);

    await expect.poll(() => cutOffLines().length).toBe(before + 1);
    expect(lines.filter((line) => line.msg === 'database unavailable')).toEqual([]);
    await expect.poll(async () => (await app.db.selectFrom('catalogue_imports').select('id').where('uploaded_at', 'is', null).execute()).length).toBe(0);
  });

  it('is let go when its client leaves while its limit is counted, before its handler reads the upload', async () => {
    const before = cutOffLines().length;
    await whileLocked('rate_counters', async () => {
      const { socket, arrived } = await send(upload());
      await someoneWaits(app, { query: 'rate_counters' });
      await cut(socket, arrived);
    });
    // It waited for ever, answered and logged by nothing: its multipart stream had ended before it was read.
    await expect.poll(() => cutOffLines().length).toBe(before + 1);
  });

  it('is let go when its client leaves while its guard looks the caller up, before its JSON body is read', async () => {
    const before = cutOffLines().length;
    const partId = await insertPart(app);
    const body = JSON.stringify({ name: 'Cut off halfway' });
    await whileLocked('access_tokens', async () => {
      const { socket, arrived } = await send(
        `PATCH /api/admin/part/${partId} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${admin.token}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
      );
      await someoneWaits(app, { query: 'access_tokens' });
      await cut(socket, arrived);
    });
    await expect.poll(() => cutOffLines().length).toBe(before + 1);
    const { name } = await app.db.selectFrom('parts').select('name').where('id', '=', partId).executeTakeFirstOrThrow();
    expect(name).not.toBe('Cut off halfway');
  });
});
