/**
 * Moderation's SQL (decision 0038): reports, what they are about, hiding and restoring it,
 * bans, the audit log, watched words and held comments and tweets. Reading a target for a
 * report goes through the other modules' visibility filters: one reports only what one sees.
 */
import type {
  QueueTargetKind,
  ReportOutcome,
  ReportReason,
  ReportTargetKind,
} from '@kinora/contract';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { UserRole, Viewer } from '../../platform/auth/roles';
import type { Database, Tx } from '../../platform/db/client';
import {
  comments,
  contentReports,
  conversationReports,
  moderationActions,
  tweets,
  users,
  videos,
  watchedWords,
} from '../../platform/db/schema';
import { commentsVisibleTo } from '../comments';
import { tweetsVisibleTo } from '../tweets';
import { videosVisibleTo } from '../videos';

/** Whose a thing is, and the parts of it the queue and the notifications point at. */
export interface TargetFacts {
  ownerId: string | null;
  ownerRole: UserRole | null;
  hiddenAt: Date | null;
  /** The video itself, or the one a comment is under. */
  videoId: string | null;
}

/** A report closed by an action: whom to tell, and what about. */
export interface ClosedReport {
  reportId: string;
  reporterId: string;
  targetOwnerId: string | null;
  videoId: string | null;
  commentId: string | null;
  tweetId: string | null;
  conversationId: string | null;
}

export interface PersonRow {
  id: string;
  username: string;
  fullname: string;
  avatarKey: string | null;
}

export interface OpenReportRow {
  id: string;
  targetKind: QueueTargetKind;
  targetId: string;
  reason: ReportReason | null;
  details: string;
  createdAt: Date;
  reporter: PersonRow;
  /** A conversation's report: the messages it kept. */
  messages: { senderId: string; content: string; createdAt: string }[];
}

export interface QueueTargetRow {
  ownerId: string | null;
  ownerRole: UserRole | null;
  title: string | null;
  text: string | null;
  videoId: string | null;
  hiddenAt: Date | null;
  isBanned: boolean;
}

const person = {
  id: users.id,
  username: users.username,
  fullname: users.fullname,
  avatarKey: users.avatarKey,
};

/** Open reports the queue reads at most, before grouping (the oldest first). */
const queueReportsRead = 500;

export class ModerationRepository {
  constructor(private readonly db: Database) {}

  /**
   * Makes the configured first admin an admin (ADMIN_USERNAME): the account of that name, or
   * only when it is this one (a new account). Nobody else is changed.
   */
  async makeAdminAccount(username: string, onlyUserId?: string): Promise<void> {
    await this.db
      .update(users)
      .set({ role: 'admin', updatedAt: sql`now()` })
      .where(
        and(
          eq(users.username, username),
          eq(users.role, 'user'),
          onlyUserId ? eq(users.id, onlyUserId) : undefined,
        ),
      );
  }

  // Reports.

  /** The target as the reporter sees it: null when it is not there for them. */
  async findReportable(kind: ReportTargetKind, id: string, viewer: Viewer) {
    const owner = { ownerId: users.id, ownerRole: users.role };
    switch (kind) {
      case 'video': {
        const [row] = await this.db
          .select(owner)
          .from(videos)
          .innerJoin(users, eq(users.id, videos.ownerId))
          .where(and(eq(videos.id, id), videosVisibleTo(viewer)));
        return row ?? null;
      }
      case 'comment': {
        const [row] = await this.db
          .select(owner)
          .from(comments)
          .innerJoin(
            videos,
            and(
              eq(videos.id, comments.videoId),
              videosVisibleTo(viewer),
              commentsVisibleTo(viewer),
            ),
          )
          .innerJoin(users, eq(users.id, comments.ownerId))
          .where(eq(comments.id, id));
        return row ?? null;
      }
      case 'tweet': {
        const [row] = await this.db
          .select(owner)
          .from(tweets)
          .innerJoin(users, eq(users.id, tweets.ownerId))
          .where(and(eq(tweets.id, id), tweetsVisibleTo(viewer.userId)));
        return row ?? null;
      }
      case 'user': {
        const [row] = await this.db.select(owner).from(users).where(eq(users.id, id));
        return row ?? null;
      }
    }
  }

