import { cn } from '../lib/cn';
import { Button } from './Button';
import { AlertTriangleIcon, RefreshIcon } from './icons';

/** What `LoadError` reads of a failed query to load it again. */
interface RetryableQuery {
  refetch: () => unknown;
  isFetching: boolean;
}

/**
 * A failed load inside a page: what failed (the spec's words), an optional detail (null: none),
 * and 'Try Again' (or `retryLabel`), which loads again: `onRetry`, or the failed `query` itself
 * (busy while it refetches). Announced when it appears.
 */
export function LoadError({
  title,
  detail,
  retryLabel = 'Try Again',
  className,
  ...retry
}: {
  title: string;
  detail?: string | null;
  retryLabel?: string;
  className?: string;
} & ({ onRetry: () => void; isRetrying?: boolean } | { query: RetryableQuery })) {
  const onRetry = 'query' in retry ? () => void retry.query.refetch() : retry.onRetry;
  const isRetrying = 'query' in retry ? retry.query.isFetching : (retry.isRetrying ?? false);
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center gap-3 rounded-lg border border-danger/40 bg-danger-soft px-6 py-10 text-center',
        className,
      )}
    >
      <AlertTriangleIcon size={28} className="text-danger" />
      <p className="text-lg font-semibold text-fg">{title}</p>
      {detail === null ? null : (
        <p className="max-w-md text-sm text-fg-muted">
          {detail ?? 'Check your connection and try again.'}
        </p>
      )}
      <Button variant="secondary" onClick={onRetry} disabled={isRetrying} className="mt-1">
        <RefreshIcon size={16} className={isRetrying ? 'animate-spin' : undefined} />
        {retryLabel}
      </Button>
    </div>
  );
}
