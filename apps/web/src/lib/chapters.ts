import { leadingTime } from './rich-text';

/** A part of a video named in its description. */
export interface Chapter {
  /** Seconds from the start. */
  start: number;
  /** Where the next chapter starts, or the video's end (Infinity when it is not known). */
  end: number;
  title: string;
}

/** YouTube's rules, which creators already write to: at least three, each at least 10 s. */
const minimumChapters = 3;
const shortestChapterSeconds = 10;
/** What separates a time from its title: `0:00 - Intro`, `0:00 | Intro`, `0:00: Intro`. */
const separator = /^[\s\-–—:|.)\]]+/;

/**
 * Chapters from a description: lines that start with a time and carry a title, in ascending
 * order, the first at 0:00, at least three, each at least 10 s long and inside the video. Any
 * rule broken means no chapters (the times still seek the player as links).
 */
export function parseChapters(description: string, duration: number): Chapter[] | null {
  const marks: { start: number; title: string }[] = [];
  for (const line of description.split(/\r?\n/)) {
    const found = leadingTime(line);
    if (!found) continue;
    const title = found.rest.replace(separator, '').trim();
    if (title) marks.push({ start: found.seconds, title: title.slice(0, 100) });
  }
  if (marks.length < minimumChapters || marks[0]!.start !== 0) return null;
  const known = Number.isFinite(duration) && duration > 0;
  const chapters = marks.map((mark, i) => ({
    ...mark,
    end: marks[i + 1]?.start ?? (known ? duration : Number.POSITIVE_INFINITY),
  }));
  const fits = chapters.every(
    (chapter) =>
      chapter.end - chapter.start >= shortestChapterSeconds && (!known || chapter.start < duration),
  );
  return fits ? chapters : null;
}

/** The chapter playing at `time`, if any. */
export function chapterAt(chapters: readonly Chapter[] | null, time: number): Chapter | null {
  if (!chapters) return null;
  return chapters.find((chapter) => time >= chapter.start && time < chapter.end) ?? null;
}
