import type { CurrentUser, Playlist } from '@kinora/contract';
import { useQueries } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../components/Button';
import {
  FlameIcon,
  HistoryIcon,
  LibraryIcon,
  PlaylistIcon,
  SubscriptionsIcon,
  ThumbsUpIcon,
} from '../components/icons';
import { LoadError } from '../components/LoadError';
import { StatusPanel } from '../components/StatusPanel';
import { VideoCard, VideoCardSkeleton } from '../components/VideoCard';
import { recentHistoryQuery } from '../features/history';
import { recentLikedQuery } from '../features/liked';
import { PlaylistCard, userPlaylistsQuery } from '../features/playlists';
import { useDocumentTitle } from '../lib/use-document-title';
import { signedInOnly } from '../components/SignedInOnly';
import { PageColumn, PageTitle } from '../components/Page';

/** Library slices (signed-in-areas §9): 6 fetched and 3 shown of history and liked; 4 playlists. */
const FETCHED = 6;
const SHOWN = 3;
const PLAYLISTS_SHOWN = 4;

export const libraryText = {
  loading: 'Loading library',
  signedOutMessage: 'Sign in to find your history, liked videos and playlists in one place.',
  signedOutTitle: 'Access Your Library',
  heading: 'Library',
  empty: 'Your library is empty',
  loadFailed: 'Failed to load library data',
} as const;

/**
 * /library (signed-in-areas §2): tiles to the personal lists, then three sections. History,
 * liked videos and playlists load in parallel and each failure is tolerated alone; only when
 * all three fail does the page say so.
 */
export const LibraryPage = signedInOnly(Library, libraryText);

function Library({ user }: { user: CurrentUser }) {
  useDocumentTitle(libraryText.heading);
  const [history, liked, playlists] = useQueries({
    queries: [
      recentHistoryQuery(FETCHED),
      recentLikedQuery(user._id, FETCHED),
      userPlaylistsQuery(user._id),
    ],
  });
  const isPending = history.isPending || liked.isPending || playlists.isPending;
  const allFailed = history.isError && liked.isError && playlists.isError;
  const watchLater = playlists.data?.find((p) => p.kind === 'watch_later');
  const custom = (playlists.data ?? []).filter((p) => p.kind !== 'watch_later');
  const isEmpty =
    !isPending &&
    !allFailed &&
    (history.data?.length ?? 0) === 0 &&
    (liked.data?.length ?? 0) === 0 &&
    custom.length === 0 &&
    (watchLater?.videoCount ?? 0) === 0;

  const retry = () => {
    void history.refetch();
    void liked.refetch();
    void playlists.refetch();
  };

  return (
    <PageColumn className="gap-8">
      <PageTitle>{libraryText.heading}</PageTitle>
      <nav aria-label="Library" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <Tile to="/history" icon={<HistoryIcon />} label="History" />
        <Tile to="/liked" icon={<ThumbsUpIcon />} label="Liked Videos" />
        <Tile to="/playlists" icon={<PlaylistIcon />} label="Playlists" />
        <Tile
          to={watchLater ? `/playlist/${encodeURIComponent(watchLater._id)}` : '/playlists'}
          icon={<LibraryIcon />}
          label="Watch later"
          detail={watchLater ? `${watchLater.videoCount}` : undefined}
        />
        <Tile to="/subscriptions" icon={<SubscriptionsIcon />} label="Subscriptions" />
      </nav>

      {allFailed ? (
        <LoadError title={libraryText.loadFailed} onRetry={retry} />
      ) : isEmpty ? (
        <StatusPanel
          title={libraryText.empty}
          icon={<LibraryIcon size={26} />}
          description="Watch, like and save videos and they gather here."
        >
          <div className="flex flex-wrap justify-center gap-2">
            <Link to="/" className={buttonClass()}>
              Explore Videos
            </Link>
            <Link to="/trending" className={buttonClass({ variant: 'secondary' })}>
              <FlameIcon size={18} />
              View Trending
            </Link>
          </div>
        </StatusPanel>
      ) : (
        <>
          <Section title="History" to="/history" isPending={history.isPending} items={history.data}>
            {(history.data ?? []).slice(0, SHOWN).map((video) => (
              <VideoCard key={video._id} video={video} />
            ))}
          </Section>
          <Section title="Liked Videos" to="/liked" isPending={liked.isPending} items={liked.data}>
            {(liked.data ?? []).slice(0, SHOWN).map((video) => (
              <VideoCard key={video._id} video={video} />
            ))}
          </Section>
          <Section
            title="Playlists"
            to="/playlists"
            isPending={playlists.isPending}
            items={custom}
            columns={PLAYLISTS_SHOWN}
          >
            {custom.slice(0, PLAYLISTS_SHOWN).map((playlist: Playlist) => (
              <PlaylistCard key={playlist._id} playlist={playlist} />
            ))}
          </Section>
        </>
      )}
    </PageColumn>
  );
}

function Tile({
  to,
  icon,
  label,
  detail,
}: {
  to: string;
  icon: ReactNode;
  label: string;
  detail?: string | undefined;
}) {
  return (
    <Link
      to={to}
      className="flex items-center gap-3 rounded-lg border border-border bg-surface px-4 py-3 font-medium text-fg transition-colors hover:bg-raised"
    >
      <span className="text-accent-text">{icon}</span>
      <span className="min-w-0 flex-1 truncate">{label}</span>
      {detail ? <span className="text-sm text-fg-muted tabular-nums">{detail}</span> : null}
    </Link>
  );
}

/** A section with its 'View all' link; hidden when its load failed or it has nothing. */
function Section({
  title,
  to,
  isPending,
  items,
  columns = 3,
  children,
}: {
  title: string;
  to: string;
  isPending: boolean;
  items: readonly unknown[] | undefined;
  columns?: 3 | 4;
  children: ReactNode;
}) {
  if (!isPending && (!items || items.length === 0)) return null;
  const grid =
    columns === 4
      ? 'grid grid-cols-1 gap-x-4 gap-y-8 sm:grid-cols-2 lg:grid-cols-4'
      : 'grid grid-cols-1 gap-x-4 gap-y-8 sm:grid-cols-2 lg:grid-cols-3';
  return (
    <section aria-label={title} className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-4">
        <h2 className="text-xl font-semibold text-fg">{title}</h2>
        <Link
          to={to}
          aria-label={`View all ${title}`}
          className="rounded-sm text-sm font-medium text-accent-text hover:underline"
        >
          View all
        </Link>
      </div>
      <div className={grid}>
        {isPending
          ? Array.from({ length: columns }, (_, i) => <VideoCardSkeleton key={i} />)
          : children}
      </div>
    </section>
  );
}
