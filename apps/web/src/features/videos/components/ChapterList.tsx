import { useId } from 'react';
import type { Chapter } from '../../../lib/chapters';
import { formatDuration } from '../../../lib/format';

/** The description's chapters under the video: each moves the player to where it begins. */
export function ChapterList({
  chapters,
  onSeek,
}: {
  chapters: readonly Chapter[];
  onSeek: (seconds: number) => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-lg bg-raised p-3 sm:p-4">
      <h2 id={headingId} className="text-sm font-semibold text-fg">
        Chapters
      </h2>
      <ol className="mt-2 flex flex-col gap-1">
        {chapters.map((chapter) => (
          <li key={chapter.start}>
            <button
              type="button"
              onClick={() => onSeek(chapter.start)}
              className="flex w-full items-baseline gap-3 rounded-md px-2 py-1.5 text-left text-sm hover:bg-surface"
            >
              <span className="w-16 shrink-0 font-medium text-accent-text tabular-nums">
                {formatClock(chapter.start)}
              </span>
              <span className="min-w-0 break-words text-fg">{chapter.title}</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** `1:02:03` past an hour, else `m:ss`, as the description writes it. */
function formatClock(seconds: number): string {
  if (seconds < 3600) return formatDuration(seconds);
  const hours = Math.floor(seconds / 3600);
  const rest = formatDuration(seconds % 3600).padStart(5, '0');
  return `${hours}:${rest}`;
}
