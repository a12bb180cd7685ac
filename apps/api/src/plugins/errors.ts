import { apiErrors, fieldErrorSchema, requestNotValid } from '@autoparts/shared';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { collided, databaseUnavailable, insufficientResources } from '../db/database';
import { outageLog, type OutageLog } from '../lib/outage-log';
import { rawReplyHeaders, withSecurityHeaders } from './security-headers';

/** Methods whose request may carry a body: the ones a client can leave halfway. */
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The client went away before its request's body had all arrived (a cut upload, a tab closed). */
function cutOff(request: FastifyRequest): boolean {
  return request.raw.destroyed && !request.raw.complete;
}

/** A request stopped before its body is read: its client went away while it waited on a hook. */
class ClientWentAway extends Error {
  constructor() {
    super('the client went away before its body was read');
    this.name = 'ClientWentAway';
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Logs a request answered 503 because the database is out of reach: the first of a minute at
     * warn, with the error, the rest at debug (decision 176; `lib/outage-log.ts`, shared with the
     * job queue, decision 188). Each has its own request line.
     */
    databaseUnavailable(request: FastifyRequest, error: unknown): void;
  }
}

/**
 * One error handler (DESIGN §5): 4xx keep their message, 5xx are logged and say nothing more. A
 * database outage is said by the instance's one `outage` reporter, which its job queue shares.
 */
export function errorHandling(app: FastifyInstance, outage: OutageLog = outageLog()) {
  app.decorate('databaseUnavailable', (request: FastifyRequest, error: unknown) => outage(request.log, error));
  /** A database out of disk, memory or connections: said at error, once a minute, with its SQLSTATE. */
  const outOfResources = outageLog({ level: 'error', message: 'database out of resources' });
  // A client that goes away while its request waits on a hook (its guard's session lookup, its
  // limit's count: a database round trip) leaves a stream that has already ended in an abort. A
  // body parser or @fastify/multipart that starts reading it afterwards hears neither its end nor
  // its error, and waits for ever: the request was never answered, logged or let go (every cut
  // upload on PostgreSQL, decision 159). It is stopped before its body is read, and, for a body its
  // handler reads (a multipart upload, after its limit's count), before the handler.
  app.addHook('preParsing', (request, _reply, payload, done) => (cutOff(request) ? done(new ClientWentAway()) : done(null, payload)));
  app.addHook('onRoute', (route) => {
    if (![route.method].flat().some((method) => WITH_BODY.has(method))) return;
    const handler = route.handler;
    route.handler = function (this: FastifyInstance, request, reply) {
      if (cutOff(request)) throw new ClientWentAway();
      return handler.call(this, request, reply);
    };
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      // The first fault in the shared schema's words (SPEC's validation messages), without the
      // field's name; zod's own English for a fault the schema gives no words is no customer's.
      const first = error.validation[0];
      const message = first?.message && !zodsOwnWords(first.keyword, first.message, first.params) ? first.message : requestNotValid;
      // A route whose 400 is `fieldErrorSchema` also names the parameter refused (`ids`, decision 183).
      const field = first?.instancePath.split('/')[1];
      const namesField = (request.routeOptions.schema?.response as Record<number, unknown> | undefined)?.[400] === fieldErrorSchema;
      return reply.code(400).send({ message, ...(namesField && field && { field }) });
    }
    const status = error.statusCode ?? 500;
    // Fastify's own 400s of a body it could not read (JSON that does not parse, an empty body sent
    // as JSON, a length that does not match Content-Length) are in its English and name its
    // headers: they say what any other unreadable request says (decision 120).
    if (status === 400 && error.code?.startsWith('FST_ERR_CTP_')) {
      return reply.code(400).send({ message: requestNotValid });
    }
    // Its 413 and 415 ("Request body is too large", "Unsupported Media Type"), and its multipart
    // plugin's 413s ("reach fields limit", "reach parts limit") a route does not word itself, keep
    // their status and say it in the shop's words (decision 130).
    if (error.code?.startsWith('FST_') && status === 413) return reply.code(413).send({ message: apiErrors.bodyTooLarge });
    if (error.code?.startsWith('FST_') && status === 415) return reply.code(415).send({ message: apiErrors.unsupportedMediaType });
    // A multipart body that is not one (its boundary never comes, it ends in the middle of a part,
    // a field named `__proto__`) cannot be read, as JSON that does not parse cannot: busboy's plain
    // Error, which had no status and was answered 500.
    if (malformedMultipart(request, error)) return reply.code(400).send({ message: requestNotValid });
    // A client that went away before its body arrived (an upload cut off, a tab closed): Node's
    // "aborted" (ECONNRESET) of the request's own socket, no fault of ours or the database's. No
    // one is left to answer; it is not counted as the database out of reach.
    if (cutOff(request)) {
      request.log.info({ err: error }, 'request cut off by the client');
      return reply.code(400).send({ message: requestNotValid });
    }
    // PostgreSQL out of disk, memory or connections (SQLSTATE 53100, 53200, 53300): the caller is
    // told to come back as in an outage, and an operator is told at error (decision 216).
    const sqlstate = insufficientResources(error);
    if (sqlstate) {
      outOfResources(request.log, error, { sqlstate });
      return reply.code(503).header('retry-after', '1').send({ message: apiErrors.databaseUnavailable });
    }
    // The database restarting or failing over: the caller may try again in a moment (a
    // load balancer, another instance). Its connection's error says nothing more about us.
    if (databaseUnavailable(error)) {
      app.databaseUnavailable(request, error);
      return reply.code(503).header('retry-after', '1').send({ message: apiErrors.databaseUnavailable });
    }
    // A transaction PostgreSQL stopped so that another could go on (40P01 a deadlock, 40001 a
    // serialization failure): nothing of it was written, and the same request a moment later
    // succeeds. The database is there: the shop's words say so, not the outage's (decision 184).
    if (collided(error)) {
      request.log.warn({ err: error }, 'request met another change');
      return reply.code(503).header('retry-after', '1').send({ message: apiErrors.changeCollided });
    }
    // An error made to be shown (a payment service failure) keeps its status and message.
    if ('expose' in error && error.expose === true) {
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      return reply.code(status).send({ message: error.message });
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ message: apiErrors.internal });
    }
    return reply.code(status).send({ message: error.message });
  });
}

