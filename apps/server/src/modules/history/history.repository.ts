import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { isStaff, type Viewer } from '../../platform/auth/roles';
import { BatchedLookup } from '../../platform/db/batched-lookup';
import { preparedRows } from '../../platform/db/prepared-sql';
import { relaxedCommit } from '../../platform/db/relaxed-commit';
import { microsOf, pastCursor, type KeysetPosition } from '../../platform/db/keyset';
import { users, videos, watchHistory } from '../../platform/db/schema';
import { CardRepository, videoCardColumns, videosWatchableBy, type VideoCardRow } from '../videos';

/**
 * A watched video as its card (`videos.cards.ts`: the answer written by PostgreSQL from what its
 * rows keep), with when it was last watched and where playback stopped.
 */
export type HistoryRecord = VideoCardRow & {
  watchedAt: Date;
  watchedAtMicros: string;
  positionSeconds: number;
};

/** Where a person stopped in one video of their history. */
export interface WatchPositionRecord {
  videoId: string;
  positionSeconds: number;
  watchedAt: Date;
}

/** One reader's first page as one statement of many readers' answers it (`firstPageOf`). */
interface FirstPageRow {
  /** The place of the reader's request in the statement's list (from 1). */
  n: string;
  id: string;
  ownerId: string;
  visibility: HistoryRecord['visibility'];
  hidden: boolean;
  unsafeKey: string | null;
  card: string;
  micros: string;
  positionSeconds: number;
}

/**
 * The time of a history entry as the driver reads its column, from its microseconds: to the
 * millisecond, cut, not rounded (what `watchedAt` holds on every other read).
 */
export const watchedAtOf = (micros: string): Date => new Date(Number(BigInt(micros) / 1000n));

/** The cards' URL prefix, as every card statement takes it. */
const urlPrefix = sql`${sql.placeholder('urlPrefix')}`;

export class HistoryRepository extends CardRepository {
  /**
   * One page of a person's history that they may still see, most recent first, after
   * `cursor`: a walk of the (user, watched_at desc, video_id desc) index.
   */
  async list(input: {
    userId: string;
    viewer: Viewer;
    cursor: KeysetPosition | undefined;
    limit: number;
  }): Promise<HistoryRecord[]> {
    // The first page (what the history screen reads) as a named prepared statement: planned
    // once per connection. The viewer is the person themselves, staff or not.
    if (!input.cursor && input.viewer.userId === input.userId) {
      const kind = isStaff(input.viewer) ? 'staff' : 'user';
      let statement = this.firstPages.get(kind);
      if (!statement) this.firstPages.set(kind, (statement = this.prepareFirstPage(kind)));
      return statement.execute({
        userId: input.userId,
        limit: input.limit,
        urlPrefix: this.mediaUrlPrefix,
      });
    }
    return this.selectPage(input.viewer)
      .where(
        and(
          eq(watchHistory.userId, input.userId),
          input.cursor
            ? pastCursor(watchHistory.watchedAt, watchHistory.videoId, input.cursor)
            : undefined,
        ),
      )
      .orderBy(desc(watchHistory.watchedAt), desc(watchHistory.videoId))
      .limit(input.limit)
      .execute({ urlPrefix: this.mediaUrlPrefix });
  }

  /**
   * A person's own first `limit` entries (what the history screen reads, and what
   * `KeptHistory` keeps): the same rows as `list` gives them for a user who is not staff. The
   * first pages asked for in one event-loop turn are read by one statement
   * (`BatchedLookup`, decision 0067): the model's 2,000 people asking for theirs at once cost
   * PostgreSQL a few dozen statements, not 2,000.
   */
  async firstPageOf(userId: string, limit: number): Promise<HistoryRecord[]> {
    const page = await this.firstPagesAsked.load(`${userId.toLowerCase()} ${limit}`);
    return page?.rows ?? [];
  }

