import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { and, asc, desc, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { pickColumns } from '../../platform/db/pick-columns';
import {
  comments,
  conversationParticipants,
  likes,
  mediaAssets,
  messages,
  playlistItems,
  playlists,
  subscriptions,
  tweets,
  users,
  videos,
  watchHistory,
} from '../../platform/db/schema';

/** Rows of everything that is a person's own, read for their export (presented by the service). */
export class AccountExportRepository {
  constructor(private readonly db: Database) {}

  /** The `keys` columns of the rows of `table` whose `owner` is the person, newest first by `at`. */
  private newestOwn<T extends PgTable, K extends keyof T['_']['columns'] & string>(
    userId: string,
    table: T,
    owner: K,
    at: K,
    keys: readonly K[],
  ) {
    const columns = getTableColumns(table);
    return this.db
      .select(pickColumns(table, keys))
      .from(table as PgTable)
      .where(eq(columns[owner] as PgColumn, userId))
      .orderBy(desc(columns[at] as PgColumn));
  }

  async readAccount(userId: string) {
    const [account] = await this.db
      .select({
        id: users.id,
        username: users.username,
        fullname: users.fullname,
        email: users.email,
        bio: users.bio,
        avatarKey: users.avatarKey,
        coverImageKey: users.coverImageKey,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!account) return null;
    const videoAsset = alias(mediaAssets, 'video_asset');
    const thumbnailAsset = alias(mediaAssets, 'thumbnail_asset');
    const [ownVideos, ownComments, ownLikes, ownPlaylists, items, history, followed, ownTweets] =
      await Promise.all([
        this.db
          .select({
            id: videos.id,
            title: videos.title,
            description: videos.description,
            isPublished: videos.isPublished,
            views: videos.views,
            durationSeconds: videos.durationSeconds,
            createdAt: videos.createdAt,
            videoKey: videoAsset.storageKey,
            thumbnailKey: thumbnailAsset.storageKey,
          })
          .from(videos)
          .leftJoin(videoAsset, eq(videoAsset.id, videos.videoAssetId))
          .leftJoin(thumbnailAsset, eq(thumbnailAsset.id, videos.thumbnailAssetId))
          .where(eq(videos.ownerId, userId))
          .orderBy(desc(videos.createdAt)),
        this.newestOwn(userId, comments, 'ownerId', 'createdAt', [
          'id',
          'videoId',
          'content',
          'createdAt',
        ]),
        this.newestOwn(userId, likes, 'userId', 'createdAt', [
          'videoId',
          'commentId',
          'tweetId',
          'createdAt',
        ]),
        this.newestOwn(userId, playlists, 'ownerId', 'createdAt', [
          'id',
          'name',
          'description',
          'visibility',
          'createdAt',
        ]),
        this.db
          .select({ playlistId: playlistItems.playlistId, videoId: playlistItems.videoId })
          .from(playlistItems)
          .innerJoin(playlists, eq(playlists.id, playlistItems.playlistId))
          .where(eq(playlists.ownerId, userId))
          .orderBy(asc(playlistItems.position)),
        this.newestOwn(userId, watchHistory, 'userId', 'watchedAt', [
          'videoId',
          'positionSeconds',
          'watchedAt',
        ]),
        this.db
          .select({
            channelId: subscriptions.channelId,
            username: users.username,
            subscribedAt: subscriptions.createdAt,
          })
          .from(subscriptions)
          .innerJoin(users, eq(users.id, subscriptions.channelId))
          .where(eq(subscriptions.subscriberId, userId))
          .orderBy(desc(subscriptions.createdAt)),
        this.newestOwn(userId, tweets, 'ownerId', 'createdAt', ['id', 'content', 'createdAt']),
      ]);
    return {
      account,
      ownVideos,
      ownComments,
      ownLikes,
      ownPlaylists,
      items,
      history,
      followed,
      ownTweets,
      conversations: await this.readConversations(userId),
    };
  }

  /** The person's conversations, each with the other member and every message, oldest first. */
  private async readConversations(userId: string) {
    const mine = alias(conversationParticipants, 'mine');
    const theirs = alias(conversationParticipants, 'theirs');
    const partners = await this.db
      .select({ conversationId: mine.conversationId, otherId: users.id, username: users.username })
      .from(mine)
      .innerJoin(
        theirs,
        and(eq(theirs.conversationId, mine.conversationId), ne(theirs.userId, userId)),
      )
      .innerJoin(users, eq(users.id, theirs.userId))
      .where(eq(mine.userId, userId));
    if (partners.length === 0) return [];
    const rows = await this.db
      .select({
        conversationId: messages.conversationId,
        senderId: messages.senderId,
        content: messages.content,
        createdAt: messages.createdAt,
      })
      .from(messages)
      .where(
        sql`${messages.conversationId} = any(${`{${partners.map((p) => p.conversationId).join(',')}}`}::uuid[])`,
      )
      .orderBy(asc(messages.createdAt), asc(messages.id));
    return partners.map((partner) => ({
      ...partner,
      messages: rows.filter((m) => m.conversationId === partner.conversationId),
    }));
  }
}
