/**
 * Moderation (issue 21 item 5, decision 0038): reports of videos, comments, tweets and accounts,
 * the moderators' queue and their actions, the audit log, watched words and what they hold for
 * approval. The calls are declared here, in one file for the area, and merged into the endpoint
 * map.
 */
import { z } from 'zod';
import { Id, IdParams, IsoDate } from './common';
import { PageInfo, PageQuery } from './pagination';
import { ChannelSummary } from './people';
export { ModerationNotice } from './moderation-notice';
import { requiredTextField } from './text';
import { define } from './define-endpoint';

/** The reasons a person picks from when reporting (the web's list shows them in this order). */
export const reportReasons = [
  'spam',
  'harassment',
  'hate',
  'violence',
  'sexual',
  'misinformation',
  'copyright',
  'other',
] as const;
export const ReportReason = z.enum(reportReasons, { message: 'Choose a reason from the list' });
export type ReportReason = z.infer<typeof ReportReason>;

/** What a report is about. Conversations are reported in messaging and join the same queue. */
export const reportTargetKinds = ['video', 'comment', 'tweet', 'user'] as const;
export const ReportTargetKind = z.enum(reportTargetKinds, { message: 'Unknown kind of target' });
export type ReportTargetKind = z.infer<typeof ReportTargetKind>;
export const QueueTargetKind = z.enum([...reportTargetKinds, 'conversation'], {
  message: 'Unknown kind of target',
});
export type QueueTargetKind = z.infer<typeof QueueTargetKind>;

/** How a handled report ended, as its reporter is told. */
export const reportOutcomes = ['hidden', 'restored', 'dismissed', 'banned'] as const;
export const ReportOutcome = z.enum(reportOutcomes);
export type ReportOutcome = z.infer<typeof ReportOutcome>;

const optionalDetails = z
  .string({ message: 'Details must be text' })
  .trim()
  .max(1000, 'Details must be at most 1000 characters')
  .default('');

export const ReportContentBody = z.object({
  targetKind: ReportTargetKind,
  targetId: Id,
  reason: ReportReason,
  /** Optional words of the reporter's own. */
  details: optionalDetails,
});
export type ReportContentBody = z.input<typeof ReportContentBody>;

export const ContentReport = z.object({
  _id: z.string(),
  targetKind: ReportTargetKind,
  targetId: z.string(),
  reason: ReportReason,
  createdAt: IsoDate,
});
export type ContentReport = z.infer<typeof ContentReport>;

/** One report in the queue. */
export const QueuedReport = z.object({
  _id: z.string(),
  reporter: ChannelSummary,
  /** A conversation's report has the reporter's own words only, as `details`. */
  reason: ReportReason.nullable(),
  details: z.string(),
  createdAt: IsoDate,
});
export type QueuedReport = z.infer<typeof QueuedReport>;

/** The reported thing as the queue shows it in place. */
export const QueuedTarget = z.object({
  /** Whose it is (the account itself for an account); null for a conversation. */
  owner: ChannelSummary.nullable(),
  /** A video's title. */
  title: z.string().nullable(),
  /** A comment's or tweet's words, a video's description, an account's bio. */
  text: z.string().nullable(),
  /** The video to open: the video itself, or the one a comment is under. */
  videoId: z.string().nullable(),
  /** A conversation's messages as its report kept them, oldest first. */
  messages: z.array(z.object({ senderId: z.string(), content: z.string(), createdAt: IsoDate })),
  isHidden: z.boolean(),
  /** The owner's account is banned. */
  isBanned: z.boolean(),
});
export type QueuedTarget = z.infer<typeof QueuedTarget>;

export const ReportGroup = z.object({
  targetKind: QueueTargetKind,
  targetId: z.string(),
  target: QueuedTarget,
  /** Open reports of it, oldest first. */
  reports: z.array(QueuedReport),
  /** The owner may not be acted on by the caller (themselves, or an admin for a moderator). */
  isActionable: z.boolean(),
});
export type ReportGroup = z.infer<typeof ReportGroup>;

