import { and, desc, eq, sql } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth/roles';
import type { Database } from '../../platform/db/client';
import { microsOf, pastCursor, type KeysetPosition } from '../../platform/db/keyset';
import { comments, likes, tweets, videos } from '../../platform/db/schema';
import { videosWatchableBy } from '../videos';

export type LikeTarget = 'video' | 'comment' | 'tweet';

const targets = {
  video: { column: likes.videoId, table: videos, id: videos.id, count: videos.likesCount },
  comment: {
    column: likes.commentId,
    table: comments,
    id: comments.id,
    count: comments.likesCount,
  },
  tweet: { column: likes.tweetId, table: tweets, id: tweets.id, count: tweets.likesCount },
} as const;

const columnName = { video: 'videoId', comment: 'commentId', tweet: 'tweetId' } as const;

export class LikesRepository {
  constructor(private readonly db: Database) {}

  /**
   * Adds the like if absent, removes it if present, and moves the target's counter in the
   * same transaction. A concurrent toggle by the same user waits on the unique index, so the
   * count always equals the number of like rows.
   */
  async toggle(
    kind: LikeTarget,
    userId: string,
    targetId: string,
  ): Promise<{ isLiked: boolean; likeCount: number } | null> {
    const target = targets[kind];
    return this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(likes)
        .values({ userId, [columnName[kind]]: targetId })
        .onConflictDoNothing()
        .returning({ id: likes.id });
      let isLiked = true;
      let change = 1;
      if (inserted.length === 0) {
        const deleted = await tx
          .delete(likes)
          .where(and(eq(likes.userId, userId), eq(target.column, targetId)))
          .returning({ id: likes.id });
        isLiked = false;
        // A concurrent toggle may have removed it first: only a removed row moves the count.
        change = deleted.length === 0 ? 0 : -1;
      }
      const [row] = await tx
        .update(target.table)
        .set({ likesCount: sql`${target.count} + ${change}` })
        .where(eq(target.id, targetId))
        .returning({ likeCount: target.count });
      return row ? { isLiked, likeCount: row.likeCount } : null;
    });
  }

  async status(
    kind: LikeTarget,
    userId: string | null,
    targetId: string,
  ): Promise<{ isLiked: boolean; likeCount: number } | null> {
    const target = targets[kind];
    const [row] = await this.db
      .select({ likeCount: target.count, likeId: likes.id })
      .from(target.table)
      // A join (not a correlated subquery) so that every column is qualified by its table.
      .leftJoin(
        likes,
        and(eq(target.column, target.id), userId ? eq(likes.userId, userId) : sql`false`),
      )
      .where(eq(target.id, targetId))
      .limit(1);
    return row ? { isLiked: row.likeId !== null, likeCount: row.likeCount } : null;
  }

  /**
   * One page of the videos the user liked that the viewer may see, newest like first, after
   * `cursor`: a walk of the (user, created_at desc, id desc) index of video likes.
   */
  async likedVideoIds(input: {
    userId: string;
    viewer: Viewer | null;
    cursor: KeysetPosition | undefined;
    limit: number;
  }): Promise<{ videoId: string; likeId: string; likedAt: Date; likedAtMicros: string }[]> {
    return this.db
      .select({
        videoId: videos.id,
        likeId: likes.id,
        likedAt: likes.createdAt,
        likedAtMicros: microsOf(likes.createdAt),
      })
      .from(likes)
      .innerJoin(videos, and(eq(videos.id, likes.videoId), videosWatchableBy(input.viewer)))
      .where(
        and(
          eq(likes.userId, input.userId),
          sql`${likes.videoId} is not null`,
          input.cursor ? pastCursor(likes.createdAt, likes.id, input.cursor) : undefined,
        ),
      )
      .orderBy(desc(likes.createdAt), desc(likes.id))
      .limit(input.limit);
  }
}
