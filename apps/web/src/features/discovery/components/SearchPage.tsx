import type { SearchChannel, Video } from '@kinora/contract';
import { useId, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Avatar } from '../../../components/Avatar';
import { Button } from '../../../components/Button';
import { SearchIcon } from '../../../components/icons';
import { NextPageButton, type PagedQuery } from '../../../components/LoadMoreButton';
import { RetryPanel, StatusPanel } from '../../../components/StatusPanel';
import {
  channelOf,
  countLabel,
  videoCardText,
  CardThumbnail,
  VideoTitleLink,
} from '../../../components/VideoCard';
import { formatRelativeTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFocusNewItem } from '../../../lib/use-focus-new-item';
import { discoveryText } from '../api/discovery-api';
import { useMoreSearchChannels, useSearchResults } from '../hooks/use-discovery';
import { Bone, BoneRow } from '../../../components/Skeleton';
import { PageTitle } from '../../../components/Page';
import { channelPathOf } from '../../../lib/paths';

export const searchText = {
  title: 'Search Results',
  emptyTitle: 'No Results Found',
  emptyText: 'Try different keywords or check your spelling',
  blankText: 'Type what you are looking for in the search box to find videos and channels.',
  moreVideos: 'Load more videos',
  moreChannels: 'Show more channels',
} as const;

/** /search?q= (core §2.11): matching channels, then matching videos. */
export function SearchPage() {
  const [searchParams] = useSearchParams();
  const query = searchParams.get('q')?.trim() ?? '';
  useDocumentTitle(query ? `${query} - ${searchText.title}` : searchText.title);

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 lg:py-8">
      <header className="mb-6">
        <PageTitle>{searchText.title}</PageTitle>
        {query ? (
          <p className="mt-1 break-words text-fg-muted">
            Results for <span className="font-semibold text-fg">{query}</span>
          </p>
        ) : null}
      </header>
      {query ? (
        // A new query starts from its first page, with the channel list folded again.
        <SearchResults key={query} query={query} />
      ) : (
        <StatusPanel
          icon={<SearchIcon size={26} />}
          title="Search Kinora"
          description={searchText.blankText}
        />
      )}
    </div>
  );
}

function SearchResults({ query }: { query: string }) {
  const results = useSearchResults(query);

  if (results.isPending) return <SearchSkeleton />;
  if (results.isError) {
    return (
      <RetryPanel
        title={discoveryText.connectionError}
        description={discoveryText.searchError}
        query={results}
      />
    );
  }

  const [first] = results.data.pages;
  const videos = results.data.pages.flatMap((page) => page.videos);
  const channels = first?.channels ?? [];
  if (videos.length === 0 && channels.length === 0) {
    return (
      <StatusPanel
        icon={<SearchIcon size={26} />}
        title={searchText.emptyTitle}
        description={searchText.emptyText}
      />
    );
  }

  return (
    <div className="flex flex-col gap-10">
      {channels.length > 0 ? (
        <ChannelResults query={query} firstPage={channels} total={first?.totalChannels ?? 0} />
      ) : null}
      {videos.length > 0 ? (
        <VideoResults videos={videos} total={first?.totalVideos ?? videos.length} pages={results} />
      ) : null}
    </div>
  );
}

function ResultsSection({
  title,
  total,
  children,
}: {
  title: string;
  total: number;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-4 flex items-baseline gap-2 text-xl font-bold text-fg">
        {title}
        <span className="rounded-full bg-raised px-2 py-0.5 text-sm font-semibold text-fg-muted tabular-nums">
          {total}
        </span>
      </h2>
      {children}
    </section>
  );
}

function ChannelResults({
  query,
  firstPage,
  total,
}: {
  query: string;
  firstPage: SearchChannel[];
  total: number;
}) {
  const [wantsMore, setWantsMore] = useState(false);
  const more = useMoreSearchChannels(query, wantsMore);
  const { listRef, focusItemWhenShown } = useFocusNewItem<HTMLUListElement>();
  const channels = [...firstPage, ...(more.data?.pages.flatMap((page) => page.channels) ?? [])];
  const hasMore = wantsMore ? more.hasNextPage : channels.length < total;
  const isLoading = wantsMore && (more.isPending || more.isFetchingNextPage);

  const showMore = () => {
    focusItemWhenShown(channels.length);
    if (wantsMore) void more.fetchNextPage();
    else setWantsMore(true);
  };

  return (
    <ResultsSection title="Channels" total={total}>
      <div className="@container">
        <ul ref={listRef} className="grid grid-cols-1 gap-3 @xl:grid-cols-2 @3xl:grid-cols-3">
          {channels.map((channel) => (
            <li key={channel._id}>
              <ChannelCard channel={channel} />
            </li>
          ))}
        </ul>
      </div>
      {more.isError ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {discoveryText.searchError}
        </p>
      ) : null}
      {hasMore || more.isError ? (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" onClick={showMore} disabled={isLoading}>
            {isLoading ? 'Loading…' : searchText.moreChannels}
          </Button>
        </div>
      ) : null}
    </ResultsSection>
  );
}

