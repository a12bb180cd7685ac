import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers on every reply, as helmet writes them. The CSP allows no inline script at all:
 * the pages load their scripts from the shop's own files, and carry their data in JSON blocks,
 * which are not run (decision 037); inline styles are allowed because the toast and carousel libraries set
 * them at run time (docs/decisions). Nothing in them depends on the request, so helmet runs once
 * at start and every reply gets the same headers in one call (@fastify/helmet ran helmet afresh
 * for each request, re-parsing the CSP every time: a tenth of a cached read's cost, decision 027).
 */
export function securityHeaders(app: FastifyInstance) {
  const headers = helmetHeaders(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
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
    }),
  );
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** The headers a helmet middleware sets, read once from a stand-in response. */
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
