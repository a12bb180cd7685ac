import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byToken, call, insertReview, insertUser } from '../test/admin';
import { createTestApp } from '../test/app';
import {
  deepArray,
  encodeSegment,
  hostileBody,
  hostileQuery,
  hostileSegment,
  representatives,
  wellFormed,
  type Body,
  type Labelled,
  type Schema,
} from '../test/hostile';
import { createTestCompany, invoiceOnAccount } from '../test/company';
import { multipartForm } from '../test/multipart';
import { insertPart, signUpAdmin, signUpCustomer, type Customer } from '../test/orders';

/**
 * Input hygiene: no input makes the shop answer 5xx. For every route of the OpenAPI
 * description, Better Auth's /api/auth/* and the Stripe webhook (both hidden there), fast-check
 * throws generated hostile input — \u0000 and lone surrogates, very long strings, wrong types,
 * arrays for objects, 10,000-deep JSON, non-object and text/plain bodies, odd path e-mails and
 * ids, junk query strings — signed out, as a customer and as an admin (/api/auth/* signed out and
 * as a customer: it reads only the session cookie, whoever's it is). The seed is fixed, so a run
 * is repeatable. Each run starts with examples that give every field and parameter in turn one
 * value of each representative class (`examples` below), then random mixes.
 *
 * Every 5xx of a route's run is collected (one per distinct error), not only the first: shrinking
 * to one counterexample would hide the others. A case is reported by its input class (the label
 * the generators give it), the status and the server error, never by a 100 KB counterexample.
 */
const SEED = 8;
const RUNS = 25;

/** Set for the request in flight by the onError hook (requests are sent one at a time). */
let lastError: Error | undefined;
// The app is built before the tests are listed: the routes to list come from its OpenAPI description.
const app: FastifyInstance = await createTestApp();
app.addHook('onError', async (_request, _reply, error) => {
  lastError = error;
});
let customer: Customer;
let admin: Customer;
/** The owner of a company with terms, a location, a certificate, an invitation and a price list: a contract buyer. */
let member: Customer;
const known: Record<string, string[]> = {};
let address = 0;

type Who = 'anonymous' | 'customer' | 'admin' | 'member';

interface Operation {
  parameters?: Array<{ in: string; name: string; schema: Schema }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

interface Route {
  method: string;
  /** An OpenAPI path under /api, with {param}s. */
  path: string;
  query: Array<{ name: string; schema: Schema }>;
  /** The JSON body's schema; {} for a route that takes none. */
  body: Schema;
  /** Better Auth's routes answer to the session cookie only. */
  cookieOnly?: boolean;
  /** Would end the caller's own session: sent signed out only. */
  anonymousOnly?: boolean;
}

const text = (extra: Schema = {}): Schema => ({ type: 'string', ...extra });
const object = (properties: Record<string, Schema>, required = Object.keys(properties)): Schema => ({
  type: 'object',
  properties,
  required,
});

/** /api/auth/* is one hidden route in the OpenAPI description; these are the endpoints behind it. */
const auth = (method: string, path: string, body: Schema = {}, more: Partial<Route> = {}): Route => ({
  method,
  path,
  query: [],
  body,
  cookieOnly: true,
  ...more,
});
const email = text({ format: 'email' });
const password = text({ minLength: 8 });
const authRoutes: Route[] = [
  auth('POST', '/auth/sign-in/email', object({ email, password, rememberMe: { type: 'boolean' }, callbackURL: text() }, ['email', 'password'])),
  auth('POST', '/auth/sign-up/email', object({ name: text({ minLength: 1 }), email, password, callbackURL: text() }, ['name', 'email', 'password'])),
  auth('POST', '/auth/change-password', object({ currentPassword: password, newPassword: password, revokeOtherSessions: { type: 'boolean' } }, ['currentPassword', 'newPassword'])),
  auth('POST', '/auth/request-password-reset', object({ email, redirectTo: text() }, ['email'])),
  auth('POST', '/auth/reset-password', object({ newPassword: password, token: text() })),
  auth('POST', '/auth/send-verification-email', object({ email, callbackURL: text() }, ['email'])),
  auth('GET', '/auth/verify-email', {}, { query: [{ name: 'token', schema: text() }, { name: 'callbackURL', schema: text() }] }),
  auth('POST', '/auth/sign-in/social', object({ provider: { enum: ['google', 'github'] }, callbackURL: text() }, ['provider'])),
  auth('POST', '/auth/sign-in/oauth2', object({ providerId: { enum: ['google'] }, callbackURL: text() }, ['providerId'])),
  auth('GET', '/auth/get-session'),
  auth('GET', '/auth/oauth2/callback/{providerId}', {}, { query: [{ name: 'code', schema: text() }, { name: 'state', schema: text() }] }),
  auth('POST', '/auth/sign-out', {}, { anonymousOnly: true }),
];

/** Hidden from the description too; it checks Stripe's signature over the raw bytes first. */
const stripeWebhook: Route = {
  method: 'POST',
  path: '/payments/stripe/webhook',
  query: [],
  body: object({ id: text(), type: text(), data: object({ object: object({}) }) }),
};

beforeAll(async () => {
  [customer, admin] = await Promise.all([signUpCustomer(app, 'hostile-customer'), signUpAdmin(app, 'hostile-admin')]);
  const partId = await insertPart(app, { available: 1_000_000 });
  const order = await app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { authorization: `Bearer ${customer.token}` },
    payload: { partId, customername: customer.name, address: '1 Test Street', orderQuantity: 1 },
  });
  expect(order.statusCode, order.body).toBe(200);
  const orderId = (order.json() as { insertedId: string }).insertedId;
  const reviewId = await insertReview(app);
  Object.assign(known, {
    partId: [partId],
    orderId: [orderId],
    reviewId: [reviewId],
    providerId: ['google'],
    img: ['/images/parts/test-part.png', 'https://example.com/part.png'],
    cardNumber: ['4242 4242 4242 4242', '4000 0000 0000 0002'],
  });
  await knowCompany(partId);
});

