import type { Video } from '@kinora/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/Avatar';
import { buttonClass } from '../../../components/Button';
import { FlameIcon, UploadIcon } from '../../../components/icons';
import { RetryPanel, StatusPanel } from '../../../components/StatusPanel';
import { VideoCard, VideoThumbnail } from '../../../components/VideoCard';
import { VideoGrid, VideoGridSkeleton } from '../../../components/VideoGrid';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { discoveryText, TRENDING_LIMIT } from '../api/discovery-api';
import { useTrendingVideos } from '../hooks/use-discovery';
import { RankOverlay } from './RankBadge';
import { PageTitle } from '../../../components/Page';

export const trendingText = {
  title: 'Trending Right Now',
  emptyTitle: 'No Trending Videos Yet',
  emptyAction: 'Upload Your Video',
  samplesTitle: 'Sample videos',
} as const;

/**
 * Stand-ins shown when the server has nothing to rank yet (core §2.7): they show what the page
 * will look like, lead nowhere, and say plainly that they are samples.
 */
export const sampleVideos = [
  { _id: 'sample-1', title: 'Your tutorial could be #1 here', duration: 754 },
  { _id: 'sample-2', title: 'A travel diary from last summer', duration: 482 },
  { _id: 'sample-3', title: 'Five-minute weeknight recipes', duration: 311 },
] as const;

/** /trending (core §2.7): the twelve videos most watched lately, ranked. */
export function TrendingPage() {
  useDocumentTitle('Trending');
  const videos = useTrendingVideos();

  return (
    <div className="mx-auto w-full max-w-content px-4 py-6 sm:px-6 lg:py-8">
      <header className="mb-6 flex items-center gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent-text">
          <FlameIcon size={22} />
        </span>
        <div>
          <PageTitle>{trendingText.title}</PageTitle>
          <p className="text-sm text-fg-muted">The most watched videos of the past week.</p>
        </div>
      </header>
      {videos.isPending ? (
        <VideoGridSkeleton count={TRENDING_LIMIT} label="Loading trending videos" />
      ) : videos.isError ? (
        <RetryPanel title={discoveryText.trendingError} query={videos} />
      ) : videos.data.length === 0 ? (
        <NoTrendingVideos />
      ) : (
        <RankedGrid videos={videos.data} />
      )}
    </div>
  );
}

function RankedGrid({ videos }: { videos: Video[] }) {
  return (
    <>
      {/* Under the page's h1, the cards' h3 titles need a level between. */}
      <h2 className="sr-only">Trending videos</h2>
      <VideoGrid label="Trending videos">
        {videos.map((video, index) => (
          <li key={video._id} className="relative">
            <VideoCard video={video} />
            <RankOverlay rank={index + 1} />
          </li>
        ))}
      </VideoGrid>
    </>
  );
}

function NoTrendingVideos() {
  const samplesHeadingId = useId();
  return (
    <>
      <StatusPanel
        icon={<FlameIcon size={26} />}
        title={trendingText.emptyTitle}
        description="Once people start watching, the most popular videos show up here."
      >
        <Link to="/upload" className={buttonClass()}>
          <UploadIcon size={18} />
          {trendingText.emptyAction}
        </Link>
      </StatusPanel>
      <section aria-labelledby={samplesHeadingId} className="mt-10">
        <h2 id={samplesHeadingId} className="text-lg font-bold text-fg">
          {trendingText.samplesTitle}
        </h2>
        <p className="mt-1 mb-4 text-sm text-fg-muted">
          Examples of how trending videos will look. They are not real videos.
        </p>
        <VideoGrid label={trendingText.samplesTitle}>
          {sampleVideos.map((sample, index) => (
            <li key={sample._id} className="relative">
              <SampleCard sample={sample} />
              <RankOverlay rank={index + 1} />
            </li>
          ))}
        </VideoGrid>
      </section>
    </>
  );
}

/** A card in the shape of a video card, without links, counts or a channel. */
function SampleCard({ sample }: { sample: (typeof sampleVideos)[number] }) {
  return (
    <article data-sample="true" className="flex min-w-0 flex-col gap-3">
      <div className="relative">
        <VideoThumbnail
          video={{ _id: sample._id, duration: sample.duration }}
          className="bg-linear-to-br from-accent-soft via-raised to-surface"
        />
        <span className="absolute top-1.5 left-1.5 rounded-sm bg-info px-1.5 py-0.5 text-xs font-bold tracking-wider text-canvas">
          SAMPLE
        </span>
      </div>
      <div className="flex gap-3">
        <Avatar src={null} name="S" />
        <div className="min-w-0 flex-1">
          <h3 className="line-clamp-2 text-base leading-snug font-semibold text-fg">
            {sample.title}
          </h3>
          <p className="mt-1 text-sm text-fg-muted">Sample video · not a real upload</p>
        </div>
      </div>
    </article>
  );
}
