import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server playing the parts of the Stripe API the shop calls: Checkout Sessions and
 * refunds. It is the one stand-in the API tests use (everything of ours is real); point the app
 * at it with `STRIPE_API_BASE: standIn.url`.
 *
 * Like Stripe, it answers a repeated `Idempotency-Key` with the first reply (and counts no new
 * object), and refuses the key when it comes back with another path or other parameters.
 */
export const STAND_IN_SECRET_KEY = 'sk_test_standin';
export const STAND_IN_WEBHOOK_SECRET = 'whsec_test_standin';

/** One request the stand-in received, with its form body parsed the way Stripe reads it. */
interface StripeRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
  /** The raw `application/x-www-form-urlencoded` body. */
  form: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  url: string;
  metadata: Record<string, unknown>;
  payment_status: 'unpaid';
  status: 'open' | 'expired';
  mode: unknown;
  amount_total: number;
  currency: unknown;
  client_reference_id: unknown;
  customer_email: unknown;
  success_url: unknown;
  cancel_url: unknown;
  payment_intent: null;
  /** Unix seconds: a day after it was made, Stripe's default. */
  expires_at: number;
  livemode: false;
}

interface Refund {
  id: string;
  object: 'refund';
  payment_intent: unknown;
  metadata: Record<string, unknown>;
  status: 'succeeded';
  currency: 'usd';
}

export interface StripeStandIn {
  /** `http://127.0.0.1:PORT`, for STRIPE_API_BASE. */
  url: string;
  /** Every request, in the order received (retries and idempotent repeats included). */
  requests: StripeRequest[];
  /** The sessions and refunds created, one per idempotency key. */
  sessions: CheckoutSession[];
  refunds: Refund[];
  requestsTo(path: string): StripeRequest[];
  /**
   * The next request to `path` fails with this status and message, as a request that never started
   * executing (a rate limit, a brief outage): its idempotency key is not used up.
   */
  failNext(path: string, failure: { status: number; message: string }): void;
  stop(): Promise<void>;
}

interface StoredReply {
  path: string;
  form: string;
  status: number;
  body: unknown;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: StripeRequest[] = [];
  const sessions: CheckoutSession[] = [];
  const refunds: Refund[] = [];
  const byIdempotencyKey = new Map<string, StoredReply>();
  const failures = new Map<string, { status: number; message: string }[]>();

  function create(path: string, body: Record<string, unknown>): { status: number; body: unknown } {
    if (path === '/v1/checkout/sessions') {
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const session: CheckoutSession = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        metadata: asRecord(body.metadata),
        payment_status: 'unpaid',
        status: 'open',
        mode: body.mode,
        amount_total: amountTotal(body.line_items),
        currency: firstLineItemCurrency(body.line_items),
        client_reference_id: body.client_reference_id ?? null,
        customer_email: body.customer_email ?? null,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        payment_intent: null,
        expires_at: Math.floor(Date.now() / 1000) + 24 * 60 * 60,
        livemode: false,
      };
      sessions.push(session);
      return { status: 200, body: session };
    }
    const expiring = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (expiring) {
      const session = sessions.find((candidate) => candidate.id === expiring[1]);
      if (!session) return stripeError(404, 'invalid_request_error', `No such checkout.session: '${expiring[1]}'`);
      if (session.status !== 'open') {
        return stripeError(400, 'invalid_request_error', 'Only Checkout Sessions with a status in ["open"] can be expired.');
      }
      session.status = 'expired';
      return { status: 200, body: session };
    }
    if (path === '/v1/refunds') {
      const refund: Refund = {
        id: `re_test_${randomBytes(12).toString('hex')}`,
        object: 'refund',
        payment_intent: body.payment_intent ?? null,
        metadata: asRecord(body.metadata),
        status: 'succeeded',
        currency: 'usd',
      };
      refunds.push(refund);
      return { status: 200, body: refund };
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (POST: ${path}).`);
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const form = Buffer.concat(chunks).toString('utf8');
      const path = (request.url ?? '/').split('?', 1)[0] ?? '/';
      const idempotencyKey = header(request, 'idempotency-key');
      const authorization = header(request, 'authorization');
      requests.push({ method: request.method ?? '', path, body: parseForm(form), form, idempotencyKey, authorization });

      const reply = answer(request.method ?? '', path, form, idempotencyKey, authorization);
      response.writeHead(reply.status, {
        'content-type': 'application/json',
        'request-id': `req_${randomBytes(8).toString('hex')}`,
        ...(idempotencyKey && { 'idempotency-key': idempotencyKey }),
        // Failures are final here: the SDK's own retries would only slow the tests down.
        ...(reply.status >= 400 && { 'stripe-should-retry': 'false' }),
      });
      response.end(JSON.stringify(reply.body));
    });
  });

  function answer(
    method: string,
    path: string,
    form: string,
    idempotencyKey: string | undefined,
    authorization: string | undefined,
  ): { status: number; body: unknown } {
    if (authorization !== `Bearer ${STAND_IN_SECRET_KEY}`) {
      return stripeError(401, 'invalid_request_error', 'Invalid API Key provided.');
    }
    if (method !== 'POST') return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
    const failure = failures.get(path)?.shift();
    if (failure) return stripeError(failure.status, 'api_error', failure.message);
    if (!idempotencyKey) return create(path, parseForm(form));

    const stored = byIdempotencyKey.get(idempotencyKey);
    if (stored) {
      if (stored.path !== path || stored.form !== form) {
        return stripeError(
          400,
          'idempotency_error',
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      }
      return { status: stored.status, body: stored.body };
    }
    const reply = create(path, parseForm(form));
    byIdempotencyKey.set(idempotencyKey, { path, form, ...reply });
    return reply;
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    refunds,
    requestsTo: (path) => requests.filter((request) => request.path === path),
    failNext(path, failure) {
      failures.set(path, [...(failures.get(path) ?? []), failure]);
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // The SDK keeps its connections alive; they would hold `close` open.
        server.closeAllConnections();
      }),
  };
}


function header(request: http.IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function stripeError(status: number, type: string, message: string) {
  return { status, body: { error: { type, message } } };
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function lineItems(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.map(asRecord) : [];
}

function amountTotal(items: unknown): number {
  return lineItems(items).reduce((sum, item) => {
    const unitAmount = Number(asRecord(item.price_data).unit_amount ?? 0);
    return sum + unitAmount * Number(item.quantity ?? 1);
  }, 0);
}

function firstLineItemCurrency(items: unknown): unknown {
  return asRecord(lineItems(items)[0]?.price_data).currency ?? null;
}

/**
 * `a[b][0][c]=1` → `{ a: { b: [{ c: '1' }] } }`: the bracket notation the `stripe` SDK encodes
 * nested parameters with. Values stay strings, as Stripe receives them.
 */
function parseForm(form: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(form)) {
    const segments = (key.match(/^[^[\]]+|\[[^\]]*\]/g) ?? [key]).map((segment) => segment.replace(/^\[|\]$/g, ''));
    let node: Record<string, unknown> | unknown[] = root;
    segments.forEach((segment, index) => {
      const last = index === segments.length - 1;
      const slot = segment === '' && Array.isArray(node) ? String(node.length) : segment;
      const container = node as Record<string, unknown>;
      if (last) {
        container[slot] = value;
        return;
      }
      const nextIsIndex = /^\d*$/.test(segments[index + 1] ?? '');
      container[slot] ??= nextIsIndex ? [] : {};
      node = container[slot] as Record<string, unknown> | unknown[];
    });
  }
  return root;
}
