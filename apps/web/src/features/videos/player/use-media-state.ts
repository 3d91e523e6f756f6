import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

export interface MediaState {
  isPlaying: boolean;
  /** Waiting for data while it should be playing. */
  isBuffering: boolean;
  /** Playback has started at least once since the player appeared. */
  hasStarted: boolean;
  hasError: boolean;
  currentTime: number;
  duration: number;
  /** End of the buffered range around the current position, in seconds. */
  bufferedEnd: number;
  volume: number;
  isMuted: boolean;
  rate: number;
}

const finite = (value: number) => (Number.isFinite(value) && value > 0 ? value : null);

function bufferedEndOf(video: HTMLVideoElement): number {
  const { buffered, currentTime } = video;
  for (let i = 0; i < buffered.length; i++) {
    if (buffered.start(i) <= currentTime && currentTime <= buffered.end(i)) return buffered.end(i);
  }
  return 0;
}

/**
 * The element's playback state as React state, kept in step with its media events. The first
 * `playing` event calls `onPlaybackStart` once (the view is counted then, core §4).
 */
export function useMediaState(
  videoRef: RefObject<HTMLVideoElement | null>,
  { durationHint, onPlaybackStart }: { durationHint: number; onPlaybackStart?: () => void },
): MediaState & { sync(): void } {
  const [state, setState] = useState<MediaState>({
    isPlaying: false,
    isBuffering: false,
    hasStarted: false,
    hasError: false,
    currentTime: 0,
    duration: durationHint,
    bufferedEnd: 0,
    volume: 1,
    isMuted: false,
    rate: 1,
  });
  const onStart = useRef(onPlaybackStart);
  useEffect(() => {
    onStart.current = onPlaybackStart;
  });
  const hasReportedStart = useRef(false);

  const sync = useCallback(
    (changes: Partial<MediaState> = {}) => {
      const video = videoRef.current;
      if (!video) return;
      setState((current) => ({
        ...current,
        isPlaying: !video.paused && !video.ended,
        currentTime: video.currentTime,
        duration: finite(video.duration) ?? current.duration,
        bufferedEnd: bufferedEndOf(video),
        volume: video.volume,
        isMuted: video.muted,
        rate: video.playbackRate,
        ...changes,
      }));
    },
    [videoRef],
  );

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const handlers: Record<string, () => void> = {
      play: () => sync({ hasStarted: true }),
      playing: () => {
        sync({ isBuffering: false, hasStarted: true, hasError: false });
        if (!hasReportedStart.current) {
          hasReportedStart.current = true;
          onStart.current?.();
        }
      },
      pause: () => sync({ isBuffering: false }),
      ended: () => sync({ isBuffering: false }),
      waiting: () => sync({ isBuffering: true }),
      canplay: () => sync({ isBuffering: false }),
      seeked: () => sync(),
      timeupdate: () => sync(),
      progress: () => sync(),
      durationchange: () => sync(),
      loadedmetadata: () => sync({ hasError: false }),
      volumechange: () => sync(),
      ratechange: () => sync(),
      error: () => sync({ hasError: Boolean(video.error), isBuffering: false }),
    };
    for (const [name, handler] of Object.entries(handlers)) video.addEventListener(name, handler);
    return () => {
      for (const [name, handler] of Object.entries(handlers)) {
        video.removeEventListener(name, handler);
      }
    };
  }, [videoRef, sync]);

  return { ...state, sync: () => sync() };
}
