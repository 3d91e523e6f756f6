import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Viewer } from '../../platform/auth/roles';
import { statementViewer, viewerKindOf, type ViewerKind } from '../../platform/db/statement-viewer';
import type { Database, Tx } from '../../platform/db/client';
import {
  insertWithinLimit,
  type CreationWindow,
  type LimitedInsert,
} from '../../platform/db/creation-limit';
import { playlistItems, playlists, users, videos } from '../../platform/db/schema';
import {
  cardUrlPrefix,
  videoCardColumns,
  videoRecordSource,
  videosWatchableBy,
  type VideoCardRow,
  type VideoRecord,
} from '../videos';

export type PlaylistRow = typeof playlists.$inferSelect;
export type PlaylistVisibility = PlaylistRow['visibility'];

/** A video in a playlist, with its place. */
export type PlaylistItemRecord = VideoRecord & { position: number; addedAt: Date };

/** A video of a playlist's page as its card, written by PostgreSQL (decision 0064), with its place. */
export type PlaylistItemCard = VideoCardRow & { position: number; addedAt: Date };

/** How an add ended: added at the end, already there, full, or the playlist or video is gone. */
export type AddOutcome = 'added' | 'duplicate' | 'full' | 'playlist gone' | 'video gone';

const { columns: videoColumns, videoAsset, thumbnailAsset } = videoRecordSource;
const itemColumns = {
  ...videoColumns,
  position: playlistItems.position,
  addedAt: playlistItems.addedAt,
};

/**
 * Takes the playlist row's lock, which every add, move and removal takes first, so that they
 * happen one after another; false when the playlist is gone.
 */
async function lockPlaylist(tx: Tx, playlistId: string): Promise<boolean> {
  const [locked] = await tx
    .select({ id: playlists.id })
    .from(playlists)
    .where(eq(playlists.id, playlistId))
    .for('update');
  return locked !== undefined;
}

/** A page of a playlist's items: those of `playlistId`, past the place `after` when asked. */
const itemsPage = (after: boolean) =>
  and(
    eq(playlistItems.playlistId, sql.placeholder('playlistId')),
    after ? gt(playlistItems.position, sql.placeholder('after')) : undefined,
  );

/** Marks the playlist changed now. */
async function touchPlaylist(tx: Tx, playlistId: string): Promise<void> {
  await tx
    .update(playlists)
    .set({ updatedAt: sql`now()` })
    .where(eq(playlists.id, playlistId));
}

/**
 * The videos that are not public or that a moderator hid, as a condition on `table`: a
 * superset of those a reader may not watch, and few, found by the partial indexes on drafts and
 * on hidden videos (migrations 0015, 0029), so a count or a reader check subtracts them instead
 * of joining every item to its video. Always beside `not videosWatchableBy(…)`, which decides;
 * this only narrows what the planner reads.
 */
const fewSeeIt = (table: { isPublished: AnyPgColumn; hiddenAt: AnyPgColumn }) =>
  sql`(not ${table.isPublished} or ${table.hiddenAt} is not null)`;

/** An item's video that `viewer` may not watch, joined as `hidden` (a count subtracts them). */
const hidden = alias(videos, 'hidden');
const unwatchableItem = (viewer: Viewer | null) =>
  and(
    eq(hidden.id, playlistItems.videoId),
    fewSeeIt(hidden),
    sql`not (${videosWatchableBy(viewer, hidden)})`,
  );

export class PlaylistsRepository {
  /**
   * The playlist page's reads as named prepared statements: parsed and planned once per
   * connection, not per request (planning the items' five-table join cost more than running
   * it: bench/README.md, traffic model 2026-11-26 evening).
   */
  private readonly prepared;

  /** The cards' URL prefix as their statements take it (`cardUrlPrefix`); null: no cards. */
  private readonly cardPrefix: string | null;