  /** Null when the reporter already reported this thing. */
  async insertReport(input: {
    kind: ReportTargetKind;
    targetId: string;
    targetOwnerId: string;
    reporterId: string;
    reason: ReportReason;
    details: string;
  }): Promise<{ id: string; createdAt: Date } | null> {
    const [row] = await this.db
      .insert(contentReports)
      .values({
        targetKind: input.kind,
        videoId: input.kind === 'video' ? input.targetId : null,
        commentId: input.kind === 'comment' ? input.targetId : null,
        tweetId: input.kind === 'tweet' ? input.targetId : null,
        targetOwnerId: input.targetOwnerId,
        reporterId: input.reporterId,
        reason: input.reason,
        details: input.details,
      })
      .onConflictDoNothing()
      .returning({ id: contentReports.id, createdAt: contentReports.createdAt });
    return row ?? null;
  }

  // The queue.

  /** Open reports of both kinds, the oldest first. */
  async openReports(): Promise<OpenReportRow[]> {
    const content = await this.db
      .select({
        id: contentReports.id,
        targetKind: contentReports.targetKind,
        targetId: sql<string>`coalesce(${contentReports.videoId}, ${contentReports.commentId}, ${contentReports.tweetId}, ${contentReports.targetOwnerId})::text`,
        reason: contentReports.reason,
        details: contentReports.details,
        createdAt: contentReports.createdAt,
        reporter: person,
      })
      .from(contentReports)
      .innerJoin(users, eq(users.id, contentReports.reporterId))
      .where(eq(contentReports.status, 'open'))
      .orderBy(asc(contentReports.createdAt), asc(contentReports.id))
      .limit(queueReportsRead);
    const conversations = await this.db
      .select({
        id: conversationReports.id,
        targetId: conversationReports.conversationId,
        details: conversationReports.reason,
        createdAt: conversationReports.createdAt,
        messages: conversationReports.messages,
        reporter: person,
      })
      .from(conversationReports)
      .innerJoin(users, eq(users.id, conversationReports.reporterId))
      .where(eq(conversationReports.status, 'open'))
      .orderBy(asc(conversationReports.createdAt), asc(conversationReports.id))
      .limit(queueReportsRead);
    return [
      ...content.map((r) => ({ ...r, messages: [] })),
      ...conversations.map((r) => ({
        ...r,
        targetKind: 'conversation' as const,
        reason: null,
        messages: r.messages.map((m) => ({
          senderId: m.senderId,
          content: m.content,
          createdAt: m.createdAt,
        })),
      })),
    ].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  /** The reported things, as the queue shows them in place, by `kind:id`. */
  async queueTargets(
    targets: { kind: QueueTargetKind; id: string }[],
  ): Promise<Map<string, QueueTargetRow & { owner: PersonRow | null }>> {
    const ids = (kind: QueueTargetKind) => targets.filter((t) => t.kind === kind).map((t) => t.id);
    const found = new Map<string, QueueTargetRow & { owner: PersonRow | null }>();
    const ownerColumns = {
      owner: person,
      ownerRole: users.role,
      isBanned: sql<boolean>`${users.bannedAt} is not null`,
    };
    const put = (
      kind: QueueTargetKind,
      row: {
        id: string;
        owner: PersonRow;
        ownerRole: UserRole;
        isBanned: boolean;
        title: string | null;
        text: string | null;
        videoId: string | null;
        hiddenAt: Date | null;
      },
    ) => found.set(`${kind}:${row.id}`, { ...row, ownerId: row.owner.id });
    const videoIds = ids('video');
    if (videoIds.length > 0) {
      const rows = await this.db
        .select({
          id: videos.id,
          ...ownerColumns,
          title: videos.title,
          text: videos.description,
          videoId: videos.id,
          hiddenAt: videos.hiddenAt,
        })
        .from(videos)
        .innerJoin(users, eq(users.id, videos.ownerId))
        .where(inArray(videos.id, videoIds));
      for (const row of rows) put('video', row);
    }
    const commentIds = ids('comment');
    if (commentIds.length > 0) {
      const rows = await this.db
        .select({
          id: comments.id,
          ...ownerColumns,
          title: videos.title,
          text: comments.content,
          videoId: comments.videoId,
          hiddenAt: comments.hiddenAt,
        })
        .from(comments)
        .innerJoin(users, eq(users.id, comments.ownerId))
        .innerJoin(videos, eq(videos.id, comments.videoId))
        .where(inArray(comments.id, commentIds));
      for (const row of rows) put('comment', row);
    }
    const tweetIds = ids('tweet');
    if (tweetIds.length > 0) {
      const rows = await this.db
        .select({
          id: tweets.id,
          ...ownerColumns,
          title: sql<string | null>`null`,
          text: tweets.content,
          videoId: sql<string | null>`null`,
          hiddenAt: tweets.hiddenAt,
        })
        .from(tweets)
        .innerJoin(users, eq(users.id, tweets.ownerId))
        .where(inArray(tweets.id, tweetIds));
      for (const row of rows) put('tweet', row);
    }
    const userIds = ids('user');
    if (userIds.length > 0) {
      const rows = await this.db
        .select({
          id: users.id,
          ...ownerColumns,
          title: sql<string | null>`null`,
          text: users.bio,
          videoId: sql<string | null>`null`,
          hiddenAt: sql<Date | null>`null`,
        })
        .from(users)
        .where(inArray(users.id, userIds));
      for (const row of rows) put('user', row);
    }
    for (const id of ids('conversation')) {
      found.set(`conversation:${id}`, {
        owner: null,
        ownerId: null,
        ownerRole: null,
        title: null,
        text: null,
        videoId: null,
        hiddenAt: null,
        isBanned: false,
      });
    }
    return found;
  }

  // Actions.

  /** What an action needs of its target, whatever its state; null when it does not exist. */
  async findTarget(kind: QueueTargetKind, id: string): Promise<TargetFacts | null> {
    const owner = { ownerId: users.id, ownerRole: users.role };
    switch (kind) {
      case 'video': {
        const [row] = await this.db
          .select({ ...owner, hiddenAt: videos.hiddenAt, videoId: videos.id })
          .from(videos)
          .innerJoin(users, eq(users.id, videos.ownerId))
          .where(eq(videos.id, id));
        return row ?? null;
      }
      case 'comment': {
        const [row] = await this.db
          .select({ ...owner, hiddenAt: comments.hiddenAt, videoId: comments.videoId })
          .from(comments)
          .innerJoin(users, eq(users.id, comments.ownerId))
          .where(eq(comments.id, id));
        return row ?? null;
      }
      case 'tweet': {
        const [row] = await this.db
          .select({ ...owner, hiddenAt: tweets.hiddenAt, videoId: sql<string | null>`null` })
          .from(tweets)
          .innerJoin(users, eq(users.id, tweets.ownerId))
          .where(eq(tweets.id, id));
        return row ?? null;
      }
      case 'user': {
        const [row] = await this.db
          .select({ ...owner, hiddenAt: users.bannedAt, videoId: sql<string | null>`null` })
          .from(users)
          .where(eq(users.id, id));
        return row ?? null;
      }
      case 'conversation': {
        const [row] = await this.db
          .select({ one: sql`1` })
          .from(conversationReports)
          .where(eq(conversationReports.conversationId, id))
          .limit(1);
        return row ? { ownerId: null, ownerRole: null, hiddenAt: null, videoId: null } : null;
      }
    }
  }

  /**
   * Hides (a reason) or restores (null) a video, comment or tweet, closes its open reports with
   * this outcome and writes the audit entry, in one transaction. Answers the closed reports.
   */
  async setHidden(input: {
    kind: 'video' | 'comment' | 'tweet';
    id: string;
    hidden: { reason: string } | null;
    outcome: ReportOutcome;
    moderator: Viewer;
    auditReason: string;
    targetOwnerId: string | null;
  }): Promise<ClosedReport[]> {
    return this.db.transaction(async (tx) => {
      const set = {
        hiddenAt: input.hidden ? sql`now()` : null,
        hiddenReason: input.hidden?.reason ?? null,
      };
      if (input.kind === 'video') await tx.update(videos).set(set).where(eq(videos.id, input.id));
      if (input.kind === 'comment') {
        await tx.update(comments).set(set).where(eq(comments.id, input.id));
      }
      if (input.kind === 'tweet') await tx.update(tweets).set(set).where(eq(tweets.id, input.id));
      const closed = await closeReportsOf(tx, input.kind, input.id, input.outcome, input.moderator);
      await audit(tx, {
        moderator: input.moderator,
        action: input.hidden ? 'hide' : 'restore',
        targetKind: input.kind,
        targetId: input.id,
        targetOwnerId: input.targetOwnerId,
        reason: input.auditReason,
      });
      return closed;
    });
  }

  /** Closes a target's open reports as dismissed, and writes the audit entry. */
  async dismiss(input: {
    kind: QueueTargetKind;
    id: string;
    moderator: Viewer;
    reason: string;
    targetOwnerId: string | null;
  }): Promise<ClosedReport[]> {
    return this.db.transaction(async (tx) => {
      const closed = await closeReportsOf(tx, input.kind, input.id, 'dismissed', input.moderator);
      await audit(tx, {
        moderator: input.moderator,
        action: 'dismiss',
        targetKind: input.kind,
        targetId: input.id,
        targetOwnerId: input.targetOwnerId,
        reason: input.reason,
      });
      return closed;
    });
  }

  /**
   * Bans an account: marks it, hides what it made that is not hidden yet (marked with the
   * ban's own instant, so lifting it brings back exactly those), closes every open report of
   * it or its things. Null when it was banned already.
   */
  async ban(input: { userId: string; reason: string; moderator: Viewer }) {
    return this.db.transaction(async (tx) => {
      const [banned] = await tx
        .update(users)
        .set({ bannedAt: sql`now()`, bannedReason: input.reason })
        .where(and(eq(users.id, input.userId), isNull(users.bannedAt)))
        .returning({ at: users.bannedAt });
      if (!banned?.at) return null;
      const hide = { hiddenAt: banned.at, hiddenReason: `Account banned: ${input.reason}` };
      const hiddenVideos = await tx
        .update(videos)
        .set(hide)
        .where(and(eq(videos.ownerId, input.userId), isNull(videos.hiddenAt)))
        .returning({ id: videos.id });
      const hiddenComments = await tx
        .update(comments)
        .set(hide)
        .where(and(eq(comments.ownerId, input.userId), isNull(comments.hiddenAt)))
        .returning({ videoId: comments.videoId });
      const hiddenTweets = await tx
        .update(tweets)
        .set(hide)
        .where(and(eq(tweets.ownerId, input.userId), isNull(tweets.hiddenAt)))
        .returning({ id: tweets.id });
      const closed = await tx
        .update(contentReports)
        .set(handled('banned', input.moderator))
        .where(
          and(eq(contentReports.targetOwnerId, input.userId), eq(contentReports.status, 'open')),
        )
        .returning(closedColumns);
      await audit(tx, {
        moderator: input.moderator,
        action: 'ban',
        targetKind: 'user',
        targetId: input.userId,
        targetOwnerId: input.userId,
        reason: input.reason,
      });
      return {
        closed: closed.map(asClosed),
        videoIds: hiddenVideos.map((r) => r.id),
        commentedVideoIds: [...new Set(hiddenComments.map((r) => r.videoId))],
        tweetIds: hiddenTweets.map((r) => r.id),
      };
    });
  }

  /** Lifts a ban and brings back what it hid. Null when the account was not banned. */
  async unban(input: { userId: string; reason: string; moderator: Viewer }) {
    return this.db.transaction(async (tx) => {
      const [user] = await tx
        .select({ bannedAt: users.bannedAt })
        .from(users)
        .where(and(eq(users.id, input.userId), isNotNull(users.bannedAt)))
        .for('update');
      if (!user?.bannedAt) return null;
      const by = user.bannedAt;
      await tx
        .update(users)
        .set({ bannedAt: null, bannedReason: null })
        .where(eq(users.id, input.userId));
      const restore = { hiddenAt: null, hiddenReason: null };
      const videoRows = await tx
        .update(videos)
        .set(restore)
        .where(and(eq(videos.ownerId, input.userId), eq(videos.hiddenAt, by)))
        .returning({ id: videos.id });
      const commentRows = await tx
        .update(comments)
        .set(restore)
        .where(and(eq(comments.ownerId, input.userId), eq(comments.hiddenAt, by)))
        .returning({ videoId: comments.videoId });
      const tweetRows = await tx
        .update(tweets)
        .set(restore)
        .where(and(eq(tweets.ownerId, input.userId), eq(tweets.hiddenAt, by)))
        .returning({ id: tweets.id });
      await audit(tx, {
        moderator: input.moderator,
        action: 'unban',
        targetKind: 'user',
        targetId: input.userId,
        targetOwnerId: input.userId,
        reason: input.reason,
      });
      return {
        videoIds: videoRows.map((r) => r.id),
        commentedVideoIds: [...new Set(commentRows.map((r) => r.videoId))],
        tweetIds: tweetRows.map((r) => r.id),
      };
    });
  }

  // The audit log.

  async log(page: { page: number; limit: number }) {
    const [entries, [total]] = await Promise.all([
      this.db
        .select({
          id: moderationActions.id,
          moderatorId: moderationActions.moderatorId,
          moderatorUsername: moderationActions.moderatorUsername,
          action: moderationActions.action,
          targetKind: moderationActions.targetKind,
          targetId: moderationActions.targetId,
          reason: moderationActions.reason,
          createdAt: moderationActions.createdAt,
          // An account's entries say whether it is banned now (null for other targets).
          accountIsBanned: sql<boolean | null>`case when ${moderationActions.targetKind} = 'user'
            then exists (select 1 from ${users} where ${users.id}::text = ${moderationActions.targetId}
                           and ${users.bannedAt} is not null) end`,
        })
        .from(moderationActions)
        .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
        .limit(page.limit)
        .offset((page.page - 1) * page.limit),
      this.db.select({ total: count() }).from(moderationActions),
    ]);
    return { entries, total: total?.total ?? 0 };
  }

  // Watched words.

  async watchedWords() {
    return this.db.select().from(watchedWords).orderBy(asc(watchedWords.word));
  }

  /** Null when the word is watched already. */
  async addWatchedWord(word: string, moderator: Viewer) {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(watchedWords)
        .values({ word, addedBy: moderator.userId })
        .onConflictDoNothing()
        .returning();
      if (!row) return null;
      await audit(tx, {
        moderator,
        action: 'add_watched_word',
        targetKind: 'watched_word',
        targetId: word,
        targetOwnerId: null,
        reason: '',
      });
      return row;
    });
  }

  /** False when there was no such word. */
  async removeWatchedWord(id: string, moderator: Viewer): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .delete(watchedWords)
        .where(eq(watchedWords.id, id))
        .returning({ word: watchedWords.word });
      if (!row) return false;
      await audit(tx, {
        moderator,
        action: 'remove_watched_word',
        targetKind: 'watched_word',
        targetId: row.word,
        targetOwnerId: null,
        reason: '',
      });
      return true;
    });
  }

  // Held comments and tweets.

  /** A held comment or tweet: who may review it and what it hangs on; null when not held. */
  async findHeld(kind: 'comment' | 'tweet', id: string) {
    if (kind === 'comment') {
      const [row] = await this.db
        .select({
          ownerId: comments.ownerId,
          videoId: comments.videoId,
          videoOwnerId: videos.ownerId,
        })
        .from(comments)
        .innerJoin(videos, eq(videos.id, comments.videoId))
        .where(and(eq(comments.id, id), isNotNull(comments.heldAt)));
      return row ?? null;
    }
    const [row] = await this.db
      .select({
        ownerId: tweets.ownerId,
        videoId: sql<string | null>`null`,
        videoOwnerId: sql<string | null>`null`,
      })
      .from(tweets)
      .where(and(eq(tweets.id, id), isNotNull(tweets.heldAt)));
    return row ?? null;
  }

  async approveHeld(kind: 'comment' | 'tweet', id: string, reviewer: Viewer): Promise<void> {
    if (kind === 'comment') {
      await this.db.update(comments).set({ heldAt: null }).where(eq(comments.id, id));
      return;
    }
    // Staff review held tweets: in the audit log like their other actions.
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(tweets)
        .set({ heldAt: null })
        .where(eq(tweets.id, id))
        .returning({ ownerId: tweets.ownerId });
      await audit(tx, {
        moderator: reviewer,
        action: 'approve_held',
        targetKind: 'tweet',
        targetId: id,
        targetOwnerId: row?.ownerId ?? null,
        reason: '',
      });
    });
  }

  /**
   * A rejected comment goes (a held one was never in its video's count, decision 0046); a
   * rejected tweet goes (and is logged).
   */
  async rejectHeld(kind: 'comment' | 'tweet', id: string, reviewer: Viewer): Promise<void> {
    if (kind === 'tweet') {
      await this.db.transaction(async (tx) => {
        const [row] = await tx
          .delete(tweets)
          .where(and(eq(tweets.id, id), isNotNull(tweets.heldAt)))
          .returning({ ownerId: tweets.ownerId });
        await audit(tx, {
          moderator: reviewer,
          action: 'reject_held',
          targetKind: 'tweet',
          targetId: id,
          targetOwnerId: row?.ownerId ?? null,
          reason: '',
        });
      });
      return;
    }
    await this.db.delete(comments).where(and(eq(comments.id, id), isNotNull(comments.heldAt)));
  }

  /** Tweets waiting for staff, the oldest first. */
  async heldTweets(limit: number) {
    return this.db
      .select({
        id: tweets.id,
        content: tweets.content,
        createdAt: tweets.createdAt,
        owner: person,
      })
      .from(tweets)
      .innerJoin(users, eq(users.id, tweets.ownerId))
      .where(and(isNotNull(tweets.heldAt), isNull(tweets.hiddenAt)))
      .orderBy(asc(tweets.heldAt), asc(tweets.id))
      .limit(limit);
  }
}

