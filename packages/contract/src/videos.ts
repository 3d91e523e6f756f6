import { z } from 'zod';
import { ModerationNotice } from './moderation-notice';
import { Id, IsoDate, partialUpdate } from './common';
import { PageInfo, PageQuery } from './pagination';
import { ChannelSummary } from './people';
import { requiredTextField } from './text';

/** The channel as embedded in a video (core-viewing-and-creator.md §3). */
export const VideoOwner = ChannelSummary.extend({ subscribersCount: z.number().int() });
export type VideoOwner = z.infer<typeof VideoOwner>;

/** uploaded -> processing -> ready | failed. The original plays from `uploaded` on. */
export const VideoStatus = z.enum(['uploaded', 'processing', 'ready', 'failed']);
export type VideoStatus = z.infer<typeof VideoStatus>;

/**
 * Who may see a video (decision 0039): `public` is listed everywhere (`isPublished` true);
 * `unlisted` plays for anyone with its link but is listed nowhere; `private` is its owner's and
 * staff's alone (the spec's "Draft").
 */
export const VideoVisibility = z.enum(['public', 'unlisted', 'private']);
export type VideoVisibility = z.infer<typeof VideoVisibility>;

/** One rung of the HLS ladder while it is made (issue 22). */
export const VideoRendition = z.object({
  /** e.g. `360p`. */
  name: z.string(),
  /** 0..1; 1 once it plays. */
  progress: z.number().min(0).max(1),
  ready: z.boolean(),
  /** Estimated seconds until it plays, while it is being made; else null. */
  secondsLeft: z.number().nullable(),
});
export type VideoRendition = z.infer<typeof VideoRendition>;

export const Video = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  /** URL of the original file, playable with HTTP range requests. */
  videofile: z.string().nullable(),
  thumbnail: z.string().nullable(),
  /** Seconds. */
  duration: z.number(),
  views: z.number().int(),
  likes: z.number().int(),
  comments: z.number().int(),
  isLive: z.boolean(),
  /** True exactly when `visibility` is `public`, as the spec's client reads it. */
  isPublished: z.boolean(),
  visibility: VideoVisibility,
  /** When a private video becomes public by itself (scheduled publishing); else null. */
  publishAt: IsoDate.nullable(),
  status: VideoStatus,
  /** Master HLS playlist once the ladder exists, else null. */
  hls: z.string().nullable(),
  /** WebVTT of seek-preview tiles once processed, else null. */
  storyboard: z.string().nullable(),
  /** 0..1 while processing. */
  processingProgress: z.number().nullable(),
  /**
   * Whether the original file plays in browsers as it is (H.264/AAC or VP9/AV1/Opus in
   * MP4/WebM, fast start), from the server's probe; null when unknown (older uploads). When
   * false the player waits for `hls`: a first rendition comes before the rest of the ladder.
   */
  originalPlayable: z.boolean().nullable().optional(),
  /** The original's media type and RFC 6381 codecs, for `canPlayType`; null when unknown. */
  originalMimeType: z.string().nullable().optional(),
  originalCodecs: z.string().nullable().optional(),
  /** The ladder's renditions with their progress, lowest first; empty before processing. */
  renditions: z.array(VideoRendition).optional(),
  videoPublicId: z.string().nullable(),
  thumbnailPublicId: z.string().nullable(),
  owner: VideoOwner,
  createdAt: IsoDate,
  updatedAt: IsoDate,
  /** Only to its owner (and staff) when hidden or held: why others do not see it. */
  moderation: ModerationNotice.optional(),
});
export type Video = z.infer<typeof Video>;

/** `trending`: most views in the last 7 days (from view events), newest first on ties. */
export const VideoSortBy = z.enum(['createdAt', 'views', 'title', 'duration', 'likes', 'trending']);