  constructor(
    private readonly db: Database,
    /** Where writes go (decision 0059): connections no read waits for; `db` on PGlite. */
    private readonly writes: Database = db,
    /** `Storage.publicUrlPrefix()`, for a page's videos as their cards (`cardItems`). */
    mediaUrlPrefix?: string,
  ) {
    this.prepared = this.prepareAll();
    this.cardPrefix = mediaUrlPrefix === undefined ? null : cardUrlPrefix(mediaUrlPrefix);
  }

  private prepareAll() {
    return {
      findById: this.db
        .select()
        .from(playlists)
        .where(eq(playlists.id, sql.placeholder('id')))
        .limit(1)
        .prepare('playlists_find_by_id'),
      findForEdit: this.writes
        .select()
        .from(playlists)
        .where(eq(playlists.id, sql.placeholder('id')))
        .limit(1)
        .prepare('playlists_find_for_edit'),
      unseenItems: this.db
        .select({ videoId: videos.id, ownerId: videos.ownerId })
        .from(playlistItems)
        .innerJoin(videos, eq(videos.id, playlistItems.videoId))
        .where(
          and(
            eq(playlistItems.playlistId, sql.placeholder('playlistId')),
            fewSeeIt(videos),
            sql`not (${videosWatchableBy(null)})`,
          ),
        )
        .prepare('playlists_unseen_items'),
      itemVideoIds: this.db
        .select({ videoId: playlistItems.videoId })
        .from(playlistItems)
        .where(eq(playlistItems.playlistId, sql.placeholder('playlistId')))
        .prepare('playlists_item_video_ids'),
      items: new Map<string, ReturnType<PlaylistsRepository['prepareItems']>>(),
      cardItems: new Map<string, ReturnType<PlaylistsRepository['prepareCardItems']>>(),
      count: new Map<ViewerKind, ReturnType<PlaylistsRepository['prepareCount']>>(),
    };
  }

  private prepareItems(kind: ViewerKind, after: boolean) {
    return this.db
      .select(itemColumns)
      .from(playlistItems)
      .innerJoin(
        videos,
        and(eq(videos.id, playlistItems.videoId), videosWatchableBy(statementViewer(kind))),
      )
      .innerJoin(users, eq(users.id, videos.ownerId))
      .leftJoin(videoAsset, eq(videoAsset.id, videos.videoAssetId))
      .leftJoin(thumbnailAsset, eq(thumbnailAsset.id, videos.thumbnailAssetId))
      .where(itemsPage(after))
      .orderBy(asc(playlistItems.position))
      .limit(sql.placeholder('limit'))
      .prepare(`playlists_items_${kind}${after ? '_after' : ''}`);
  }

  /**
   * `prepareItems` with each video as its card (`videoCardColumns`): the text PostgreSQL writes
   * from what the rows keep written, instead of 35 columns mapped and presented in Node.
   */
  private prepareCardItems(kind: ViewerKind, after: boolean) {
    return this.db
      .select({
        ...videoCardColumns(sql`${sql.placeholder('urlPrefix')}`),
        position: playlistItems.position,
        addedAt: playlistItems.addedAt,
      })
      .from(playlistItems)
      .innerJoin(
        videos,
        and(eq(videos.id, playlistItems.videoId), videosWatchableBy(statementViewer(kind))),
      )
      .innerJoin(users, eq(users.id, videos.ownerId))
      .where(itemsPage(after))
      .orderBy(asc(playlistItems.position))
      .limit(sql.placeholder('limit'))
      .prepare(`playlists_card_items_${kind}${after ? '_after' : ''}`);
  }

  /** `countVisibleItems` of one playlist, as `countVisibleItems` counts. */
  private prepareCount(kind: ViewerKind) {
    return this.db
      .select({ n: sql<number>`(count(*) - count(${hidden.id}))::int` })
      .from(playlistItems)
      .leftJoin(hidden, unwatchableItem(statementViewer(kind)))
      .where(eq(playlistItems.playlistId, sql.placeholder('playlistId')))
      .prepare(`playlists_count_${kind}`);
  }

  async findById(id: string): Promise<PlaylistRow | null> {
    const [row] = await this.prepared.findById.execute({ id });
    return row ?? null;
  }

