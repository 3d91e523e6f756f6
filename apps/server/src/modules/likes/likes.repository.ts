import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth/roles';
import { queryRows, type Database } from '../../platform/db/client';
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

export class LikesRepository {
  constructor(
    private readonly db: Database,
    /** Where writes go (decision 0059): connections no read waits for; `db` on PGlite. */
    private readonly writes: Database = db,
  ) {}

  /**
   * Adds the like if absent, removes it if present, and moves the target's counter with it: a
   * like is one statement, an unlike two, each writing the like and the count together. The
   * insert waits on the unique index for a concurrent toggle by the same person, and the count
   * moves only by a row this statement added or removed, so it always equals the like rows.
   *
   * `mayLike` narrows the target (a condition on its table, the video's `videosInteractableBy`):
   * answers null when the target is not there or not to be liked by this person, and the
   * caller finds out which.
   */
  async toggle(
    kind: LikeTarget,
    userId: string,
    targetId: string,
    mayLike: SQL = sql`true`,
  ): Promise<{ isLiked: boolean; likeCount: number } | null> {
    const target = targets[kind];
    const targetColumn = sql.identifier(target.column.name);
    const count = sql.identifier(target.count.name);
    const [added] = await queryRows<{ allowed: boolean; like_count: number | null }>(
      this.writes,
      sql`with target as (
            select ${target.id} as id from ${target.table}
            where ${target.id} = ${targetId} and ${mayLike}
          ), added as (
            insert into ${likes} (user_id, ${targetColumn}) select ${userId}::uuid, id from target
            on conflict do nothing
            returning ${targetColumn} as id
          ), counted as (
            update ${target.table} set ${count} = ${count} + 1
            where ${target.id} in (select id from added)
            returning ${target.count} as like_count
          )
          select exists (select 1 from target) as allowed,
            (select like_count from counted) as like_count`,
    );
    if (!added?.allowed) return null;
    if (added.like_count !== null) return { isLiked: true, likeCount: Number(added.like_count) };
    // Liked already: take it back. A concurrent toggle may have removed it first: only a row
    // removed here moves the count.
    const [removed] = await queryRows<{ like_count: number | null; current: number | null }>(
      this.writes,
      sql`with removed as (
            delete from ${likes} where user_id = ${userId} and ${targetColumn} = ${targetId}
            returning ${targetColumn} as id
          ), counted as (
            update ${target.table} set ${count} = ${count} - 1
            where ${target.id} in (select id from removed)
            returning ${target.count} as like_count
          )
          select (select like_count from counted) as like_count,
            (select ${target.count} from ${target.table} where ${target.id} = ${targetId}) as current`,
    );
    const likeCount = removed?.like_count ?? removed?.current ?? null;
    return likeCount === null ? null : { isLiked: false, likeCount: Number(likeCount) };
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
