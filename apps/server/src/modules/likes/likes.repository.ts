import { and, desc, eq, sql } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth/roles';
import type { Database } from '../../platform/db/client';
import { preparedRows } from '../../platform/db/prepared-sql';
import { microsOf, pastCursor, type KeysetPosition } from '../../platform/db/keyset';
import { comments, likes, tweets, videos } from '../../platform/db/schema';
import { videosInteractableBy, videosWatchableBy } from '../videos';

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
   * `mayLike` narrows the target: `interactable`, a video this person may like
   * (`videosInteractableBy`: out for anyone, or their own); `any`, any target there is (the
   * caller checked it). Answers null when the target is not there or not to be liked by this
   * person, and the caller finds out which. Each statement is a named prepared statement
   * (decision 0063): likes come many a second.
   */
  async toggle(
    kind: LikeTarget,
    userId: string,
    targetId: string,
    mayLike: 'interactable' | 'any' = 'any',
  ): Promise<{ isLiked: boolean; likeCount: number } | null> {
    const [added] = await this.statement(`add_${kind}_${mayLike}`, () =>
      this.prepareAdd(kind, mayLike),
    )({ userId, targetId });
    if (!added?.allowed) return null;
    if (added.like_count !== null) return { isLiked: true, likeCount: Number(added.like_count) };
    // Liked already: take it back. A concurrent toggle may have removed it first: only a row
    // removed here moves the count.
    const [removed] = await this.statement(`remove_${kind}`, () => this.prepareRemove(kind))({
      userId,
      targetId,
    });
    const likeCount = removed?.like_count ?? removed?.current ?? null;
    return likeCount === null ? null : { isLiked: false, likeCount: Number(likeCount) };
  }

  private readonly statements = new Map<
    string,
    (values: { userId: string; targetId: string }) => Promise<Record<string, unknown>[]>
  >();
  private statement<Row>(
    name: string,
    prepare: () => (values: { userId: string; targetId: string }) => Promise<Row[]>,
  ): (values: { userId: string; targetId: string }) => Promise<Row[]> {
    let found = this.statements.get(name);
    if (!found) this.statements.set(name, (found = prepare() as never));
    return found as never;
  }

  private prepareAdd(kind: LikeTarget, mayLike: 'interactable' | 'any') {
    const target = targets[kind];
    const targetColumn = sql.identifier(target.column.name);
    const count = sql.identifier(target.count.name);
    const userId = sql.placeholder('userId');
    const targetId = sql.placeholder('targetId');
    if (mayLike === 'interactable' && kind !== 'video') {
      throw new Error('Only a video has an interactable condition');
    }
    const condition =
      mayLike === 'interactable'
        ? videosInteractableBy({ userId: userId as unknown as string, role: 'user' })
        : sql`true`;
    return preparedRows<
      { allowed: boolean; like_count: number | null },
      { userId: string; targetId: string }
    >(
      this.writes,
      `likes_add_${kind}_${mayLike}`,
      sql`with target as (
            select ${target.id} as id from ${target.table}
            where ${target.id} = ${targetId}::uuid and ${condition}
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
  }

  private prepareRemove(kind: LikeTarget) {
    const target = targets[kind];
    const targetColumn = sql.identifier(target.column.name);
    const count = sql.identifier(target.count.name);
    const userId = sql.placeholder('userId');
    const targetId = sql.placeholder('targetId');
    return preparedRows<
      { like_count: number | null; current: number | null },
      { userId: string; targetId: string }
    >(
      this.writes,
      `likes_remove_${kind}`,
      sql`with removed as (
            delete from ${likes} where user_id = ${userId}::uuid and ${targetColumn} = ${targetId}::uuid
            returning ${targetColumn} as id
          ), counted as (
            update ${target.table} set ${count} = ${count} - 1
            where ${target.id} in (select id from removed)
            returning ${target.count} as like_count
          )
          select (select like_count from counted) as like_count,
            (select ${target.count} from ${target.table} where ${target.id} = ${targetId}::uuid) as current`,
    );
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
