/**
 * Captions as HLS subtitle renditions (decision 0044): one media playlist per language whose
 * single segment is the WebVTT file, and a copy of the video's master playlist that lists them
 * as `#EXT-X-MEDIA:TYPE=SUBTITLES` in the group "subs". Stored files never change (they are
 * cached as immutable), so every change of captions writes a new master under a new key.
 */

/** A language's subtitle playlist: one segment, the whole WebVTT file. */
export function subtitlePlaylist(vttUrl: string, durationSeconds: number): string {
  const duration = Math.max(1, durationSeconds);
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.ceil(duration)}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXTINF:${duration.toFixed(3)},`,
    vttUrl,
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
}

export interface SubtitleEntry {
  language: string;
  label: string;
  /** URL of the language's subtitle playlist. */
  playlistUrl: string;
}

/** A quoted-string attribute: no double quote or line end may appear in one. */
const quoted = (text: string) => `"${text.replace(/["\r\n]/g, "'")}"`;

/**
 * The master playlist with the subtitle renditions added. `resolve` turns each URI of the
 * original (relative to it) into the URL it has from anywhere, since the copy lives elsewhere.
 */
export function captionedMasterPlaylist(
  master: string,
  subtitles: readonly SubtitleEntry[],
  resolve: (uri: string) => string,
): string {
  const lines = master.replace(/\r\n?/g, '\n').split('\n');
  const media = subtitles.map(
    (s) =>
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME=${quoted(s.label)},LANGUAGE=${quoted(s.language)},DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI=${quoted(s.playlistUrl)}`,
  );
  const out: string[] = [];
  let added = false;
  for (const line of lines) {
    const trimmed = line.trim();
    if (/^#EXT-X-MEDIA:.*TYPE=SUBTITLES/.test(trimmed)) continue; // an earlier copy's
    if (!added && /^#EXT-X-(?:STREAM-INF|I-FRAME-STREAM-INF):/.test(trimmed)) {
      out.push(...media);
      added = true;
    }
    if (trimmed.startsWith('#EXT-X-STREAM-INF:')) {
      const attributes = trimmed.replace(/,SUBTITLES="[^"]*"/, '');
      out.push(media.length > 0 ? `${attributes},SUBTITLES="subs"` : attributes);
    } else if (trimmed.startsWith('#')) {
      out.push(trimmed.replace(/URI="([^"]*)"/, (_, uri: string) => `URI="${resolve(uri)}"`));
    } else if (trimmed !== '') {
      out.push(resolve(trimmed));
    }
  }
  if (!added) out.push(...media);
  return `${out.join('\n')}\n`;
}

/** The storage key a URI of a playlist at `playlistKey` names (no `..` beyond the root). */
export function resolveKey(playlistKey: string, uri: string): string | null {
  if (/^[a-z][a-z\d+.-]*:|^\//i.test(uri)) return null; // absolute: left as it is
  const parts = playlistKey.split('/').slice(0, -1);
  for (const part of uri.split('?')[0]!.split('/')) {
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}
