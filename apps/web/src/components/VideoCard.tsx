import type { VideoOwner, VideoStatus } from '@kinora/contract';
import { type ReactNode } from 'react';
import { Link } from 'react-router';
import { copyText } from '../lib/clipboard';
import { cn } from '../lib/cn';
import { formatCount, formatDuration, formatRelativeTime } from '../lib/format';
import { formatDate } from '../lib/format-date';
import { shareUrl } from '../lib/share-links';
import { Avatar, AvatarLink } from './Avatar';
import { FilmIcon, ShareIcon, SpinnerIcon } from './icons';
import { toastDurations, useToast } from './toast';
import { useVideoCardExtras } from './video-card-extras';
import { Bone, BoneRow } from './Skeleton';
import { ThumbnailBox } from './ThumbnailBox';
import { channelPathOf, videoPathOf } from '../lib/paths';

/**
 * A video as lists show it. Wider than the contract's Video on purpose: the spec's cards
 * tolerate an owner that is a bare id or missing, an `uploader` instead of an owner, and a
 * duration as seconds or 'm:ss' under several names (core §3).
 */
export interface VideoSummary {
  _id: string;
  title?: string | null;
  thumbnail?: string | null;
  duration?: number | string | null;
  videoDuration?: number | string | null;
  length?: number | string | null;
  time?: number | string | null;
  views?: number | null;
  likes?: number | null;
  comments?: number | null;
  createdAt?: string | null;
  isLive?: boolean | null;
  status?: VideoStatus | null;
  owner?: Partial<VideoOwner> | string | null;
  uploader?: Partial<VideoOwner> | string | null;
}

export const videoCardText = {
  untitled: 'Untitled Video',
  unknownChannel: 'Unknown Channel',
  copied: 'Video URL copied to clipboard!',
  copyFailed: 'Failed to copy video link',
} as const;

/** The channel of a video when it is known (an object with an id), else null. */
export function channelOf(video: Pick<VideoSummary, 'owner' | 'uploader'>) {
  const owner = video.owner ?? video.uploader;
  if (!owner || typeof owner !== 'object' || !owner._id) return null;
  const name = owner.fullname?.trim() || owner.username?.trim() || videoCardText.unknownChannel;
  return { id: owner._id, name, username: owner.username ?? name, avatar: owner.avatar ?? null };
}

/** Seconds or 'm:ss', from the first duration field that has a value. */
export function durationOf(video: VideoSummary): string {
  const value = [video.duration, video.videoDuration, video.length, video.time].find(
    (v) => v !== null && v !== undefined && v !== '',
  );
  return formatDuration(value);
}

/** The length in seconds, from the first duration field that has a value (0 when unknown). */
export function durationSecondsOf(video: VideoSummary): number {
  const value = [video.duration, video.videoDuration, video.length, video.time].find(
    (v) => v !== null && v !== undefined && v !== '',
  );
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? value : 0;
  if (typeof value !== 'string') return 0;
  const parts = value.trim().split(':').map(Number);
  if (parts.some((n) => !Number.isFinite(n) || n < 0)) return 0;
  return parts.reduce((total, n) => total * 60 + n, 0);
}

/** '1 view', '1.2K views'. */
export function countLabel(value: number | null | undefined, one: string, many: string): string {
  return `${formatCount(value)} ${value === 1 ? one : many}`;
}

/** 'N views · date' under an owner's video: the upload date as written, or how long ago. */
export function ViewsAndDate({
  video,
  date,
}: {
  video: { views: number; createdAt: string };
  date: 'written' | 'ago';
}) {
  return (
    <p className="flex flex-wrap gap-x-1.5 text-sm text-fg-muted">
      <span>{countLabel(video.views, 'view', 'views')}</span>
      <span aria-hidden="true">·</span>
      <time dateTime={video.createdAt}>
        {date === 'written' ? formatDate(video.createdAt) : formatRelativeTime(video.createdAt)}
      </time>
    </p>
  );
}

/**
 * The 16:9 thumbnail box: it keeps its size while the image loads (no layout shift) and shows
 * a quiet placeholder when there is no image or it fails. Duration, LIVE and processing
 * badges sit on it.
 */
export function VideoThumbnail({
  video,
  className,
  size = 'md',
  children,
}: {
  video: VideoSummary;
  className?: string;
  size?: 'sm' | 'md';
  /** Drawn over the image, inside the box (the bar of the part watched). */
  children?: ReactNode;
}) {
  const isProcessing = video.status === 'uploaded' || video.status === 'processing';
  const badge = 'dark rounded-sm bg-canvas/85 font-semibold text-fg';
  const badgeSize = size === 'sm' ? 'px-1 py-px text-xs' : 'px-1.5 py-0.5 text-xs';

  return (
    <ThumbnailBox
      src={video.thumbnail || null}
      className={className}
      fallback={() => (
        <span className="absolute inset-0 flex items-center justify-center text-fg-muted">
          <FilmIcon size={size === 'sm' ? 20 : 32} />
        </span>
      )}
    >
      <span
        className={cn('absolute right-1.5 bottom-1.5 tracking-wide tabular-nums', badge, badgeSize)}
      >
        <span className="sr-only">Duration </span>
        {durationOf(video)}
      </span>
      {video.isLive || isProcessing || video.status === 'failed' ? (
        <span className="absolute top-1.5 left-1.5 flex gap-1">
          {video.isLive ? (
            <span
              className={cn(
                'rounded-sm bg-accent font-bold tracking-wider text-accent-fg',
                badgeSize,
              )}
            >
              LIVE
            </span>
          ) : null}
          {isProcessing ? (
            <span className={cn('inline-flex items-center gap-1', badge, badgeSize)}>
              <SpinnerIcon size={12} className="animate-spin" />
              Processing
            </span>
          ) : null}
          {video.status === 'failed' ? (
            <span className={cn(badge, badgeSize)}>Processing failed</span>
          ) : null}
        </span>
      ) : null}
      {children}
    </ThumbnailBox>
  );
}

