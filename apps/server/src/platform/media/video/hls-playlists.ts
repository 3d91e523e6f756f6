export interface MediaSegment {
  uri: string;
  durationSeconds: number;
}

export interface MediaPlaylist {
  initSegment: string | null;
  segments: MediaSegment[];
  hasEndList: boolean;
}

/** Reads the parts of a media (rendition) playlist that the master playlist is computed from. */
export function parseMediaPlaylist(text: string): MediaPlaylist {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  if (lines[0] !== '#EXTM3U') throw new Error('Not an HLS playlist: #EXTM3U is missing');
  const segments: MediaSegment[] = [];
  let initSegment: string | null = null;
  let pendingDuration: number | null = null;
  let hasEndList = false;
  for (const line of lines) {
    if (line.startsWith('#EXTINF:')) {
      pendingDuration = Number.parseFloat(line.slice('#EXTINF:'.length));
    } else if (line.startsWith('#EXT-X-MAP:')) {
      initSegment = /URI="([^"]+)"/.exec(line)?.[1] ?? null;
    } else if (line === '#EXT-X-ENDLIST') {
      hasEndList = true;
    } else if (line && !line.startsWith('#')) {
      if (pendingDuration === null || !Number.isFinite(pendingDuration)) {
        throw new Error(`Segment ${line} has no #EXTINF duration`);
      }
      segments.push({ uri: line, durationSeconds: pendingDuration });
      pendingDuration = null;
    }
  }
  return { initSegment, segments, hasEndList };
}

/**
 * A finished `EVENT` playlist (with `#EXT-X-ENDLIST`) as the `VOD` playlist it now is: the same
 * segments, the type a player and a cache may take for good. Anything else is returned as it is
 * (a playlist still growing stays `EVENT`: RFC 8216 §6.2.1 forbids changing the type of a
 * playlist a player reloads, which is why the growing one keeps a name of its own).
 */
export function finishedAsVod(text: string): string {
  if (!parseMediaPlaylist(text).hasEndList) return text;
  return text.replace(/^#EXT-X-PLAYLIST-TYPE:EVENT(\r?)$/m, '#EXT-X-PLAYLIST-TYPE:VOD$1');
}

/**
 * The RFC 6381 codec string of the H.264 stream in an fMP4 init segment, read from its avcC
 * box (profile, constraint flags, level), e.g. `avc1.64001f` for High at level 3.1.
 */
export function avcCodecString(initSegment: Buffer): string {
  const at = initSegment.indexOf('avcC');
  if (at < 0 || at + 8 > initSegment.length) throw new Error('The init segment has no avcC box');
  const hex = (offset: number) => initSegment[at + offset]!.toString(16).padStart(2, '0');
  // avcC: configurationVersion, AVCProfileIndication, profile_compatibility, AVCLevelIndication
  return `avc1.${hex(5)}${hex(6)}${hex(7)}`;
}

export interface SegmentBitrates {
  /** Peak segment bit rate, what BANDWIDTH must announce. */
  peak: number;
  average: number;
}

/**
 * Bit rates measured from the segments as written. A short last segment is left out of the
 * peak (unless it is the only one): a few frames over a few milliseconds would inflate it.
 */
export function segmentBitrates(
  segments: readonly { bytes: number; durationSeconds: number }[],
  targetSeconds: number,
): SegmentBitrates {
  let totalBits = 0;
  let totalSeconds = 0;
  let peak = 0;
  segments.forEach((segment, i) => {
    totalBits += segment.bytes * 8;
    totalSeconds += segment.durationSeconds;
    const isShortLast = i === segments.length - 1 && i > 0;
    if (
      segment.durationSeconds > 0 &&
      !(isShortLast && segment.durationSeconds < targetSeconds / 2)
    ) {
      peak = Math.max(peak, (segment.bytes * 8) / segment.durationSeconds);
    }
  });
  const average = totalSeconds > 0 ? totalBits / totalSeconds : 0;
  return { peak: Math.ceil(Math.max(peak, average)), average: Math.ceil(average) };
}

export interface MasterPlaylistEntry {
  /** Relative to the master playlist, e.g. `360p/index.m3u8`. */
  uri: string;
  bandwidth: number;
  averageBandwidth: number;
  width: number;
  height: number;
  framesPerSecond: number;
  codecs: string;
}

/** The group of the sound every rendition plays with, in the master playlist. */
export const audioGroupId = 'audio';

/**
 * A master playlist listing every rendition, lowest first. With `audioUri`, the sound is one
 * rendition of its own (`#EXT-X-MEDIA:TYPE=AUDIO`) that every video rendition plays with; each
 * entry's bandwidth and codecs must then count it already.
 */
export function masterPlaylist(
  entries: readonly MasterPlaylistEntry[],
  audioUri: string | null = null,
): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  if (audioUri !== null) {
    lines.push(
      '',
      `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="${audioGroupId}",NAME="Sound",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="${audioUri}"`,
    );
  }
  for (const e of [...entries].sort((a, b) => a.bandwidth - b.bandwidth)) {
    const attributes = [
      `BANDWIDTH=${e.bandwidth}`,
      `AVERAGE-BANDWIDTH=${e.averageBandwidth}`,
      `RESOLUTION=${e.width}x${e.height}`,
      `FRAME-RATE=${e.framesPerSecond.toFixed(3)}`,
      `CODECS="${e.codecs}"`,
      ...(audioUri === null ? [] : [`AUDIO="${audioGroupId}"`]),
    ];
    lines.push('', `#EXT-X-STREAM-INF:${attributes.join(',')}`, e.uri);
  }
  return `${lines.join('\n')}\n`;
}
