import { cn } from '../lib/cn';

/**
 * A labelled progress bar with its percentage, for long work (uploads). Announced to
 * assistive technology as a progressbar with its current value.
 */
export function ProgressBar({
  label,
  value,
  className,
}: {
  label: string;
  /** Percent, 0..100. */
  value: number;
  className?: string;
}) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className={cn('flex items-center gap-3 text-sm', className)}>
      <span className="w-24 shrink-0 text-fg-muted">{label}</span>
      <div
        role="progressbar"
        aria-label={`${label} upload progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
        className="h-2 min-w-0 flex-1 overflow-hidden rounded-sm bg-raised"
      >
        <div
          className="h-full rounded-sm bg-accent transition-[width] duration-150 ease-out"
          style={{ width: `${percent}%` }}
        />
      </div>
      <span className="w-10 shrink-0 text-right font-medium text-fg tabular-nums">{percent}%</span>
    </div>
  );
}
