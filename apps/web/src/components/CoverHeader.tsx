import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Avatar } from './Avatar';
import { CoverImage } from './CoverImage';
import { Bone, BoneRow } from './Skeleton';

/** What shows behind the avatar's ring: the page itself, or the card the header sits in. */
const ringOn = { canvas: 'ring-canvas', surface: 'ring-surface' } as const;

/**
 * A person's header, on their channel and on their profile: the cover, the avatar overlapping
 * its lower edge with the heading (and `details` under it) beside it, the `actions` on the
 * right from md up (beneath on phones), and what follows (`children`) under them.
 */
export function CoverHeader({
  cover,
  avatar,
  name,
  heading,
  details,
  actions,
  on,
  coverClassName,
  className,
  children,
}: {
  cover: string | null | undefined;
  avatar: string | null | undefined;
  /** Whose avatar (its alternative text and initials). */
  name: string;
  heading: ReactNode;
  details?: ReactNode;
  actions: ReactNode;
  on: keyof typeof ringOn;
  coverClassName?: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <>
      <CoverImage src={cover} className={coverClassName} />
      <div className={cn('px-4 sm:px-6', className)}>
        <div className="flex flex-col gap-4 pt-3 md:flex-row md:items-start md:justify-between">
          <div className="flex min-w-0 items-start gap-4">
            {/* Overlaps the cover's lower edge; `relative` puts it above the cover. */}
            <Avatar
              src={avatar}
              name={name}
              size="xl"
              className={cn('relative -mt-12 shadow-card ring-4', ringOn[on])}
            />
            <div className="min-w-0 pt-1">
              <h1 className="truncate text-2xl font-bold tracking-tight text-fg sm:text-3xl">
                {heading}
              </h1>
              {details}
            </div>
          </div>
          {actions}
        </div>
        {children}
      </div>
    </>
  );
}

/** The header's shape in grey while it loads (inside a parent that pulses). */
export function CoverHeaderSkeleton({
  on,
  coverClassName,
  className,
  children,
}: {
  on: keyof typeof ringOn;
  coverClassName?: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <>
      <Bone className={cn('aspect-[3/1] max-h-60 w-full rounded-none', coverClassName)} />
      <div className={cn('px-4 sm:px-6', className)}>
        <BoneRow
          className="items-start gap-4 pt-3"
          media={cn('relative -mt-12 size-24 shrink-0 rounded-full ring-4', ringOn[on])}
          bars={['h-7 w-48', 'h-4 w-32']}
          barsClassName="pt-1"
        />
        {children}
      </div>
    </>
  );
}
