import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { chapterAt, type Chapter } from '../../../lib/chapters';
import { formatDuration } from '../../../lib/format';
import { tileAt, type StoryboardTile } from './storyboard';

/**
 * The seek bar: played and buffered parts drawn over a track, with a native range input on
 * top (transparent) so that pointer, touch, keyboard and screen readers all work. Hovering
 * with a mouse previews the time there, with its storyboard frame and its chapter's name when
 * there are some; chapters also mark the track where each begins.
 */
export function SeekBar({
  currentTime,
  duration,
  bufferedEnd,
  tiles,
  skipSeconds,
  chapters = null,
  onSeek,
}: {
  currentTime: number;
  duration: number;
  bufferedEnd: number;
  tiles: readonly StoryboardTile[] | null;
  skipSeconds: number;
  chapters?: readonly Chapter[] | null;
  onSeek: (time: number) => void;
}) {
  const trackRef = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<{ ratio: number; width: number } | null>(null);
  const percent = (value: number) => (duration > 0 ? Math.min(100, (value / duration) * 100) : 0);

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType !== 'mouse' || !trackRef.current || duration <= 0) return;
    const rect = trackRef.current.getBoundingClientRect();
    if (rect.width <= 0) return;
    const ratio = Math.min(1, Math.max(0, (event.clientX - rect.left) / rect.width));
    setHover({ ratio, width: rect.width });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // The same 10 s steps as the page's arrow keys, rather than the input's tiny native step.
    const moves: Record<string, number> = {
      ArrowLeft: currentTime - skipSeconds,
      ArrowDown: currentTime - skipSeconds,
      ArrowRight: currentTime + skipSeconds,
      ArrowUp: currentTime + skipSeconds,
      PageDown: currentTime - duration / 10,
      PageUp: currentTime + duration / 10,
      Home: 0,
      End: duration,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    onSeek(Math.min(Math.max(0, target), duration));
  };

  const hoverTime = hover ? hover.ratio * duration : null;
  const tile = hoverTime !== null && tiles ? tileAt(tiles, hoverTime) : null;
  const hoverChapter = hoverTime !== null ? chapterAt(chapters, hoverTime) : null;
  const playingChapter = chapterAt(chapters, currentTime);
  const previewWidth = tile?.width ?? 56;
  const previewLeft = hover
    ? Math.min(
        Math.max(0, hover.ratio * hover.width - previewWidth / 2),
        hover.width - previewWidth,
      )
    : 0;

  return (
    <div
      className="group/seek relative flex h-5 items-center rounded-sm has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-focus"
      onPointerMove={onPointerMove}
      onPointerLeave={() => setHover(null)}
    >
      <div
        ref={trackRef}
        className="relative h-1 w-full rounded-full bg-fg/25 transition-[height] group-hover/seek:h-1.5"
      >
        <div
          className="absolute inset-y-0 left-0 rounded-full bg-fg/40"
          style={{ width: `${percent(bufferedEnd)}%` }}
        />
        {hover ? (
          <div
            className="absolute inset-y-0 left-0 rounded-full bg-fg/30"
            style={{ width: `${hover.ratio * 100}%` }}
          />
        ) : null}
        <div
          className="absolute inset-y-0 left-0 rounded-full bg-accent"
          style={{ width: `${percent(currentTime)}%` }}
        />
        <div
          className="absolute top-1/2 size-3 -translate-x-1/2 -translate-y-1/2 rounded-full bg-accent opacity-0 transition-opacity group-hover/seek:opacity-100 group-has-[input:focus-visible]/seek:opacity-100"
          style={{ left: `${percent(currentTime)}%` }}
        />
        {duration > 0
          ? chapters
              ?.slice(1)
              .map((chapter) => (
                <span
                  key={chapter.start}
                  data-testid="chapter-mark"
                  aria-hidden="true"
                  className="absolute inset-y-0 w-0.5 -translate-x-1/2 bg-canvas"
                  style={{ left: `${percent(chapter.start)}%` }}
                />
              ))
          : null}
      </div>

      {hover && hoverTime !== null ? (
        <div
          data-testid="seek-preview"
          className="pointer-events-none absolute bottom-full mb-2 flex flex-col items-center gap-1"
          style={{ left: previewLeft, width: previewWidth }}
        >
          {tile ? (
            <div
              className="rounded-sm border border-fg/60 bg-canvas bg-no-repeat shadow-pop"
              style={{
                width: tile.width,
                height: tile.height,
                backgroundImage: `url("${tile.image}")`,
                backgroundPosition: `-${tile.x}px -${tile.y}px`,
              }}
            />
          ) : null}
          {hoverChapter ? (
            <span className="max-w-48 truncate rounded-sm bg-canvas/90 px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap text-fg">
              {hoverChapter.title}
            </span>
          ) : null}
          <span className="rounded-sm bg-canvas/90 px-1.5 py-0.5 text-xs font-semibold text-fg tabular-nums">
            {formatDuration(hoverTime)}
          </span>
        </div>
      ) : null}

      <input
        type="range"
        aria-label="Seek"
        min={0}
        max={duration > 0 ? duration : 0}
        step={0.1}
        value={Math.min(currentTime, duration > 0 ? duration : 0)}
        aria-valuetext={`${formatDuration(currentTime)} of ${formatDuration(duration)}${
          playingChapter ? `, ${playingChapter.title}` : ''
        }`}
        onChange={(event) => onSeek(Number(event.target.value))}
        onKeyDown={onKeyDown}
        className="absolute inset-0 size-full cursor-pointer opacity-0"
      />
    </div>
  );
}
