import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { CommentSort } from '@kinora/contract';
import type { Viewer } from '../../platform/auth/roles';
import { statementViewer, viewerKindOf, type ViewerKind } from '../../platform/db/statement-viewer';
import { type Database } from '../../platform/db/client';
import { preparedRows } from '../../platform/db/prepared-sql';
import { editedText, heldIfWatched } from '../../platform/db/watched-words';
import { comments, likes, users, videos } from '../../platform/db/schema';
import { unknownUsernames } from '../users';
import { videosInteractableBy, videosWatchableBy } from '../videos';
import { commentsVisibleTo } from './comments.policy';

export interface CommentRecord {
  id: string;
  videoId: string;
  ownerId: string;
  content: string;
  likesCount: number;
  isLiked: boolean;
  createdAt: Date;
  updatedAt: Date;
  /** Threads (migration 0021): the top comment of a reply, a top comment's reply count. */
  parentId: string | null;
  repliesCount: number;
  pinnedAt: Date | null;
  heartedAt: Date | null;
  editedAt: Date | null;
  author: { id: string; username: string; fullname: string; avatarKey: string | null };
  /** What the permission rules need of the video it is under. */
  video: { ownerId: string; isPublished: boolean; isUnlisted: boolean; hiddenAt: Date | null };
  /** Moderation (decision 0038): hidden by a moderator, or held for a watched word. */
  hiddenAt: Date | null;
  hiddenReason: string | null;
  heldAt: Date | null;
}

export class CommentsRepository {
  constructor(
    private readonly db: Database,
    /** Where writes go (decision 0059): connections no read waits for; `db` on PGlite. */
    private readonly writes: Database = db,
  ) {}