  /** The playlist a write is about to change, read where the write goes. */
  async findForEdit(id: string): Promise<PlaylistRow | null> {
    const [row] = await this.prepared.findForEdit.execute({ id });
    return row ?? null;
  }

  /** How many videos of one playlist the viewer may see (`countVisibleItems` of one). */
  async countVisible(playlistId: string, viewer: Viewer | null): Promise<number> {
    const kind = viewerKindOf(viewer);
    let statement = this.prepared.count.get(kind);
    if (!statement) this.prepared.count.set(kind, (statement = this.prepareCount(kind)));
    const [row] = await statement.execute({ playlistId, viewerId: viewer?.userId });
    return row?.n ?? 0;
  }

  /**
   * One page of an owner's playlists, Watch later first, then newest first; `publicOnly` for
   * others. With the total, for the page's header: both on the (owner, created) index.
   */
  async listByOwner(input: {
    ownerId: string;
    publicOnly: boolean;
    offset: number;
    limit: number;
  }): Promise<{ rows: PlaylistRow[]; total: number }> {
    const where = and(
      eq(playlists.ownerId, input.ownerId),
      input.publicOnly ? eq(playlists.visibility, 'public') : undefined,
    );
    const [rows, [counted]] = await Promise.all([
      this.db
        .select()
        .from(playlists)
        .where(where)
        .orderBy(
          desc(sql`${playlists.kind} = 'watch_later'`),
          desc(playlists.createdAt),
          desc(playlists.id),
        )
        .offset(input.offset)
        .limit(input.limit),
      this.db.select({ n: count() }).from(playlists).where(where),
    ]);
    return { rows, total: counted?.n ?? 0 };
  }

  /** The owner's Watch later, made on first use (the unique index makes a race harmless). */
  async ensureWatchLater(ownerId: string): Promise<PlaylistRow> {
    await this.db
      .insert(playlists)
      .values({
        ownerId,
        name: 'Watch later',
        description: '',
        visibility: 'private',
        kind: 'watch_later',
      })
      .onConflictDoNothing({
        target: playlists.ownerId,
        where: sql`${playlists.kind} = 'watch_later'`,
      });
    const [row] = await this.db
      .select()
      .from(playlists)
      .where(and(eq(playlists.ownerId, ownerId), eq(playlists.kind, 'watch_later')))
      .limit(1);
    return row!;
  }

  /**
   * The videos in a playlist that a visitor may not watch (a draft, a private or scheduled
   * video, one a moderator hid), with their owners: besides the playlist's own owner and staff,
   * the only readers who see more of it than a visitor (their own video, where it was, with why
   * it is hidden). A kept answer names these videos too, so one coming back into sight drops
   * it (decision 0064).
   */
  unseenItems(playlistId: string): Promise<{ videoId: string; ownerId: string }[]> {
    return this.prepared.unseenItems.execute({ playlistId });
  }

  /** Every video id a playlist holds, seen or not: what a kept page past its first shows. */
  async itemVideoIds(playlistId: string): Promise<string[]> {
    const rows = await this.prepared.itemVideoIds.execute({ playlistId });
    return rows.map((r) => r.videoId);
  }

  /** How many videos of each playlist the viewer may see. */
  async countVisibleItems(
    playlistIds: string[],
    viewer: Viewer | null,
  ): Promise<Map<string, number>> {
    if (playlistIds.length === 0) return new Map();
    // All items (the playlist's own index) less those the viewer may not see, which can only be
    // among the few that not everyone sees (drafts and hidden videos, partial indexes): joining
    // those instead of every item's video keeps a 5,000-item playlist's count at a few
    // milliseconds.
    const rows = await this.db
      .select({
        playlistId: playlistItems.playlistId,
        n: sql<number>`(count(*) - count(${hidden.id}))::int`,
      })
      .from(playlistItems)
      .leftJoin(hidden, unwatchableItem(viewer))
      .where(inArray(playlistItems.playlistId, playlistIds))
      .groupBy(playlistItems.playlistId);
    return new Map(rows.map((r) => [r.playlistId, r.n]));
  }

