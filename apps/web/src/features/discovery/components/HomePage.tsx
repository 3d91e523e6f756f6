import type { Video } from '@kinora/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/Button';
import { FlameIcon, VideoIcon } from '../../../components/icons';
import { RetryPanel, StatusPanel } from '../../../components/StatusPanel';
import { VideoCardGrid, VideoGridSkeleton } from '../../../components/VideoGrid';
import { cn } from '../../../lib/cn';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFocusNewItem } from '../../../lib/use-focus-new-item';
import { discoveryText, HOME_PAGE_SIZE } from '../api/discovery-api';
import { useBackendHealth, useHomeVideos } from '../hooks/use-discovery';
import { UploadLink } from '../../../components/UploadLink';

export const homeText = {
  badges: ['HD', '24/7', '4K'],
  loadMore: 'Load More Videos',
  emptyTitle: 'No Videos Yet',
  emptyAction: 'Upload Your First Video',
  backendConnected: 'Backend connected',
  backendDisconnected: 'Backend disconnected',
  backendChecking: 'Checking backend…',
} as const;

/**
 * Home, also shown for /category/{category} (core §2.1, §2.5): a hero, then the most viewed
 * videos newest first, nine at a time.
 */
export function HomePage() {
  useDocumentTitle('Home');
  const headingId = useId();
  const videos = useHomeVideos();

  return (
    <div className="mx-auto w-full max-w-content px-4 py-6 sm:px-6 lg:py-8">
      <Hero />
      <section aria-labelledby={headingId} className="mt-8 sm:mt-10">
        <h2 id={headingId} className="mb-4 text-xl font-bold tracking-tight text-fg">
          Latest videos
        </h2>
        {videos.isPending ? (
          <VideoGridSkeleton count={HOME_PAGE_SIZE} />
        ) : videos.isError ? (
          <RetryPanel
            title={discoveryText.connectionError}
            description={discoveryText.homeError}
            query={videos}
          />
        ) : videos.data.length === 0 ? (
          <EmptyHome />
        ) : (
          <HomeGrid videos={videos.data} />
        )}
      </section>
    </div>
  );
}

function Hero() {
  return (
    <section className="overflow-hidden rounded-xl border border-border bg-linear-to-br from-accent-soft via-surface to-surface px-5 py-8 sm:px-10 sm:py-12">
      <ul aria-label="Highlights" className="flex flex-wrap gap-2">
        {homeText.badges.map((badge) => (
          <li
            key={badge}
            className="rounded-full border border-accent/30 bg-surface px-3 py-1 text-xs font-bold tracking-wider text-accent-text"
          >
            {badge}
          </li>
        ))}
      </ul>
      <h1 className="mt-4 max-w-2xl text-3xl leading-tight font-bold tracking-tight text-balance text-fg sm:text-4xl">
        Watch, share and discover videos
      </h1>
      <p className="mt-3 max-w-2xl text-base text-fg-muted sm:text-lg">
        The most watched uploads from creators on Kinora, newest first. Subscribe to the channels
        you like and never miss a video.
      </p>
      <div className="mt-6 flex flex-wrap gap-2">
        <Link to="/trending" className={buttonClass({ size: 'lg' })}>
          <FlameIcon size={18} />
          See what’s trending
        </Link>
        <UploadLink variant="secondary" size="lg">
          Upload a video
        </UploadLink>
      </div>
    </section>
  );
}

/** Nine at a time; each Load More adds nine until all are shown (core §4). */
function HomeGrid({ videos }: { videos: Video[] }) {
  const [shownCount, setShownCount] = useState(HOME_PAGE_SIZE);
  const { listRef, focusItemWhenShown } = useFocusNewItem<HTMLUListElement>();
  const shown = videos.slice(0, shownCount);
  const hasMore = shown.length < videos.length;

  return (
    <>
      <VideoCardGrid videos={shown} listRef={listRef} />
      <div className="mt-10 flex flex-col items-center gap-2">
        <p aria-live="polite" className="text-sm text-fg-muted">
          Showing {shown.length} of {videos.length} videos
        </p>
        {hasMore ? (
          <Button
            variant="secondary"
            size="lg"
            className="rounded-full"
            onClick={() => {
              focusItemWhenShown(shown.length);
              setShownCount((count) => count + HOME_PAGE_SIZE);
            }}
          >
            {homeText.loadMore}
          </Button>
        ) : null}
      </div>
    </>
  );
}

function EmptyHome() {
  return (
    <StatusPanel
      icon={<VideoIcon size={26} />}
      title={homeText.emptyTitle}
      description="Nothing has been published here yet. Share the first video and it will show up on this page."
    >
      <UploadLink>{homeText.emptyAction}</UploadLink>
      <BackendStatus />
    </StatusPanel>
  );
}

/** Tells whether the backend answers, so an empty home is not mistaken for an outage. */
function BackendStatus() {
  const health = useBackendHealth(true);
  const state = health.isPending ? 'checking' : health.data ? 'connected' : 'disconnected';
  const text = {
    checking: homeText.backendChecking,
    connected: homeText.backendConnected,
    disconnected: homeText.backendDisconnected,
  }[state];
  return (
    // A line of its own under the action: it is information, not another button.
    <p
      role="status"
      data-state={state}
      className="mt-2 flex basis-full items-center justify-center gap-2 text-sm text-fg-muted"
    >
      <span
        aria-hidden="true"
        className={cn(
          'size-2.5 rounded-full',
          state === 'connected' && 'bg-success',
          state === 'disconnected' && 'bg-danger',
          state === 'checking' && 'animate-pulse bg-border-strong',
        )}
      />
      {text}
    </p>
  );
}
