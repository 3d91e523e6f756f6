import { useId } from 'react';
import { Link } from 'react-router';
import {
  channelOf,
  countLabel,
  videoCardText,
  VideoThumbnail,
} from '../../../components/VideoCard';
import { formatRelativeTime } from '../../../lib/format';
import { RELATED_SHOWN } from '../api/videos-api';
import { useRelatedVideos } from '../hooks/use-watch-data';
import { BoneList } from '../../../components/Skeleton';

/** The side list of other videos (core §2.8), with skeletons while it loads. */
export function RelatedVideos({ watchingId }: { watchingId: string }) {
  const headingId = useId();
  const related = useRelatedVideos(watchingId);

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 text-lg font-bold text-fg">
        Related Videos
      </h2>
      {related.isPending ? (
        <BoneList
          label="Loading related videos"
          count={RELATED_SHOWN}
          className="flex flex-col gap-3"
          row={{
            className: 'animate-pulse gap-2',
            media: 'aspect-video w-40 shrink-0 rounded-lg',
            bars: ['h-3.5 w-11/12', 'h-3 w-1/2', 'h-3 w-2/3'],
            barsClassName: 'pt-1',
          }}
        />
      ) : related.isError ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-6 text-center text-sm text-fg-muted">
          Related videos could not be loaded.
        </p>
      ) : related.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-6 text-center text-sm text-fg-muted">
          No related videos
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {related.data.map((video) => {
            const channel = channelOf(video);
            return (
              <li key={video._id}>
                <Link
                  to={`/video/${encodeURIComponent(video._id)}`}
                  className="group flex gap-2 rounded-lg"
                >
                  <VideoThumbnail video={video} size="sm" className="w-40 shrink-0" />
                  <div className="min-w-0 flex-1">
                    <h3 className="line-clamp-2 text-sm leading-snug font-semibold text-fg group-hover:text-accent-text">
                      {video.title.trim() || videoCardText.untitled}
                    </h3>
                    <p className="mt-1 truncate text-xs text-fg-muted">
                      {channel?.name ?? videoCardText.unknownChannel}
                    </p>
                    <p className="text-xs text-fg-muted">
                      {countLabel(video.views, 'view', 'views')} ·{' '}
                      {formatRelativeTime(video.createdAt)}
                    </p>
                  </div>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
