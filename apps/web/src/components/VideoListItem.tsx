import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  channelOf,
  ChannelNameLink,
  countLabel,
  VideoTitleLink,
  VideoThumbnail,
  videoCardText,
  type VideoSummary,
} from './VideoCard';
import { WatchedBar } from './WatchedBar';
import { BoneRow } from './Skeleton';
import { videoPathOf } from '../lib/paths';

/**
 * A video as a row of a personal list (history, liked): thumbnail, title to /video/{id},
 * channel to /channel/{ownerId}, a line of facts, and the row's own action (remove, unlike).
 * `progress` (0 to 1) draws the thin bar of the part already watched.
 */
export function VideoListItem({
  video,
  meta,
  action,
  progress,
}: {
  video: VideoSummary;
  meta: ReactNode;
  action?: ReactNode;
  progress?: number;
}) {
  const channel = channelOf(video);
  const title = video.title?.trim() || videoCardText.untitled;
  const path = videoPathOf(video._id);
  return (
    <li className="flex items-start gap-3 rounded-lg p-2 hover:bg-raised sm:items-center">
      <Link to={path} tabIndex={-1} aria-hidden="true" className="relative w-36 shrink-0 sm:w-48">
        <VideoThumbnail video={video} size="sm">
          {progress !== undefined ? <WatchedBar progress={progress} /> : null}
        </VideoThumbnail>
      </Link>
      <div className="min-w-0 flex-1">
        <VideoTitleLink
          videoId={video._id}
          title={title}
          as="h2"
          className="text-sm sm:text-base"
        />
        <p className="mt-0.5 truncate text-sm text-fg-muted">
          <ChannelNameLink channel={channel} />
        </p>
        <p className="text-sm text-fg-muted">
          {countLabel(video.views, 'view', 'views')} · {meta}
        </p>
      </div>
      {action ? <div className="shrink-0">{action}</div> : null}
    </li>
  );
}

export function VideoListItemSkeleton() {
  return (
    <BoneRow
      hidden
      className="animate-pulse items-center gap-3 p-2"
      media="aspect-video w-36 shrink-0 rounded-lg sm:w-48"
      bars={['h-4 w-3/4', 'h-3 w-1/3']}
    />
  );
}

/** The rows' stand-in while a personal list loads, announced by `label`. */
export function VideoListSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label}>
      {[0, 1, 2, 3].map((i) => (
        <VideoListItemSkeleton key={i} />
      ))}
    </div>
  );
}

/**
 * The personal lists' search: whether `term` (trimmed and in lower case already) is in the
 * video's title or its channel's username, so History and Liked find the same way.
 */
export function matchesTitleOrChannel(
  video: Pick<VideoSummary, 'owner' | 'uploader'> & { title: string },
  term: string,
) {
  return (
    video.title.toLowerCase().includes(term) ||
    (channelOf(video)?.username.toLowerCase().includes(term) ?? false)
  );
}
