import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { formatCount } from '../lib/format';
import { EyeIcon, SubscriptionsIcon, ThumbsUpIcon, VideoIcon } from './icons';
import { Bone } from './Skeleton';

/**
 * One figure in a grid of figures (dashboard, analytics). Put cards in a `<StatGrid>`: each is
 * a term and its value. A `null` value is a figure the server does not share: it reads '—' and
 * says 'Not available' to assistive technology, so no invented zero is shown.
 */
export function StatCard({
  label,
  value,
  icon,
  hint,
  className,
}: {
  label: string;
  value: string | null;
  icon?: ReactNode;
  /** A short line under the value (what it means, or why it is missing). */
  hint?: string;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex min-w-0 flex-col gap-1 rounded-lg border border-border bg-surface p-4',
        className,
      )}
    >
      <dt className="flex items-center gap-2 text-sm font-medium text-fg-muted">
        {icon ? (
          <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-accent-soft text-accent-text">
            {icon}
          </span>
        ) : null}
        <span className="min-w-0 break-words">{label}</span>
      </dt>
      <dd className="text-2xl font-bold tracking-tight text-fg tabular-nums">
        {value === null ? (
          <>
            <span aria-hidden="true" className="text-fg-muted">
              —
            </span>
            <span className="sr-only">Not available</span>
          </>
        ) : (
          value
        )}
      </dd>
      {hint ? <dd className="text-xs text-fg-muted">{hint}</dd> : null}
    </div>
  );
}

/** A channel's four totals; views and likes are null where the server keeps them back. */
export interface ChannelTotals {
  subscribers: number;
  totalViews: number | null;
  totalLikes: number | null;
  videos: number;
}

/**
 * A channel's four headline figures, as the dashboard and the analytics page show them. A null
 * figure is one the server keeps from this viewer; `hiddenHint` says why under it.
 */
export function ChannelTotalCards({
  totals,
  hiddenHint,
}: {
  totals: ChannelTotals;
  hiddenHint?: string;
}) {
  const cards = [
    { label: 'Subscribers', value: totals.subscribers, icon: <SubscriptionsIcon size={18} /> },
    { label: 'Total Views', value: totals.totalViews, icon: <EyeIcon size={18} /> },
    { label: 'Total Likes', value: totals.totalLikes, icon: <ThumbsUpIcon size={18} /> },
    { label: 'Videos', value: totals.videos, icon: <VideoIcon size={18} /> },
  ];
  return cards.map(({ label, value, icon }) => (
    <StatCard
      key={label}
      label={label}
      value={value === null ? null : formatCount(value)}
      hint={value === null ? hiddenHint : undefined}
      icon={icon}
    />
  ));
}

/** The list that holds stat cards: a description list laid out as a responsive grid. */
export function StatGrid({
  label,
  className,
  children,
}: {
  /** Accessible name of the group of figures. */
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <dl aria-label={label} className={cn('grid grid-cols-2 gap-3 sm:gap-4', className)}>
      {children}
    </dl>
  );
}

/** Grey cards in the shape of stat cards while figures load. */
export function StatCardSkeletons({ count, className }: { count: number; className?: string }) {
  return (
    <div aria-hidden="true" className={cn('grid grid-cols-2 gap-3 sm:gap-4', className)}>
      {Array.from({ length: count }, (_, i) => (
        <div
          key={i}
          className="flex animate-pulse flex-col gap-3 rounded-lg border border-border bg-surface p-4"
        >
          <Bone className="h-4 w-2/3" />
          <Bone className="h-7 w-1/2" />
        </div>
      ))}
    </div>
  );
}