  /**
   * One page of a playlist's videos that the viewer may see, in order, after position `after`:
   * one query on the (playlist, position) index, however long the playlist.
   */
  async items(input: {
    playlistId: string;
    viewer: Viewer | null;
    after: number | undefined;
    limit: number;
  }): Promise<PlaylistItemRecord[]> {
    const kind = viewerKindOf(input.viewer);
    const after = input.after !== undefined;
    const name = `${kind}${after ? '_after' : ''}`;
    let statement = this.prepared.items.get(name);
    if (!statement) this.prepared.items.set(name, (statement = this.prepareItems(kind, after)));
    return statement.execute({
      playlistId: input.playlistId,
      viewerId: input.viewer?.userId,
      after: input.after,
      limit: input.limit,
    });
  }

  /** `items`, each video as its card (decision 0064): the playlist page's read. */
  async cardItems(input: {
    playlistId: string;
    viewer: Viewer | null;
    after: number | undefined;
    limit: number;
  }): Promise<PlaylistItemCard[]> {
    if (this.cardPrefix === null) throw new Error('PlaylistsRepository: no media URL prefix');
    const kind = viewerKindOf(input.viewer);
    const after = input.after !== undefined;
    const name = `${kind}${after ? '_after' : ''}`;
    let statement = this.prepared.cardItems.get(name);
    if (!statement) {
      this.prepared.cardItems.set(name, (statement = this.prepareCardItems(kind, after)));
    }
    return statement.execute({
      playlistId: input.playlistId,
      viewerId: input.viewer?.userId,
      after: input.after,
      limit: input.limit,
      urlPrefix: this.cardPrefix,
    });
  }

  /** The first `perPlaylist` visible videos of each playlist (a list's cards), in one query. */
  async firstItems(
    playlistIds: string[],
    viewer: Viewer | null,
    perPlaylist: number,
  ): Promise<(PlaylistItemRecord & { playlistId: string })[]> {
    if (playlistIds.length === 0) return [];
    const first = this.db
      .select({
        videoId: playlistItems.videoId,
        position: playlistItems.position,
        addedAt: playlistItems.addedAt,
      })
      .from(playlistItems)
      .innerJoin(videos, and(eq(videos.id, playlistItems.videoId), videosWatchableBy(viewer)))
      .where(eq(playlistItems.playlistId, playlists.id))
      .orderBy(asc(playlistItems.position))
      .limit(perPlaylist)
      .as('first_items');
    return this.db
      .select({
        ...videoColumns,
        playlistId: playlists.id,
        position: first.position,
        addedAt: first.addedAt,
      })
      .from(playlists)
      .innerJoinLateral(first, sql`true`)
      .innerJoin(videos, eq(videos.id, first.videoId))
      .innerJoin(users, eq(users.id, videos.ownerId))
      .leftJoin(videoAsset, eq(videoAsset.id, videos.videoAssetId))
      .leftJoin(thumbnailAsset, eq(thumbnailAsset.id, videos.thumbnailAssetId))
      .where(inArray(playlists.id, playlistIds))
      .orderBy(playlists.id, asc(first.position));
  }

  /** Stores a playlist unless its owner created `window.max` within the window. */
  async insert(
    input: {
      ownerId: string;
      name: string;
      description: string;
      visibility: PlaylistVisibility;
    },
    window: CreationWindow,
  ): Promise<LimitedInsert<string>> {
    return insertWithinLimit(this.db, {
      lockKey: `playlists:${input.ownerId}`,
      window,
      rows: {
        table: playlists,
        // Watch later, made on first use, does not count.
        theirs: and(eq(playlists.ownerId, input.ownerId), eq(playlists.kind, 'custom')),
      },
      insert: async (tx) => {
        const [row] = await tx.insert(playlists).values(input).returning({ id: playlists.id });
        return row!.id;
      },
    });
  }

