import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Viewer } from '../../platform/auth/roles';
import { BatchedLookup } from '../../platform/db/batched-lookup';
import { queryRows } from '../../platform/db/client';
import { relaxedCommit } from '../../platform/db/relaxed-commit';
import { preparedRows } from '../../platform/db/prepared-sql';
import { mediaAssets, users, videoTotals, videos } from '../../platform/db/schema';
import { CardRepository, videoCardColumns, type VideoCardRow } from './videos.cards';
import { videosVisibleTo, videosWatchableBy } from './videos.policy';

const videoAsset = alias(mediaAssets, 'video_asset');
const thumbnailAsset = alias(mediaAssets, 'thumbnail_asset');

// The columns a video's presentation and its rules read: not the search document (search's),
// the processing error and trending count (the jobs'), nor the asset ids (their keys and
// public ids are copied onto the video, migration 0028). Every listing reads this per row, so
// what is not shown is not fetched.
const {
  searchVector: _searchVector,
  processingError: _processingError,
  trendingViews: _trendingViews,
  videoAssetId: _videoAssetId,
  thumbnailAssetId: _thumbnailAssetId,
  cardHead: _cardHead,
  cardBody: _cardBody,
  cardUnsafeKey: _cardUnsafeKey,
  ...videoColumns
} = getTableColumns(videos);

const recordColumns = {
  ...videoColumns,
  owner: {
    id: users.id,
    username: users.username,
    fullname: users.fullname,
    avatarKey: users.avatarKey,
    subscribersCount: users.subscribersCount,
  },
};

/**
 * For a module that reads whole video records inside its own query (a playlist's items, in one
 * query): the columns of a `VideoRecord`. Join as `selectRecords` does: `users` on the owner.
 * (The asset aliases are no longer read by the columns, migration 0028; a query that still
 * joins them reads nothing from them.)
 */
export const videoRecordSource = { columns: recordColumns, videoAsset, thumbnailAsset } as const;

/** A video with what its presentation needs: owner and asset keys. */
export type VideoRecord = Omit<
  typeof videos.$inferSelect,
  | 'searchVector'
  | 'processingError'
  | 'trendingViews'
  | 'videoAssetId'
  | 'thumbnailAssetId'
  | 'cardHead'
  | 'cardBody'
  | 'cardUnsafeKey'
> & {
  owner: {
    id: string;
    username: string;
    fullname: string;
    avatarKey: string | null;
    subscribersCount: number;
  };
};

/** A video's level as its columns say it (decision 0039). */
export type VisibilityColumns = Pick<
  typeof videos.$inferInsert,
  'isPublished' | 'isUnlisted' | 'publishAt'
>;

export interface ListFilter {
  /** Whose view of the listing it is (`videosVisibleTo`); null lists what a visitor sees. */
  viewer: Viewer | null;
  ownerId?: string;
  text?: string;
  sortBy: 'createdAt' | 'views' | 'title' | 'duration' | 'likes' | 'trending';
  sortType: 'asc' | 'desc';
  page: number;
  limit: number;
}

const sortColumns = {
  createdAt: videos.createdAt,
  views: videos.views,
  title: videos.title,
  duration: videos.durationSeconds,
  likes: videos.likesCount,
} as const;

/** `%` and `_` in what a person types are literal characters, not patterns. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A listing counts its matches up to this many, or up to one past the requested page when that
 * is further: counting every published video on each page view would read the whole index,
 * while a bounded count keeps `hasNextPage` exact on every page and the total exact below it.
 */
export const listTotalCap = 10_000;

/** How many first pages (kind, order and size) one connection keeps as named statements. */
const namedPagesPerConnection = 32;

/**
 * A limit or offset for the query builder: a number is sent as a parameter, SQL (a literal
 * written into a named statement) as it is; drizzle's types only name the first.
 */
const asLimit = (value: number | SQL): number => value as unknown as number;

/** A listing's order; trending is views of the last 7 days (`trending_views`), newest first. */
function listOrder(sortBy: ListFilter['sortBy'], sortType: 'asc' | 'desc'): SQL[] {
  const order = sortType === 'asc' ? asc : desc;
  return sortBy === 'trending'
    ? [order(videos.trendingViews), desc(videos.createdAt), desc(videos.id)]
    : [order(sortColumns[sortBy]), order(videos.id)];
}

/** A uuid as text, in either case. */
const uuidText = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * How many gathered card lookups (`cardsById`) run at once: fewer than the pool's connections,
 * so that while they run the next turns' lookups gather into the next statement.
 */
const cardLookupsInFlight = 4;

