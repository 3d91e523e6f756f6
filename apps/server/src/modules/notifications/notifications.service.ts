import {
  mentionedUsernames as readMentions,
  type NotificationKind,
  type NotificationSetting,
  type ReportOutcome,
} from '@kinora/contract';
import type { Viewer } from '../../platform/auth/roles';
import { readFeedPage, type FeedPage, type FeedRequest } from '../../platform/db/keyset';
import type { DomainEvents } from '../../platform/events/domain-events';
import { assertCanReadNotification } from './notifications.policy';
import {
  mentionsPerText,
  type NewNotification,
  type Recipients,
  type NotificationRow,
  type NotificationsRepository,
} from './notifications.repository';

/** Followers told of a new video per batch: one INSERT…SELECT each (bench/notifications). */
export const fanOutBatchSize = 5000;

/** Sends new entries to people's browsers as pushes (web push); each failure its own. */
export interface NotificationPushes {
  deliver(userIds: readonly string[], kind: NotificationKind, groupKey: string): Promise<void>;
}

export interface NotificationJobs {
  /** Queues the next batch of a new video's fan-out. */
  fanOutVideo(batch: FanOutBatch): Promise<void>;
}

export interface FanOutBatch {
  videoId: string;
  ownerId: string;
  /** The last follower (by id) of the batch before; null for the first. */
  after: string | null;
}

/** The @usernames a text names (the web's links read the same), at most `mentionsPerText`. */
export const mentionedUsernames = (text: string) => readMentions(text, mentionsPerText);

/**
 * Notifications: made from domain events after their commit (`notifications.listeners.ts`),
 * read and marked by their recipient. Every change of someone's unread entries is announced as
 * `notifications.changed`, which the socket layer pushes to that person's room.
 */
export class NotificationsService {
  constructor(
    private readonly repo: NotificationsRepository,
    private readonly jobs: NotificationJobs,
    private readonly events: DomainEvents,
    private readonly pushes: NotificationPushes | null = null,
  ) {}

  /** A page of the actor's entries they may still see, newest first (one query). */
  async listNotifications(
    input: FeedRequest & { actor: Viewer },
  ): Promise<FeedPage<NotificationRow>> {
    // The keyset step reads the entries whole; the load step keeps the ones the page shows.
    let read = new Map<string, NotificationRow>();
    return readFeedPage(
      input,
      async (slice) => {
        const rows = await this.repo.list(input.actor, slice);
        read = new Map(rows.map((r) => [r.id, r]));
        return rows.map((r) => ({ id: r.id, position: { micros: r.micros, id: r.id } }));
      },
      async (ids) => ids.flatMap((id) => read.get(id) ?? []),
    );
  }

  async unreadCount({ actor }: { actor: Viewer }): Promise<{ unreadCount: number }> {
    return { unreadCount: await this.repo.unreadCount(actor) };
  }

  async markRead({ actor, notificationId }: { actor: Viewer; notificationId: string }) {
    assertCanReadNotification(actor, await this.repo.recipientOf(notificationId));
    await this.repo.markRead(notificationId);
    return this.announce(actor);
  }

  async markAllRead({ actor }: { actor: Viewer }) {
    await this.repo.markAllRead(actor.userId);
    return this.announce(actor);
  }

  async settings({ actor }: { actor: Viewer }): Promise<NotificationSetting[]> {
    return this.repo.settings(actor.userId);
  }

  async updateSettings({ actor, settings }: { actor: Viewer; settings: NotificationSetting[] }) {
    await this.repo.saveSettings(actor.userId, settings);
    return this.repo.settings(actor.userId);
  }

  // What events make (called by the listeners, after the event's commit).

  async notifyNewSubscriber({
    subscriberId,
    channelId,
  }: {
    subscriberId: string;
    channelId: string;
  }) {
    await this.tell(
      { userId: channelId },
      {
        kind: 'new_subscriber',
        actorId: subscriberId,
        groupKey: `subscriber:${subscriberId}`,
        onRepeat: 'bump',
      },
    );
  }