export const ListVideosQuery = PageQuery.extend({
  sortBy: VideoSortBy.default('createdAt'),
  sortType: z.enum(['asc', 'desc']).default('desc'),
  /** Words to look for in titles and descriptions. */
  query: z.string().trim().max(200).optional(),
  /** Only this channel's videos; its owner also sees drafts. */
  userId: Id.optional(),
});
export type ListVideosQuery = z.input<typeof ListVideosQuery>;
/** The query after validation and defaults, as the server sees it. */
export type ListVideosOptions = z.output<typeof ListVideosQuery>;

export const VideoPage = PageInfo.extend({
  videos: z.array(Video),
  totalVideos: z.number().int(),
});
export type VideoPage = z.infer<typeof VideoPage>;

const Title = requiredTextField('Title', 200, { empty: 'Title is required' });
const Description = requiredTextField('Description', 5000, { empty: 'Description is required' });
const PublicId = z.string().trim().min(1).max(200);

/**
 * The date and time a video becomes public, with its offset (`2026-12-01T18:00:00Z`). It must
 * be in the future: the server refuses a past one with 400 on this field.
 */
const PublishAt = z.iso.datetime({
  offset: true,
  message: 'Enter the date and time to publish at, as 2026-12-01T18:00:00Z',
});

/** A scheduled video stays private until its time: `publishAt` goes with `private` alone. */
const scheduleIsPrivate = (
  body: { visibility?: VideoVisibility | undefined; publishAt?: string | undefined },
  ctx: z.RefinementCtx,
) => {
  if (
    body.publishAt !== undefined &&
    body.visibility !== undefined &&
    body.visibility !== 'private'
  )
    ctx.addIssue({
      code: 'custom',
      path: ['publishAt'],
      message: 'A scheduled video stays private until then: choose private, or no date',
    });
};

/**
 * Creates a video from assets this user uploaded. The spec's client also sends videofile,
 * thumbnail and duration: they are ignored, since the server knows them from its own probe.
 */
export const CreateVideoFields = z.object({
  title: Title,
  description: Description,
  videoPublicId: PublicId,
  thumbnailPublicId: PublicId.optional(),
  /** Public when absent, as the spec's client expects; private when `publishAt` is given. */
  visibility: VideoVisibility.optional(),
  publishAt: PublishAt.optional(),
});
/** The fields, checked together: a schedule goes with `private` alone. */
export const CreateVideoBody = CreateVideoFields.superRefine(scheduleIsPrivate);
export type CreateVideoBody = z.input<typeof CreateVideoBody>;

export const UpdateVideoBody = partialUpdate({
  title: Title.optional(),
  description: Description.optional(),
  thumbnailPublicId: PublicId.optional(),
});
export type UpdateVideoBody = z.input<typeof UpdateVideoBody>;

/** A video's level, and for a private one optionally the time it becomes public. */
export const SetVideoVisibilityBody = z
  .object({
    visibility: VideoVisibility,
    publishAt: PublishAt.optional(),
  })
  .superRefine(scheduleIsPrivate);
export type SetVideoVisibilityBody = z.input<typeof SetVideoVisibilityBody>;

export const VideoIdParams = z.object({ id: Id });

export const ViewResult = z.object({
  views: z.number().int(),
  /** False when this viewer's view was already counted within the hour. */
  counted: z.boolean(),
});
export type ViewResult = z.infer<typeof ViewResult>;

/**
 * A playback position in seconds, at most a day, rounded to the millisecond: a player's float
 * keeps its meaning, and a tiny one (5e-324) becomes 0 rather than underflow the stored real.
 */
export const PlaybackSeconds = z
  .number()
  .min(0, 'The position cannot be negative')
  .max(86_400, 'The position is at most 86400 seconds')
  .transform((seconds) => Math.round(seconds * 1000) / 1000 || 0);

export const RecordViewBody = z
  .object({
    /** Playback position in seconds, kept in the viewer's history to resume from. */
    position: PlaybackSeconds.optional(),
  })
  // The spec's client sends no body at all.
  .nullish();