const handled = (outcome: ReportOutcome, moderator: Viewer) => ({
  status: 'closed' as const,
  outcome,
  handledBy: moderator.userId,
  handledAt: sql`now()`,
});

const closedColumns = {
  reportId: contentReports.id,
  reporterId: contentReports.reporterId,
  targetOwnerId: contentReports.targetOwnerId,
  videoId: contentReports.videoId,
  commentId: contentReports.commentId,
  tweetId: contentReports.tweetId,
};

const asClosed = (row: {
  reportId: string;
  reporterId: string;
  targetOwnerId: string;
  videoId: string | null;
  commentId: string | null;
  tweetId: string | null;
}): ClosedReport => ({ ...row, conversationId: null });

/** Closes the open reports of one target with this outcome; answers them. */
async function closeReportsOf(
  tx: Tx,
  kind: QueueTargetKind,
  id: string,
  outcome: ReportOutcome,
  moderator: Viewer,
): Promise<ClosedReport[]> {
  if (kind === 'conversation') {
    const rows = await tx
      .update(conversationReports)
      .set(handled(outcome, moderator))
      .where(
        and(eq(conversationReports.conversationId, id), eq(conversationReports.status, 'open')),
      )
      .returning({
        reportId: conversationReports.id,
        reporterId: conversationReports.reporterId,
        conversationId: conversationReports.conversationId,
      });
    return rows.map((r) => ({
      ...r,
      targetOwnerId: null,
      videoId: null,
      commentId: null,
      tweetId: null,
    }));
  }
  const target = {
    video: contentReports.videoId,
    comment: contentReports.commentId,
    tweet: contentReports.tweetId,
    user: contentReports.targetOwnerId,
  }[kind];
  const rows = await tx
    .update(contentReports)
    .set(handled(outcome, moderator))
    .where(
      and(eq(contentReports.targetKind, kind), eq(target, id), eq(contentReports.status, 'open')),
    )
    .returning(closedColumns);
  return rows.map(asClosed);
}

/** One line of the audit log, in the action's own transaction. */
async function audit(
  tx: Tx,
  entry: {
    moderator: Viewer;
    action: (typeof moderationActions.$inferInsert)['action'];
    targetKind: (typeof moderationActions.$inferInsert)['targetKind'];
    targetId: string;
    targetOwnerId: string | null;
    reason: string;
  },
): Promise<void> {
  await tx.insert(moderationActions).values({
    moderatorId: entry.moderator.userId,
    moderatorUsername: sql`(select ${users.username} from ${users} where ${users.id} = ${entry.moderator.userId})`,
    action: entry.action,
    targetKind: entry.targetKind,
    targetId: entry.targetId,
    targetOwnerId: entry.targetOwnerId,
    reason: entry.reason,
  });
}
