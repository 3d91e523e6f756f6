import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { subscriptions, users, videos } from '../../platform/db/schema';
import { videosVisibleTo } from '../videos';

export interface ChannelRecord {
  id: string;
  username: string;
  fullname: string;
  /** Only the owner's stats (the profile) present it. */
  email: string;
  avatarKey: string | null;
  coverImageKey: string | null;
  bio: string;
  createdAt: Date;
  subscribersCount: number;
  subscribedAt: Date | null;
}

export interface ChannelFigures {
  /** The videos a visitor sees (published ones); `allVideos` counts drafts too. */
  publishedVideos: number;
  allVideos: number;
  tweets: number;
  subscriptions: number;
  totalViews: number;
  totalLikes: number;
}

export class ChannelsRepository {
  constructor(private readonly db: Database) {}

  private columns() {
    return {
      id: users.id,
      username: users.username,
      fullname: users.fullname,
      email: users.email,
      avatarKey: users.avatarKey,
      coverImageKey: users.coverImageKey,
      bio: users.bio,
      createdAt: users.createdAt,
      subscribersCount: users.subscribersCount,
      subscribedAt: subscriptions.createdAt,
    };
  }

  // Named prepared statements: a channel page is read far more often than anything else about
  // a person, so its queries (by id or by name, and its figures) are parsed and planned once
  // per connection.
  private prepareFind(by: 'id' | 'username') {
    return this.db
      .select(this.columns())
      .from(users)
      .leftJoin(
        subscriptions,
        and(
          eq(subscriptions.channelId, users.id),
          // No viewer: NULL, which matches no row.
          eq(subscriptions.subscriberId, sql.placeholder('viewerId')),
        ),
      )
      .where(eq(by === 'id' ? users.id : users.username, sql.placeholder('key')))
      .limit(1)
      .prepare(`channels_find_by_${by}`);
  }
  private readonly findStatements = new Map<
    'id' | 'username',
    ReturnType<ChannelsRepository['prepareFind']>
  >();

  private prepareFigures() {
    const id = sql.placeholder('id');
    return this.db
      .select({
        publishedVideos: sql<number>`count(*) filter (where ${videosVisibleTo(null)})::int`,
        allVideos: sql<number>`count(*)::int`,
        totalViews: sql<string>`coalesce(sum(${videos.views}), 0)::text`,
        totalLikes: sql<string>`coalesce(sum(${videos.likesCount}), 0)::text`,
        tweets: sql<number>`(select count(*)::int from tweets where owner_id = ${id})`,
        subscriptions: sql<number>`(select count(*)::int from subscriptions where subscriber_id = ${id})`,
      })
      .from(videos)
      .where(eq(videos.ownerId, id))
      .prepare('channels_figures');
  }
  private figuresStatement: ReturnType<ChannelsRepository['prepareFigures']> | undefined;

  /**
   * Which of the (viewer, channel) pairs are subscriptions: one read of the subscriptions
   * primary key per pair, all pairs in one statement.
   */
  private prepareSubscribedPairs() {
    return this.db
      .select({ viewerId: subscriptions.subscriberId, channelId: subscriptions.channelId })
      .from(subscriptions)
      .where(
        sql`(${subscriptions.subscriberId}, ${subscriptions.channelId}) in (
          select * from unnest(${sql.placeholder('viewerIds')}::uuid[], ${sql.placeholder('channelIds')}::uuid[])
        )`,
      )
      .prepare('channels_subscribed_pairs');
  }
  private subscribedPairsStatement:
    ReturnType<ChannelsRepository['prepareSubscribedPairs']> | undefined;
  /** Lookups asked for in the same turn of the event loop, answered together. */
  private subscribedBatch: {
    viewerId: string;
    channelId: string;
    answer: (isSubscribed: boolean) => void;
    fail: (error: unknown) => void;
  }[] = [];

  /**
   * Whether the viewer subscribes to the channel. Every signed-in read of a shared channel
   * answer asks this (decision 0018): the lookups of one turn of the event loop go to the
   * database as one statement, so fifty concurrent readers cost one round trip, not fifty.
   */
  isSubscribed(viewerId: string, channelId: string): Promise<boolean> {
    return new Promise((answer, fail) => {
      if (this.subscribedBatch.length === 0) setImmediate(() => void this.lookUpSubscribed());
      this.subscribedBatch.push({ viewerId, channelId, answer, fail });
    });
  }

  private async lookUpSubscribed(): Promise<void> {
    const batch = this.subscribedBatch;
    this.subscribedBatch = [];
    try {
      this.subscribedPairsStatement ??= this.prepareSubscribedPairs();
      // Array literals of uuids (ids the server itself holds): one text parameter each, which
      // both drivers pass as they are.
      const rows = await this.subscribedPairsStatement.execute({
        viewerIds: `{${batch.map((b) => b.viewerId).join(',')}}`,
        channelIds: `{${batch.map((b) => b.channelId).join(',')}}`,
      });
      const found = new Set(rows.map((r) => `${r.viewerId} ${r.channelId}`));
      for (const b of batch) b.answer(found.has(`${b.viewerId} ${b.channelId}`));
    } catch (error) {
      for (const b of batch) b.fail(error);
    }
  }

  /**
   * The channels the person follows, up to `limit` of them (the caller tells a longer list by
   * its length): a walk of the subscriptions' (subscriber, channel) key.
   */
  async followedChannelIds(userId: string, limit: number): Promise<string[]> {
    this.followedStatement ??= this.prepareFollowed();
    const rows = await this.followedStatement.execute({ userId, limit });
    return rows.map((r) => r.channelId);
  }
  private prepareFollowed() {
    return this.db
      .select({ channelId: subscriptions.channelId })
      .from(subscriptions)
      .where(eq(subscriptions.subscriberId, sql.placeholder('userId')))
      .limit(sql.placeholder('limit'))
      .prepare('channels_followed_by');
  }
  private followedStatement: ReturnType<ChannelsRepository['prepareFollowed']> | undefined;

  async find(
    by: { id: string } | { username: string },
    viewerId: string | null,
  ): Promise<ChannelRecord | null> {
    const [kind, key] =
      'id' in by ? (['id', by.id] as const) : (['username', by.username] as const);
    let statement = this.findStatements.get(kind);
    if (!statement) {
      statement = this.prepareFind(kind);
      this.findStatements.set(kind, statement);
    }
    const [row] = await statement.execute({ key, viewerId });
    return row ?? null;
  }

  /** Every figure of a channel in one round trip: one pass over its videos, two counts. */
  async figures(channelId: string): Promise<ChannelFigures> {
    this.figuresStatement ??= this.prepareFigures();
    const [row] = await this.figuresStatement.execute({ id: channelId });
    if (!row) throw new Error('figures query answered no row');
    return {
      publishedVideos: Number(row.publishedVideos),
      allVideos: Number(row.allVideos),
      tweets: Number(row.tweets),
      subscriptions: Number(row.subscriptions),
      totalViews: Number(row.totalViews),
      totalLikes: Number(row.totalLikes),
    };
  }
}