/** What busboy (@fastify/multipart's parser) throws for a body that is no multipart form. */
const MULTIPART_UNREADABLE = /unexpected end of multipart data$|^multipart: boundary not found$/i;

/** Whether `error` is a multipart body's that could not be read, not the route's or the database's. */
function malformedMultipart(request: FastifyRequest, error: FastifyError): boolean {
  if (!request.headers['content-type']?.toLowerCase().startsWith('multipart/')) return false;
  if (error.code === 'FST_PROTO_VIOLATION') return true;
  return error.statusCode === undefined && error.code === undefined && MULTIPART_UNREADABLE.test(error.message);
}

/**
 * What a 400 says of a body a route parses itself (a multipart form's fields, a request Better Auth
 * answers): the first fault in the shared schema's words, as the handler above says a schema's
 * fault, or `fallback` (`requestNotValid`) where zod's own English would be all there is to say.
 */
export function schemaWords(error: z.ZodError, fallback: string = requestNotValid): string {
  const first = error.issues[0];
  if (!first?.message) return fallback;
  const { code, message, path: _path, ...params } = first;
  return zodsOwnWords(code, message, params) ? fallback : message;
}

/**
 * Whether a validation fault's message is zod's default for it (its English locale), not one a
 * shared schema gives: the locale's words for the same issue. An invalid type's default names the
 * type received, from the input the issue no longer carries: it is matched up to that.
 */
function zodsOwnWords(code: string, message: string | undefined, params: Record<string, unknown>): boolean {
  const issue = { ...params, code, path: [], input: undefined } as unknown as Parameters<NonNullable<ReturnType<typeof z.config>['localeError']>>[0];
  const words = z.config().localeError?.(issue);
  const text = typeof words === 'string' ? words : words?.message;
  if (!text) return false;
  if (code === 'invalid_type') return (message ?? '').startsWith(text.slice(0, text.lastIndexOf(', received ') + ', received '.length));
  return message === text;
}

