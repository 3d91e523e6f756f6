import { alias } from 'drizzle-orm/pg-core';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
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
        this.db
          .select({
            id: comments.id,
            videoId: comments.videoId,
            content: comments.content,
            createdAt: comments.createdAt,
          })
          .from(comments)
          .where(eq(comments.ownerId, userId))
          .orderBy(desc(comments.createdAt)),
        this.db
          .select({
            videoId: likes.videoId,
            commentId: likes.commentId,
            tweetId: likes.tweetId,
            createdAt: likes.createdAt,
          })
          .from(likes)
          .where(eq(likes.userId, userId))
          .orderBy(desc(likes.createdAt)),
        this.db
          .select({
            id: playlists.id,
            name: playlists.name,
            description: playlists.description,
            visibility: playlists.visibility,
            createdAt: playlists.createdAt,
          })
          .from(playlists)
          .where(eq(playlists.ownerId, userId))
          .orderBy(desc(playlists.createdAt)),
        this.db
          .select({ playlistId: playlistItems.playlistId, videoId: playlistItems.videoId })
          .from(playlistItems)
          .innerJoin(playlists, eq(playlists.id, playlistItems.playlistId))
          .where(eq(playlists.ownerId, userId))
          .orderBy(asc(playlistItems.position)),
        this.db
          .select({
            videoId: watchHistory.videoId,
            positionSeconds: watchHistory.positionSeconds,
            watchedAt: watchHistory.watchedAt,
          })
          .from(watchHistory)
          .where(eq(watchHistory.userId, userId))
          .orderBy(desc(watchHistory.watchedAt)),
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
        this.db
          .select({ id: tweets.id, content: tweets.content, createdAt: tweets.createdAt })
          .from(tweets)
          .where(eq(tweets.ownerId, userId))
          .orderBy(desc(tweets.createdAt)),
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
