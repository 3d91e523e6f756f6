import type { MyStats, Video } from '@kinora/contract';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/Button';
import {
  EyeIcon,
  FilmIcon,
  SubscriptionsIcon,
  ThumbsUpIcon,
  UploadIcon,
  VideoIcon,
} from '../../../components/icons';
import { StatCard, StatCardSkeletons, StatGrid } from '../../../components/StatCard';
import { VideoCard, VideoCardSkeleton } from '../../../components/VideoCard';
import { formatCount } from '../../../lib/format';
import { RECENT_VIDEOS_LIMIT } from '../api/dashboard-api';

/** Four stat cards and the six newest videos (core §2.12 Overview). */
export function OverviewPanel({
  stats,
  videos,
}: {
  stats: MyStats | undefined;
  videos: Video[] | undefined;
}) {
  return (
    <div className="flex flex-col gap-8">
      {stats ? (
        <StatGrid label="Channel stats" className="lg:grid-cols-4">
          <StatCard
            label="Subscribers"
            value={formatCount(stats.subscribersCount)}
            icon={<SubscriptionsIcon size={18} />}
          />
          <StatCard
            label="Total Views"
            value={formatCount(stats.totalViews)}
            icon={<EyeIcon size={18} />}
          />
          <StatCard
            label="Total Likes"
            value={formatCount(stats.totalLikes)}
            icon={<ThumbsUpIcon size={18} />}
          />
          <StatCard
            label="Videos"
            value={formatCount(stats.videosCount)}
            icon={<VideoIcon size={18} />}
          />
        </StatGrid>
      ) : (
        <div role="status" aria-label="Loading channel stats">
          <StatCardSkeletons count={4} className="lg:grid-cols-4" />
        </div>
      )}

      <section aria-labelledby="dashboard-recent-videos" className="flex flex-col gap-4">
        <h2 id="dashboard-recent-videos" className="text-xl font-semibold tracking-tight">
          Recent Videos
        </h2>
        {videos === undefined ? (
          <div
            role="status"
            aria-label="Loading recent videos"
            className="grid gap-x-4 gap-y-8 sm:grid-cols-2 lg:grid-cols-3"
          >
            {Array.from({ length: 3 }, (_, i) => (
              <VideoCardSkeleton key={i} />
            ))}
          </div>
        ) : videos.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border bg-surface px-6 py-12 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent-text">
              <FilmIcon />
            </span>
            <p className="font-medium text-fg">No videos yet</p>
            <p className="max-w-sm text-sm text-fg-muted">
              Your newest uploads show here. Share your first video to start your channel.
            </p>
            <Link to="/upload" className={buttonClass({ className: 'mt-1' })}>
              <UploadIcon size={18} />
              Upload Your First Video
            </Link>
          </div>
        ) : (
          <div className="grid gap-x-4 gap-y-8 sm:grid-cols-2 lg:grid-cols-3">
            {videos.slice(0, RECENT_VIDEOS_LIMIT).map((video) => (
              <VideoCard key={video._id} video={video} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
