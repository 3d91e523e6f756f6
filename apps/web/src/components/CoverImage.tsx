import { useState } from 'react';
import { cn } from '../lib/cn';
import { ImageIcon, RefreshIcon } from './icons';

/**
 * A banner image in a fixed box (no layout shift). Without an image it shows a quiet
 * gradient; if the image fails it says so and offers Retry (spec §2.10, §4).
 */
export function CoverImage({
  src,
  className,
}: {
  src: string | null | undefined;
  className?: string;
}) {
  const [attempt, setAttempt] = useState(0);
  const [failedAttempt, setFailedAttempt] = useState<number | null>(null);
  const hasFailed = failedAttempt === attempt;

  return (
    <div
      className={cn(
        'relative aspect-[3/1] max-h-60 w-full overflow-hidden bg-linear-to-br from-accent-soft via-raised to-surface',
        className,
      )}
    >
      {src && !hasFailed ? (
        <img
          key={attempt}
          src={attempt > 0 ? `${src}${src.includes('?') ? '&' : '?'}retry=${attempt}` : src}
          alt=""
          className="size-full object-cover"
          onError={() => setFailedAttempt(attempt)}
        />
      ) : null}
      {src && hasFailed ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-sm text-fg-muted">
          <ImageIcon />
          <span>Cover image failed</span>
          <button
            type="button"
            onClick={() => setAttempt((a) => a + 1)}
            className="inline-flex items-center gap-1.5 rounded-md border border-border bg-surface px-3 py-1.5 font-medium text-fg hover:bg-raised"
          >
            <RefreshIcon size={16} />
            Retry
          </button>
        </div>
      ) : null}
    </div>
  );
}
