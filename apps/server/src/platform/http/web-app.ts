import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorEnvelope } from './error-handler';
import { apiPrefix } from './router';

/**
 * Serves the built single-page app from the same origin as the API: hashed assets are cached
 * for a year, index.html never, and any client route (a GET for HTML outside /api and
 * /media) gets index.html so that deep links work.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | null): Promise<void> {
  const indexFile = distDir ? path.join(distDir, 'index.html') : null;
  const hasWebApp = indexFile !== null && existsSync(indexFile);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir!,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        res.header(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
    // @fastify/static with wildcard: false registers each file it finds at start.
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const isApi = request.url.startsWith(`${apiPrefix}/`) || request.url === apiPrefix;
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApi &&
      !request.url.startsWith('/media/') &&
      (request.headers.accept ?? '').includes('text/html');
    if (hasWebApp && wantsPage) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply
      .code(404)
      .send(
        errorEnvelope(
          404,
          'ROUTE_NOT_FOUND',
          `No route for ${request.method} ${request.url.split('?')[0]}`,
        ),
      );
  });
}
