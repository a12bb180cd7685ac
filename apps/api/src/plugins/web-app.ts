import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { apiErrors, isAppRoute } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * Serves the built web app. Hashed assets are cached for a year; every path that is a route of
 * the app gets its index.html with 200, any other path the same page (which shows the not-found
 * image) with 404. Unknown `/api` paths answer JSON, and so do missing `/assets` files: a page
 * asking for a script of an older build must fail as a script, not load the shop's HTML.
 */
export async function webApp(app: FastifyInstance, options: { distDir: string }) {
  const indexPath = path.join(options.distDir, 'index.html');
  const indexHtml = fs.existsSync(indexPath) ? fs.readFileSync(indexPath, 'utf8') : undefined;
  if (indexHtml === undefined) {
    app.log.warn({ distDir: options.distDir }, 'web app not built: only the API is served');
  } else {
    await app.register(fastifyStatic, {
      root: options.distDir,
      index: false,
      wildcard: false,
      // Else send's own `public, max-age=0` is written after setHeaders and replaces ours.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const inAssets = filePath.startsWith(path.join(options.distDir, 'assets') + path.sep);
        const isIndex = filePath === path.join(options.distDir, 'index.html');
        res.setHeader('cache-control', inAssets ? IMMUTABLE : isIndex ? REVALIDATE : 'public, max-age=86400');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?', 1)[0] ?? '/';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    const notPage = pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/assets/');
    if (notPage || !isPage || indexHtml === undefined) {
      return reply.code(404).send({ message: apiErrors.notFound });
    }
    return reply
      .code(isAppRoute(pathname) ? 200 : 404)
      .header('cache-control', REVALIDATE)
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
}
