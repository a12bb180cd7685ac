import net from 'node:net';
import { apiErrors, requestNotValid } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byToken, expectReply, headersOf } from '../test/admin';
import { createTestApp } from '../test/app';
import { insertPart, signUpAdmin, signUpCustomer, type Customer } from '../test/orders';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './request-guards';

let app: FastifyInstance;
let customer: Customer;

beforeAll(async () => {
  // A whole request may take a second and a half here (a minute in the shop).
  app = await createTestApp({ requestTimeoutMs: 1_500 });
  customer = await signUpCustomer(app, 'guards');
});

afterAll(async () => {
  await app?.close();
});

describe('cross-origin writes with the session cookie', () => {
  it('are refused on the path the router decodes, not only the one written', async () => {
    const partId = await insertPart(app, { available: 5 });
    for (const url of ['/api/order', '/%61pi/order', '/ap%69/%6Frder']) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { cookie: customer.cookie, origin: 'https://evil.example' },
        payload: { partId, customername: customer.name, address: '1 Test Street, Testville', orderQuantity: 1 },
      });
      expectReply(response, 403, apiErrors.crossOrigin);
    }
    const { rows } = await sql<{ count: string }>`select count(*) from orders where part_id = ${partId}`.execute(app.db);
    expect(Number(rows[0]?.count)).toBe(0);
  });
});

