import { cn } from '../lib/cn';
import { Button } from './Button';
import { AlertTriangleIcon, RefreshIcon } from './icons';

/**
 * A failed load inside a page: what failed (the spec's words), an optional detail, and
 * 'Try Again', which loads again. Announced when it appears.
 */
export function LoadError({
  title,
  detail,
  onRetry,
  isRetrying = false,
  className,
}: {
  title: string;
  detail?: string;
  onRetry: () => void;
  isRetrying?: boolean;
  className?: string;
}) {
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
      <p className="max-w-md text-sm text-fg-muted">
        {detail ?? 'Check your connection and try again.'}
      </p>
      <Button variant="secondary" onClick={onRetry} disabled={isRetrying} className="mt-1">
        <RefreshIcon size={16} className={isRetrying ? 'animate-spin' : undefined} />
        Try Again
      </Button>
    </div>
  );
}
