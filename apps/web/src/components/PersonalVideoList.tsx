import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from './Button';
import { SearchField } from './form/SearchField';
import { SortSelect, type SortOption } from './form/SortSelect';
import { SearchIcon } from './icons';
import { LoadError } from './LoadError';
import { LoadMoreButton } from './LoadMoreButton';
import { StatusPanel } from './StatusPanel';
import { VideoListSkeleton } from './VideoListItem';

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
 * A person's own list of videos, a page at a time (signed-in-areas §2: History, Liked videos):
 * a search by title or channel, the sorts, then a skeleton, the failure with Try Again, the
 * empty state with Explore Videos, 'no match', or the rows and Load more. The page says what
 * its rows are and what each row's action does.
 */
export function PersonalVideoList<T extends { _id: string }, S extends string>({
  query,
  text,
  sorts,
  initialSort,
  filterAndSort,
  emptyIcon,
  renderItem,
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
  filterAndSort: (items: T[], search: string, sort: S) => T[];
  emptyIcon: ReactNode;
  /** One row: a VideoListItem (an `li`). */
  renderItem: (item: T) => ReactNode;
}) {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<S>(initialSort);
  const items = query.data?.pages.flat() ?? [];
  const shown = filterAndSort(items, search, sort);

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
          {shown.map(renderItem)}
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
