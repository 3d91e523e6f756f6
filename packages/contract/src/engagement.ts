import { z } from 'zod';
import { ModerationNotice } from './moderation-notice';
import { Id, IsoDate } from './common';
import { PageInfo, PageQuery } from './pagination';
import { ChannelSummary } from './people';
import { Video } from './videos';
import { requiredText } from './text';

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
  content: requiredText(
    {
      required: 'Comment is required',
      empty: 'Comment cannot be empty',
      tooLong: 'Comment must be at most 2000 characters',
    },
    2000,
  ),
});
export type CommentBody = z.input<typeof CommentBody>;

export const VideoIdParam = z.object({ videoId: Id });
export const CommentIdParam = z.object({ commentId: Id });
export const ListCommentsQuery = PageQuery;

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
export const SubscriptionFeed = z.object({
  videos: z.array(Video),
  nextCursor: z.string().nullable(),
});
export type SubscriptionFeed = z.infer<typeof SubscriptionFeed>;
