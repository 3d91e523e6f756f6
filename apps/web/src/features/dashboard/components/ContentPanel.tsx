import type { Video } from '@kinora/contract';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/Button';
import { VideoIcon } from '../../../components/icons';
import { ViewsAndDate, videoCardText, VideoThumbnail } from '../../../components/VideoCard';
import { cn } from '../../../lib/cn';
import { CONTENT_TAB_LIMIT } from '../api/dashboard-api';
import { UploadPrompt } from './UploadPrompt';
import { BoneRow } from '../../../components/Skeleton';

/** The first five videos with their state, and the way to all of them (core §2.12 Content). */
export function ContentPanel({ videos }: { videos: Video[] | undefined }) {
  return (
    <section aria-labelledby="dashboard-content-heading" className="flex flex-col gap-4">
      <h2 id="dashboard-content-heading" className="text-xl font-semibold tracking-tight">
        Content Management
      </h2>
      {videos === undefined ? (
        <ContentSkeleton />
      ) : videos.length === 0 ? (
        <UploadPrompt
          icon={<VideoIcon />}
          title="No content available"
          description="Videos you upload are listed here with their views and whether they are published."
          action="Create Content"
        />
      ) : (
        <>
          <ul className="divide-y divide-border overflow-hidden rounded-lg border border-border bg-surface">
            {videos.slice(0, CONTENT_TAB_LIMIT).map((video) => (
              <ContentRow key={video._id} video={video} />
            ))}
          </ul>
          <Link
            to="/my-videos"
            className={buttonClass({ variant: 'secondary', className: 'self-center' })}
          >
            View All Videos
          </Link>
        </>
      )}
    </section>
  );
}

function ContentRow({ video }: { video: Video }) {
  const title = video.title.trim() || videoCardText.untitled;
  return (
    // Phones: thumbnail and text side by side, state and View in a row beneath. Wider: one row.
    <li className="grid grid-cols-[7rem_minmax(0,1fr)] items-center gap-x-3 gap-y-2.5 p-3 [grid-template-areas:'thumb_info'_'status_action'] sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:gap-x-4 sm:gap-y-1.5 sm:p-4 sm:[grid-template-areas:'thumb_info_action'_'thumb_status_action']">
      <VideoThumbnail video={video} size="sm" className="[grid-area:thumb]" />
      <div className="flex min-w-0 flex-col gap-1 self-end [grid-area:info] max-sm:self-center">
        <p className="line-clamp-2 font-semibold break-words text-fg">{title}</p>
        <ViewsAndDate video={video} date="written" />
      </div>
      <div className="self-start [grid-area:status] max-sm:self-center">
        <PublicationBadge isPublished={video.isPublished} />
      </div>
      <Link
        to={`/video/${encodeURIComponent(video._id)}`}
        aria-label={`View ${title}`}
        className={buttonClass({
          variant: 'secondary',
          size: 'sm',
          className: 'justify-self-end [grid-area:action]',
        })}
      >
        View
      </Link>
    </li>
  );
}

/**
 * 'Published' or 'Draft' (core §3: isPublished true shows Published, otherwise Draft). The text
 * stays in the body colour for contrast; the tint and the dot carry the state's colour.
 */
function PublicationBadge({ isPublished }: { isPublished: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-semibold text-fg',
        isPublished ? 'bg-success-soft' : 'bg-warning-soft',
      )}
    >
      <span
        aria-hidden="true"
        className={cn('size-1.5 rounded-full', isPublished ? 'bg-success' : 'bg-warning')}
      />
      {isPublished ? 'Published' : 'Draft'}
    </span>
  );
}

function ContentSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading your videos"
      className="divide-y divide-border rounded-lg border border-border bg-surface"
    >
      {Array.from({ length: 3 }, (_, i) => (
        <BoneRow
          key={i}
          hidden
          className="animate-pulse items-center gap-4 p-4"
          media="aspect-video w-28 shrink-0 rounded-lg sm:w-40"
          bars={['h-4 w-3/4', 'h-3 w-1/3', 'h-4 w-16 rounded-full']}
        />
      ))}
    </div>
  );
}
