import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers on every reply, as helmet writes them. The CSP allows no inline script of ours:
 * the pages load their scripts from the shop's own files (React's own are allowed by hash on pages,
 * `pageSecurityPolicy`), and carry their data in JSON blocks, which are not run (decision 037); inline styles are allowed because the toast and carousel libraries set
 * them at run time (docs/decisions). Nothing in them depends on the request, so helmet runs once
 * at start and every reply gets the same headers in one call (@fastify/helmet ran helmet afresh
 * for each request, re-parsing the CSP every time: a tenth of a cached read's cost, decision 027).
 */
export function securityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    withSecurityHeaders(request, reply);
    done();
  });
}

/**
 * Writes the headers every reply carries. The `onRequest` hook above does it for every request a
 * route answers; Fastify's router answers a few before any hook runs (a broken percent-escape,
 * `frameworkErrors` in errors.ts), and those call it themselves.
 */
export function withSecurityHeaders(request: FastifyRequest, reply: FastifyReply) {
  reply.headers(everyReplyHeaders());
  // Most API replies carry someone's data (a cart, an order, a member's prices): none is kept by
  // any cache unless its route says how it may be (the public cache, images, exports). The route
  // decides as well as the URL as sent: `/%61pi/cart` is the cart too.
  if (request.url.startsWith('/api/') || request.routeOptions?.url?.startsWith('/api/')) {
    reply.header('cache-control', API_NOT_KEPT);
  }
}

/**
 * The headers of a reply written straight to the socket, where Node refused the request before
 * Fastify had one (`clientErrorHandler` in errors.ts): every reply's, and kept by no cache, as the
 * request's address is not known.
 */
export function rawReplyHeaders(): Record<string, string> {
  return { ...everyReplyHeaders(), 'cache-control': API_NOT_KEPT };
}

let replyHeaders: Record<string, string> | undefined;
/** helmet's headers and ours, computed once. */
function everyReplyHeaders(): Record<string, string> {
  replyHeaders ??= { ...helmetHeaders(helmet(helmetOptions())), 'permissions-policy': PERMISSIONS_POLICY };
  return replyHeaders;
}

/**
 * The browser features no page of the shop uses, refused to it and to anything it might embed
 * (helmet writes no `Permissions-Policy`): a script that got in could not ask for the camera, the
 * microphone or where the customer is. Card details are typed on Stripe's own page, not through
 * the browser's Payment Request API. Only features Chromium knows, so it logs no warning.
 */
const PERMISSIONS_POLICY = 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

/** How an API reply may be kept when its route says nothing: nowhere (decision 080). */
const API_NOT_KEPT = 'private, no-store';

/**
 * A page a buyer lands on from outside (the catalogue's server-rendered pages, a part's page, the
 * not-found page) goes without `Cross-Origin-Opener-Policy`. With it, the browser learns only from
 * the response that the page needs a browsing context group of its own, and starts a renderer
 * process for it then, on the page's critical path: Lighthouse's blocking time on `/` ~200 ms
 * longer here, its score ~5 points lower (decision 034). Every other document (account, orders,
 * admin, payment, sign-in, recovery) and every API reply keeps `same-origin`.
 */
export function withoutOpenerPolicy(reply: FastifyReply) {
  reply.removeHeader('cross-origin-opener-policy');
}

/**
 * The CSP of a page that carries the inline scripts React itself writes (its form-replaying
 * script: a form sent before the app has hydrated is held and acted on once it has), allowed by
 * their hashes, which the page renderer asks React for; every other reply keeps `'self'` only.
 */
export function pageSecurityPolicy(scriptHashes: readonly string[]): string {
  const policy = helmetHeaders(helmet(helmetOptions(scriptHashes)))['content-security-policy'];
  if (!policy) throw new Error('helmet wrote no content security policy');
  return policy;
}

function helmetOptions(scriptHashes: readonly string[] = []): Parameters<typeof helmet>[0] {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes.map((hash) => `'${hash}'`)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Admins may give a product an image URL (issue: Add a Product); pages stay https-only.
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The shop embeds nothing cross-origin and is embedded nowhere.
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
  };
}

/** The headers a helmet middleware sets, read once from a stand-in response. */
function helmetHeaders(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value),
    // Helmet removes X-Powered-By, which Fastify never sets.
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.fromEntries(headers);
}
