import type {
  ModerationResult,
  QueueTargetKind,
  ReportReason,
  ReportTargetKind,
} from '@kinora/contract';
import type { Viewer } from '../../platform/auth/roles';
import type { DomainEvents } from '../../platform/events/domain-events';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import {
  alreadyReported,
  assertCanActOn,
  assertCanManageWatchedWords,
  assertCanModerate,
  assertCanReport,
  assertCanReviewHeld,
  canActOn,
} from './moderation.policy';
import type {
  ClosedReport,
  ModerationRepository,
  OpenReportRow,
  QueueTargetRow,
  PersonRow,
} from './moderation.repository';

/** A ban or its lifting: who acts, on which account, and why (kept in the audit log). */
type AccountAction = { actor: Viewer; userId: string; reason: string };

/** Groups the queue shows at most. */
export const queueGroupLimit = 50;
/** Held tweets the queue shows at most. */
export const heldTweetLimit = 50;

/** What the moderation service needs of sign-in: ending every session of a banned account. */
export interface SessionEnder {
  endAllSessions(input: { userId: string }): Promise<void>;
}

export interface QueueGroup {
  targetKind: QueueTargetKind;
  targetId: string;
  target: QueueTargetRow & { owner: PersonRow | null };
  reports: OpenReportRow[];
  isActionable: boolean;
}

/**
 * Reports and what moderators do with them (issue 21 item 5, decision 0038). Every action is
 * checked by the policy first, written with its audit entry in one transaction, then told:
 * `content.moderated` drops the kept answers that showed the thing, `reports.handled` tells the
 * reporters (notifications listen), and a ban ends the account's sessions and sockets.
 */
export class ModerationService {
  constructor(
    private readonly repo: ModerationRepository,
    private readonly sessions: SessionEnder,
    private readonly events: DomainEvents,
  ) {}

  /** A report of something the reporter can see and does not own, once. */
  async report(input: {
    actor: Viewer;
    targetKind: ReportTargetKind;
    targetId: string;
    reason: ReportReason;
    details: string;
  }) {
    const target = await this.repo.findReportable(input.targetKind, input.targetId, input.actor);
    if (!target) throw notFound(thingName[input.targetKind]);
    assertCanReport(input.actor, target);
    const report = await this.repo.insertReport({
      kind: input.targetKind,
      targetId: input.targetId,
      targetOwnerId: target.ownerId,
      reporterId: input.actor.userId,
      reason: input.reason,
      details: input.details,
    });
    if (!report) throw alreadyReported();
    return {
      ...report,
      targetKind: input.targetKind,
      targetId: input.targetId,
      reason: input.reason,
    };
  }

  /** Open reports grouped by target, the longest waiting first, each target read in place. */
  async queue({ actor }: { actor: Viewer }): Promise<QueueGroup[]> {
    assertCanModerate(actor);
    const groups = new Map<
      string,
      { kind: QueueTargetKind; id: string; reports: OpenReportRow[] }
    >();
    for (const report of await this.repo.openReports()) {
      const key = `${report.targetKind}:${report.targetId}`;
      const group = groups.get(key);
      if (group) group.reports.push(report);
      else if (groups.size < queueGroupLimit) {
        groups.set(key, { kind: report.targetKind, id: report.targetId, reports: [report] });
      }
    }
    const targets = await this.repo.queueTargets([...groups.values()]);
    return [...groups.entries()].flatMap(([key, group]) => {
      const target = targets.get(key);
      if (!target) return [];
      return [
        {
          targetKind: group.kind,
          targetId: group.id,
          target,
          reports: group.reports,
          isActionable: canActOn(actor, target),
        },
      ];
    });
  }

  /** Hide, restore, or dismiss the reports of, one target. */
  async moderate(input: {
    actor: Viewer;
    action: 'hide' | 'restore' | 'dismiss';
    targetKind: QueueTargetKind;
    targetId: string;
    reason: string;
  }): Promise<ModerationResult> {
    assertCanModerate(input.actor);
    const target = await this.repo.findTarget(input.targetKind, input.targetId);
    if (!target) throw notFound(thingName[input.targetKind]);
    assertCanActOn(input.actor, target);
    const { action, targetKind: kind, targetId: id, actor, reason } = input;
    let closed: ClosedReport[];
    if (action === 'dismiss') {
      closed = await this.repo.dismiss({
        kind,
        id,
        moderator: actor,
        reason,
        targetOwnerId: target.ownerId,
      });
    } else {
      if (kind === 'user' || kind === 'conversation') {
        throw badRequest(
          kind === 'user'
            ? 'An account is not hidden: ban it instead'
            : 'A conversation is not hidden: dismiss its reports, or ban a member',
        );
      }
      if ((action === 'hide') === (target.hiddenAt !== null)) {
        throw conflict('CONFLICT', action === 'hide' ? 'It is hidden already' : 'It is not hidden');
      }
      closed = await this.repo.setHidden({
        kind,
        id,
        hidden: action === 'hide' ? { reason } : null,
        outcome: action === 'hide' ? 'hidden' : 'restored',
        moderator: actor,
        auditReason: reason,
        targetOwnerId: target.ownerId,
      });
      this.events.emit('content.moderated', {
        ownerIds: target.ownerId ? [target.ownerId] : [],
        videoIds: kind === 'video' ? [id] : [],
        commentedVideoIds: kind === 'comment' && target.videoId ? [target.videoId] : [],
        tweetIds: kind === 'tweet' ? [id] : [],
      });
    }
    this.tellReporters(
      closed,
      action === 'hide' ? 'hidden' : action === 'restore' ? 'restored' : 'dismissed',
    );
    return { action, targetKind: kind, targetId: id, reportsClosed: closed.length };
  }