export const ModerationQueue = z.object({
  /** Open reports grouped by target, the longest waiting first (at most 50 groups). */
  groups: z.array(ReportGroup),
});
export type ModerationQueue = z.infer<typeof ModerationQueue>;

const moderatorReason = requiredTextField('A reason', 500);

export const moderationActions = ['hide', 'restore', 'dismiss'] as const;
export const ModerateTargetBody = z.object({
  action: z.enum(moderationActions, { message: 'Unknown action' }),
  targetKind: QueueTargetKind,
  targetId: Id,
  /** Shown to the owner of a hidden thing ('Hidden by a moderator: <reason>') and in the log. */
  reason: moderatorReason,
});
export type ModerateTargetBody = z.input<typeof ModerateTargetBody>;

export const ModerationResult = z.object({
  action: z.enum([...moderationActions, 'ban', 'unban']),
  targetKind: QueueTargetKind,
  targetId: z.string(),
  /** Open reports of the target this action closed (their reporters are told). */
  reportsClosed: z.number().int(),
});
export type ModerationResult = z.infer<typeof ModerationResult>;

export const BanUserBody = z.object({ reason: moderatorReason });
export type BanUserBody = z.input<typeof BanUserBody>;
export const UnbanUserBody = BanUserBody;

export const auditActions = [
  'hide',
  'restore',
  'dismiss',
  'ban',
  'unban',
  'add_watched_word',
  'remove_watched_word',
  /** Staff letting out, or removing, a tweet held for a watched word. */
  'approve_held',
  'reject_held',
] as const;

