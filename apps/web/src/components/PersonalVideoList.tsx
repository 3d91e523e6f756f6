import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass, IconButton } from './Button';
import { SearchField } from './form/SearchField';
import { SortSelect, type SortOption } from './form/SortSelect';
import { SearchIcon } from './icons';
import { LoadError } from './LoadError';
import { LoadMoreButton } from './LoadMoreButton';
import { StatusPanel } from './StatusPanel';
import { useToast } from './toast';
import { matchesTitleOrChannel, VideoListItem, VideoListSkeleton } from './VideoListItem';
import type { VideoSummary } from './VideoCard';
import { messageOf } from '../lib/api';

/** What the list needs of a paged query (TanStack's infinite query result fits). */
export interface PagedListQuery<T> {
  data?: { pages: T[][] } | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

/**
 * Each row's button that takes its video off the list (remove from history, unlike): it names
 * the video, runs `mutation` with the video's id, is busy while that id is on its way, and
 * toasts `failed` (or the server's own words) when the server refuses.
 */
export interface RowRemoval<T> {
  mutation: {
    isPending: boolean;
    variables?: string | undefined;
    mutate: (videoId: string, options: { onError: (error: unknown) => void }) => void;
  };
  label: (item: T) => string;
  failed: string;
  icon: ReactNode;
  className?: string;
}

/**
 * A person's own list of videos, a page at a time (signed-in-areas §2: History, Liked videos):
 * a search by title or channel, the sorts, then a skeleton, the failure with Try Again, the
 * empty state with Explore Videos, 'no match', or the rows and Load more. Each row is a
 * VideoListItem with the page's line of facts (`rowDetails`) and its remove button (`removal`).
 */
export function PersonalVideoList<T extends VideoSummary & { title: string }, S extends string>({
  query,
  text,
  sorts,
  initialSort,
  sortBy,
  emptyIcon,
  rowDetails,
  removal,
}: {
  query: PagedListQuery<T>;
  text: {
    /** The search field's label, the list's, and the skeleton's. */
    search: string;
    list: string;
    loading: string;
    loadFailed: string;
    empty: string;
    emptyDescription: string;
    noMatch: string;
    noMatchDescription?: string;
  };
  sorts: SortOption<S>[];
  initialSort: S;
  /** The rows in the order of `sort` (a new array: the loaded pages stay as they are). */
  sortBy: (items: readonly T[], sort: S) => T[];
  emptyIcon: ReactNode;
  /** The row's line of facts (when watched, when liked) and the part already watched (0 to 1). */
  rowDetails: (item: T) => { meta: string; progress?: number | undefined };
  removal: RowRemoval<T>;
}) {
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<S>(initialSort);
  const items = query.data?.pages.flat() ?? [];
  // The search: title or channel username, any case, spaces around it ignored.
  const term = search.trim().toLowerCase();
  const matching = term ? items.filter((item) => matchesTitleOrChannel(item, term)) : items;
  const shown = sortBy(matching, sort);

  return (
    <>
      <div className="flex flex-col gap-2 sm:flex-row">
        <SearchField
          label={text.search}
          value={search}
          onChange={setSearch}
          placeholder="Search by title or channel"
          className="flex-1"
        />
        <SortSelect value={sort} options={sorts} onChange={setSort} />
      </div>

      {query.isPending ? (
        <VideoListSkeleton label={text.loading} />
      ) : query.isError ? (
        <LoadError title={text.loadFailed} query={query} />
      ) : items.length === 0 ? (
        <StatusPanel title={text.empty} icon={emptyIcon} description={text.emptyDescription}>
          <Link to="/" className={buttonClass()}>
            Explore Videos
          </Link>
        </StatusPanel>
      ) : shown.length === 0 ? (
        <StatusPanel
          title={text.noMatch}
          icon={<SearchIcon size={26} />}
          description={text.noMatchDescription}
        />
      ) : (
        <ul aria-label={text.list} className="flex flex-col gap-1">
          {shown.map((item) => (
            <VideoListItem
              key={item._id}
              video={item}
              {...rowDetails(item)}
              action={
                <IconButton
                  label={removal.label(item)}
                  disabled={removal.mutation.isPending && removal.mutation.variables === item._id}
                  onClick={() =>
                    removal.mutation.mutate(item._id, {
                      onError: (error) => toast.error(messageOf(error, removal.failed)),
                    })
                  }
                  className={removal.className}
                >
                  {removal.icon}
                </IconButton>
              }
            />
          ))}
        </ul>
      )}

      {query.hasNextPage ? (
        <LoadMoreButton
          isLoading={query.isFetchingNextPage}
          onLoadMore={() => void query.fetchNextPage()}
        />
      ) : null}
    </>
  );
}