/** A card's URLs' prefix, as every card statement takes it. */
const urlPrefix = sql`${sql.placeholder('urlPrefix')}`;

export class VideosRepository extends CardRepository {
  /** A named prepared statement: parsed and planned once per connection, not per request. */
  private prepareFindById() {
    return this.selectRecords()
      .where(eq(videos.id, sql.placeholder('id')))
      .limit(1)
      .prepare('videos_find_by_id');
  }
  private findByIdStatement: ReturnType<VideosRepository['prepareFindById']> | undefined;

  private selectRecords() {
    return this.db
      .select(recordColumns)
      .from(videos)
      .innerJoin(users, eq(users.id, videos.ownerId));
  }

  /** Cards (`videos.cards.ts`) instead of records; run with `{ urlPrefix }` among the values. */
  private selectCards() {
    return this.db
      .select(videoCardColumns(urlPrefix))
      .from(videos)
      .innerJoin(users, eq(users.id, videos.ownerId));
  }

  /**
   * Videos' cards with the columns their visibility rules read, by ids: one named statement,
   * whatever the number of ids (a video page's lookups gathered, `cardsById`).
   */
  private prepareCardsByIds() {
    return this.db
      .select({
        ...videoCardColumns(urlPrefix),
        isPublished: videos.isPublished,
        isUnlisted: videos.isUnlisted,
        hiddenAt: videos.hiddenAt,
      })
      .from(videos)
      .innerJoin(users, eq(users.id, videos.ownerId))
      .where(sql`${videos.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .prepare('videos_cards_by_ids');
  }
  private cardsByIdsStatement: ReturnType<VideosRepository['prepareCardsByIds']> | undefined;

  /**
   * The video pages' lookups asked for in one event-loop turn, read by one statement (decision
   * 0065): fifty pages asked at once cost the database a few statements, not fifty.
   */
  private readonly cardsById = new BatchedLookup({
    read: (ids: string[]) => {
      this.cardsByIdsStatement ??= this.prepareCardsByIds();
      // Server-checked uuids (`uuidText`), passed as one array literal.
      return this.cardsByIdsStatement.execute({
        ids: `{${ids.join(',')}}`,
        urlPrefix: this.mediaUrlPrefix,
      });
    },
    keyOf: (row) => row.id,
    maxBatch: 100,
    maxInFlight: cardLookupsInFlight,
    // A card read by its key that has not answered in 5 s is stuck: its pages fail (500) and
    // the other pages' lookups go on without waiting for it.
    timeoutMs: 5_000,
  });

  /** One video's card with the columns its visibility rules read; null when there is none. */
  async findCardById(id: string) {
    // Not a uuid: no video has it, and it must not fail the statement it would share.
    if (!uuidText.test(id)) return null;
    return this.cardsById.load(id.toLowerCase());
  }

  async findById(id: string): Promise<VideoRecord | null> {
    this.findByIdStatement ??= this.prepareFindById();
    const [row] = await this.findByIdStatement.execute({ id });
    return row ?? null;
  }

  /** The published videos among a list of ids: one named statement for any number of them. */
  private preparePublishedByIds() {
    return this.selectCards()
      .where(and(sql`${videos.id} = any(${sql.placeholder('ids')}::uuid[])`, videosVisibleTo(null)))
      .prepare('videos_published_cards_by_ids');
  }
  private publishedByIdsStatement:
    ReturnType<VideosRepository['preparePublishedByIds']> | undefined;

  /** The cards of the videos among `ids` that the viewer may see, in no particular order. */
  async findVisibleCardsByIds(ids: string[], viewer: Viewer | null): Promise<VideoCardRow[]> {
    if (ids.length === 0) return [];
    if (viewer === null) {
      // What a visitor sees (the feeds, a visitor's search): a named statement, planned once
      // per connection. The ids are server-made uuids, passed as one array literal.
      this.publishedByIdsStatement ??= this.preparePublishedByIds();
      return this.publishedByIdsStatement.execute({
        ids: `{${ids.join(',')}}`,
        urlPrefix: this.mediaUrlPrefix,
      });
    }
    return this.selectCards()
      .where(and(inArray(videos.id, ids), videosVisibleTo(viewer)))
      .execute({ urlPrefix: this.mediaUrlPrefix });
  }

  /** The videos among `ids` that the viewer may reach (unlisted ones too), in no order. */
  async findReachableByIds(ids: string[], viewer: Viewer | null): Promise<VideoRecord[]> {
    if (ids.length === 0) return [];
    return this.selectRecords().where(and(inArray(videos.id, ids), videosWatchableBy(viewer)));
  }

  /**
   * A page of what a visitor sees, the whole site's (the home) or one channel's, in one of the
   * listing orders, with its total in the same round trip: the total kept by triggers for the
   * site, a bounded count (`listTotalCap`) for a channel.
   *
   * A first page (the home, a channel's first screen: the pages read most) is a named
   * statement, parsed and planned once per connection, with its limit written in: PostgreSQL
   * plans a `LIMIT $1` for an unknown tenth of the table, which chose a parallel scan of every
   * published video (77 ms where the page takes 1), so a statement with parameters there would
   * be planned afresh on every call anyway. At most `namedPagesPerConnection` of them; any
   * other page is sent unnamed, planned with its values.
   */
  private publicPageQuery(
    byChannel: boolean,
    sortBy: ListFilter['sortBy'],
    sortType: 'asc' | 'desc',
    limit: number | SQL,
    offset: number | SQL,
    cap: number | SQL,
  ) {
    const where = byChannel
      ? and(videosVisibleTo(null), eq(videos.ownerId, sql.placeholder('ownerId')))
      : videosVisibleTo(null);
    const total = byChannel
      ? sql<number>`(select count(*)::int from (select 1 from ${videos} where ${where} limit ${cap}) capped)`
      : sql<number>`(select ${videoTotals.published}::int from ${videoTotals})`;
    return this.db
      .select({ ...videoCardColumns(urlPrefix), total })
      .from(videos)
      .innerJoin(users, eq(users.id, videos.ownerId))
      .where(where)
      .orderBy(...listOrder(sortBy, sortType))
      .limit(asLimit(limit))
      .offset(asLimit(offset));
  }
  private readonly firstPageStatements = new Map<
    string,
    ReturnType<ReturnType<VideosRepository['publicPageQuery']>['prepare']>
  >();

  /** The total alone, for a page past the end (a page holds it otherwise). */
  private publicTotalQuery(byChannel: boolean, cap: number) {
    return byChannel
      ? this.db.select({ total: sql<number>`count(*)::int` }).from(
          this.db
            .select({ one: sql`1` })
            .from(videos)
            .where(and(videosVisibleTo(null), eq(videos.ownerId, sql.placeholder('ownerId'))))
            .limit(cap)
            .as('capped'),
        )
      : this.db.select({ total: sql<number>`${videoTotals.published}::int` }).from(videoTotals);
  }

  private async publicPage(filter: ListFilter): Promise<{ cards: VideoCardRow[]; total: number }> {
    const byChannel = filter.ownerId !== undefined;
    const cap = Math.max(listTotalCap, filter.page * filter.limit + 1);
    const values = { ownerId: filter.ownerId ?? null, urlPrefix: this.mediaUrlPrefix };
    const name = `videos_cards1_${byChannel ? 'channel' : 'all'}_${filter.sortBy}_${filter.sortType}_${filter.limit}`;
    let statement = this.firstPageStatements.get(name);
    if (
      !statement &&
      filter.page === 1 &&
      this.firstPageStatements.size < namedPagesPerConnection
    ) {
      statement = this.publicPageQuery(
        byChannel,
        filter.sortBy,
        filter.sortType,
        sql.raw(String(filter.limit)),
        sql.raw('0'),
        sql.raw(String(cap)),
      ).prepare(name);
      this.firstPageStatements.set(name, statement);
    }
    const rows =
      statement && filter.page === 1
        ? await statement.execute(values)
        : await this.publicPageQuery(
            byChannel,
            filter.sortBy,
            filter.sortType,
            filter.limit,
            (filter.page - 1) * filter.limit,
            cap,
          ).execute(values);
    if (rows.length === 0) {
      const [counted] = await this.publicTotalQuery(byChannel, cap).execute(values);
      return { cards: [], total: counted?.total ?? 0 };
    }
    return { cards: rows, total: rows[0]!.total };
  }

  /** A page of the listing as cards (`videos.cards.ts`), with its total. */
  async list(filter: ListFilter): Promise<{ cards: VideoCardRow[]; total: number }> {
    // What a visitor sees of the site or of a channel: the named statements above.
    if (filter.viewer === null && !filter.text) return this.publicPage(filter);
    // Anything else (a text filter, an owner's or staff's view with drafts): built per request,
    // its total a count bounded as `listTotalCap` says.
    const conditions: SQL[] = [videosVisibleTo(filter.viewer)];
    if (filter.ownerId) conditions.push(eq(videos.ownerId, filter.ownerId));
    if (filter.text) {
      const pattern = `%${escapeLike(filter.text)}%`;
      conditions.push(or(ilike(videos.title, pattern), ilike(videos.description, pattern))!);
    }
    const where = and(...conditions);
    const [cards, [counted]] = await Promise.all([
      this.selectCards()
        .where(where)
        .orderBy(...listOrder(filter.sortBy, filter.sortType))
        .limit(filter.limit)
        .offset((filter.page - 1) * filter.limit)
        .execute({ urlPrefix: this.mediaUrlPrefix }),
      this.db.select({ total: sql<number>`count(*)::int` }).from(
        this.db
          .select({ one: sql`1` })
          .from(videos)
          .where(where)
          .limit(Math.max(listTotalCap, filter.page * filter.limit + 1))
          .as('capped'),
      ),
    ]);
    return { cards, total: counted?.total ?? 0 };
  }

  /**
   * Brings every video's `trending_views` back to its number of view events in the last 7
   * days: views are added as they are counted, and this takes away those that left the window.
   * Answers how many videos changed.
   */
  async refreshTrending(): Promise<number> {
    const changed = await queryRows<{ id: string }>(
      this.db,
      sql`
        with recent as (
          select video_id, count(*)::int as n from view_events
          where created_at > now() - interval '7 days'
          group by video_id
        )
        update videos v set trending_views = coalesce(r.n, 0)
        from videos o left join recent r on r.video_id = o.id
        where v.id = o.id and v.trending_views <> coalesce(r.n, 0)
        returning v.id
      `,
    );
    return changed.length;
  }

  async insert(
    input: {
      ownerId: string;
      title: string;
      description: string;
      videoAssetId: string;
      thumbnailAssetId: string | null;
      durationSeconds: number;
    } & VisibilityColumns,
  ): Promise<string> {
    const [row] = await this.db.insert(videos).values(input).returning({ id: videos.id });
    return row!.id;
  }

  /**
   * Changes the video's fields. A replaced thumbnail's asset row goes in the same transaction
   * (unless another video still shows it), and its stored key is answered so the caller can
   * remove the file.
   */
  async update(
    id: string,
    changes: Partial<
      Pick<typeof videos.$inferInsert, 'title' | 'description' | 'thumbnailAssetId'>
    >,
  ): Promise<{ replacedKeys: string[] }> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ thumbnailAssetId: videos.thumbnailAssetId })
        .from(videos)
        .where(eq(videos.id, id))
        .for('update');
      await tx
        .update(videos)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(videos.id, id));
      const old = before?.thumbnailAssetId;
      if (!old || !changes.thumbnailAssetId || old === changes.thumbnailAssetId) {
        return { replacedKeys: [] };
      }
      const [stillShown] = await tx
        .select({ id: videos.id })
        .from(videos)
        .where(eq(videos.thumbnailAssetId, old))
        .limit(1);
      if (stillShown) return { replacedKeys: [] };
      const removed = await tx
        .delete(mediaAssets)
        .where(eq(mediaAssets.id, old))
        .returning({ key: mediaAssets.storageKey });
      return { replacedKeys: removed.map((r) => r.key) };
    });
  }

  /** Sets the video's level (and schedule) as one change; false when the video is gone. */
  async setVisibility(id: string, level: VisibilityColumns): Promise<boolean> {
    const changed = await this.db
      .update(videos)
      .set({ ...level, updatedAt: sql`now()` })
      .where(eq(videos.id, id))
      .returning({ id: videos.id });
    return changed.length > 0;
  }

  /**
   * Makes public every scheduled video whose time has come, in one statement (the
   * `videos-publish-scheduled` job): a video made private or unlisted meanwhile has no
   * `publish_at` any more, so it is left alone. Answers what it published.
   */
  async publishDue(): Promise<{ id: string; ownerId: string }[]> {
    return this.db
      .update(videos)
      .set({ isPublished: true, isUnlisted: false, publishAt: null, updatedAt: sql`now()` })
      .where(sql`${videos.publishAt} <= now()`)
      .returning({ id: videos.id, ownerId: videos.ownerId });
  }

  /**
   * Deletes the video and what hangs on it (comments, likes, playlist items, history and view
   * events go by cascade) and its media asset rows, in one transaction. Answers the storage
   * keys and prefixes whose files must now be removed.
   */
  /**
   * Owner and publication of the video whose files are named by this id: the video's own
   * (processing outputs) or its original's or thumbnail's asset id. One of three indexes.
   */
  async findByMediaId(mediaId: string): Promise<{
    ownerId: string;
    isPublished: boolean;
    isUnlisted: boolean;
    hiddenAt: Date | null;
  } | null> {
    const [row] = await this.db
      .select({
        ownerId: videos.ownerId,
        isPublished: videos.isPublished,
        hiddenAt: videos.hiddenAt,
        isUnlisted: videos.isUnlisted,
      })
      .from(videos)
      .where(
        or(
          eq(videos.id, mediaId),
          eq(videos.videoAssetId, mediaId),
          eq(videos.thumbnailAssetId, mediaId),
        ),
      )
      .limit(1);
    return row ?? null;
  }

  async deleteWithDependents(id: string): Promise<{ keys: string[]; prefixes: string[] } | null> {
    return this.db.transaction(async (tx) => {
      const [video] = await tx.delete(videos).where(eq(videos.id, id)).returning({
        id: videos.id,
        videoAssetId: videos.videoAssetId,
        thumbnailAssetId: videos.thumbnailAssetId,
      });
      if (!video) return null;
      const keys: string[] = [];
      for (const assetId of [video.videoAssetId, video.thumbnailAssetId]) {
        if (!assetId) continue;
        const [asset] = await tx
          .delete(mediaAssets)
          .where(eq(mediaAssets.id, assetId))
          .returning({ key: mediaAssets.storageKey });
        if (asset) keys.push(asset.key);
      }
      // Paths come from the stored row, never from the caller's spelling of the id
      // (the processing outputs' prefix, as videos.jobs.ts's outputPrefix builds it).
      return { keys, prefixes: [`videos/${video.id}/`, `captions/${video.id}/`] };
    });
  }

  /**
   * Counts a view of a video that is out for anyone (`videosWatchableBy(null)`: what leaves
   * watch traces) and keeps the signed-in viewer's history, in one statement
   * (`videos_record_view`, migration 0032: the video's row locked for that call alone, a
   * viewer's view counted once an hour; its commit not waiting for the disk, `relaxedCommit`).
   * Answers null when the video is not out (or not there): the caller reads it to tell which.
   */
  async recordView(input: {
    videoId: string;
    viewerKey: string;
    viewerId: string | null;
    positionSeconds: number | undefined;
  }): Promise<{ views: number; counted: boolean } | null> {
    this.recordViewStatement ??= this.prepareRecordView();
    const [row] = await this.recordViewStatement({
      videoId: input.videoId,
      viewerKey: input.viewerKey,
      viewerId: input.viewerId,
      positionSeconds: input.positionSeconds ?? null,
    });
    return row ? { views: Number(row.total_views), counted: row.is_counted } : null;
  }

  /** A view as a named prepared statement (decision 0063): built and planned once. */
  private prepareRecordView() {
    return preparedRows<
      { total_views: number | string; is_counted: boolean },
      {
        videoId: string;
        viewerKey: string;
        viewerId: string | null;
        positionSeconds: number | null;
      }
    >(
      this.writes,
      'videos_record_view',
      sql`select r.total_views, r.is_counted
          from ${videos} cross join ${relaxedCommit}
            cross join lateral videos_record_view(${videos.id},
            ${sql.placeholder('viewerKey')}::text, ${sql.placeholder('viewerId')}::uuid,
            ${sql.placeholder('positionSeconds')}::real) r
          where ${videos.id} = ${sql.placeholder('videoId')}::uuid and ${videosWatchableBy(null)}`,
    );
  }
  private recordViewStatement: ReturnType<VideosRepository['prepareRecordView']> | undefined;

  async setProcessing(
    id: string,
    state: Partial<
      Pick<
        typeof videos.$inferInsert,
        | 'status'
        | 'processingProgress'
        | 'processingError'
        | 'hlsMasterKey'
        | 'posterKey'
        | 'storyboardKey'
        | 'renditions'
      >
    >,
  ): Promise<void> {
    await this.db.update(videos).set(state).where(eq(videos.id, id));
  }

  async findProcessingInput(id: string): Promise<{
    ownerId: string;
    videoKey: string;
    hasThumbnail: boolean;
    durationSeconds: number;
    /** null when the upload predates the question: the job decides from its own probe. */
    originalPlayable: boolean | null;
  } | null> {
    const [row] = await this.db
      .select({
        ownerId: videos.ownerId,
        videoKey: videoAsset.storageKey,
        thumbnailAssetId: videos.thumbnailAssetId,
        durationSeconds: videos.durationSeconds,
        originalPlayable: videoAsset.browserPlayable,
      })
      .from(videos)
      .innerJoin(videoAsset, eq(videoAsset.id, videos.videoAssetId))
      .where(eq(videos.id, id))
      .limit(1);
    return row
      ? {
          ownerId: row.ownerId,
          videoKey: row.videoKey,
          hasThumbnail: row.thumbnailAssetId !== null,
          durationSeconds: row.durationSeconds,
          originalPlayable: row.originalPlayable,
        }
      : null;
  }
}