export const AuditEntry = z.object({
  _id: z.string(),
  /** Who acted (their username as it was, should the account be gone). */
  moderator: z.object({ _id: z.string().nullable(), username: z.string() }),
  action: z.enum(auditActions),
  targetKind: z.enum([...reportTargetKinds, 'conversation', 'watched_word']),
  /** The target's id, or the watched word itself. */
  targetId: z.string(),
  reason: z.string(),
  createdAt: IsoDate,
  /** On an entry about an account: whether it is banned now (staff lift a ban from the log). */
  accountIsBanned: z.boolean().optional(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditLogPage = PageInfo.extend({ entries: z.array(AuditEntry) });
export type AuditLogPage = z.infer<typeof AuditLogPage>;
export const AuditLogQuery = PageQuery.extend({
  limit: z.coerce.number().int().min(1).max(100, 'limit is at most 100').default(30),
});

export const WatchedWord = z.object({ _id: z.string(), word: z.string(), createdAt: IsoDate });
export type WatchedWord = z.infer<typeof WatchedWord>;
export const WatchedWords = z.object({ words: z.array(WatchedWord) });
export type WatchedWords = z.infer<typeof WatchedWords>;

export const AddWatchedWordBody = z.object({
  word: z
    .string({ message: 'A word is required' })
    .trim()
    .toLowerCase()
    .min(1, 'A word cannot be empty')
    .max(60, 'A word must be at most 60 characters')
    .refine((word) => !/\s{2,}/.test(word), 'Use single spaces between words'),
});
export type AddWatchedWordBody = z.input<typeof AddWatchedWordBody>;

/** A held comment (by its video's owner) or a held tweet (by staff): let it out, or remove it. */
export const ReviewHeldBody = z.object({
  targetKind: z.enum(['comment', 'tweet'], { message: 'Only comments and tweets are held' }),
  targetId: Id,
  decision: z.enum(['approve', 'reject'], { message: 'Approve or reject' }),
});
export type ReviewHeldBody = z.input<typeof ReviewHeldBody>;
export const HeldReview = z.object({
  targetKind: z.enum(['comment', 'tweet']),
  targetId: z.string(),
  decision: z.enum(['approve', 'reject']),
});
export type HeldReview = z.infer<typeof HeldReview>;

export const HeldTweet = z.object({
  _id: z.string(),
  content: z.string(),
  owner: ChannelSummary,
  createdAt: IsoDate,
});
export const HeldTweets = z.object({ tweets: z.array(HeldTweet) });
export type HeldTweets = z.infer<typeof HeldTweets>;

export const moderationEndpoints = {
  reportContent: define({
    method: 'POST',
    path: '/reports',
    summary: 'Report a video, comment, tweet or account to moderators (not one’s own; once)',
    tag: 'moderation',
    access: 'user',
    body: ReportContentBody,
    response: ContentReport,
    message: 'Report sent to the moderators',
    successStatus: 201,
  }),
  moderationQueue: define({
    method: 'GET',
    path: '/moderation/reports',
    summary: 'Open reports grouped by target, the target shown in place (moderators and admins)',
    tag: 'moderation',
    access: 'user',
    response: ModerationQueue,
    message: 'Moderation queue',
  }),
  moderateTarget: define({
    method: 'POST',
    path: '/moderation/actions',
    summary: 'Hide, restore or dismiss the reports of a target (moderators and admins)',
    tag: 'moderation',
    access: 'user',
    body: ModerateTargetBody,
    response: ModerationResult,
    message: 'Moderation action taken',
  }),
  banUser: define({
    method: 'POST',
    path: '/moderation/users/:id/ban',
    summary:
      'Ban an account: sign-in refused, sessions ended, content hidden (staff; admins only by admins)',
    tag: 'moderation',
    access: 'user',
    params: IdParams,
    body: BanUserBody,
    response: ModerationResult,
    message: 'Account banned',
  }),
  unbanUser: define({
    method: 'POST',
    path: '/moderation/users/:id/unban',
    summary: 'Lift a ban; what the ban hid comes back (moderators and admins)',
    tag: 'moderation',
    access: 'user',
    params: IdParams,
    body: UnbanUserBody,
    response: ModerationResult,
    message: 'Ban lifted',
  }),
  moderationLog: define({
    method: 'GET',
    path: '/moderation/log',
    summary: 'Every moderation action, newest first: who, what, when (moderators and admins)',
    tag: 'moderation',
    access: 'user',
    query: AuditLogQuery,
    response: AuditLogPage,
    message: 'Moderation log',
  }),
  listWatchedWords: define({
    method: 'GET',
    path: '/moderation/watched-words',
    summary: 'The watched words (moderators and admins)',
    tag: 'moderation',
    access: 'user',
    response: WatchedWords,
    message: 'Watched words',
  }),
  addWatchedWord: define({
    method: 'POST',
    path: '/moderation/watched-words',
    summary: 'Watch a word: comments and tweets holding it wait for approval (admins)',
    tag: 'moderation',
    access: 'user',
    body: AddWatchedWordBody,
    response: WatchedWord,
    message: 'Word watched',
    successStatus: 201,
  }),
  removeWatchedWord: define({
    method: 'DELETE',
    path: '/moderation/watched-words/:id',
    summary: 'Stop watching a word (admins)',
    tag: 'moderation',
    access: 'user',
    params: IdParams,
    response: WatchedWords,
    message: 'Word no longer watched',
  }),
  listHeldTweets: define({
    method: 'GET',
    path: '/moderation/held-tweets',
    summary: 'Tweets held for holding a watched word, oldest first (moderators and admins)',
    tag: 'moderation',
    access: 'user',
    response: HeldTweets,
    message: 'Held tweets',
  }),
  reviewHeld: define({
    method: 'POST',
    path: '/moderation/held',
    summary:
      'Approve or reject a held comment (its video’s owner) or tweet (moderators and admins)',
    tag: 'moderation',
    access: 'user',
    body: ReviewHeldBody,
    response: HeldReview,
    message: 'Held item reviewed',
  }),
} as const;
