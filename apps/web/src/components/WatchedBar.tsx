/**
 * The thin bar at the foot of a thumbnail that shows how much of the video the signed-in
 * person has watched (`progress` from 0 to 1). Nothing for a video not started. Sits inside a
 * `relative` thumbnail box, over its bottom edge.
 */
export function WatchedBar({ progress }: { progress: number }) {
  if (!(progress > 0)) return null;
  const percent = Math.max(1, Math.min(100, Math.round(progress * 100)));
  return (
    <span
      data-testid="watched-bar"
      role="img"
      aria-label={`Watched ${percent}%`}
      className="absolute inset-x-0 bottom-0 h-1 overflow-hidden rounded-b-lg bg-fg-muted/40"
    >
      <span className="block h-full bg-accent" style={{ width: `${percent}%` }} />
    </span>
  );
}

/** The part watched, 0 to 1, from a saved position and the video's length in seconds. */
export function watchedProgress(positionSeconds: number, durationSeconds: number): number {
  return durationSeconds > 0 ? Math.min(1, Math.max(0, positionSeconds / durationSeconds)) : 0;
}
