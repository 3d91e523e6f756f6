import type { FastifyInstance } from 'fastify';

/**
 * What the hottest reads need warm before the first visitor comes (issue 18 item 5): each pool
 * connection's named statements (parsed and planned once per connection: the home's, a video's,
 * a channel's first page, a video's comments, the subscriptions feed's two steps), the rows and
 * indexes they read in PostgreSQL's buffers, each route's compiled serializer and V8's code for
 * the read path. Without it the first minute after a start paid for all of that under load.
 *
 * The API answers these reads to itself (`inject`: no socket, nothing listening yet), as many
 * at once as the pool has connections, so that each connection plans them, a few rounds over.
 * Only what a visitor may read is asked (the feed is asked for a person who follows no one: the
 * same statements, no rows). Nothing is written. A failure is reported, never fatal: a start
 * without it is slower, not wrong.
 */
export interface WarmReadsOptions {
  /** How many reads of each kind run at once: the database pool's size. */
  connections: number;
  /** How many times each batch is run (V8 optimises code that has run a few times). */
  rounds?: number;
  /**
   * The subscriptions feed's first page through the service, asked for `nobodyId`: a person
   * following no one runs both of the feed's steps, reading no row.
   */
  followedFeed?: (userId: string) => Promise<unknown>;
}

export interface WarmReadsResult {
  /** Reads answered, by kind. */
  answered: Record<string, number>;
  /** Reads that did not answer 200, by kind (the start goes on). */
  failed: Record<string, number>;
}

/** No one's id (the nil uuid: every id the database makes is a random one). */
export const nobodyId = '00000000-0000-0000-0000-000000000000';

/** The home the web client asks for (`apps/web`'s home screen), as the load run reads it. */
export const warmHomeUrl = '/api/v1/videos?page=1&limit=100&sortBy=views&sortType=desc';

export async function warmHotReads(
  app: FastifyInstance,
  options: WarmReadsOptions,
): Promise<WarmReadsResult> {
  const answered: Record<string, number> = {};
  const failed: Record<string, number> = {};
  const count = (into: Record<string, number>, kind: string) => {
    into[kind] = (into[kind] ?? 0) + 1;
  };
  const at = Math.max(1, Math.trunc(options.connections));
  const rounds = Math.max(1, Math.trunc(options.rounds ?? 3));

  const read = async (kind: string, url: string): Promise<string | null> => {
    try {
      const res = await app.inject({ method: 'GET', url });
      if (res.statusCode !== 200) {
        count(failed, kind);
        return null;
      }
      count(answered, kind);
      return res.body;
    } catch {
      count(failed, kind);
      return null;
    }
  };
  const batch = async (kind: string, urls: string[]) => {
    for (let round = 0; round < rounds; round++) {
      await Promise.all(urls.map((url) => read(kind, url)));
    }
  };

  // The home first: its answer names the videos and channels the other reads ask for.
  const homes = await Promise.all(Array.from({ length: at }, () => read('home', warmHomeUrl)));
  await batch(
    'home',
    Array.from({ length: at }, () => warmHomeUrl),
  );
  const shown = videosOf(homes.find((body) => body !== null) ?? null).slice(0, at);
  if (shown.length > 0) {
    await batch(
      'video',
      shown.map((v) => `/api/v1/videos/${encodeURIComponent(v.id)}`),
    );
    await batch(
      'comments',
      shown.map((v) => `/api/v1/comments/${encodeURIComponent(v.id)}?page=1&limit=20`),
    );
    await batch(
      'channel-videos',
      shown.map((v) => `/api/v1/channels/${encodeURIComponent(v.ownerId)}/videos?page=1&limit=12`),
    );
  }
  const { followedFeed } = options;
  if (followedFeed) {
    for (let round = 0; round < rounds; round++) {
      await Promise.all(
        Array.from({ length: at }, async () => {
          try {
            await followedFeed(nobodyId);
            count(answered, 'subs-feed');
          } catch {
            count(failed, 'subs-feed');
          }
        }),
      );
    }
  }
  return { answered, failed };
}

/** The ids of the videos in a home answer and their owners', read defensively. */
function videosOf(body: string | null): { id: string; ownerId: string }[] {
  if (body === null) return [];
  try {
    const parsed = JSON.parse(body) as {
      data?: { videos?: { _id?: unknown; owner?: { _id?: unknown } }[] };
    };
    return (parsed.data?.videos ?? []).flatMap((v) =>
      typeof v._id === 'string' && typeof v.owner?._id === 'string'
        ? [{ id: v._id, ownerId: v.owner._id }]
        : [],
    );
  } catch {
    return [];
  }
}