/** A channel found: avatar, username, subscriber count and full name, all one link. */
function ChannelCard({ channel }: { channel: SearchChannel }) {
  const fullName = channel.fullName || channel.fullname;
  return (
    <Link
      to={channelPathOf(channel._id)}
      className="flex items-center gap-3 rounded-lg border border-border bg-surface p-3 transition-colors hover:border-border-strong hover:bg-raised"
    >
      <Avatar src={channel.avatar} name={channel.username} size="lg" />
      <span className="flex min-w-0 flex-col">
        <span className="truncate font-semibold text-fg">{channel.username}</span>
        <span className="truncate text-sm text-fg-muted">
          {countLabel(channel.subscribersCount, 'subscriber', 'subscribers')}
        </span>
        {fullName ? <span className="truncate text-sm text-fg-muted">{fullName}</span> : null}
      </span>
    </Link>
  );
}

function VideoResults({
  videos,
  total,
  pages,
}: {
  videos: Video[];
  total: number;
  /** The search's pages: 'More videos' reads the next (a failed one stays to be asked again). */
  pages: PagedQuery;
}) {
  const { listRef, focusItemWhenShown } = useFocusNewItem<HTMLUListElement>();
  return (
    <ResultsSection title="Videos" total={total}>
      <ul ref={listRef} className="flex flex-col gap-5">
        {videos.map((video) => (
          <li key={video._id}>
            <VideoResult video={video} />
          </li>
        ))}
      </ul>
      <NextPageButton
        query={pages}
        label={searchText.moreVideos}
        failedText={discoveryText.searchError}
        size="lg"
        className="mt-6"
        onLoad={() => focusItemWhenShown(videos.length)}
      />
    </ResultsSection>
  );
}

/** A video found: thumbnail with duration, title, owner link, views and upload time. */
function VideoResult({ video }: { video: Video }) {
  const channel = channelOf(video);
  const title = video.title.trim() || videoCardText.untitled;
  return (
    <article className="group flex flex-col gap-3 sm:flex-row sm:gap-4">
      <CardThumbnail video={video} title={title} className="shrink-0 sm:w-64 md:w-80" />
      <div className="min-w-0 flex-1">
        <VideoTitleLink videoId={video._id} title={title} className="text-lg" />
        <p className="mt-1 text-sm text-fg-muted">
          {countLabel(video.views, 'view', 'views')}
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          {formatRelativeTime(video.createdAt, { style: 'long' })}
        </p>
        <div className="mt-2 flex items-center gap-2 text-sm text-fg-muted">
          {channel ? (
            <>
              <Avatar src={channel.avatar} name={channel.username} size="sm" />
              <Link
                to={channelPathOf(channel.id)}
                className="truncate rounded-sm font-medium hover:text-fg"
              >
                {channel.name}
              </Link>
            </>
          ) : (
            <span>{videoCardText.unknownChannel}</span>
          )}
        </div>
        {video.description ? (
          <p className="mt-2 line-clamp-2 text-sm text-fg-muted">{video.description}</p>
        ) : null}
      </div>
    </article>
  );
}

function SearchSkeleton() {
  return (
    <div role="status" aria-label="Loading search results" className="animate-pulse space-y-5">
      <Bone className="h-6 w-32" />
      {[0, 1, 2].map((i) => (
        <BoneRow
          key={i}
          className="flex-col gap-3 sm:flex-row sm:gap-4"
          media="aspect-video rounded-lg sm:w-64 md:w-80"
          bars={['h-5 w-3/4', 'h-3.5 w-1/3', 'h-3.5 w-1/4']}
          barsClassName="pt-1"
        />
      ))}
    </div>
  );
}
