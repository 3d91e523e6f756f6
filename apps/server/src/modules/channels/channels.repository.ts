import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../platform/db/client';
import { subscriptions, users } from '../../platform/db/schema';

export interface ChannelRecord {
  id: string;
  username: string;
  fullname: string;
  avatarKey: string | null;
  coverImageKey: string | null;
  bio: string;
  createdAt: Date;
  subscribersCount: number;
  subscribedAt: Date | null;
}

export interface ChannelFigures {
  publishedVideos: number;
  allVideos: number;
  tweets: number;
  subscriptions: number;
  totalViews: number;
  totalLikes: number;
}

export class ChannelsRepository {
  constructor(private readonly db: Database) {}

  async find(
    by: { id: string } | { username: string },
    viewerId: string | null,
  ): Promise<ChannelRecord | null> {
    const [row] = await this.db
      .select({
        id: users.id,
        username: users.username,
        fullname: users.fullname,
        avatarKey: users.avatarKey,
        coverImageKey: users.coverImageKey,
        bio: users.bio,
        createdAt: users.createdAt,
        subscribersCount: users.subscribersCount,
        subscribedAt: subscriptions.createdAt,
      })
      .from(users)
      .leftJoin(
        subscriptions,
        and(
          eq(subscriptions.channelId, users.id),
          viewerId ? eq(subscriptions.subscriberId, viewerId) : sql`false`,
        ),
      )
      .where('id' in by ? eq(users.id, by.id) : eq(users.username, by.username))
      .limit(1);
    return row ?? null;
  }

  /** Every figure of a channel in one round trip; each is an indexed aggregate. */
  async figures(channelId: string): Promise<ChannelFigures> {
    const [row] = await queryRows<{
      published_videos: number;
      all_videos: number;
      tweets: number;
      subscriptions: number;
      total_views: string;
      total_likes: string;
    }>(
      this.db,
      sql`
      select
        (select count(*)::int from videos where owner_id = ${channelId} and is_published) as published_videos,
        (select count(*)::int from videos where owner_id = ${channelId}) as all_videos,
        (select count(*)::int from tweets where owner_id = ${channelId}) as tweets,
        (select count(*)::int from subscriptions where subscriber_id = ${channelId}) as subscriptions,
        (select coalesce(sum(views), 0)::text from videos where owner_id = ${channelId}) as total_views,
        (select coalesce(sum(likes_count), 0)::text from videos where owner_id = ${channelId}) as total_likes
    `,
    );
    if (!row) throw new Error('figures query answered no row');
    return {
      publishedVideos: Number(row.published_videos),
      allVideos: Number(row.all_videos),
      tweets: Number(row.tweets),
      subscriptions: Number(row.subscriptions),
      totalViews: Number(row.total_views),
      totalLikes: Number(row.total_likes),
    };
  }
}
