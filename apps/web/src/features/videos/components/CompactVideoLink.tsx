import type { Video } from '@kinora/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { channelOf, videoCardText, VideoThumbnail } from '../../../components/VideoCard';

/**
 * A video in the watch page's side column (up next, related): a small thumbnail, the title and
 * the channel, and whatever else the list adds under them.
 */
export function CompactVideoLink({
  video,
  to,
  children,
}: {
  video: Video;
  to: string;
  children?: ReactNode;
}) {
  return (
    <Link to={to} className="group flex gap-2 rounded-lg">
      <VideoThumbnail video={video} size="sm" className="w-40 shrink-0" />
      <div className="min-w-0 flex-1">
        <h3 className="line-clamp-2 text-sm leading-snug font-semibold text-fg group-hover:text-accent-text">
          {video.title.trim() || videoCardText.untitled}
        </h3>
        <p className="mt-1 truncate text-xs text-fg-muted">
          {channelOf(video)?.name ?? videoCardText.unknownChannel}
        </p>
        {children}
      </div>
    </Link>
  );
}
