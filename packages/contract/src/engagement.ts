import { z } from 'zod';
import { ModerationNotice } from './moderation-notice';
import { Id, IsoDate } from './common';
import { keysetPage, PageInfo, PageQuery } from './pagination';
import { ChannelSummary } from './people';
import { Video } from './videos';
import { requiredTextField } from './text';

export const CommentAuthor = ChannelSummary;

export const Comment = z.object({
  _id: z.string(),
  content: z.string(),
  videoId: z.string(),
  /** The author's id. */
  owner: z.string(),
  ownerDetails: CommentAuthor,
  likesCount: z.number().int(),
  /** Whether the caller likes it (false for visitors). */
  isLiked: z.boolean(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
  // Threads (issue 21 item 3): additive, so answers of before still read.
  /** The top comment a reply hangs under; null for a top comment. */
  parentId: z.string().nullable().optional(),
  /** A top comment's replies (0 for a reply). */
  repliesCount: z.number().int().optional(),
  /** Pinned by the video's creator (at most one per video). */
  isPinned: z.boolean().optional(),
  /** Given a heart by the video's creator. */
  isHearted: z.boolean().optional(),
  /** Its author changed the words after posting: shown as '(edited)'. */
  isEdited: z.boolean().optional(),
  /** Only to its owner (and staff) when hidden or held: why others do not see it. */
  moderation: ModerationNotice.optional(),
});
export type Comment = z.infer<typeof Comment>;

export const CommentPage = PageInfo.extend({
  comments: z.array(Comment),
  totalCount: z.number().int(),
});
export type CommentPage = z.infer<typeof CommentPage>;

export const CommentBody = z.object({
  content: requiredTextField('Comment', 2000),
});
export type CommentBody = z.input<typeof CommentBody>;

export const VideoIdParam = z.object({ videoId: Id });
export const CommentIdParam = z.object({ commentId: Id });
/** Top: the pinned comment, then the most liked and answered; Newest: by time (the default). */
export const commentSorts = ['top', 'newest'] as const;
export const CommentSort = z.enum(commentSorts, { message: 'sort is top or newest' });
export type CommentSort = z.infer<typeof CommentSort>;
/** A video's top comments (replies are read per thread), a page at a time. */
export const ListCommentsQuery = PageQuery.extend({ sort: CommentSort.default('newest') });

export const LikeToggleResult = z.object({ isLiked: z.boolean(), likeCount: z.number().int() });
export type LikeToggleResult = z.infer<typeof LikeToggleResult>;
export const LikeStatus = z.object({ isLiked: z.boolean(), likeCount: z.number().int() });
export type LikeStatus = z.infer<typeof LikeStatus>;
export const LikeCount = z.object({ likeCount: z.number().int() });

export const LikedVideo = Video.extend({
  likedAt: IsoDate,
  /** Pass the last entry's as `cursor` for the next page (see `CursorQuery`). */
  cursor: z.string(),
});
export type LikedVideo = z.infer<typeof LikedVideo>;
export const LikedVideos = z.array(LikedVideo);

export const UserIdParam = z.object({ userId: Id });
export const ChannelIdParam = z.object({ channelId: Id });

export const SubscriptionState = z.object({
  isSubscribed: z.boolean(),
  subscriberCount: z.number().int(),
});
export type SubscriptionState = z.infer<typeof SubscriptionState>;

/** A channel summary but its id, which the subscription lists name after their side. */
const namesAndAvatar = ChannelSummary.omit({ _id: true }).shape;

export const Subscriber = z.object({
  subscriberId: z.string(),
  ...namesAndAvatar,
  subscribedAt: IsoDate,
});
export type Subscriber = z.infer<typeof Subscriber>;

export const SubscribedChannel = z.object({
  channelId: z.string(),
  ...namesAndAvatar,
  subscribersCount: z.number().int(),
  subscribedAt: IsoDate,
});
export type SubscribedChannel = z.infer<typeof SubscribedChannel>;

/** The newest published videos of the channels one follows (`nextCursor` null at the end). */
export const SubscriptionFeed = keysetPage('videos', Video);
export type SubscriptionFeed = z.infer<typeof SubscriptionFeed>;