  private readonly firstPagesAsked = new BatchedLookup<
    string,
    { key: string; rows: HistoryRecord[] }
  >({
    read: async (keys) => {
      this.firstPagesStatement ??= this.prepareFirstPages();
      const asked = keys.map((key) => key.split(' ') as [string, string]);
      const rows = await this.firstPagesStatement({
        // Ids of signed-in people (from their checked tokens) and integers: array literals.
        users: `{${asked.map(([user]) => user).join(',')}}`,
        limits: `{${asked.map(([, limit]) => limit).join(',')}}`,
        urlPrefix: this.mediaUrlPrefix,
      });
      const pages = keys.map((key) => ({ key, rows: [] as HistoryRecord[] }));
      for (const row of rows) {
        pages[Number(row.n) - 1]!.rows.push({
          id: row.id,
          ownerId: row.ownerId,
          visibility: row.visibility,
          hidden: row.hidden,
          unsafeKey: row.unsafeKey,
          card: row.card,
          watchedAt: watchedAtOf(row.micros),
          watchedAtMicros: row.micros,
          positionSeconds: Number(row.positionSeconds),
        });
      }
      return pages;
    },
    keyOf: (page) => page.key,
    // Small enough that the answers of one statement are written while the next is read
    // (fifty connections asking at once make three or four statements, not one of fifty).
    maxBatch: 16,
    maxInFlight: 3,
  });

  /**
   * Many readers' first pages in one named statement: for each (reader, limit) in order, the
   * walk of the (user, watched_at desc, video_id desc) index `list` makes for them, with the
   * videos they may see (their own drafts too, as `videosWatchableBy` says for a user).
   */
  private prepareFirstPages() {
    const reader = sql.raw('asked.user_id') as unknown as string;
    const columns = videoCardColumns(urlPrefix);
    return preparedRows<FirstPageRow, { users: string; limits: string; urlPrefix: string }>(
      this.db,
      'history_first_pages',
      sql`select asked.n::text as n, page."id", page."ownerId", page."visibility", page."hidden",
          page."unsafeKey", page."card", page."micros", page."positionSeconds"
        from unnest(${sql.placeholder('users')}::uuid[], ${sql.placeholder('limits')}::int[])
          with ordinality as asked(user_id, lim, n)
        cross join lateral (
          select ${columns.id} as "id", ${columns.ownerId} as "ownerId",
            ${columns.visibility} as "visibility", ${columns.hidden} as "hidden",
            ${columns.unsafeKey} as "unsafeKey", ${columns.card} as "card",
            ${microsOf(watchHistory.watchedAt)} as "micros",
            ${watchHistory.positionSeconds} as "positionSeconds",
            ${watchHistory.watchedAt} as "at"
          from ${watchHistory}
          inner join ${videos} on ${videos.id} = ${watchHistory.videoId}
            and ${videosWatchableBy({ userId: reader, role: 'user' })}
          inner join ${users} on ${users.id} = ${videos.ownerId}
          where ${watchHistory.userId} = asked.user_id
          order by ${watchHistory.watchedAt} desc, ${watchHistory.videoId} desc
          limit asked.lim
        ) page
        order by asked.n, page."at" desc, page."id" desc`,
    );
  }
  private firstPagesStatement: ReturnType<HistoryRepository['prepareFirstPages']> | undefined;

  /**
   * Each entry's video as its card, not as the record `presentVideo` maps (issue 18: 50 of those
   * a page took 1.7 ms of Node).
   */
  private selectPage(viewer: Viewer) {
    return this.db
      .select({
        ...videoCardColumns(urlPrefix),
        watchedAt: watchHistory.watchedAt,
        watchedAtMicros: microsOf(watchHistory.watchedAt),
        positionSeconds: watchHistory.positionSeconds,
      })
      .from(watchHistory)
      .innerJoin(videos, and(eq(videos.id, watchHistory.videoId), videosWatchableBy(viewer)))
      .innerJoin(users, eq(users.id, videos.ownerId));
  }

  private readonly firstPages = new Map<
    'user' | 'staff',
    ReturnType<HistoryRepository['prepareFirstPage']>
  >();
  private prepareFirstPage(kind: 'user' | 'staff') {
    const userId = sql.placeholder('userId');
    const viewer: Viewer = {
      userId: userId as unknown as string,
      role: kind === 'staff' ? 'moderator' : 'user',
    };
    return this.selectPage(viewer)
      .where(eq(watchHistory.userId, userId))
      .orderBy(desc(watchHistory.watchedAt), desc(watchHistory.videoId))
      .limit(sql.placeholder('limit'))
      .prepare(`history_first_page_${kind}`);
  }

