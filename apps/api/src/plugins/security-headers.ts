import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every reply. The CSP allows no inline script; inline styles are
 * allowed because the toast and carousel libraries set them at run time (docs/decisions).
 */
export async function securityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
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
    frameguard: { action: 'deny' },
  });
}