  /**
   * A video's page of comments and its count as named prepared statements: parsed and planned
   * once per connection, not on every read of a watch page (bench/README.md, traffic model).
   */
  private readonly pageStatements = new Map<
    string,
    ReturnType<CommentsRepository['preparePage']>
  >();
  private preparePage(kind: ViewerKind, sort: CommentSort) {
    return this.select(statementViewer(kind))
      .where(and(eq(comments.videoId, sql.placeholder('videoId')), isNull(comments.parentId)))
      .orderBy(...orderOf[sort])
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`comments_page_${kind}_${sort}`);
  }
  private readonly countStatements = new Map<
    ViewerKind,
    ReturnType<CommentsRepository['prepareCount']>
  >();
  private prepareCount(kind: ViewerKind) {
    return this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(comments)
      .innerJoin(videos, eq(videos.id, comments.videoId))
      .where(
        and(
          eq(comments.videoId, sql.placeholder('videoId')),
          isNull(comments.parentId),
          commentsVisibleTo(statementViewer(kind)),
        ),
      )
      .prepare(`comments_count_top_level_${kind}`);
  }

  /** Comments whose video the viewer may see: a comment is visible when its video is. */
  private select(viewer: Viewer | null, db: Database = this.db) {
    const viewerId = viewer?.userId ?? null;
    return db
      .select({
        id: comments.id,
        videoId: comments.videoId,
        ownerId: comments.ownerId,
        content: comments.content,
        likesCount: comments.likesCount,
        isLiked: viewerId
          ? sql<boolean>`exists (select 1 from ${likes} where ${likes.userId} = ${viewerId} and ${likes.commentId} = ${comments.id})`
          : sql<boolean>`false`,
        createdAt: comments.createdAt,
        updatedAt: comments.updatedAt,
        parentId: comments.parentId,
        repliesCount: comments.repliesCount,
        pinnedAt: comments.pinnedAt,
        heartedAt: comments.heartedAt,
        editedAt: comments.editedAt,
        author: {
          id: users.id,
          username: users.username,
          fullname: users.fullname,
          avatarKey: users.avatarKey,
        },
        video: {
          ownerId: videos.ownerId,
          isPublished: videos.isPublished,
          isUnlisted: videos.isUnlisted,
          hiddenAt: videos.hiddenAt,
        },
        hiddenAt: comments.hiddenAt,
        hiddenReason: comments.hiddenReason,
        heldAt: comments.heldAt,
      })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.ownerId))
      .innerJoin(
        videos,
        and(eq(videos.id, comments.videoId), videosWatchableBy(viewer), commentsVisibleTo(viewer)),
      );
  }

  async findById(id: string, viewer: Viewer | null): Promise<CommentRecord | null> {
    const [row] = await this.select(viewer).where(eq(comments.id, id)).limit(1);
    return row ?? null;
  }

  /** A comment just written, read back for the write's answer where the write went. */
  async findWritten(id: string, viewer: Viewer): Promise<CommentRecord | null> {
    const [row] = await this.select(viewer, this.writes).where(eq(comments.id, id)).limit(1);
    return row ?? null;
  }

  /** A page of the video's top comments (replies are read per thread, `listReplies`). */
  async listForVideo(input: {
    videoId: string;
    viewer: Viewer | null;
    page: number;
    limit: number;
    sort?: CommentSort;
  }): Promise<CommentRecord[]> {
    const kind = viewerKindOf(input.viewer);
    const sort = input.sort ?? 'newest';
    const name = `${kind}_${sort}`;
    let statement = this.pageStatements.get(name);
    if (!statement) this.pageStatements.set(name, (statement = this.preparePage(kind, sort)));
    return statement.execute({
      videoId: input.videoId,
      viewerId: input.viewer?.userId,
      limit: input.limit,
      offset: (input.page - 1) * input.limit,
    });
  }

  /**
   * How many top comments the video has that this viewer sees (the pages of `listForVideo`): a
   * hidden or held one only where the page would show it.
   */
  async countTopLevel(videoId: string, viewer: Viewer | null): Promise<number> {
    const kind = viewerKindOf(viewer);
    let statement = this.countStatements.get(kind);
    if (!statement) this.countStatements.set(kind, (statement = this.prepareCount(kind)));
    const [row] = await statement.execute({ videoId, viewerId: viewer?.userId });
    return Number(row?.n ?? 0);
  }

  /**
   * Who sees more of the video's top comments than a visitor: the authors of those a moderator
   * hid or a watched word holds (each sees their own). Their answer is not the shared one.
   */
  async authorsOfUnseenTopComments(videoId: string): Promise<string[]> {
    this.unseenAuthorsStatement ??= this.prepareUnseenAuthors();
    const rows = await this.unseenAuthorsStatement.execute({ videoId });
    return rows.map((r) => r.ownerId);
  }
  private unseenAuthorsStatement:
    ReturnType<CommentsRepository['prepareUnseenAuthors']> | undefined;
  private prepareUnseenAuthors() {
    return this.db
      .selectDistinct({ ownerId: comments.ownerId })
      .from(comments)
      .where(
        and(
          eq(comments.videoId, sql.placeholder('videoId')),
          isNull(comments.parentId),
          sql`(${comments.hiddenAt} is not null or ${comments.heldAt} is not null)`,
        ),
      )
      .prepare('comments_unseen_top_authors');
  }

  /**
   * The comments the person liked, up to `limit` of them (the caller tells a longer list by its
   * length), or those among `among`.
   */
  async likedCommentIds(userId: string, limit: number, among?: string[]): Promise<string[]> {
    const rows = await this.db
      .select({ commentId: likes.commentId })
      .from(likes)
      .where(
        and(
          eq(likes.userId, userId),
          among
            ? sql`${likes.commentId} = any(${`{${among.join(',')}}`}::uuid[])`
            : sql`${likes.commentId} is not null`,
        ),
      )
      .limit(limit);
    return rows.flatMap((r) => (r.commentId === null ? [] : [r.commentId]));
  }

  /** A page of a thread's replies, oldest first (a conversation reads down). */
  async listReplies(input: {
    parentId: string;
    viewer: Viewer | null;
    page: number;
    limit: number;
  }): Promise<CommentRecord[]> {
    return this.select(input.viewer)
      .where(eq(comments.parentId, input.parentId))
      .orderBy(asc(comments.createdAt), asc(comments.id))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit);
  }

  /**
   * Adds a top comment to a video the author may comment on (`videosInteractableBy`: out for
   * anyone, or their own) and answers it as `findWritten` would, in one statement (a named
   * prepared statement, decision 0063): the video taken only when the author may comment on
   * it, the comment inserted from it and read back with its author and video. Null when the
   * video is not there or not theirs to comment on (the caller reads it to tell which). The
   * video's counter of visible comments is kept by a row trigger (migration 0026).
   */
  async insertOnVideo(input: {
    videoId: string;
    ownerId: string;
    content: string;
  }): Promise<CommentRecord | null> {
    this.insertOnVideoStatement ??= this.prepareInsertOnVideo();
    const [row] = await this.insertOnVideoStatement(input);
    return row ? writtenRecord(row) : null;
  }
  private insertOnVideoStatement:
    ReturnType<CommentsRepository['prepareInsertOnVideo']> | undefined;
  private prepareInsertOnVideo() {
    const ownerId = sql`${sql.placeholder('ownerId')}::uuid`;
    const content = sql`${sql.placeholder('content')}::text`;
    const mayComment = videosInteractableBy({ userId: ownerId as unknown as string, role: 'user' });
    return preparedRows<WrittenRow, { videoId: string; ownerId: string; content: string }>(
      this.writes,
      'comments_add_on_video',
      sql`with inserted as (
            insert into ${comments} (video_id, owner_id, content, held_at)
            select ${videos.id}, ${ownerId}, ${content}, ${heldIfWatched(content as unknown as string)}
            from ${videos}
            where ${videos.id} = ${sql.placeholder('videoId')}::uuid and ${mayComment}
            returning *
          )
          select inserted.id, inserted.video_id, inserted.owner_id, inserted.content,
            inserted.likes_count, inserted.created_at, inserted.updated_at, inserted.parent_id,
            inserted.replies_count, inserted.pinned_at, inserted.hearted_at, inserted.edited_at,
            inserted.hidden_at, inserted.hidden_reason, inserted.held_at,
            ${users.username} as author_username, ${users.fullname} as author_fullname,
            ${users.avatarKey} as author_avatar_key,
            ${videos.ownerId} as video_owner_id, ${videos.isPublished} as video_is_published,
            ${videos.isUnlisted} as video_is_unlisted, ${videos.hiddenAt} as video_hidden_at
          from inserted
          join ${users} on ${users.id} = inserted.owner_id
          join ${videos} on ${videos.id} = inserted.video_id`,
    );
  }

  /**
   * Adds a reply and moves its top comment's counter in one transaction; the video's counter
   * of visible comments is kept by a row trigger (migration 0026, decision 0046).
   */
  async insertReply(input: {
    videoId: string;
    ownerId: string;
    content: string;
    parentId: string;
  }): Promise<string> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(comments)
        .values({ ...input, heldAt: heldIfWatched(input.content) })
        .returning({ id: comments.id });
      await tx
        .update(comments)
        .set({ repliesCount: sql`${comments.repliesCount} + 1` })
        .where(eq(comments.id, input.parentId));
      return row!.id;
    });
  }

  async updateContent(id: string, content: string): Promise<void> {
    await this.db.update(comments).set(editedText(content)).where(eq(comments.id, id));
  }

  /**
   * Removes the comment (a top comment's replies go with it, by cascade) and moves a reply's top
   * comment's counter by one; the video's moves by each visible comment that went (its trigger).
   */
  async delete(id: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.delete(comments).where(eq(comments.id, id)).returning({
        parentId: comments.parentId,
      });
      if (!row) return false;
      if (row.parentId) {
        await tx
          .update(comments)
          .set({ repliesCount: sql`greatest(${comments.repliesCount} - 1, 0)` })
          .where(eq(comments.id, row.parentId));
      }
      return true;
    });
  }

  /** Pins the comment and unpins the video's other one, together; or unpins it. */
  async setPinned(comment: { id: string; videoId: string }, isPinned: boolean): Promise<void> {
    await this.db.transaction(async (tx) => {
      // Pins of one video take turns: the second sees the first's pin and unpins it.
      await tx
        .select({ id: videos.id })
        .from(videos)
        .where(eq(videos.id, comment.videoId))
        .for('update');
      await tx
        .update(comments)
        .set({ pinnedAt: null })
        .where(and(eq(comments.videoId, comment.videoId), sql`${comments.pinnedAt} is not null`));
      if (isPinned) {
        await tx
          .update(comments)
          .set({ pinnedAt: sql`now()` })
          .where(eq(comments.id, comment.id));
      }
    });
  }

  async setHearted(id: string, isHearted: boolean): Promise<void> {
    await this.db
      .update(comments)
      .set({ heartedAt: isHearted ? sql`coalesce(${comments.heartedAt}, now())` : null })
      .where(eq(comments.id, id));
  }

  /** Of these lower-case usernames, the ones no account holds. */
  unknownUsernames(usernames: string[]): Promise<string[]> {
    return unknownUsernames(this.db, usernames);
  }
}