  /** A subscription taken back takes its entry with it. */
  async forgetSubscriber({ subscriberId, channelId }: { subscriberId: string; channelId: string }) {
    if (await this.repo.remove(channelId, `subscriber:${subscriberId}`)) {
      await this.announceTo([channelId]);
    }
  }

  /** A new comment: its video's owner is told, and the people it mentions. */
  async notifyComment({ commentId }: { commentId: string }) {
    const comment = await this.repo.commentFacts(commentId);
    if (!comment) return;
    await this.tell(
      { userId: comment.videoOwnerId },
      {
        kind: 'video_comment',
        actorId: comment.authorId,
        videoId: comment.videoId,
        commentId,
        groupKey: `comment:${commentId}`,
        onRepeat: 'keep',
      },
    );
    await this.tellCommentMentions(commentId, comment, { isNew: true });
  }

  /**
   * A reply (issue 21 item 3): the person it answers is told, the video's owner as of any
   * comment (unless they are the one answered), and the people it names.
   */
  async notifyReply({ commentId, repliedToId }: { commentId: string; repliedToId: string }) {
    const comment = await this.repo.commentFacts(commentId);
    if (!comment) return;
    const about = { actorId: comment.authorId, videoId: comment.videoId, commentId };
    await this.tell(
      { userId: repliedToId },
      { kind: 'comment_reply', ...about, groupKey: `reply:${commentId}`, onRepeat: 'keep' },
    );
    if (comment.videoOwnerId !== repliedToId) {
      await this.tell(
        { userId: comment.videoOwnerId },
        { kind: 'video_comment', ...about, groupKey: `comment:${commentId}`, onRepeat: 'keep' },
      );
    }
    await this.tellCommentMentions(commentId, comment, { isNew: true });
  }

  /**
   * The people a comment names (those who exist), except the video's owner, who is told of the
   * comment itself, and the person a reply answers, told of the reply. After an edit, those it
   * no longer names lose their entry.
   */
  async notifyCommentMentions({ commentId }: { commentId: string }) {
    const comment = await this.repo.commentFacts(commentId);
    if (!comment) return;
    await this.tellCommentMentions(commentId, comment, { isNew: false });
  }

  /**
   * `notifyCommentMentions` with the comment's facts already read. A new comment has no mention
   * entries yet, so nothing is removed, and one that names nobody costs no statement.
   */
  private async tellCommentMentions(
    commentId: string,
    comment: { videoId: string; videoOwnerId: string; authorId: string; content: string },
    { isNew }: { isNew: boolean },
  ) {
    const names = mentionedUsernames(comment.content);
    if (!isNew) await this.announceTo(await this.repo.removeMentionsExcept({ commentId }, names));
    if (names.length === 0) return;
    await this.tell(
      { usernames: names, except: comment.videoOwnerId, exceptHolding: `reply:${commentId}` },
      {
        kind: 'mention',
        actorId: comment.authorId,
        videoId: comment.videoId,
        commentId,
        groupKey: `mention-comment:${commentId}`,
        onRepeat: 'keep',
      },
    );
  }

  async notifyTweetMentions({ tweetId, authorId }: { tweetId: string; authorId: string }) {
    const content = await this.repo.tweetContent(tweetId);
    if (content === null) return;
    const names = mentionedUsernames(content);
    await this.announceTo(await this.repo.removeMentionsExcept({ tweetId }, names));
    if (names.length === 0) return;
    await this.tell(
      { usernames: names },
      {
        kind: 'mention',
        actorId: authorId,
        tweetId,
        groupKey: `mention-tweet:${tweetId}`,
        onRepeat: 'keep',
      },
    );
  }

  /** A like on a comment: its author's one entry for that comment moves up, unread. */
  async notifyCommentLike({ commentId, userId }: { commentId: string; userId: string }) {
    const comment = await this.repo.commentFacts(commentId);
    if (!comment) return;
    await this.tell(
      { userId: comment.authorId },
      {
        kind: 'comment_like',
        actorId: userId,
        videoId: comment.videoId,
        commentId,
        groupKey: `like-comment:${commentId}`,
        onRepeat: 'bump',
      },
    );
  }