  /** Sign-in refused, every session and socket ended, everything the account made hidden. */
  async ban({ actor, userId, reason }: AccountAction): Promise<ModerationResult> {
    await this.accountToActOn(actor, userId);
    const banned = await this.repo.ban({ userId, reason, moderator: actor });
    if (!banned) throw conflict('CONFLICT', 'This account is banned already');
    await this.sessions.endAllSessions({ userId });
    this.events.emit('content.moderated', {
      ownerIds: [userId],
      videoIds: banned.videoIds,
      commentedVideoIds: banned.commentedVideoIds,
      tweetIds: banned.tweetIds,
    });
    this.tellReporters(banned.closed, 'banned');
    return {
      action: 'ban',
      targetKind: 'user',
      targetId: userId,
      reportsClosed: banned.closed.length,
    };
  }

  /** The account may sign in again; what the ban hid comes back. */
  async unban({ actor, userId, reason }: AccountAction): Promise<ModerationResult> {
    await this.accountToActOn(actor, userId);
    const lifted = await this.repo.unban({ userId, reason, moderator: actor });
    if (!lifted) throw conflict('CONFLICT', 'This account is not banned');
    this.events.emit('content.moderated', { ownerIds: [userId], ...lifted });
    return { action: 'unban', targetKind: 'user', targetId: userId, reportsClosed: 0 };
  }

  async log({ actor, page, limit }: { actor: Viewer; page: number; limit: number }) {
    assertCanModerate(actor);
    return this.repo.log({ page, limit });
  }

  async watchedWords({ actor }: { actor: Viewer }) {
    assertCanModerate(actor);
    return this.repo.watchedWords();
  }

  async addWatchedWord({ actor, word }: { actor: Viewer; word: string }) {
    assertCanManageWatchedWords(actor);
    const added = await this.repo.addWatchedWord(word, actor);
    if (!added) throw conflict('CONFLICT', 'This word is watched already');
    return added;
  }

  async removeWatchedWord({ actor, id }: { actor: Viewer; id: string }) {
    assertCanManageWatchedWords(actor);
    if (!(await this.repo.removeWatchedWord(id, actor))) throw notFound('Watched word');
    return this.repo.watchedWords();
  }

  async heldTweets({ actor }: { actor: Viewer }) {
    assertCanModerate(actor);
    return this.repo.heldTweets(heldTweetLimit);
  }

  /**
   * A held comment is approved or rejected by its video's owner, a held tweet by staff; anyone
   * else, its author included (they wait), is refused.
   */
  async reviewHeld(input: {
    actor: Viewer;
    targetKind: 'comment' | 'tweet';
    targetId: string;
    decision: 'approve' | 'reject';
  }) {
    const held = await this.repo.findHeld(input.targetKind, input.targetId);
    const name = input.targetKind === 'comment' ? 'Held comment' : 'Held tweet';
    if (!held) throw notFound(name);
    assertCanReviewHeld(input.actor, { kind: input.targetKind, videoOwnerId: held.videoOwnerId });
    if (input.decision === 'approve') {
      await this.repo.approveHeld(input.targetKind, input.targetId, input.actor);
    } else await this.repo.rejectHeld(input.targetKind, input.targetId, input.actor);
    if (input.targetKind === 'comment' && held.videoId) {
      const change = { commentId: input.targetId, videoId: held.videoId, authorId: held.ownerId };
      this.events.emit(
        input.decision === 'approve' ? 'comment.updated' : 'comment.deleted',
        change,
      );
    } else {
      const change = { tweetId: input.targetId, authorId: held.ownerId };
      this.events.emit(input.decision === 'approve' ? 'tweet.updated' : 'tweet.deleted', change);
    }
    return { targetKind: input.targetKind, targetId: input.targetId, decision: input.decision };
  }

  private async accountToActOn(actor: Viewer, userId: string) {
    assertCanModerate(actor);
    const target = await this.repo.findTarget('user', userId);
    if (!target) throw notFound('User');
    assertCanActOn(actor, target);
    return target;
  }

  private tellReporters(
    closed: ClosedReport[],
    outcome: 'hidden' | 'restored' | 'dismissed' | 'banned',
  ) {
    if (closed.length === 0) return;
    this.events.emit('reports.handled', {
      reports: closed.map((report) => ({ ...report, outcome })),
    });
  }
}

const thingName: Record<QueueTargetKind, string> = {
  video: 'Video',
  comment: 'Comment',
  tweet: 'Tweet',
  user: 'User',
  conversation: 'Conversation',
};
