import type { MyStats, Video } from '@kinora/contract';
import { FilmIcon } from '../../../components/icons';
import { ChannelTotalCards, StatCardSkeletons, StatGrid } from '../../../components/StatCard';
import { VideoCard, VideoCardSkeleton } from '../../../components/VideoCard';
import { RECENT_VIDEOS_LIMIT } from '../api/dashboard-api';
import { UploadPrompt } from './UploadPrompt';

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
          <ChannelTotalCards
            totals={{
              subscribers: stats.subscribersCount,
              totalViews: stats.totalViews,
              totalLikes: stats.totalLikes,
              videos: stats.videosCount,
            }}
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
          <UploadPrompt
            icon={<FilmIcon />}
            title="No videos yet"
            description="Your newest uploads show here. Share your first video to start your channel."
            action="Upload Your First Video"
          />
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
