import type {
  AuditEntry,
  AuditLogPage,
  ContentReport,
  HeldTweets,
  ModerationQueue,
  WatchedWord,
} from '@kinora/contract';
import { pageInfo } from '../../platform/http/paging';
import type { Storage } from '../../platform/storage/storage';
import { presentChannelSummary } from '../users';
import type { PersonRow } from './moderation.repository';
import type { QueueGroup } from './moderation.service';

export function presentContentReport(report: {
  id: string;
  targetKind: ContentReport['targetKind'];
  targetId: string;
  reason: ContentReport['reason'];
  createdAt: Date;
}): ContentReport {
  return {
    _id: report.id,
    targetKind: report.targetKind,
    targetId: report.targetId,
    reason: report.reason,
    createdAt: report.createdAt.toISOString(),
  };
}

export function presentQueue(groups: QueueGroup[], storage: Storage): ModerationQueue {
  return {
    groups: groups.map((group) => {
      const { target } = group;
      // The conversation's messages are the first report's copy, as it was when reported.
      const messages = group.reports.find((r) => r.messages.length > 0)?.messages ?? [];
      return {
        targetKind: group.targetKind,
        targetId: group.targetId,
        target: {
          owner: target.owner ? presentChannelSummary(target.owner, storage) : null,
          title: target.title,
          text: target.text,
          videoId: target.videoId,
          messages,
          isHidden: target.hiddenAt !== null,
          isBanned: target.isBanned,
        },
        reports: group.reports.map((r) => ({
          _id: r.id,
          reporter: presentChannelSummary(r.reporter, storage),
          reason: r.reason,
          details: r.details,
          createdAt: r.createdAt.toISOString(),
        })),
        isActionable: group.isActionable,
      };
    }),
  };
}

export function presentAuditLog(
  {
    entries,
    total,
  }: {
    entries: {
      id: string;
      moderatorId: string | null;
      moderatorUsername: string;
      action: AuditEntry['action'];
      targetKind: AuditEntry['targetKind'];
      targetId: string;
      reason: string;
      createdAt: Date;
      accountIsBanned: boolean | null;
    }[];
    total: number;
  },
  paging: { page: number; limit: number },
): AuditLogPage {
  return {
    entries: entries.map((e) => ({
      _id: e.id,
      moderator: { _id: e.moderatorId, username: e.moderatorUsername },
      action: e.action,
      targetKind: e.targetKind,
      targetId: e.targetId,
      reason: e.reason,
      createdAt: e.createdAt.toISOString(),
      ...(e.accountIsBanned === null ? {} : { accountIsBanned: e.accountIsBanned }),
    })),
    ...pageInfo(paging, total),
  };
}

export function presentWatchedWord(word: {
  id: string;
  word: string;
  createdAt: Date;
}): WatchedWord {
  return { _id: word.id, word: word.word, createdAt: word.createdAt.toISOString() };
}

export function presentHeldTweets(
  rows: { id: string; content: string; createdAt: Date; owner: PersonRow }[],
  storage: Storage,
): HeldTweets {
  return {
    tweets: rows.map((t) => ({
      _id: t.id,
      content: t.content,
      owner: presentChannelSummary(t.owner, storage),
      createdAt: t.createdAt.toISOString(),
    })),
  };
}