/**
 * What Node refuses before there is a request for Fastify to route (its `clientError`): headers over
 * its 16 KB (431), a request that has not arrived whole in time (408), anything it cannot read as
 * HTTP — a malformed request line, header or length (400). Fastify's own answer is
 * `{ error, message, statusCode }` with no other header; this one is DESIGN §5's `{ message }` in
 * the shop's words, with the headers every reply carries, and the connection closed as Node's and
 * Fastify's are (decision 193). A connection reset, or a socket already gone, is answered nothing.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', apiErrors.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', apiErrors.requestTimeout]
        : [400, 'Bad Request', requestNotValid];
  // Most are a scanner's or a load balancer's, not the shop's to act on (as Fastify logs them).
  this.log.trace({ err: error }, `client error ${status}`);
  // A reply already begun on this connection (Node's own check) is not written into.
  const begun = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (socket.writable && !begun) {
    const body = JSON.stringify({ message });
    const headers = {
      ...rawReplyHeaders(),
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
    socket.write(`HTTP/1.1 ${status} ${reason}\r\n${head}\r\n${body}`);
  }
  socket.destroy(error);
}

/**
 * Fastify's router answers some URLs before any route, hook or error handler runs: a broken
 * percent-escape, or a path parameter over `maxParamLength` (100 characters), which it would
 * answer 414. Both still get the `{ message }` of DESIGN §5, in the shop's words; a parameter that long names
 * nothing of ours (ids are uuids), so it is a 404 like any other malformed id.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // No hook has run: the headers every reply carries (CSP, nosniff, the API's no-store) are written here.
  withSecurityHeaders(request, reply);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.code(404).send({ message: apiErrors.notFound });
  }
  if (error.code === 'FST_ERR_BAD_URL') return badUrl(request, reply);
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send({ message: apiErrors.internal });
}

/**
 * A broken percent-escape (`/nope%zz`, `/part/%E0%A4%A`). A page's address is moved for good (301)
 * to the same address with each `%` that breaks it written `%25` (`readableAddress`), which every
 * reader decodes: the shop's page route then answers it as any other address (the not-found page,
 * 404, SPEC §2; `/part/%25E0…` the part page's own "not found"), and the browser's router, which
 * reads the address bar, is given one it can decode — the page drawn on the server and the route
 * hydrated in the browser are the same, and nothing is logged. An `/api` or `/assets` address, or
 * a method other than GET and HEAD, keeps the JSON 400: which it is, is read from the address's
 * first segment as a router or a proxy would read it (`apiOrAssets`), so `/%61pi/x%zz` is the
 * API's. Fastify's own words quote the URL back ("'%zz' is not a valid url component"): ours do not
 * (decisions 130, 166, 170, 200).
 */
function badUrl(request: FastifyRequest, reply: FastifyReply) {
  const page = (request.method === 'GET' || request.method === 'HEAD') && !apiOrAssets(request.url);
  if (!page) return reply.code(400).send({ message: apiErrors.badUrl });
  return reply.header('cache-control', 'public, max-age=86400').header('x-request-id', request.id).redirect(readableAddress(request.url), 301);
}

/**
 * `url` (a path and query as sent) with every `%` that breaks its path written `%25`: one not
 * followed by two hex digits, and each of a run of escapes that is no UTF-8 (`%E0%A4`); characters
 * a Location may not carry escaped, in the query too. Leading slashes and backslashes are one `/`,
 * so the Location stays on this shop (`//host%zz` is not another host's).
 */
function readableAddress(url: string): string {
  const at = url.indexOf('?');
  const [path, query] = at === -1 ? [url, ''] : [url.slice(0, at), url.slice(at)];
  const readable = path.replace(/((?:%[0-9a-f]{2})+)|[^\x21-\x7e]|[%"<>\\^`{|}]/gi, (match, run: string | undefined) => {
    if (run === undefined) return encodeURIComponent(match);
    try {
      decodeURIComponent(run);
      return run;
    } catch {
      return run.replaceAll('%', '%25');
    }
  });
  return `/${readable.replace(/^(?:[/\\]|%5C)+/i, '')}${query.replace(/[^\x21-\x7e]/g, encodeURIComponent)}`;
}

/**
 * Whether a request's raw URL (which cannot be decoded whole) is under `/api` or `/assets`. Its
 * path is read as a browser, a proxy and our router would read it, so no spelling of one of those
 * prefixes passes for a page address: an absolute-form target's path, dot segments (`/x/%2e%2e/api`)
 * resolved, a backslash as `/`, every escape of a printable ASCII character decoded (`%61pi`, `api%2Fpart`),
 * empty segments (`//api`) skipped, case ignored. A target that cannot be read as a URL at all is
 * no page's.
 */
export function apiOrAssets(url: string): boolean {
  let pathname: string;
  try {
    pathname = new URL(url.startsWith('/') ? `http://shop.invalid${url}` : url).pathname;
  } catch {
    return true;
  }
  const decoded = pathname.replace(/%([0-9a-f]{2})/gi, (escape, hex: string) => {
    const code = Number.parseInt(hex, 16);
    return code > 0x20 && code < 0x7f ? String.fromCharCode(code) : escape;
  });
  const first = decoded.split(/[/\\]/).find((segment) => segment !== '') ?? '';
  return /^(?:api|assets)$/i.test(first);
}

/**
 * What an error log line keeps of an error: its kind, code, message and stack, nothing else. A
 * database error's `detail`, `where` or the query's parameters can hold e-mails, names and
 * addresses; logs carry no personal data.
 */
export function errorForLog(error: Error): { type: string; message: string; stack: string; code?: string } {
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    ...(typeof code === 'string' && { code }),
    message: error.message,
    stack: error.stack ?? '',
  };
}
