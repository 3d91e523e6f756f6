import { cn } from '../lib/cn';

/*
 * The grey shapes screens show while they load (STYLE: lists show skeletons, no layout jump).
 * Every loading shape is built from these three, so they share one colour, radius and spacing.
 */

/** One grey block: a line of text by default; `className` gives its size (and its radius). */
export function Bone({ className }: { className?: string }) {
  return <div className={cn('rounded-sm bg-raised', className)} />;
}

/** Lines of text in grey, one per entry of `bars` (its height and width), filling the row. */
export function BoneLines({ bars, className }: { bars: readonly string[]; className?: string }) {
  return (
    <div className={cn('flex-1 space-y-2', className)}>
      {bars.map((bar, i) => (
        <Bone key={i} className={bar} />
      ))}
    </div>
  );
}

/**
 * A thumbnail or avatar (`media`) beside lines of text (`bars`): the row most lists show while
 * they load. `className` lays out and frames the row (with `animate-pulse` unless a parent pulses).
 */
export function BoneRow({
  as: Tag = 'div',
  className,
  media,
  bars,
  barsClassName,
  hidden = false,
}: {
  as?: 'div' | 'li';
  className?: string;
  media: string;
  bars: readonly string[];
  barsClassName?: string;
  /** Hidden from assistive technology when a surrounding status already names the loading. */
  hidden?: boolean;
}) {
  return (
    <Tag aria-hidden={hidden ? 'true' : undefined} className={cn('flex', className)}>
      <Bone className={media} />
      <BoneLines bars={bars} className={barsClassName} />
    </Tag>
  );
}

/** `count` rows of one loading shape (`row`), announced once as `label`: a list while it loads. */
export function BoneList({
  label,
  count,
  as = 'div',
  className,
  row,
}: {
  label: string;
  count: number;
  as?: 'div' | 'ul';
  className?: string;
  row: Omit<Parameters<typeof BoneRow>[0], 'as'>;
}) {
  const Tag = as;
  return (
    <Tag role="status" aria-label={label} className={className}>
      {Array.from({ length: count }, (_, i) => (
        <BoneRow key={i} as={as === 'ul' ? 'li' : 'div'} {...row} />
      ))}
    </Tag>
  );
}

/**
 * Three cards of what people posted (an avatar beside a name and two lines) while they load:
 * the tweets and the moderation queues show the same shape.
 */
export function PostCardsSkeleton({ label }: { label: string }) {
  return (
    <BoneList
      label={label}
      count={3}
      className="flex animate-pulse flex-col gap-3"
      row={{
        className: 'gap-3 rounded-lg border border-border bg-surface p-4',
        media: 'size-10 shrink-0 rounded-full',
        bars: ['h-3.5 w-40', 'h-4 w-full', 'h-4 w-2/3'],
      }}
    />
  );
}
