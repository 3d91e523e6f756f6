import type { Video, VideoRendition } from '@kinora/contract';

/** The type a browser is asked about, e.g. `video/mp4; codecs="avc1.640028, mp4a.40.2"`. */
export function originalType(
  video: Pick<Video, 'originalMimeType' | 'originalCodecs'>,
): string | null {
  return video.originalMimeType && video.originalCodecs
    ? `${video.originalMimeType}; codecs="${video.originalCodecs}"`
    : null;
}

/**
 * Whether this browser can decode the original upload (issue 22): never when the server's
 * probe says browsers cannot (an HEVC .mov, ProRes, a transport stream: playing one gives a
 * frozen picture with sound), else when the browser says it can decode the probed codecs
 * (`canPlayType`, or `MediaSource.isTypeSupported`). An upload older than the question (no
 * answer either way) plays as before.
 */
export function canDecodeOriginal(
  video: Pick<Video, 'videofile' | 'originalPlayable' | 'originalMimeType' | 'originalCodecs'>,
): boolean {
  if (!video.videofile || video.originalPlayable === false) return false;
  const type = originalType(video);
  if (type === null) return true;
  if (typeof document !== 'undefined' && document.createElement('video').canPlayType(type) !== '') {
    return true;
  }
  return typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported(type);
}

/** The source a player plays: the ladder once it exists, the original only if it decodes here. */
export function playableSources(video: Video): { hlsUrl: string | null; fileUrl: string | null } {
  return { hlsUrl: video.hls, fileUrl: canDecodeOriginal(video) ? video.videofile : null };
}

/**
 * Seconds until the first rendition plays: the server's estimate while it is made, else a
 * guess from the video's length (a lone 360p is made at about 5x real time on a small server).
 */
export function secondsUntilPlayable(video: Pick<Video, 'renditions' | 'duration'>): number {
  const first: VideoRendition | undefined = video.renditions?.[0];
  if (first?.secondsLeft !== undefined && first.secondsLeft !== null)
    return Math.max(1, Math.round(first.secondsLeft));
  return Math.max(5, Math.round(video.duration / 5));
}

/** The first rendition's progress, 0 to 100. */
export function firstRenditionPercent(video: Pick<Video, 'renditions'>): number {
  return Math.round((video.renditions?.[0]?.progress ?? 0) * 100);
}
