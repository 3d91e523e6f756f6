import { and, eq, isNull, ne, sql, type Column } from 'drizzle-orm';
import type { Database, Tx } from '../../platform/db/client';
import type { DomainEventMap } from '../../platform/events/domain-events';
import {
  comments,
  likes,
  mediaAssets,
  playlistItems,
  playlists,
  sessions,
  subscriptions,
  tweets,
  users,
  videos,
} from '../../platform/db/schema';

/**
 * What deleting an account changed: the event's lists of the person's things and of the other
 * people's things they were counted in, the files to remove, and the sessions that ended.
 */
export type DeletedAccount = Omit<DomainEventMap['account.deleted'], 'userId'> & {
  /** Files to remove from storage: single keys and whole prefixes (a video's outputs). */
  files: { keys: string[]; prefixes: string[] };
  /** Sessions that were live: their sockets end. */
  sessionIds: string[];
};

/**
 * Deletes an account in one transaction. Every counter the person moved on other people's
 * things moves back first: the rows that counted (likes, comments, subscriptions) are deleted
 * with `returning`, and only what was deleted is subtracted. The user's row is locked first, so
 * no like, comment or subscription of theirs can be added meanwhile (adding one checks the
 * user's row); a concurrent removal of one either happens before (then it is not returned here)
 * or waits and finds nothing. The rest leaves with the user's row (foreign keys cascade: their
 * videos with the comments, likes and playlist entries on them, history, playlists, tweets,
 * conversations with their messages, requests, blocks, sessions, media rows).
 */
export class AccountDeletionRepository {
  constructor(private readonly db: Database) {}

  async deleteAccount(userId: string): Promise<DeletedAccount | null> {
    return this.db.transaction(async (tx) => {
      const [user] = await tx
        .select({ avatarKey: users.avatarKey, coverImageKey: users.coverImageKey })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!user) return null;

      const goneLikes = await tx
        .delete(likes)
        .where(eq(likes.userId, userId))
        .returning({ videoId: likes.videoId, commentId: likes.commentId, tweetId: likes.tweetId });
      const likedVideoIds = present(goneLikes.map((l) => l.videoId));
      const likedCommentIds = present(goneLikes.map((l) => l.commentId));
      const likedTweetIds = present(goneLikes.map((l) => l.tweetId));
      await subtractCounts(tx, 'videos', 'likes_count', likedVideoIds);
      await subtractCounts(tx, 'comments', 'likes_count', likedCommentIds);
      await subtractCounts(tx, 'tweets', 'likes_count', likedTweetIds);

      // The replies under their comments go too (threads, decision 0037), then their comments;
      // a reply of theirs under someone else's comment leaves that thread one shorter. Videos'
      // counts of visible comments follow by their row trigger (decision 0046).
      const goneReplies = await tx
        .delete(comments)
        .where(
          sql`${comments.parentId} in (select ${comments.id} from ${comments}
                where ${comments.ownerId} = ${userId})`,
        )
        .returning({ videoId: comments.videoId });
      const goneComments = await tx
        .delete(comments)
        .where(eq(comments.ownerId, userId))
        .returning({ videoId: comments.videoId, parentId: comments.parentId });
      const commentedOn = [...goneReplies, ...goneComments].map((c) => c.videoId);
      await subtractCounts(
        tx,
        'comments',
        'replies_count',
        present(goneComments.map((c) => c.parentId)),
      );

      const goneSubscriptions = await tx
        .delete(subscriptions)
        .where(eq(subscriptions.subscriberId, userId))
        .returning({ channelId: subscriptions.channelId });
      const followed = goneSubscriptions.map((s) => s.channelId);
      await subtractCounts(tx, 'users', 'subscribers_count', followed);

      const likedCommentVideos = likedCommentIds.length
        ? await tx
            .selectDistinct({ videoId: comments.videoId })
            .from(comments)
            .where(anyOf(comments.id, likedCommentIds))
        : [];

      /** The ids of the person's own rows of `table`. */
      const ownIds = async (table: typeof videos | typeof tweets | typeof playlists) =>
        (await tx.select({ id: table.id }).from(table).where(eq(table.ownerId, userId))).map(
          (row) => row.id,
        );
      const videoIds = await ownIds(videos);
      const touchedPlaylists = videoIds.length
        ? await tx
            .selectDistinct({ id: playlistItems.playlistId })
            .from(playlistItems)
            .innerJoin(playlists, eq(playlists.id, playlistItems.playlistId))
            .where(and(anyOf(playlistItems.videoId, videoIds), ne(playlists.ownerId, userId)))
        : [];
      const tweetIds = await ownIds(tweets);
      const playlistIds = await ownIds(playlists);
      const assets = await tx
        .select({ key: mediaAssets.storageKey })
        .from(mediaAssets)
        .where(eq(mediaAssets.ownerId, userId));
      const liveSessions = await tx
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));

      await tx.delete(users).where(eq(users.id, userId));

      const ownVideoSet = new Set(videoIds);
      const others = (ids: string[]) => unique(ids).filter((id) => !ownVideoSet.has(id));
      return {
        files: {
          keys: unique(
            [user.avatarKey, user.coverImageKey, ...assets.map((a) => a.key)].filter(
              (key): key is string => key !== null,
            ),
          ),
          // The processing outputs of each video (videos.jobs.ts's outputPrefix).
          prefixes: videoIds.map((id) => `videos/${id}/`),
        },
        sessionIds: liveSessions.map((s) => s.id),
        videoIds,
        tweetIds,
        playlistIds,
        likedVideoIds: others(likedVideoIds),
        commentedVideoIds: others([...commentedOn, ...likedCommentVideos.map((c) => c.videoId)]),
        likedTweetIds: unique(likedTweetIds),
        followedChannelIds: unique(followed),
        touchedPlaylistIds: touchedPlaylists.map((p) => p.id),
      };
    });
  }
}

/**
 * Subtracts from `table.column` one for each time a row's id appears in `ids` (one statement,
 * the ids grouped in SQL). Table and column are fixed names from this file, never input.
 */
async function subtractCounts(
  tx: Tx,
  table: 'videos' | 'comments' | 'tweets' | 'users',
  column: 'likes_count' | 'replies_count' | 'subscribers_count',
  ids: string[],
): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    update ${sql.identifier(table)} as t
    set ${sql.identifier(column)} = t.${sql.identifier(column)} - g.n
    from (
      select id, count(*)::int as n from unnest(${uuidArray(ids)}::uuid[]) as id group by id
    ) as g
    where t.id = g.id
  `);
}

const present = (ids: (string | null)[]) => ids.filter((id): id is string => id !== null);
const unique = (ids: string[]) => [...new Set(ids)];
/** An array parameter (one, however many ids), in the literal form both drivers take. */
const uuidArray = (ids: string[]) => `{${ids.join(',')}}`;
const anyOf = (column: Column, ids: string[]) =>
  sql`${column} = any(${uuidArray(unique(ids))}::uuid[])`;