/**
 * The member's company and what its routes name (decisions 075, 080, 081, 082): a member's routes
 * reach their repositories only as a member, and the priced reads take the contract price's
 * query only for a member whose company has a price list.
 */
async function knowCompany(partId: string) {
  member = await signUpCustomer(app, 'hostile-member');
  const company = await createTestCompany(app, admin, member);
  const as = { authorization: `Bearer ${member.token}` };
  const invoice = await invoiceOnAccount(app, company, member, 1500);
  const certificate = await call(app, byToken(member), {
    method: 'POST',
    url: `/api/company/locations/${company.locationId}/certificates`,
    ...multipartForm({ state: 'IL', number: 'HOSTILE-1', expiresOn: '2099-01-01' }, { name: 'c.pdf', bytes: Buffer.from('%PDF-1.7\n') }),
  });
  expect(certificate.statusCode, certificate.body).toBe(200);
  const invited = await app.inject({ method: 'POST', url: '/api/company/invitations', headers: as, payload: { email: 'hostile-invitee@example.com', role: 'buyer' } });
  expect(invited.statusCode, invited.body).toBe(200);
  const invitation = await app.db.selectFrom('company_invitations').select('id').where('company_id', '=', company.id).executeTakeFirstOrThrow();
  const list = await app.inject({
    method: 'POST',
    url: '/api/admin/price-lists',
    headers: { authorization: `Bearer ${admin.token}` },
    payload: { name: 'Hostile contract', priority: 1, entries: [{ partId, percentOff: 10 }] },
  });
  expect(list.statusCode, list.body).toBe(200);
  const linked = await app.inject({
    method: 'PATCH',
    url: `/api/admin/companies/${company.id}`,
    headers: { authorization: `Bearer ${admin.token}` },
    payload: { priceListIds: [(list.json() as { id: string }).id] },
  });
  expect(linked.statusCode, linked.body).toBe(200);
  const userId = (await app.db.selectFrom('users').select('id').where('email', '=', member.email).executeTakeFirstOrThrow()).id;
  Object.assign(known, {
    locationId: [company.locationId],
    certificateId: [(certificate.json() as { id: string }).id],
    invitationId: [invitation.id],
    userId: [userId],
    invoiceNumbers: [invoice],
    month: [`${new Date().toISOString().slice(0, 7)}.pdf`],
    shippingMethodId: [company.shippingMethodId],
  });
}

afterAll(async () => {
  await app.close();
});

