import { Id } from '@kinora/contract';
import type { PageMeta } from '../../platform/http/web-app';
import { publicUrlOf, type Storage } from '../../platform/storage/storage';
import type { ChannelsService } from '../channels';
import type { VideosService } from '../videos';

/** How much of a description a card shows (Open Graph readers cut around 200). */
const descriptionChars = 200;

const safeDecode = (part: string) => {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
};

const shortened = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > descriptionChars ? `${flat.slice(0, descriptionChars - 1)}…` : flat;
};

/**
 * What a link to a video or a channel shows where it is pasted (Open Graph and Twitter card
 * tags): read as a visitor sees it, so a draft, or anything a visitor may not see,
 * gets the plain page and gives away nothing, not even that it exists. An unlisted video's link
 * shows its card (the link is how it is shared) but asks search engines not to index it.
 */
export function pageMetaReader(deps: {
  videos: Pick<VideosService, 'getVideo'>;
  channels: Pick<ChannelsService, 'getChannel'>;
  storage: Storage;
  publicUrl: string;
}): (pathname: string) => Promise<PageMeta | null> {
  const absolute = (key: string | null): string | null => {
    const url = publicUrlOf(deps.storage, key);
    if (!url) return null;
    return url.startsWith('/') ? `${deps.publicUrl}${url}` : url;
  };
  return async (pathname) => {
    const match = /^\/(video|channel)\/([^/]+)\/?$/.exec(pathname);
    if (!match) return null;
    const parsed = Id.safeParse(safeDecode(match[2]!));
    if (!parsed.success) return null;
    const id = parsed.data;
    const url = `${deps.publicUrl}/${match[1]}/${id}`;
    try {
      if (match[1] === 'video') {
        const video = await deps.videos.getVideo({ videoId: id, viewer: null });
        return {
          kind: 'video',
          title: video.title,
          description: shortened(video.description),
          image: absolute(video.thumbnailKey ?? video.posterKey),
          url,
          author: video.owner.fullname || video.owner.username,
          durationSeconds: video.durationSeconds,
          oembed: `${deps.publicUrl}/api/v1/oembed?url=${encodeURIComponent(url)}&format=json`,
          noindex: video.isUnlisted,
        };
      }
      const { channel } = await deps.channels.getChannel({ by: { id }, viewer: null });
      return {
        kind: 'profile',
        title: `${channel.fullname || channel.username} (@${channel.username})`,
        description: shortened(channel.bio ?? ''),
        image: absolute(channel.avatarKey),
        url,
        author: null,
        durationSeconds: null,
        oembed: null,
      };
    } catch {
      // Not there for a visitor (unknown, a draft, removed): the plain page.
      return null;
    }
  };
}