/** Top: the pinned comment, then the most liked and answered, then the newest. */
const orderOf: Record<CommentSort, SQL[]> = {
  newest: [desc(comments.createdAt), desc(comments.id)],
  top: [
    sql`${comments.pinnedAt} desc nulls last`,
    sql`${comments.likesCount} + ${comments.repliesCount} desc`,
    desc(comments.createdAt),
    desc(comments.id),
  ],
};

/** A comment just inserted, as the insert's statement answers it (rows as PostgreSQL gives them). */
interface WrittenRow {
  id: string;
  video_id: string;
  owner_id: string;
  content: string;
  likes_count: number;
  created_at: unknown;
  updated_at: unknown;
  parent_id: string | null;
  replies_count: number;
  pinned_at: unknown;
  hearted_at: unknown;
  edited_at: unknown;
  hidden_at: unknown;
  hidden_reason: string | null;
  held_at: unknown;
  author_username: string;
  author_fullname: string;
  author_avatar_key: string | null;
  video_owner_id: string;
  video_is_published: boolean;
  video_is_unlisted: boolean;
  video_hidden_at: unknown;
}

/** A time as drizzle maps the column (the statement's rows carry them as text). */
const timeOf = (value: unknown): Date =>
  comments.createdAt.mapFromDriverValue(value as string) as Date;
const timeOrNull = (value: unknown): Date | null => (value === null ? null : timeOf(value));

/** The record of a comment just written by its author (nobody has liked it yet). */
function writtenRecord(row: WrittenRow): CommentRecord {
  return {
    id: row.id,
    videoId: row.video_id,
    ownerId: row.owner_id,
    content: row.content,
    likesCount: row.likes_count,
    isLiked: false,
    createdAt: timeOf(row.created_at),
    updatedAt: timeOf(row.updated_at),
    parentId: row.parent_id,
    repliesCount: row.replies_count,
    pinnedAt: timeOrNull(row.pinned_at),
    heartedAt: timeOrNull(row.hearted_at),
    editedAt: timeOrNull(row.edited_at),
    author: {
      id: row.owner_id,
      username: row.author_username,
      fullname: row.author_fullname,
      avatarKey: row.author_avatar_key,
    },
    video: {
      ownerId: row.video_owner_id,
      isPublished: row.video_is_published,
      isUnlisted: row.video_is_unlisted,
      hiddenAt: timeOrNull(row.video_hidden_at),
    },
    hiddenAt: timeOrNull(row.hidden_at),
    hiddenReason: row.hidden_reason,
    heldAt: timeOrNull(row.held_at),
  };
}
