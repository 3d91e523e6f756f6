import type {
  AuditLogPage,
  ContentReport,
  HeldReview,
  ModerationResult,
  QueueTargetKind,
  ReportReason,
  ReportTargetKind,
  WatchedWord,
  WatchedWords,
} from '@kinora/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, endpointQuery } from '../../../lib/api';

/** What the report menu, its dialog and the moderation pages say. */
export const moderationText = {
  menu: 'More actions',
  report: 'Report',
  reportTitle: (label: string) => `Report ${label}`,
  reasonLegend: 'What is wrong with it?',
  detailsLabel: 'Anything else moderators should know (optional)',
  submit: 'Send report',
  sent: 'Thanks. Moderators will review your report.',
  failed: 'Could not send the report',
  pageTitle: 'Moderation',
  queueTab: 'Reports',
  heldTab: 'Held tweets',
  wordsTab: 'Watched words',
  logTab: 'Audit log',
  loading: 'Loading the moderation queue',
  staffOnly: 'Only moderators and admins can open this page.',
  queueEmpty: 'No open reports. All caught up.',
  loadFailed: 'This could not be loaded.',
  retry: 'Try Again',
  reasonPrompt: 'Reason (shown to the owner and kept in the log)',
  hide: 'Hide',
  restore: 'Restore',
  dismiss: 'Dismiss',
  ban: 'Ban account',
  unban: 'Lift ban',
  unbanTitle: (username?: string) =>
    username ? `Lift the ban of @${username}?` : 'Lift the ban of this account?',
  unbanConfirm:
    'They can sign in again, and what the ban hid comes back for everyone. The reason is kept in the audit log.',
  unbanReason: 'Reason (kept in the log)',
  unbanned: 'Ban lifted',
  done: 'Done',
  actionFailed: 'The action failed',
  notActionable: 'You cannot act on this one (your own, or an admin’s).',
  hiddenBadge: 'Hidden',
  bannedBadge: 'Banned',
  heldEmpty: 'No tweets are waiting for approval.',
  approve: 'Approve',
  reject: 'Reject',
  approved: 'Approved',
  rejected: 'Rejected',
  wordsHint: 'A comment or tweet holding one of these words waits for approval.',
  wordLabel: 'New watched word',
  addWord: 'Add',
  removeWord: (word: string) => `Stop watching “${word}”`,
  wordsEmpty: 'No watched words yet.',
  wordsAdminOnly: 'Only admins can change the watched words.',
  logEmpty: 'No moderation actions yet.',
  olderLog: 'Older',
  newerLog: 'Newer',
} as const;

/** The reasons as the dialog lists them. */
export const reasonLabels: Record<ReportReason, string> = {
  spam: 'Spam or misleading',
  harassment: 'Harassment or bullying',
  hate: 'Hateful or abusive',
  violence: 'Violent or dangerous',
  sexual: 'Sexual content',
  misinformation: 'Misinformation',
  copyright: 'Infringes my rights',
  other: 'Something else',
};

export const targetLabels: Record<QueueTargetKind | 'watched_word', string> = {
  video: 'Video',
  comment: 'Comment',
  tweet: 'Tweet',
  user: 'Account',
  conversation: 'Conversation',
  watched_word: 'Watched word',
};

export const actionLabels = {
  hide: 'hid',
  restore: 'restored',
  dismiss: 'dismissed the reports of',
  ban: 'banned',
  unban: 'lifted the ban of',
  add_watched_word: 'watched the word',
  remove_watched_word: 'stopped watching the word',
  approve_held: 'approved the held',
  reject_held: 'rejected the held',
} as const;

export const moderationKeys = {
  all: ['moderation'] as const,
  queue: ['moderation', 'queue'] as const,
  held: ['moderation', 'held'] as const,
  words: ['moderation', 'words'] as const,
  log: (page: number) => ['moderation', 'log', page] as const,
};

export const moderationQueries = {
  queue: () => endpointQuery(moderationKeys.queue, 'moderationQueue'),
  held: () => endpointQuery(moderationKeys.held, 'listHeldTweets'),
  words: () => endpointQuery(moderationKeys.words, 'listWatchedWords'),
  log: (page: number) =>
    queryOptions({
      queryKey: moderationKeys.log(page),
      queryFn: ({ signal }): Promise<AuditLogPage> =>
        api('moderationLog', { query: { page, limit: 30 }, signal }),
    }),
};

export function reportContent(input: {
  targetKind: ReportTargetKind;
  targetId: string;
  reason: ReportReason;
  details: string;
}): Promise<ContentReport> {
  return api('reportContent', { body: input });
}

export function moderateTarget(input: {
  action: 'hide' | 'restore' | 'dismiss';
  targetKind: QueueTargetKind;
  targetId: string;
  reason: string;
}): Promise<ModerationResult> {
  return api('moderateTarget', { body: input });
}

export function banUser(userId: string, reason: string): Promise<ModerationResult> {
  return api('banUser', { params: { id: userId }, body: { reason } });
}

export function unbanUser(userId: string, reason: string): Promise<ModerationResult> {
  return api('unbanUser', { params: { id: userId }, body: { reason } });
}

export function addWatchedWord(word: string): Promise<WatchedWord> {
  return api('addWatchedWord', { body: { word } });
}

export function removeWatchedWord(id: string): Promise<WatchedWords> {
  return api('removeWatchedWord', { params: { id } });
}

export function reviewHeld(input: {
  targetKind: 'comment' | 'tweet';
  targetId: string;
  decision: 'approve' | 'reject';
}): Promise<HeldReview> {
  return api('reviewHeld', { body: input });
}