  /**
   * Where the person stopped in each of these videos that is in their history and that they may
   * still see: one lookup of the (user, video) primary key per id, in one query.
   */
  async positions(input: {
    userId: string;
    viewer: Viewer;
    videoIds: string[];
  }): Promise<WatchPositionRecord[]> {
    if (input.videoIds.length === 0) return [];
    return this.db
      .select({
        videoId: watchHistory.videoId,
        positionSeconds: watchHistory.positionSeconds,
        watchedAt: watchHistory.watchedAt,
      })
      .from(watchHistory)
      .innerJoin(videos, and(eq(videos.id, watchHistory.videoId), videosWatchableBy(input.viewer)))
      .where(
        and(eq(watchHistory.userId, input.userId), inArray(watchHistory.videoId, input.videoIds)),
      );
  }

  /**
   * Keeps the position and moves the entry to the top, in one statement, when the video leaves
   * watch traces (`leavesWatchTraces`: out, public or unlisted, and not hidden), and answers
   * what was stored (the position, the time to the microsecond). Null when it
   * does not, when it does not exist, or when history is paused (the trigger of migration 0012
   * then keeps the row out, whoever writes it): the caller tells those apart, rarely. Its commit
   * does not wait for the disk (`relaxedCommit`): the player saves again within 10 s.
   */
  async savePosition(
    userId: string,
    videoId: string,
    positionSeconds: number,
  ): Promise<{ positionSeconds: number; watchedAtMicros: string } | null> {
    this.savePositionStatement ??= this.prepareSavePosition();
    const [row] = await this.savePositionStatement({ userId, videoId, positionSeconds });
    // What was stored, as a read of the history gives it (the column is a 4-byte float).
    return row
      ? { positionSeconds: Number(row.position_seconds), watchedAtMicros: row.micros }
      : null;
  }

  /**
   * The save as a named prepared statement (decision 0063): the player sends one every 10 s
   * per watcher, the site's most frequent write.
   */
  private prepareSavePosition() {
    // What leaves watch traces is what is out for anyone: `videosWatchableBy(null)`.
    return preparedRows<
      { position_seconds: number; micros: string },
      { userId: string; videoId: string; positionSeconds: number }
    >(
      this.writes,
      'history_save_position',
      sql`insert into ${watchHistory} (user_id, video_id, position_seconds)
        select ${sql.placeholder('userId')}::uuid, ${videos.id}, ${sql.placeholder('positionSeconds')}::real
        from ${videos} cross join ${relaxedCommit}
        where ${videos.id} = ${sql.placeholder('videoId')}::uuid and ${videosWatchableBy(null)}
        on conflict (user_id, video_id)
        do update set position_seconds = excluded.position_seconds, watched_at = now()
        returning position_seconds, ${microsOf(watchHistory.watchedAt)} as micros`,
    );
  }
  private savePositionStatement: ReturnType<HistoryRepository['prepareSavePosition']> | undefined;

  async remove(userId: string, videoId: string): Promise<boolean> {
    const rows = await this.db
      .delete(watchHistory)
      .where(and(eq(watchHistory.userId, userId), eq(watchHistory.videoId, videoId)))
      .returning({ videoId: watchHistory.videoId });
    return rows.length > 0;
  }

  async clear(userId: string): Promise<number> {
    const rows = await this.db
      .delete(watchHistory)
      .where(eq(watchHistory.userId, userId))
      .returning({ videoId: watchHistory.videoId });
    return rows.length;
  }

  async isPaused(userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ paused: users.historyPaused })
      .from(users)
      .where(eq(users.id, userId));
    return row?.paused ?? false;
  }

  async setPaused(userId: string, paused: boolean): Promise<boolean> {
    const [row] = await this.db
      .update(users)
      .set({ historyPaused: paused })
      .where(eq(users.id, userId))
      .returning({ paused: users.historyPaused });
    return row?.paused ?? paused;
  }
}