/**
 * Overlay controls of a card's thumbnail: hidden until the card is hovered or the control has
 * keyboard focus, always shown on touch screens (no hover there).
 */
export const thumbnailActionClass =
  'dark inline-flex size-9 items-center justify-center rounded-full bg-canvas/85 text-fg opacity-0 transition-opacity group-hover:opacity-100 hover:bg-raised focus-visible:opacity-100 pointer-coarse:opacity-100';

/**
 * The linked thumbnail of a video in a list (cards, search results), with what the app adds
 * to it: the bar of the part watched inside, and the Watch later button over its corner above
 * the card's own controls (`children`).
 */
export function CardThumbnail({
  video,
  title,
  className,
  children,
}: {
  video: VideoSummary;
  /** The video's title as shown, for the controls' labels. */
  title: string;
  className?: string;
  children?: ReactNode;
}) {
  const { ThumbnailAction, WatchedPart } = useVideoCardExtras();
  return (
    <div className={cn('relative', className)}>
      {/* The title link beside it is the one in the tab order; this one is for pointers. */}
      <Link
        to={`/video/${encodeURIComponent(video._id)}`}
        tabIndex={-1}
        aria-hidden="true"
        className="block rounded-lg"
      >
        <VideoThumbnail video={video} className="transition-shadow group-hover:shadow-card">
          {WatchedPart ? (
            <WatchedPart videoId={video._id} durationSeconds={durationSecondsOf(video)} />
          ) : null}
        </VideoThumbnail>
      </Link>
      <div className="absolute top-1.5 right-1.5 flex flex-col gap-1.5">
        {ThumbnailAction ? <ThumbnailAction videoId={video._id} title={title} /> : null}
        {children}
      </div>
    </div>
  );
}

/** A video's title as the heading of its card or row, linked to where it plays. */
export function VideoTitleLink({
  videoId,
  title,
  as: Heading = 'h3',
  className,
}: {
  videoId: string;
  title: string;
  as?: 'h2' | 'h3';
  /** Its type size (and anything else the list needs). */
  className: string;
}) {
  return (
    <Heading className={cn('line-clamp-2 leading-snug font-semibold text-fg', className)}>
      <Link to={videoPathOf(videoId)} className="rounded-sm hover:text-accent-text">
        {title}
      </Link>
    </Heading>
  );
}

/** The channel's name linked to its page, or the spec's text when the owner is unknown. */
export function ChannelNameLink({ channel }: { channel: ReturnType<typeof channelOf> }) {
  if (!channel) return videoCardText.unknownChannel;
  return (
    <Link to={channelPathOf(channel.id)} className="rounded-sm hover:text-fg">
      {channel.name}
    </Link>
  );
}

/**
 * A video in a grid (spec §2.6): thumbnail with its badges, channel avatar and name linking to
 * the channel, title, views, likes, comments, upload time, and a share button that shows on
 * hover or keyboard focus (always on touch screens). The app adds the one-click Watch later
 * button beside it and the bar of the part watched (see {@link useVideoCardExtras}).
 */
export function VideoCard({ video, className }: { video: VideoSummary; className?: string }) {
  const toast = useToast();
  const channel = channelOf(video);
  const title = video.title?.trim() || videoCardText.untitled;

  const share = async () => {
    const copied = await copyText(shareUrl('video', video._id));
    if (copied) toast.success(videoCardText.copied, { duration: toastDurations.share });
    else toast.error(videoCardText.copyFailed, { duration: toastDurations.share });
  };

  return (
    <article className={cn('group flex min-w-0 flex-col gap-3', className)}>
      <CardThumbnail video={video} title={title}>
        <button
          type="button"
          onClick={() => void share()}
          aria-label={`Share ${title}`}
          title="Share"
          className={thumbnailActionClass}
        >
          <ShareIcon size={16} />
        </button>
      </CardThumbnail>
      <div className="flex gap-3">
        {channel ? (
          <AvatarLink to={channelPathOf(channel.id)} src={channel.avatar} name={channel.username} />
        ) : (
          <Avatar src={null} name="?" />
        )}
        <div className="min-w-0 flex-1">
          <VideoTitleLink videoId={video._id} title={title} className="text-base" />
          <p className="mt-1 truncate text-sm text-fg-muted">
            <ChannelNameLink channel={channel} />
          </p>
          <p className="mt-0.5 flex flex-wrap gap-x-1.5 text-sm text-fg-muted">
            <span>{countLabel(video.views, 'view', 'views')}</span>
            <span aria-hidden="true">·</span>
            <span>{countLabel(video.likes, 'like', 'likes')}</span>
            <span aria-hidden="true">·</span>
            <span>{countLabel(video.comments, 'comment', 'comments')}</span>
          </p>
          <p className="text-sm text-fg-muted">{formatRelativeTime(video.createdAt)}</p>
        </div>
      </div>
    </article>
  );
}

/** The card's shape in grey while a list loads. */
export function VideoCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex animate-pulse flex-col gap-3">
      <Bone className="aspect-video rounded-lg" />
      <BoneRow
        className="gap-3"
        media="size-10 shrink-0 rounded-full"
        bars={['h-4 w-11/12', 'h-3 w-1/2', 'h-3 w-3/4']}
        barsClassName="pt-1"
      />
    </div>
  );
}
