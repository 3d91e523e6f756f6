import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorEnvelope, longPathPartMessage } from './error-handler';
import { escapeHtml } from './html';

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

/** The player page other sites may put in a frame (`/embed/{id}`); no other page may be framed. */
const embedPath = /^\/embed\/[^/]+\/?$/;

/** Lets any site frame this answer: the CSP's frame-ancestors opens, X-Frame-Options goes. */
function allowFraming(reply: FastifyReply): void {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string') {
    reply.header(
      'content-security-policy',
      policy.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'),
    );
  }
  reply.removeHeader('x-frame-options');
}

/** What a shared link to a page shows where it is pasted (Open Graph and Twitter card tags). */
export interface PageMeta {
  kind: 'video' | 'profile';
  title: string;
  description: string;
  /** An absolute URL. */
  image: string | null;
  /** The page's own absolute URL. */
  url: string;
  author: string | null;
  durationSeconds: number | null;
  /** Where oEmbed readers ask for the embed (a video's page), or null. */
  oembed: string | null;
  /** Keep search engines out (an unlisted video: its card shows, its page is not indexed). */
  noindex?: boolean;
}

/**
 * The page with a link card's tags in its head and the title in its `<title>`; everything else
 * (the single page the browser runs) is left as it is. Values are escaped: a title is text.
 */
export function withPageMeta(html: string, meta: PageMeta): string {
  const tag = (attribute: 'property' | 'name', key: string, value: string | null) =>
    value ? `<meta ${attribute}="${key}" content="${escapeHtml(value)}">` : '';
  const tags = [
    tag('property', 'og:site_name', 'Kinora'),
    tag('property', 'og:type', meta.kind === 'video' ? 'video.other' : 'profile'),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description || null),
    tag('property', 'og:url', meta.url),
    tag('property', 'og:image', meta.image),
    tag(
      'property',
      'video:duration',
      meta.durationSeconds === null ? null : String(Math.round(meta.durationSeconds)),
    ),
    tag('name', 'twitter:card', meta.image ? 'summary_large_image' : 'summary'),
    tag('name', 'twitter:title', meta.title),
    tag('name', 'twitter:description', meta.description || null),
    tag('name', 'twitter:image', meta.image),
    tag('name', 'description', meta.description || null),
    tag('name', 'robots', meta.noindex ? 'noindex' : null),
    `<link rel="canonical" href="${escapeHtml(meta.url)}">`,
    meta.oembed
      ? `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(meta.oembed)}" title="${escapeHtml(meta.title)}">`
      : '',
  ].filter(Boolean);
  const title = `<title>${escapeHtml(meta.title)} · Kinora</title>`;
  const titled = /<title>[^<]*<\/title>/.test(html)
    ? html.replace(/<title>[^<]*<\/title>/, () => title)
    : html.replace('</head>', () => `${title}</head>`);
  return titled.replace('</head>', () => `${tags.join('')}</head>`);
}

/**
 * Serves the built single-page app from the same origin as the API: hashed assets are cached
 * for a year, index.html never, and any GET outside the API, media, upload and asset paths gets
 * index.html so that deep links work. It does not ask for `Accept: text/html`: uptime checks,
 * curl and link previews send any Accept or none, and must see the page a browser sees.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string | null,
  /** The card a page's link shows (a video's, a channel's), or null for the plain page. */
  describePage: (pathname: string) => Promise<PageMeta | null> = async () => null,
): Promise<void> {
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

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0]!;
    const isServer = isServerPath(pathname);
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isServer;
    if (hasWebApp && wantsPage) {
      if (embedPath.test(pathname)) allowFraming(reply);
      const meta = request.method === 'GET' ? await describePage(pathname) : null;
      if (meta) {
        const html = await readFile(indexFile!, 'utf8');
        return reply
          .header('Cache-Control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(withPageMeta(html, meta));
      }
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
