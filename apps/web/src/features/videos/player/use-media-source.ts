import type Hls from 'hls.js';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** One rung of the HLS ladder, as the quality menu lists it. */
export interface QualityLevel {
  /** Index in hls.js's level list. */
  index: number;
  height: number;
  label: string;
}

export interface MediaSource {
  /** Rungs of the ladder, highest first; empty when playing the original file. */
  levels: QualityLevel[];
  /** The chosen level's index, or -1 for automatic. */
  selectedLevel: number;
  /** The level playing now (what Auto picked), or null when unknown. */
  playingLevel: QualityLevel | null;
  selectLevel(index: number): void;
}

/**
 * Attaches the video's source to the element: the HLS ladder through hls.js when there is one
 * (the browser's own HLS where hls.js cannot run, as on iPhone Safari), else the original
 * file. If HLS fails for good, the original file takes over. Switching source keeps the position and
 * whether it was playing, so a ladder that becomes ready mid-visit does not interrupt.
 */
export function useMediaSource(
  videoRef: RefObject<HTMLVideoElement | null>,
  { hlsUrl, fileUrl }: { hlsUrl: string | null; fileUrl: string | null },
): MediaSource {
  const hlsRef = useRef<Hls | null>(null);
  const [levels, setLevels] = useState<QualityLevel[]>([]);
  const [selectedLevel, setSelectedLevel] = useState(-1);
  const [playingIndex, setPlayingIndex] = useState<number | null>(null);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    let hls: Hls | null = null;
    const resumeAt = video.currentTime;
    const wasPlaying = !video.paused;

    const resume = () => {
      if (resumeAt > 0) video.currentTime = resumeAt;
      if (wasPlaying) video.play()?.catch(() => undefined);
    };
    const playFile = () => {
      if (!fileUrl) return;
      video.src = fileUrl;
      if (resumeAt > 0 || wasPlaying)
        video.addEventListener('loadedmetadata', resume, { once: true });
    };

    const playNativeHls = () => {
      video.src = hlsUrl as string;
      if (resumeAt > 0 || wasPlaying)
        video.addEventListener('loadedmetadata', resume, { once: true });
    };
    const canPlayHlsNatively = () => video.canPlayType('application/vnd.apple.mpegurl') !== '';

    if (!hlsUrl) {
      playFile();
    } else {
      // hls.js first wherever it runs (it offers the quality choice); the browser's own HLS
      // (iPhone Safari) otherwise; the original file as the last resort.
      void import('hls.js')
        .then(({ default: HlsPlayer }) => {
          if (cancelled) return;
          if (!HlsPlayer.isSupported()) {
            if (canPlayHlsNatively()) playNativeHls();
            else playFile();
            return;
          }
          hls = new HlsPlayer({ startPosition: resumeAt > 0 ? resumeAt : -1 });
          hlsRef.current = hls;
          hls.on(HlsPlayer.Events.MANIFEST_PARSED, (_event, data) => {
            setLevels(
              data.levels
                .map((level, index) => ({
                  index,
                  height: level.height,
                  label: level.height
                    ? `${level.height}p`
                    : `${Math.round(level.bitrate / 1000)} kbps`,
                }))
                .sort((a, b) => b.height - a.height),
            );
            if (wasPlaying) video.play()?.catch(() => undefined);
          });
          hls.on(HlsPlayer.Events.LEVEL_SWITCHED, (_event, data) => setPlayingIndex(data.level));
          hls.on(HlsPlayer.Events.ERROR, (_event, data) => {
            if (!data.fatal || cancelled) return;
            // The ladder cannot be played here: fall back to the original file.
            hls?.destroy();
            hls = null;
            hlsRef.current = null;
            setLevels([]);
            playFile();
          });
          hls.loadSource(hlsUrl);
          hls.attachMedia(video);
        })
        .catch(() => {
          if (cancelled) return;
          if (canPlayHlsNatively()) playNativeHls();
          else playFile();
        });
    }

    return () => {
      cancelled = true;
      video.removeEventListener('loadedmetadata', resume);
      hls?.destroy();
      hlsRef.current = null;
      setLevels([]);
      setSelectedLevel(-1);
      setPlayingIndex(null);
    };
  }, [videoRef, hlsUrl, fileUrl]);

  const selectLevel = useCallback((index: number) => {
    const hls = hlsRef.current;
    if (!hls) return;
    // currentLevel switches at once (flushing the buffer); -1 hands the choice back to hls.js.
    hls.currentLevel = index;
    setSelectedLevel(index);
  }, []);

  return {
    levels,
    selectedLevel,
    playingLevel: levels.find((level) => level.index === playingIndex) ?? null,
    selectLevel,
  };
}
