import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorEnvelope, longPathPartMessage } from './error-handler';

/**
 * Paths the server answers itself: a miss there is a 404 envelope, never the app's page (a
 * missing hashed asset answered with HTML would be run as a script or a style).
 */
const serverPaths = ['/api', '/media', '/v1_1', '/socket.io', '/assets'];

function isServerPath(pathname: string): boolean {
  return serverPaths.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** No API route has a part this long (Fastify's `maxParamLength`): a bad id or name. */
const longestPathPart = 100;
/** How much of a missing path the 404 message repeats. */
const shownPathLength = 120;

/**
 * Serves the built single-page app from the same origin as the API: hashed assets are cached
 * for a year, index.html never, and any GET outside the API, media, upload and asset paths gets
 * index.html so that deep links work. It does not ask for `Accept: text/html`: uptime checks,
 * curl and link previews send any Accept or none, and must see the page a browser sees.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | null): Promise<void> {
  const indexFile = distDir ? path.join(distDir, 'index.html') : null;
  const hasWebApp = indexFile !== null && existsSync(indexFile);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir!,
      // Files are looked up when asked, not listed at start: a rebuild while the server runs
      // (new hashed assets beside a new index.html) is served without a restart.
      wildcard: true,
      index: false,
      // The build writes .br and .gz beside each text file (apps/web/build/precompress.ts):
      // the one the browser accepts is sent, with Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        res.header(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
    // The wildcard route answers a directory (the root) with 403: the root is the page.
    app.get('/', (_request, reply) =>
      reply.header('Cache-Control', 'no-cache').sendFile('index.html'),
    );
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0]!;
    const isServer = isServerPath(pathname);
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isServer;
    if (hasWebApp && wantsPage) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    if (
      pathname.startsWith('/api/') &&
      pathname.split('/').some((p) => p.length > longestPathPart)
    ) {
      // What Fastify answers a parameter over `maxParamLength`, when the web app's files
      // (matching any path) took the request instead.
      return reply.code(400).send(errorEnvelope(400, 'VALIDATION_FAILED', longPathPartMessage));
    }
    const shown =
      pathname.length > shownPathLength ? `${pathname.slice(0, shownPathLength)}…` : pathname;
    return reply
      .code(404)
      .send(errorEnvelope(404, 'ROUTE_NOT_FOUND', `No route for ${request.method} ${shown}`));
  });
}
