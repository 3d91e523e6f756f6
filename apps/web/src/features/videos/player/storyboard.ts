/**
 * Seek previews: the server's storyboard is a WebVTT file whose cues point into one sprite
 * image with a media fragment, `sprite.jpg#xywh=x,y,w,h` (relative to the VTT's own URL).
 */
export interface StoryboardTile {
  start: number;
  end: number;
  /** Absolute URL of the sprite image. */
  image: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** '00:01:02.500' or '01:02.500' as seconds; NaN when it is not a timestamp. */
export function parseVttTime(text: string): number {
  const match = /^(?:(\d+):)?(\d{1,2}):(\d{2})(?:\.(\d{1,3}))?$/.exec(text.trim());
  if (!match) return NaN;
  const [, hours = '0', minutes = '0', seconds = '0', millis = '0'] = match;
  return (
    Number(hours) * 3600 +
    Number(minutes) * 60 +
    Number(seconds) +
    Number(millis.padEnd(3, '0')) / 1000
  );
}

/** The tiles of a storyboard VTT; cues that are not image tiles are skipped. */
export function parseStoryboard(vtt: string, vttUrl: string): StoryboardTile[] {
  const base = new URL(vttUrl, window.location.href);
  const tiles: StoryboardTile[] = [];
  for (const block of vtt.replace(/\r\n?/g, '\n').split(/\n{2,}/)) {
    const lines = block.split('\n').filter((line) => line.trim() !== '');
    const timing = lines.findIndex((line) => line.includes('-->'));
    if (timing === -1) continue;
    const [from = '', to = ''] = (lines[timing] ?? '').split('-->');
    const target = lines[timing + 1]?.trim();
    const fragment = target ? /^(.*)#xywh=(\d+),(\d+),(\d+),(\d+)$/.exec(target) : null;
    const start = parseVttTime(from);
    const end = parseVttTime(to.trim().split(/\s+/)[0] ?? '');
    if (!fragment || Number.isNaN(start) || Number.isNaN(end)) continue;
    tiles.push({
      start,
      end,
      image: new URL(fragment[1] ?? '', base).href,
      x: Number(fragment[2]),
      y: Number(fragment[3]),
      width: Number(fragment[4]),
      height: Number(fragment[5]),
    });
  }
  return tiles;
}

/** The tile showing `time`, or the nearest one before it. */
export function tileAt(tiles: readonly StoryboardTile[], time: number): StoryboardTile | null {
  let found: StoryboardTile | null = null;
  for (const tile of tiles) {
    if (tile.start <= time) found = tile;
    if (time < tile.end) break;
  }
  return found;
}
