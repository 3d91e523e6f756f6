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

/** Where the last measured bandwidth is kept, so the next video starts at a quality that fits. */
export const BANDWIDTH_STORAGE_KEY = 'kinora.bandwidthEstimate';
/** Bounds for a kept or reported estimate, in bits per second (a slow phone to a fibre line). */
const MIN_ESTIMATE = 150_000;
const MAX_ESTIMATE = 200_000_000;

const withinBounds = (bitsPerSecond: number): number | null =>
  Number.isFinite(bitsPerSecond) && bitsPerSecond > 0
    ? Math.min(MAX_ESTIMATE, Math.max(MIN_ESTIMATE, Math.round(bitsPerSecond)))
    : null;

/**
 * What automatic quality starts from (issue 22): the bandwidth measured on the last video, else
 * what the browser says of the connection (`navigator.connection.downlink`, Mbit/s, Chromium),
 * else hls.js's own guess. Without it hls.js assumes 500 kbit/s and starts every video at the
 * lowest rung, where a short clip stays.
 */
export function startingBandwidth(): number | null {
  try {
    const kept = withinBounds(Number(window.localStorage.getItem(BANDWIDTH_STORAGE_KEY)));
    if (kept !== null) return kept;
  } catch {
    // Storage can be disabled; the connection's figure still helps.
  }
  const downlink = (navigator as Navigator & { connection?: { downlink?: number } }).connection
    ?.downlink;
  return typeof downlink === 'number' ? withinBounds(downlink * 1_000_000) : null;
}

function keepBandwidth(bitsPerSecond: number): void {
  const estimate = withinBounds(bitsPerSecond);
  if (estimate === null) return;
  try {
    window.localStorage.setItem(BANDWIDTH_STORAGE_KEY, String(estimate));
  } catch {
    // Not kept: the next video starts from the connection's figure.
  }
}

/**
 * hls.js's settings: automatic quality never above what the player shows (its size times the
 * screen's pixel ratio, so a phone does not fetch 1080p for a 390 px player, and a desktop
 * window is not held at 360p), starting from the bandwidth that `startingBandwidth` knows.
 *
 * A first rendition plays while it is made (decision 0054): its playlist grows until
 * `#EXT-X-ENDLIST`, which hls.js takes for a live stream. Such a video starts at 0 (hls.js
 * would start a live one near its end) or where the viewer was, hls.js reloads the playlist
 * as it grows, and the element's duration is infinite until the end is known, so the player
 * keeps showing the video's own length and never reaches an end that is not there (the element
 * ends only once hls.js has appended the last segment of a playlist with an end).
 */
export function hlsSettings(resumeAt: number) {
  const estimate = startingBandwidth();
  return {
    startPosition: resumeAt > 0 ? resumeAt : 0,
    liveDurationInfinity: true,
    capLevelToPlayerSize: true,
    // Captions show from the video's own <track> elements, whatever the source (decision 0044):
    // the master's subtitle renditions are for other HLS players.
    enableWebVTT: false,
    ...(estimate === null ? {} : { abrEwmaDefaultEstimate: estimate }),
  };
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
  // Where the last source left off, read before it is torn down: destroying hls.js detaches
  // the element (a new load: back to 0, paused), so the next source cannot read it there.
  const handoverRef = useRef<{ time: number; playing: boolean } | null>(null);
  const [levels, setLevels] = useState<QualityLevel[]>([]);
  const [selectedLevel, setSelectedLevel] = useState(-1);
  const [playingIndex, setPlayingIndex] = useState<number | null>(null);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    let hls: Hls | null = null;
    const handover = handoverRef.current ?? { time: video.currentTime, playing: !video.paused };
    handoverRef.current = null;
    const resumeAt = handover.time;
    const wasPlaying = handover.playing;
    // Play pressed before the source is attached (hls.js still loading) is undone by the
    // element's load; it is remembered and honoured once the manifest is read.
    let playRequested = false;
    let sourceReady = false;
    const onPlay = () => {
      if (!sourceReady) playRequested = true;
    };
    video.addEventListener('play', onPlay);
    const playIfAsked = () => {
      if (wasPlaying || playRequested) video.play()?.catch(() => undefined);
      playRequested = false;
      sourceReady = true;
    };

    const resume = () => {
      if (resumeAt > 0) video.currentTime = resumeAt;
      playIfAsked();
    };
    const playFromUrl = (url: string) => {
      video.src = url;
      if (resumeAt > 0 || wasPlaying || playRequested)
        video.addEventListener('loadedmetadata', resume, { once: true });
      else sourceReady = true;
    };
    const playFile = () => {
      if (fileUrl) playFromUrl(fileUrl);
    };
    const playNativeHls = () => playFromUrl(hlsUrl as string);
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
          hls = new HlsPlayer(hlsSettings(resumeAt));
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
            playIfAsked();
          });
          hls.on(HlsPlayer.Events.LEVEL_SWITCHED, (_event, data) => {
            setPlayingIndex(data.level);
            if (hls) keepBandwidth(hls.bandwidthEstimate);
          });
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
      handoverRef.current = {
        time: video.currentTime > 0 ? video.currentTime : resumeAt,
        playing: !video.paused || playRequested,
      };
      video.removeEventListener('loadedmetadata', resume);
      video.removeEventListener('play', onPlay);
      // What this video measured is where the next one starts.
      if (hls) keepBandwidth(hls.bandwidthEstimate);
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
