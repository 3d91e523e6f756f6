import type { ReactNode, Ref } from 'react';
import { cn } from '../lib/cn';
import { VideoCard, VideoCardSkeleton, type VideoSummary } from './VideoCard';

/**
 * The grid of every video list (core §2.5): 1, 2 or 3 columns by the room the grid has, not by
 * the window, so it stays right whether the sidebar is open or not. Children are `<li>`s.
 */
export function VideoGrid({
  children,
  label,
  listRef,
  className,
}: {
  children: ReactNode;
  /** Accessible name of the list, when the heading above does not name it. */
  label?: string;
  listRef?: Ref<HTMLUListElement>;
  className?: string;
}) {
  return (
    <div className={cn('@container', className)}>
      <ul ref={listRef} aria-label={label} className={videoGridClass}>
        {children}
      </ul>
    </div>
  );
}

/** The common grid of video cards, one `VideoCard` each (`listRef` to move focus to new ones). */
export function VideoCardGrid({
  videos,
  label,
  listRef,
}: {
  videos: readonly VideoSummary[];
  label?: string;
  listRef?: Ref<HTMLUListElement>;
}) {
  return (
    <VideoGrid label={label} listRef={listRef}>
      {videos.map((video) => (
        <li key={video._id}>
          <VideoCard video={video} />
        </li>
      ))}
    </VideoGrid>
  );
}

export const videoGridClass = 'grid grid-cols-1 gap-x-4 gap-y-8 @xl:grid-cols-2 @4xl:grid-cols-3';

/** Card-shaped placeholders in the same grid while a list loads. */
export function VideoGridSkeleton({
  count,
  label = 'Loading videos',
  className,
}: {
  count: number;
  label?: string;
  className?: string;
}) {
  return (
    <div role="status" aria-label={label} className={cn('@container', className)}>
      <div className={videoGridClass}>
        {Array.from({ length: count }, (_, i) => (
          <VideoCardSkeleton key={i} />
        ))}
      </div>
    </div>
  );
}
