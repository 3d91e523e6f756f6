import { useId } from 'react';
import { countLabel } from '../../../components/VideoCard';
import { formatRelativeTime } from '../../../lib/format';
import { RELATED_SHOWN } from '../api/videos-api';
import { useRelatedVideos } from '../hooks/use-watch-data';
import { BoneList } from '../../../components/Skeleton';
import { CompactVideoLink } from './CompactVideoLink';

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
          {related.data.map((video) => (
            <li key={video._id}>
              <CompactVideoLink video={video} to={`/video/${encodeURIComponent(video._id)}`}>
                <p className="text-xs text-fg-muted">
                  {countLabel(video.views, 'view', 'views')} · {formatRelativeTime(video.createdAt)}
                </p>
              </CompactVideoLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
