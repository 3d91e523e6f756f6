import { OEmbedQuery, OEmbedVideo, type OEmbedVideo as OEmbed } from '@kinora/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, notFound } from '../../platform/http/errors';
import { publicUrlOf, type Storage } from '../../platform/storage/storage';
import type { VideosService } from '../videos';

/** The size an embed takes unless the asker wants it smaller: 16:9, as most players. */
const defaultWidth = 560;
const defaultHeight = 315;

const escapeAttribute = (value: string) =>
  value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The id of the video a Kinora link names: `/video/{id}`, `/embed/{id}` or the share form
 * `/#/video/{id}`, on this site's own address only.
 */
export function videoIdOfLink(link: string, publicUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.origin !== new URL(publicUrl).origin) return null;
  const path = url.pathname === '/' && url.hash.startsWith('#/') ? url.hash.slice(1) : url.pathname;
  const match = /^\/(?:video|embed)\/([0-9a-fA-F-]{36})\/?$/.exec(path);
  return match ? match[1]!.toLowerCase() : null;
}

/**
 * `GET /api/v1/oembed` (oEmbed 1.0): the card and the player's iframe for a link to a public
 * video, in the bare shape oEmbed readers expect. A link to anything else, a draft included,
 * is 404 and tells nothing more.
 */
export function registerOEmbedRoute(
  app: FastifyInstance,
  deps: { videos: Pick<VideosService, 'getVideo'>; storage: Storage; publicUrl: string },
): void {
  const absolute = (key: string | null) => {
    const url = publicUrlOf(deps.storage, key);
    return url?.startsWith('/') ? `${deps.publicUrl}${url}` : url;
  };
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/v1/oembed',
      { schema: { querystring: OEmbedQuery, response: { 200: OEmbedVideo } } },
      async (request, reply): Promise<OEmbed> => {
        const { url, format, maxwidth, maxheight } = request.query;
        if (format !== undefined && format !== 'json') {
          throw new AppError('NOT_IMPLEMENTED', 'Only the json format is offered');
        }
        const videoId = videoIdOfLink(url, deps.publicUrl);
        if (!videoId) throw notFound('Video');
        const video = await deps.videos.getVideo({ videoId, viewer: null }).catch(() => {
          throw notFound('Video');
        });
        // The largest 16:9 frame within what the asker allows.
        const width = Math.min(
          defaultWidth,
          maxwidth ?? defaultWidth,
          ((maxheight ?? defaultHeight) * 16) / 9,
        );
        const size = { width: Math.round(width), height: Math.round((width * 9) / 16) };
        const embedUrl = `${deps.publicUrl}/embed/${video.id}`;
        const thumbnail = absolute(video.thumbnailKey ?? video.posterKey);
        reply.header('Cache-Control', 'public, max-age=300');
        return {
          version: '1.0',
          type: 'video',
          provider_name: 'Kinora',
          provider_url: `${deps.publicUrl}/`,
          title: video.title,
          author_name: video.owner.fullname || video.owner.username,
          author_url: `${deps.publicUrl}/channel/${video.owner.id}`,
          ...(thumbnail ? { thumbnail_url: thumbnail } : {}),
          html:
            `<iframe src="${escapeAttribute(embedUrl)}" width="${size.width}" height="${size.height}"` +
            ` title="${escapeAttribute(video.title)}" frameborder="0"` +
            ` allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>`,
          ...size,
        };
      },
    );
}