/** Every route of the OpenAPI description, read from the app itself, and the hidden ones. */
async function routes(): Promise<Route[]> {
  await app.ready();
  const doc = app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      query: (operation.parameters ?? []).filter((p) => p.in === 'query').map(({ name, schema }) => ({ name, schema })),
      body: operation.requestBody?.content?.['application/json']?.schema ?? {},
    })),
  );
  return [...documented, ...authRoutes, stripeWebhook];
}

/** The e-mail a path names: one's own, or, for an admin and the signed out, a user who may be removed. */
async function emailsFor(who: Who) {
  if (who === 'customer' || who === 'member') return [(who === 'customer' ? customer : member).email];
  return [await insertUser(app, { email: `victim-${who}-${Date.now()}@example.com` })];
}

function headersFor(who: Who, credential: 'cookie' | 'token', body: Body): Record<string, string> {
  const headers: Record<string, string> = body.contentType ? { 'content-type': body.contentType } : {};
  if (who === 'anonymous') return headers;
  const account = who === 'customer' ? customer : who === 'member' ? member : admin;
  // A browser sends its Origin with every cookie-bearing write; the session cookie goes with it.
  if (credential === 'cookie') return { ...headers, cookie: account.cookie, origin: app.config.baseUrl };
  return { ...headers, authorization: `Bearer ${account.token}` };
}

interface ServerError {
  status: number;
  error: string;
  input: string;
}

/** Throws the examples, then RUNS generated requests, at one route as `who`; answers each distinct 5xx once. */
async function fuzz(route: Route, who: Who): Promise<ServerError[]> {
  const emails = await emailsFor(who);
  const params = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
  const bodyKnown = { ...known, email: emails };
  const request: fc.Arbitrary<Request> = fc.record({
    segments: fc.tuple(
      ...params.map((name) =>
        name === 'email' ? hostileSegment(emails, 'email') : hostileSegment(knownIds(route.path, name), 'id'),
      ),
    ),
    query: hostileQuery(route.query, known),
    body: route.method === 'GET' ? fc.constant(noBody) : hostileBody(route.body, bodyKnown),
    credential: fc.constantFrom<'cookie' | 'token'>(...(route.cookieOnly ? ['cookie' as const] : ['cookie' as const, 'token' as const])),
  });

  const firstRequests = examples(route, params, emails, bodyKnown);
  const found = new Map<string, ServerError>();
  await fc.assert(
    fc.asyncProperty(request, async ({ segments, query, body, credential }) => {
      let i = 0;
      const url = `/api${route.path.replace(/\{\w+\}/g, () => segments[i++]?.value ?? '')}${query.value}`;
      lastError = undefined;
      address += 1;
      const response = await app.inject({
        method: route.method as 'GET',
        url,
        headers: headersFor(who, credential, body.value),
        payload: body.value.payload,
        // Every request from its own address, so the per-address sign-in limits do not end the run early.
        remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
      });
      if (response.statusCode < 500) return;
      const input = [...segments.map((s) => s.label && `path: ${s.label}`), query.label && `query: ${query.label}`, body.label]
        .filter(Boolean)
        .join(' | ');
      const error = lastError ? describeError(lastError) : `reply ${response.body.slice(0, 160)}`;
      const key = `${response.statusCode} ${error.replace(/[0-9a-f-]{36}|\d+/g, 'N')}`;
      if (!found.has(key)) found.set(key, { status: response.statusCode, error, input: input || 'well-formed input' });
    }),
    // fast-check counts the examples in numRuns: the random runs come on top of them.
    { seed: SEED, numRuns: firstRequests.length + RUNS, examples: firstRequests.map((example) => [example]) },
  );
  return [...found.values()];
}

interface Request {
  segments: Array<Labelled<string>>;
  query: Labelled<string>;
  body: Labelled<Body>;
  credential: 'cookie' | 'token';
}

const noBody: Labelled<Body> = { label: '', value: { contentType: undefined, payload: undefined } };
const json = (label: string, payload: string): Labelled<Body> => ({ label, value: { contentType: 'application/json', payload } });

/**
 * The requests every run starts with: a well-formed one, then each field of the body, each path
 * and each query parameter in turn given one value of each representative class, and the body
 * made 10,000-deep, a JSON string and text/plain.
 */