  async update(
    id: string,
    changes: Partial<Pick<PlaylistRow, 'name' | 'description' | 'visibility'>>,
  ): Promise<void> {
    await this.db
      .update(playlists)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(playlists.id, id));
  }

  /** Deletes the playlist; its items go by cascade. */
  async delete(id: string): Promise<boolean> {
    const deleted = await this.db
      .delete(playlists)
      .where(eq(playlists.id, id))
      .returning({ id: playlists.id });
    return deleted.length > 0;
  }

  /**
   * Appends a video under a lock on the playlist row, which every add, move and removal takes:
   * concurrent adds get distinct positions one after another, the same video twice stays once
   * (the primary key), and the limit holds exactly. The video is locked first (against its
   * deletion), the order in which a deleted video's trigger takes the same two locks.
   */
  async addItem(playlistId: string, videoId: string, maxItems: number): Promise<AddOutcome> {
    return this.db.transaction(async (tx) => {
      const [video] = await tx
        .select({ id: videos.id })
        .from(videos)
        .where(eq(videos.id, videoId))
        .for('key share');
      if (!video) return 'video gone';
      if (!(await lockPlaylist(tx, playlistId))) return 'playlist gone';
      const [state] = await tx
        .select({
          n: count(),
          next: sql<number>`coalesce(max(${playlistItems.position}) + 1, 0)::int`,
          present: sql<boolean>`coalesce(bool_or(${playlistItems.videoId} = ${videoId}), false)`,
        })
        .from(playlistItems)
        .where(eq(playlistItems.playlistId, playlistId));
      if (state!.present) return 'duplicate';
      if (state!.n >= maxItems) return 'full';
      await tx.insert(playlistItems).values({ playlistId, videoId, position: state!.next });
      await touchPlaylist(tx, playlistId);
      return 'added';
    });
  }

  /** Takes a video out; the trigger of migration 0012 closes the gap. False when absent. */
  async removeItem(playlistId: string, videoId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await lockPlaylist(tx, playlistId);
      const removed = await tx
        .delete(playlistItems)
        .where(and(eq(playlistItems.playlistId, playlistId), eq(playlistItems.videoId, videoId)))
        .returning({ position: playlistItems.position });
      if (removed.length === 0) return false;
      await touchPlaylist(tx, playlistId);
      return true;
    });
  }

  /**
   * Moves a video to `position` (clamped to the last place), shifting those between by one,
   * under the playlist's lock. Answers null when the video is not in the playlist or the mover
   * may not see it (a draft of someone else is not there for them, as when reading).
   */
  async moveItem(
    playlistId: string,
    videoId: string,
    position: number,
    viewer: Viewer,
  ): Promise<{ from: number; to: number } | null> {
    return this.db.transaction(async (tx) => {
      await lockPlaylist(tx, playlistId);
      const [item] = await tx
        .select({ position: playlistItems.position })
        .from(playlistItems)
        .innerJoin(videos, and(eq(videos.id, playlistItems.videoId), videosWatchableBy(viewer)))
        .where(and(eq(playlistItems.playlistId, playlistId), eq(playlistItems.videoId, videoId)));
      if (!item) return null;
      const [{ n } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(playlistItems)
        .where(eq(playlistItems.playlistId, playlistId));
      const from = item.position;
      const to = Math.min(position, n - 1);
      if (from === to) return { from, to };
      // One statement: the moved item takes its place, those between step aside by one (the
      // unique constraint on positions is checked at commit).
      await tx
        .update(playlistItems)
        .set({
          position: sql`case when ${playlistItems.videoId} = ${videoId} then ${to}::int
            else ${playlistItems.position} ${from < to ? sql`- 1` : sql`+ 1`} end`,
        })
        .where(
          and(
            eq(playlistItems.playlistId, playlistId),
            sql`${playlistItems.position} between ${Math.min(from, to)}::int and ${Math.max(from, to)}::int`,
          ),
        );
      await touchPlaylist(tx, playlistId);
      return { from, to };
    });
  }
}
