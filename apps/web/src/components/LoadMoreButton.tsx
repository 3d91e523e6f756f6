import { Button } from './Button';

/** 'Load more' under a list read a page at a time; it waits, saying 'Loading…', for the page. */
export function LoadMoreButton({
  isLoading,
  onLoadMore,
}: {
  isLoading: boolean;
  onLoadMore: () => void;
}) {
  return (
    <Button variant="secondary" className="self-center" disabled={isLoading} onClick={onLoadMore}>
      {isLoading ? 'Loading…' : 'Load more'}
    </Button>
  );
}