describe('JSON bodies', () => {
  it('nested deeper than any form of ours are refused before they are parsed, on every route', async () => {
    const deep = `{"description":${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)},"ratings":"5"}`;
    for (const url of ['/api/reviews', '/api/auth/sign-in/email']) {
      const response = await app.inject({ method: 'POST', url, headers: { cookie: customer.cookie, 'content-type': 'application/json' }, payload: deep });
      expectReply(response, 400, apiErrors.bodyTooDeep);
    }
  });

  it('that do not parse, or are empty, are refused with the shop’s words, not Fastify’s', async () => {
    for (const payload of ['{"description": "Good", ', '']) {
      for (const url of ['/api/reviews', '/api/auth/sign-in/email']) {
        const response = await app.inject({ method: 'POST', url, headers: { cookie: customer.cookie, 'content-type': 'application/json' }, payload });
        expectReply(response, 400, requestNotValid);
      }
    }
  });

  it('depth is counted over the text: brackets inside strings do not count', () => {
    expect(nestsDeeperThan('{"a":"[[[[[[[[[[[[[[[[[[[[[[","b":"\\"{{{{{{{{{{{{{{{{{{"}', 2)).toBe(false);
    expect(nestsDeeperThan('{"a":[[1]]}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":[[[1]]]}', 3)).toBe(true);
    expect(nestsDeeperThan(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`, MAX_JSON_DEPTH)).toBe(true);
  });

  it('larger than their route takes are refused with 413: the auth forms take 16 KB, others 64 KB', async () => {
    const padding = 'x'.repeat(20 * 1024);
    const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: 'a@example.com', password: padding } });
    expect(signIn.statusCode).toBe(413);
    expect(signIn.json()).toEqual({ message: expect.any(String) });
    const review = await app.inject({ method: 'POST', url: '/api/reviews', headers: { cookie: customer.cookie }, payload: { description: 'x'.repeat(70 * 1024), ratings: '5' } });
    expect(review.statusCode).toBe(413);
  });

  it('too large are answered 413 in the shop’s words, not Fastify’s “Request body is too large”', async () => {
    const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: 'a@example.com', password: 'x'.repeat(20 * 1024) } });
    expectReply(signIn, 413, apiErrors.bodyTooLarge);
    const review = await app.inject({ method: 'POST', url: '/api/reviews', headers: { cookie: customer.cookie }, payload: { description: 'x'.repeat(70 * 1024), ratings: '5' } });
    expectReply(review, 413, apiErrors.bodyTooLarge);
  });
});

describe('a multipart form over the upload’s limits', () => {
  it('of fields is answered 413 in the shop’s words, not the multipart plugin’s “reach fields limit”', async () => {
    const admin = await signUpAdmin(app, 'guards-admin');
    const boundary = 'xyz';
    const fields = Array.from({ length: 11 }, (_, index) => `--${boundary}\r\nContent-Disposition: form-data; name="f${index}"\r\n\r\nx\r\n`).join('');
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/catalogue/imports',
      payload: `${fields}--${boundary}--\r\n`,
      headers: { ...headersOf(byToken(admin)), 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expectReply(response, 413, apiErrors.bodyTooLarge);
  });
});

// Regression (was a bug): busboy's errors for a body that is no multipart form had no status, and
// were answered 500 "Internal Server Error" (DESIGN §5: no input yields a 500).
describe('a multipart body that is not one', () => {
  const part = (name: string, value: string) => `--xyz\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  it.each([
    ['without its boundary', 'not a form at all'],
    ['cut off in a part', `${part('kind', 'vcdb')}--xyz\r\nContent-Disposition: form-data; name="mode"\r\n\r\ndry`],
    ['with a field named __proto__', `${part('__proto__', 'x')}--xyz--\r\n`],
  ])('(%s) is answered 400 in the shop’s words, nothing imported', async (_case, payload) => {
    const admin = await signUpAdmin(app, `guards-multipart-${_case.length}`);
    const before = await app.db.selectFrom('catalogue_imports').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/catalogue/imports',
      payload,
      headers: { ...headersOf(byToken(admin)), 'content-type': 'multipart/form-data; boundary=xyz' },
    });
    expectReply(response, 400, requestNotValid);
    expect(await app.db.selectFrom('catalogue_imports').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).toEqual(before);
  });
});

describe('a body of a type no route reads', () => {
  it.each(['text/plain', 'application/xml', 'application/x-www-form-urlencoded'])(
    '(%s) is answered 415 in the shop’s words, not Fastify’s “Unsupported Media Type”',
    async (type) => {
      for (const url of ['/api/reviews', '/api/auth/sign-in/email']) {
        const response = await app.inject({ method: 'POST', url, headers: { cookie: customer.cookie, 'content-type': type }, payload: 'description=Good&ratings=5' });
        expectReply(response, 415, apiErrors.unsupportedMediaType);
      }
    },
  );
});

describe('a URL with a broken percent-escape', () => {
  it.each(['/api/part/%E0%A4%A', '/api/part/%zz<b>', '/api/admin/%E0%A4%A%3Cscript%3E'])(
    '(%s) is answered 400 in the shop’s words, without the URL echoed back',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expectReply(response, 400, apiErrors.badUrl);
      expect(response.body).not.toMatch(/%E0|%zz|script|valid url/i);
    },
  );

  // Regression (was a bug): Fastify's router answers these before any hook runs, and the reply went
  // without the headers every other reply carries (no CSP, no nosniff, no DENY, kept by any cache).
  it.each(['/api/part/%zz', '/api/part/%E0%A4%A'])('(%s) carries the headers every reply does', async (url) => {
    const expected = await app.inject({ method: 'GET', url: '/api/part/not-a-part' });
    const response = await app.inject({ method: 'POST', url, payload: {} });
    expect(response.statusCode).toBe(400);
    for (const name of ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'strict-transport-security', 'permissions-policy', 'cache-control']) {
      expect(response.headers[name], name).toBe(expected.headers[name]);
    }
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('(a page’s address) is moved to the address written readable, then answered as any address that is no page: 404, without the URL echoed back', async () => {
    const response = await app.inject({ method: 'GET', url: '/part/%zz<b>' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/part/%25zz%3Cb%3E');
    expect(response.body).not.toMatch(/%zz|valid url/i);
    // This app has no web build: the not-found answer is the API's JSON (the page: web-app.test.ts).
    const moved = await app.inject({ method: 'GET', url: response.headers.location });
    expectReply(moved, 404, apiErrors.notFound);
    expect(moved.body).not.toMatch(/%zz|valid url/i);
  });
});

let listening: Promise<number> | undefined;
/** The test app's port, listening on 127.0.0.1 from the first call on. */
function port(): Promise<number> {
  listening ??= app.listen({ port: 0, host: '127.0.0.1' }).then((address) => Number(new URL(address).port));
  return listening;
}

/** Sends `text` on a new connection and answers all the shop wrote back before closing it. */
async function exchange(text: string): Promise<string> {
  const socket = net.connect(await port(), '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(text);
  await closed;
  return received;
}

/** A reply read off the socket: its status, its headers (names in lower case) and its body. */
function parsed(received: string) {
  const [head = '', body = ''] = received.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) as unknown };
}

/** Headers every reply carries, compared with a reply a route wrote. */
const EVERY_REPLY = ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'strict-transport-security', 'referrer-policy', 'permissions-policy'];

// Regression (was a bug): what Node refuses before Fastify has a request went out as Fastify's
// `{ error, message, statusCode }` in English, with no security header (decision 193).
describe('a request Node cannot take', () => {
  it.each([
    ['headers over 16 KB', `GET /api/parts HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, apiErrors.headersTooLarge],
    ['a malformed request line', 'GET /a b c HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', 400, requestNotValid],
    ['a length that is no number', 'POST /api/cart/preview HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: abc\r\n\r\n', 400, requestNotValid],
  ])('(%s) is answered in the shop’s words, with the headers every reply carries', async (_label, text, status, message) => {
    const expected = await app.inject({ method: 'GET', url: '/api/part/not-a-part' });
    const reply = parsed(await exchange(text));
    expect(reply.status).toBe(status);
    expect(reply.body).toEqual({ message });
    for (const name of EVERY_REPLY) expect(reply.headers[name], name).toBe(expected.headers[name]);
    expect(reply.headers['cache-control']).toBe('private, no-store');
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(reply.headers.connection).toBe('close');
  });
});

describe('a request sent a byte at a time', () => {
  it('is answered 408 and cut off once the whole request has taken too long', { timeout: 30_000 }, async () => {
    const socket = net.connect(await port(), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => {});
    const body = JSON.stringify({ email: 'slow@example.com', password: 'x'.repeat(200) });
    socket.write(
      `POST /api/auth/sign-in/email HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    let sent = 0;
    const trickle = setInterval(() => {
      if (sent < body.length && !socket.destroyed) socket.write(body[sent++] ?? '');
    }, 50);
    await closed;
    clearInterval(trickle);
    // Cut off before the body was complete: the route never ran.
    expect(sent).toBeLessThan(body.length);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    const reply = parsed(received);
    expect(reply.body).toEqual({ message: apiErrors.requestTimeout });
    expect(reply.headers['content-security-policy']).toBeTruthy();
  });
});
