import { cn } from '../lib/cn';
import { Button, type ButtonSize } from './Button';
import { LoadError } from './LoadError';

/** 'Load more' under a list read a page at a time; it waits, saying 'Loading…', for the page. */
export function LoadMoreButton({
  isLoading,
  onLoadMore,
  label = 'Load more',
}: {
  isLoading: boolean;
  onLoadMore: () => void;
  label?: string;
}) {
  return (
    <Button variant="secondary" className="self-center" disabled={isLoading} onClick={onLoadMore}>
      {isLoading ? 'Loading…' : label}
    </Button>
  );
}

/** What `NextPageButton` reads of an infinite query. */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError?: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The round `label` button centred under a feed read a page at a time, shown while the query
 * has a next page. `onLoad` runs before the page is asked for (to move focus to the first new
 * item when it shows, `useFocusNewItem`). When that page failed, `failedText` says so above it
 * (the button stays, to ask again).
 */
export function NextPageButton({
  query,
  label,
  failedText,
  onLoad,
  size,
  className,
}: {
  query: PagedQuery;
  label: string;
  failedText?: string;
  onLoad: () => void;
  size?: ButtonSize;
  className?: string;
}) {
  const failure =
    failedText && query.isFetchNextPageError ? (
      <p role="alert" className="mt-6 text-center text-sm text-danger">
        {failedText}
      </p>
    ) : null;
  if (!query.hasNextPage) return failure;
  return (
    <>
      {failure}
      <div className={cn('flex justify-center', className)}>
        <Button
          variant="secondary"
          size={size}
          className="rounded-full"
          disabled={query.isFetchingNextPage}
          onClick={() => {
            onLoad();
            void query.fetchNextPage();
          }}
        >
          {query.isFetchingNextPage ? 'Loading…' : label}
        </Button>
      </div>
    </>
  );
}

/**
 * Under a list read a page at a time: the failure of its last page with 'Try Again', or else
 * 'Load more' while it has a next page.
 */
export function LoadMoreOrError({
  query,
  errorTitle,
  label,
}: {
  query: PagedQuery & { isFetchNextPageError: boolean };
  errorTitle: string;
  label?: string;
}) {
  const loadMore = () => void query.fetchNextPage();
  if (query.isFetchNextPageError) {
    return (
      <LoadError title={errorTitle} onRetry={loadMore} isRetrying={query.isFetchingNextPage} />
    );
  }
  if (!query.hasNextPage) return null;
  return (
    <LoadMoreButton
      isLoading={query.isFetchingNextPage}
      onLoadMore={loadMore}
      {...(label ? { label } : {})}
    />
  );
}