function examples(route: Route, params: string[], emails: string[], bodyKnown: Record<string, string[]>): Request[] {
  const goodSegments = params.map((name) => ({
    label: '',
    value: encodeSegment((name === 'email' ? emails : knownIds(route.path, name))[0] ?? ''),
  }));
  const base = fc.sample(wellFormed({ ...route.body, type: 'object' }, bodyKnown), { seed: SEED, numRuns: 1 })[0] as Record<string, unknown>;
  const goodBody = route.method === 'GET' ? noBody : json('', JSON.stringify(base));
  const request = (change: Partial<Request>): Request => ({
    segments: goodSegments,
    query: { label: '', value: '' },
    body: goodBody,
    credential: 'cookie',
    ...change,
  });
  const list = [request({})];
  for (const { label, value } of representatives) {
    if (route.method !== 'GET') {
      for (const key of Object.keys(route.body.properties ?? {})) {
        const fields = Object.entries(base)
          .filter(([name]) => name !== key)
          .map(([name, v]) => `${JSON.stringify(name)}:${JSON.stringify(v)}`);
        fields.push(`${JSON.stringify(key)}:${value}`);
        list.push(request({ body: json(`JSON object (${key}: ${label})`, `{${fields.join(',')}}`) }));
      }
    }
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed !== 'string') continue;
    params.forEach((name, index) => {
      const segments = goodSegments.map((s, i) => (i === index ? { label: `${name}: ${label}`, value: encodeSegment(parsed) } : s));
      list.push(request({ segments }));
    });
    for (const { name } of route.query) {
      list.push(request({ query: { label: `${name}: ${label}`, value: `?${name}=${encodeSegment(parsed)}` } }));
    }
  }
  if (route.method !== 'GET') {
    list.push(
      request({ body: json('10,000-deep JSON body', deepArray) }),
      request({ body: json('non-object JSON body', '"text"') }),
      request({ body: { label: 'text/plain body', value: { contentType: 'text/plain', payload: 'hello' } } }),
    );
  }
  return list;
}

/** The existing ids a path parameter can name: of the noun the path is about. */
function knownIds(path: string, name: string): string[] {
  if (known[name]) return known[name];
  // A company's own: its location, certificate, invitation.
  const companyNoun = (['location', 'certificate', 'invitation'] as const).find((n) => path.startsWith(`/company/${n}s/`));
  if (companyNoun && name === 'id') return known[`${companyNoun}Id`] ?? [];
  const noun = ['part', 'order', 'review'].find((n) => path.includes(`/${n}/`)) ?? 'part';
  return known[`${noun}Id`] ?? [];
}

/** The error's message and the first line of our own code it passed through. */
function describeError(error: Error): string {
  const frame = error.stack?.split('\n').find((line) => line.includes('/apps/api/src/') && !line.includes('/test/'));
  const message = error.message.replaceAll('\u0000', '\\u0000').slice(0, 160);
  return frame ? `${message} — at ${frame.trim().replace(/^at /, '').replace(/.*\/apps\/api\//, '')}` : message;
}

const allRoutes = await routes();

/**
 * What a company's member reaches that a customer does not: the company's routes (a customer is
 * answered 404 before their repositories), checkout on account, and the priced reads and cart
 * with the contract price's query.
 */
const memberRoute = (route: Route) =>
  route.path.startsWith('/company') ||
  ['/checkout', '/checkout/quote', '/cart', '/cart/quick-order', '/cart/lines/{partId}', '/parts', '/part/{id}', '/parts/by-number/{partNumber}', '/search', '/returns'].includes(route.path);

describe.each<Who>(['anonymous', 'customer', 'admin', 'member'])('hostile input, %s', (who) => {
  // Better Auth's endpoints read only the session cookie, which is the same for both roles.
  const targets = allRoutes.filter((route) =>
    who === 'member' ? memberRoute(route) : who === 'admin' ? !route.cookieOnly : who === 'anonymous' || !route.anonymousOnly,
  );
  it.each(targets.map((route) => [`${route.method} /api${route.path}`, route] as const))(
    '%s never answers 5xx',
    async (_name, route) => {
      const errors = (await fuzz(route, who)).map(({ status, error, input }) => `${status} ${error} ← ${input}`);
      expect(errors, errors.join('\n')).toEqual([]);
    },
  );
});