  /** An unlike: when nobody likes the comment any more, its entry goes. */
  async forgetCommentLike({ commentId }: { commentId: string }) {
    await this.announceTo(await this.repo.removeUnlikedComment(commentId));
  }

  async notifyMessageRequest(input: { requestId: string; senderId: string; receiverId: string }) {
    await this.tell(
      { userId: input.receiverId },
      {
        kind: 'message_request',
        actorId: input.senderId,
        requestId: input.requestId,
        groupKey: `request:${input.requestId}`,
        onRepeat: 'keep',
      },
    );
  }

  async notifyRequestAccepted(input: {
    requestId: string;
    senderId: string;
    receiverId: string;
    conversationId: string;
  }) {
    await this.tell(
      { userId: input.senderId },
      {
        kind: 'request_accepted',
        actorId: input.receiverId,
        requestId: input.requestId,
        conversationId: input.conversationId,
        groupKey: `accepted:${input.requestId}`,
        onRepeat: 'keep',
      },
    );
  }

  /** Each reporter of the closed reports is told how their report ended (decision 0038). */
  async notifyReportsHandled(
    reports: {
      reportId: string;
      reporterId: string;
      outcome: ReportOutcome;
      targetOwnerId: string | null;
      videoId: string | null;
      commentId: string | null;
      tweetId: string | null;
      conversationId: string | null;
    }[],
  ) {
    const told: string[] = [];
    for (const report of reports) {
      // A comment's entry names its video too, so that it links to the comment in place.
      const videoId =
        report.videoId ??
        (report.commentId
          ? ((await this.repo.commentFacts(report.commentId))?.videoId ?? null)
          : null);
      const added = await this.repo.addReportHandled({
        ...report,
        videoId,
        actorId: report.targetOwnerId ?? report.reporterId,
      });
      if (added) told.push(report.reporterId);
    }
    await this.announceTo([...new Set(told)]);
  }

  /** A video out (new, or published): its followers are told by jobs, a batch at a time. */
  async startVideoFanOut({ videoId, ownerId }: { videoId: string; ownerId: string }) {
    await this.jobs.fanOutVideo({ videoId, ownerId, after: null });
  }

  /**
   * One batch of a fan-out (the job's handler): tells the next followers and queues the batch
   * after. Idempotent: a batch run twice adds nothing the second time.
   */
  async fanOutVideoBatch(batch: FanOutBatch, size = fanOutBatchSize): Promise<void> {
    if (!(await this.repo.isPublished(batch.videoId))) return;
    const { last, told } = await this.repo.fanOutVideoBatch({ ...batch, size });
    // A count for each of thousands would be a query each: they are told to ask.
    if (told.length > 0)
      this.events.emit('notifications.changed', { userIds: told, unreadCount: null });
    if (last !== null) await this.jobs.fanOutVideo({ ...batch, after: last });
    await this.pushes?.deliver(told, 'new_video', `video:${batch.videoId}`);
  }

  private async tell(recipients: Recipients, n: NewNotification) {
    const told = await this.repo.add(recipients, n);
    await this.announceTo(told);
    await this.pushes?.deliver(told, n.kind, n.groupKey);
  }

  /** What these people may see of their entries changed (a block): each is told anew. */
  async recount(userIds: string[]) {
    await this.announceTo(userIds);
  }

  /** Pushes the new unread count to each person (their other devices too). */
  private async announceTo(userIds: string[]) {
    for (const userId of userIds) await this.announce({ userId, role: 'user' });
  }

  private async announce(reader: Viewer): Promise<{ unreadCount: number }> {
    const unreadCount = await this.repo.unreadCount(reader);
    this.events.emit('notifications.changed', { userIds: [reader.userId], unreadCount });
    return { unreadCount };
  }
}
