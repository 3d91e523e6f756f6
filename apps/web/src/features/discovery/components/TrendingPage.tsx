import type { Video } from '@kinora/contract';
import { useId, type ReactNode } from 'react';
import { Avatar } from '../../../components/Avatar';
import { FlameIcon } from '../../../components/icons';
import { RetryPanel, StatusPanel } from '../../../components/StatusPanel';
import { VideoCard, VideoThumbnail } from '../../../components/VideoCard';
import { VideoGrid, VideoGridSkeleton } from '../../../components/VideoGrid';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { discoveryText, TRENDING_LIMIT } from '../api/discovery-api';
import { useTrendingVideos } from '../hooks/use-discovery';
import { RankOverlay } from './RankBadge';
import { PageTitle } from '../../../components/Page';
import { UploadLink } from '../../../components/UploadLink';

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
      <RankedCards
        label="Trending videos"
        items={videos}
        card={(video) => <VideoCard video={video} />}
      />
    </>
  );
}

/** Cards in a grid, each under its rank (1, 2, …) in the order given. */
function RankedCards<T extends { _id: string }>({
  label,
  items,
  card,
}: {
  label: string;
  items: readonly T[];
  card: (item: T) => ReactNode;
}) {
  return (
    <VideoGrid label={label}>
      {items.map((item, index) => (
        <li key={item._id} className="relative">
          {card(item)}
          <RankOverlay rank={index + 1} />
        </li>
      ))}
    </VideoGrid>
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
        <UploadLink>{trendingText.emptyAction}</UploadLink>
      </StatusPanel>
      <section aria-labelledby={samplesHeadingId} className="mt-10">
        <h2 id={samplesHeadingId} className="text-lg font-bold text-fg">
          {trendingText.samplesTitle}
        </h2>
        <p className="mt-1 mb-4 text-sm text-fg-muted">
          Examples of how trending videos will look. They are not real videos.
        </p>
        <RankedCards
          label={trendingText.samplesTitle}
          items={sampleVideos}
          card={(sample) => <SampleCard sample={sample} />}
        />
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
