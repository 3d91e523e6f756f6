import { FlameIcon } from '../../../components/icons';
import { cn } from '../../../lib/cn';

/*
 * Gold, silver and bronze for the top three (core §2.7). The tokens have no metal colours, so
 * the three fills live here; each carries the dark foreground (#16161d), which reads at 9.8:1
 * (gold), 10.5:1 (silver) and 5.7:1 (bronze). The badges sit on thumbnails, so they keep the
 * same look in both themes.
 */
const medals = [
  'bg-[#e8b923] text-[#16161d]',
  'bg-[#c0c6cf] text-[#16161d]',
  'bg-[#cd7f32] text-[#16161d]',
] as const;

export const HOT_RANKS = medals.length;

/** '#1' (gold, HOT) ... '#4' (plain): overlaid on the bottom left of the card's thumbnail. */
export function RankBadge({ rank }: { rank: number }) {
  const medal = medals[rank - 1];
  return (
    <span className="flex items-center gap-1" data-testid="rank-badge">
      <span
        className={cn(
          'rounded-sm px-2 py-0.5 text-sm font-extrabold tabular-nums shadow-card',
          medal ?? 'dark bg-canvas/85 text-fg',
        )}
        data-medal={medal ? ['gold', 'silver', 'bronze'][rank - 1] : undefined}
      >
        #{rank}
      </span>
      {medal ? (
        <span className="inline-flex items-center gap-0.5 rounded-sm bg-accent px-1.5 py-0.5 text-xs font-bold tracking-wider text-accent-fg shadow-card">
          <FlameIcon size={12} />
          HOT
        </span>
      ) : null}
    </span>
  );
}

/**
 * Lays a rank badge over the card below it: an overlay with the thumbnail's 16:9 box, so the
 * badge lands on the thumbnail's bottom left (the duration sits bottom right). Clicks pass
 * through to the card.
 */
export function RankOverlay({ rank }: { rank: number }) {
  return (
    <div className="pointer-events-none absolute inset-x-0 top-0 aspect-video">
      <span className="absolute bottom-1.5 left-1.5">
        <RankBadge rank={rank} />
      </span>
    </div>
  );
}
