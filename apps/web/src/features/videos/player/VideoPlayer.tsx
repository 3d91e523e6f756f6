import { useCallback, useEffect, useRef, useState, type PointerEvent, type RefObject } from 'react';
import { CloseIcon, PauseIcon, PlayIcon, SpinnerIcon } from '../../../components/icons';
import { cn } from '../../../lib/cn';
import { chapterAt, type Chapter } from '../../../lib/chapters';
import { formatDuration } from '../../../lib/format';
import { useMediaQuery } from '../../../lib/use-media-query';
import { controlButtonClass } from './control-button';
import { PlayerMenu, type MenuChoice } from './PlayerMenu';
import { SeekBar } from './SeekBar';
import { SkipIcon } from './SkipIcon';
import { useMediaSource } from './use-media-source';
import { useMediaState } from './use-media-state';
import { usePlayerShortcuts } from './use-player-shortcuts';
import { useStoryboard } from './use-storyboard';
import { useCaptions, type CaptionTrack } from './use-captions';
import {
  CaptionsIcon,
  KeyboardIcon,
  MaximizeIcon,
  MinimizeIcon,
  PictureInPictureIcon,
  SettingsIcon,
  TheaterIcon,
  VolumeIcon,
  VolumeOffIcon,
} from './player-icons';

/** Player constants (core §2.9, §9). */
export const PLAYBACK_SPEEDS = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;
export const SKIP_SECONDS = 10;
export const VOLUME_STEP = 0.1;
export const CONTROLS_HIDE_MS = 3000;
/** Below this width the device counts as mobile: controls do not hide by themselves. */
export const NON_MOBILE_QUERY = '(min-width: 768px)';

const speedChoices: MenuChoice<number>[] = PLAYBACK_SPEEDS.map((speed) => ({
  value: speed,
  label: `${speed}x`,
}));

export interface VideoPlayerProps {
  title: string;
  /** The original upload; played when there is no HLS ladder (yet). */
  fileUrl: string | null;
  /** Master playlist of the HLS ladder, once processing made one. */
  hlsUrl: string | null;
  poster: string | null;
  storyboardUrl: string | null;
  /** The description's chapters: marks on the seek bar, the name beside the time. */
  chapters?: readonly Chapter[] | null;
  /** Seconds, shown until the media says how long it is. */
  durationHint: number;
  /** Called once, when playback first starts. */
  onPlaybackStart?: () => void;
  /**
   * Called with the playback position (seconds) every {@link POSITION_SAVE_MS} while playing,
   * on pause, and when the player goes away, so the viewer can resume there later.
   */
  onSavePosition?: (seconds: number) => void;
  /** A place to jump to (the resume offer); each new object seeks once. */
  seekRequest?: { seconds: number } | null;
  /** Called when playback reaches the end (a playlist plays its next video). */
  onEnded?: () => void;
  /** Theater mode, where the page offers it: whether it is on, and how to switch it. */
  theater?: { isOn: boolean; toggle: () => void } | undefined;
  /** The video's captions, one WebVTT track per language (decision 0044). */
  captions?: readonly CaptionTrack[] | undefined;
  /** Whose captions choice is remembered (null: a visitor's). */
  personId?: string | null | undefined;
}

const noCaptions: readonly CaptionTrack[] = [];

/** One frame at the rate most uploads are made at; the browser shows the nearest frame. */
const FRAME_SECONDS = 1 / 30;

/** The keys the shortcuts overlay lists, in the order people look for them. */
const shortcutList: readonly [keys: string, action: string][] = [
  ['Space, K', 'Play or pause'],
  ['←, J', 'Back 10 seconds'],
  ['→, L', 'Forward 10 seconds'],
  [', .', 'Previous or next frame (paused)'],
  ['↑ ↓', 'Volume up or down'],
  ['M', 'Mute'],
  ['F', 'Full screen'],
  ['I', 'Picture-in-picture'],
  ['T', 'Theater mode'],
  ['C', 'Captions on or off'],
  ['?', 'Show or hide this list'],
];

/** How often a playing video reports its position to be kept (issue 11: "every few seconds"). */
export const POSITION_SAVE_MS = 10_000;

type WebkitVideo = HTMLVideoElement & { webkitEnterFullscreen?: () => void };
const ignore = () => undefined;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The video player (core §2.9): play/pause, buffering spinner, seek bar with previews,
 * volume and mute, speed, quality (HLS), fullscreen, skip 10 s, keyboard shortcuts; the
 * controls hide after 3 s without activity while playing (not on mobile), and a tap toggles
 * them on touch screens. Always dark, whatever the theme.
 */
export function VideoPlayer({
  title,
  fileUrl,
  hlsUrl,
  poster,
  storyboardUrl,
  chapters = null,
  durationHint,
  onPlaybackStart,
  onSavePosition,
  seekRequest,
  onEnded,
  theater,
  captions: captionTracks = noCaptions,
  personId = null,
}: VideoPlayerProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const source = useMediaSource(videoRef, { hlsUrl, fileUrl });
  const media = useMediaState(videoRef, { durationHint, onPlaybackStart });
  const tiles = useStoryboard(storyboardUrl);
  const playingChapter = chapterAt(chapters, media.currentTime);
  const isNonMobile = useMediaQuery(NON_MOBILE_QUERY);
  const [isFullscreen, setIsFullscreen] = useState(false);
  const [openMenu, setOpenMenu] = useState<'speed' | 'quality' | 'captions' | null>(null);
  const [isHelpOpen, setIsHelpOpen] = useState(false);
  const [isPictureInPicture, setIsPictureInPicture] = useState(false);
  const canPictureInPicture =
    typeof document !== 'undefined' && document.pictureInPictureEnabled === true;
  const controls = useControlsVisibility({
    isPlaying: media.isPlaying,
    canAutoHide: isNonMobile,
    isMenuOpen: openMenu !== null,
  });
  const captions = useCaptions(videoRef, captionTracks, personId, controls.isVisible);

  const togglePlay = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused || video.ended) video.play()?.catch(ignore);
    else video.pause();
  }, []);

  const { sync } = media;
  const seekTo = (time: number) => {
    const video = videoRef.current;
    if (!video) return;
    const end =
      Number.isFinite(video.duration) && video.duration > 0 ? video.duration : media.duration;
    video.currentTime = clamp(time, 0, end || 0);
    sync();
  };
  const seekToRef = useRef(seekTo);
  seekToRef.current = seekTo;
  useEffect(() => {
    if (seekRequest) seekToRef.current(seekRequest.seconds);
  }, [seekRequest]);
  useSavedPosition(videoRef, onSavePosition);
  const onEndedRef = useRef(onEnded);
  onEndedRef.current = onEnded;
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const ended = () => onEndedRef.current?.();
    video.addEventListener('ended', ended);
    return () => video.removeEventListener('ended', ended);
  }, []);

  const setVolume = (volume: number) => {
    const video = videoRef.current;
    if (!video) return;
    video.volume = clamp(Math.round(volume * 10) / 10, 0, 1);
    video.muted = video.volume === 0;
  };

  const toggleMute = () => {
    const video = videoRef.current;
    if (!video) return;
    if (video.muted || video.volume === 0) {
      if (video.volume === 0) video.volume = 0.5;
      video.muted = false;
    } else {
      video.muted = true;
    }
  };

  const toggleFullscreen = () => {
    const container = containerRef.current;
    if (document.fullscreenElement) {
      void document.exitFullscreen?.().catch(ignore);
    } else if (container?.requestFullscreen) {
      void container.requestFullscreen().catch(ignore);
    } else {
      // iPhone Safari: only the video element itself can go fullscreen.
      (videoRef.current as WebkitVideo | null)?.webkitEnterFullscreen?.();
    }
  };

  const togglePictureInPicture = () => {
    const video = videoRef.current;
    if (!video || !canPictureInPicture) return;
    if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(ignore);
    else void video.requestPictureInPicture().catch(ignore);
  };

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const onEnter = () => setIsPictureInPicture(true);
    const onLeave = () => setIsPictureInPicture(false);
    video.addEventListener('enterpictureinpicture', onEnter);
    video.addEventListener('leavepictureinpicture', onLeave);
    return () => {
      video.removeEventListener('enterpictureinpicture', onEnter);
      video.removeEventListener('leavepictureinpicture', onLeave);
    };
  }, []);

  useEffect(() => {
    const onChange = () =>
      setIsFullscreen(
        document.fullscreenElement !== null && document.fullscreenElement === containerRef.current,
      );
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  usePlayerShortcuts(
    {
      togglePlay,
      seekBy: (seconds) => seekTo((videoRef.current?.currentTime ?? 0) + seconds),
      changeVolume: (delta) => {
        const video = videoRef.current;
        if (video) setVolume((video.muted ? 0 : video.volume) + delta);
      },
      toggleMute,
      toggleFullscreen,
      frameStep: (direction) => {
        const video = videoRef.current;
        if (video?.paused) seekTo(video.currentTime + direction * FRAME_SECONDS);
      },
      togglePictureInPicture,
      toggleShortcutsHelp: () => setIsHelpOpen((open) => !open),
      toggleTheater: theater?.toggle,
      toggleCaptions: captions.tracks.length > 0 ? captions.toggle : undefined,
      onShortcut: controls.reveal,
    },
    { skipSeconds: SKIP_SECONDS, volumeStep: VOLUME_STEP },
  );

  /** Mouse: click plays or pauses. Touch: a tap shows or hides the controls. */
  const onSurfacePointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse') {
      if (event.button !== 0) return;
      togglePlay();
      controls.reveal();
    } else {
      controls.toggleByTap();
    }
  };

  const shownVolume = media.isMuted ? 0 : media.volume;
  const qualityChoices = [
    { value: -1, label: source.playingLevel ? `Auto (${source.playingLevel.label})` : 'Auto' },
    ...source.levels.map((level) => ({ value: level.index, label: level.label })),
  ];
  const qualityLabel =
    source.selectedLevel === -1
      ? 'Auto'
      : (source.levels.find((l) => l.index === source.selectedLevel)?.label ?? 'Auto');

  return (
    <div
      ref={containerRef}
      role="region"
      aria-label="Video player"
      onPointerMove={(event) => {
        if (event.pointerType === 'mouse') controls.reveal();
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse') controls.hideOnLeave();
      }}
      onFocus={controls.reveal}
      className={cn(
        'dark relative aspect-video w-full overflow-hidden bg-canvas text-fg select-none',
        isFullscreen ? 'h-full' : 'sm:rounded-lg',
        !controls.isVisible && 'cursor-none',
      )}
    >
      <video
        ref={videoRef}
        poster={poster ?? undefined}
        playsInline
        preload="metadata"
        aria-label={title}
        className="absolute inset-0 size-full"
      >
        {captions.tracks.map((track) => (
          <track
            key={track.url}
            kind="subtitles"
            src={track.url}
            srcLang={track.language}
            label={track.label}
          />
        ))}
      </video>
      <div
        data-testid="player-surface"
        aria-hidden="true"
        className="absolute inset-0"
        onPointerUp={onSurfacePointerUp}
        onDoubleClick={toggleFullscreen}
      />

      {!media.hasStarted && !media.hasError ? (
        <button
          type="button"
          aria-label="Play video"
          onClick={togglePlay}
          className="absolute top-1/2 left-1/2 flex size-16 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-accent text-accent-fg shadow-pop transition-transform hover:scale-105 sm:size-20"
        >
          <PlayIcon size={30} className="translate-x-0.5 fill-current" />
        </button>
      ) : null}

      {media.isBuffering ? (
        <div
          role="status"
          aria-label="Loading video"
          className="pointer-events-none absolute inset-0 flex items-center justify-center"
        >
          <SpinnerIcon size={48} className="animate-spin text-fg" />
        </div>
      ) : null}

      {media.hasError ? (
        <div
          role="alert"
          className="absolute inset-0 flex flex-col items-center justify-center gap-1 bg-canvas/90 p-6 text-center"
        >
          <p className="font-semibold text-fg">This video could not be played.</p>
          <p className="text-sm text-fg-muted">Reload the page to try again.</p>
        </div>
      ) : null}

      {isHelpOpen ? (
        <div
          role="dialog"
          aria-label="Keyboard shortcuts"
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              setIsHelpOpen(false);
            }
          }}
          className="absolute inset-x-2 top-2 z-20 max-h-[calc(100%-5rem)] overflow-y-auto rounded-lg bg-canvas/95 p-3 text-fg shadow-pop sm:inset-x-auto sm:right-3 sm:w-80"
        >
          <div className="flex items-center justify-between">
            <h2 className="text-sm font-semibold">Keyboard shortcuts</h2>
            <button
              type="button"
              aria-label="Close keyboard shortcuts"
              onClick={() => setIsHelpOpen(false)}
              className={controlButtonClass}
            >
              <CloseIcon />
            </button>
          </div>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            {shortcutList.map(([keys, action]) => (
              <div key={keys} className="contents">
                <dt className="font-mono font-semibold whitespace-nowrap">{keys}</dt>
                <dd className="text-fg-muted">{action}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}

      <div
        onPointerEnter={() => controls.setPointerOverControls(true)}
        onPointerLeave={() => controls.setPointerOverControls(false)}
        className={cn(
          'absolute inset-x-0 bottom-0 bg-linear-to-t from-canvas/95 via-canvas/60 to-transparent px-2 pt-12 pb-1 transition-opacity duration-200 sm:px-3 sm:pb-1.5',
          controls.isVisible ? 'opacity-100' : 'pointer-events-none opacity-0',
        )}
      >
        <SeekBar
          currentTime={media.currentTime}
          duration={media.duration}
          bufferedEnd={media.bufferedEnd}
          tiles={tiles}
          skipSeconds={SKIP_SECONDS}
          chapters={chapters}
          onSeek={seekTo}
        />
        <div className="flex items-center gap-0.5 sm:gap-1">
          <button
            type="button"
            aria-label={media.isPlaying ? 'Pause' : 'Play'}
            title={media.isPlaying ? 'Pause (Space)' : 'Play (Space)'}
            onClick={togglePlay}
            className={controlButtonClass}
          >
            {media.isPlaying ? (
              <PauseIcon className="fill-current" />
            ) : (
              <PlayIcon className="fill-current" />
            )}
          </button>
          <button
            type="button"
            aria-label={`Rewind ${SKIP_SECONDS} seconds`}
            title={`Rewind ${SKIP_SECONDS} seconds (←)`}
            onClick={() => seekTo(media.currentTime - SKIP_SECONDS)}
            className={controlButtonClass}
          >
            <SkipIcon direction="back" seconds={SKIP_SECONDS} />
          </button>
          <button
            type="button"
            aria-label={`Forward ${SKIP_SECONDS} seconds`}
            title={`Forward ${SKIP_SECONDS} seconds (→)`}
            onClick={() => seekTo(media.currentTime + SKIP_SECONDS)}
            className={controlButtonClass}
          >
            <SkipIcon direction="forward" seconds={SKIP_SECONDS} />
          </button>
          <div className="group/volume flex items-center">
            <button
              type="button"
              aria-label={shownVolume === 0 ? 'Unmute' : 'Mute'}
              title={shownVolume === 0 ? 'Unmute (M)' : 'Mute (M)'}
              onClick={toggleMute}
              className={controlButtonClass}
            >
              {shownVolume === 0 ? <VolumeOffIcon /> : <VolumeIcon />}
            </button>
            <input
              type="range"
              aria-label="Volume"
              min={0}
              max={1}
              step={VOLUME_STEP}
              value={shownVolume}
              aria-valuetext={`${Math.round(shownVolume * 100)}%`}
              onChange={(event) => setVolume(Number(event.target.value))}
              className="hidden h-1 w-16 cursor-pointer accent-accent sm:block lg:w-20"
            />
          </div>
          <span className="ml-1 text-xs whitespace-nowrap text-fg tabular-nums sm:ml-2 sm:text-sm">
            {formatDuration(media.currentTime)}
            <span className="text-fg-muted"> / {formatDuration(media.duration)}</span>
          </span>
          {playingChapter ? (
            <span
              data-testid="playing-chapter"
              className="ml-1 hidden min-w-0 truncate text-sm text-fg sm:inline"
            >
              <span aria-hidden="true" className="text-fg-muted">
                ·{' '}
              </span>
              {playingChapter.title}
            </span>
          ) : null}

          <div className="ml-auto flex items-center gap-0.5 sm:gap-1">
            {captions.tracks.length > 0 ? (
              <>
                <button
                  type="button"
                  aria-label="Captions"
                  title={captions.showing ? 'Captions off (C)' : 'Captions on (C)'}
                  aria-pressed={captions.showing !== null}
                  onClick={captions.toggle}
                  className={controlButtonClass}
                >
                  <CaptionsIcon isOn={captions.showing !== null} />
                </button>
                <PlayerMenu
                  label={`Captions language: ${
                    captions.tracks.find((t) => t.language === captions.showing)?.label ?? 'Off'
                  }`}
                  title="Captions language"
                  menuLabel="Captions language"
                  choices={[
                    { value: '', label: 'Off' },
                    ...captions.tracks.map((t) => ({ value: t.language, label: t.label })),
                  ]}
                  selected={captions.showing ?? ''}
                  isOpen={openMenu === 'captions'}
                  onOpenChange={(open) => setOpenMenu(open ? 'captions' : null)}
                  onSelect={(language) => captions.select(language || null)}
                >
                  <span className="text-xs">{captions.showing ?? 'Off'}</span>
                </PlayerMenu>
              </>
            ) : null}
            <PlayerMenu
              label={`Playback speed: ${media.rate}x`}
              title="Playback speed"
              menuLabel="Playback speed"
              choices={speedChoices}
              selected={media.rate}
              isOpen={openMenu === 'speed'}
              onOpenChange={(open) => setOpenMenu(open ? 'speed' : null)}
              onSelect={(speed) => {
                if (videoRef.current) videoRef.current.playbackRate = speed;
              }}
            >
              {media.rate}x
            </PlayerMenu>
            {source.levels.length > 0 ? (
              <PlayerMenu
                label={`Quality: ${qualityLabel}`}
                title="Quality"
                menuLabel="Quality"
                choices={qualityChoices}
                selected={source.selectedLevel}
                isOpen={openMenu === 'quality'}
                onOpenChange={(open) => setOpenMenu(open ? 'quality' : null)}
                onSelect={source.selectLevel}
              >
                <SettingsIcon />
              </PlayerMenu>
            ) : null}
            <button
              type="button"
              aria-label="Keyboard shortcuts"
              title="Keyboard shortcuts (?)"
              aria-expanded={isHelpOpen}
              onClick={() => setIsHelpOpen((open) => !open)}
              className={cn(controlButtonClass, 'hidden sm:inline-flex')}
            >
              <KeyboardIcon />
            </button>
            {canPictureInPicture ? (
              <button
                type="button"
                aria-label={isPictureInPicture ? 'Exit picture-in-picture' : 'Picture-in-picture'}
                title={
                  isPictureInPicture ? 'Exit picture-in-picture (I)' : 'Picture-in-picture (I)'
                }
                aria-pressed={isPictureInPicture}
                onClick={togglePictureInPicture}
                className={controlButtonClass}
              >
                <PictureInPictureIcon />
              </button>
            ) : null}
            {theater && !isFullscreen ? (
              <button
                type="button"
                aria-label={theater.isOn ? 'Default view' : 'Theater mode'}
                title={theater.isOn ? 'Default view (T)' : 'Theater mode (T)'}
                aria-pressed={theater.isOn}
                onClick={theater.toggle}
                className={cn(controlButtonClass, 'hidden xl:inline-flex')}
              >
                <TheaterIcon />
              </button>
            ) : null}
            <button
              type="button"
              aria-label={isFullscreen ? 'Exit full screen' : 'Full screen'}
              title={isFullscreen ? 'Exit full screen (F)' : 'Full screen (F)'}
              onClick={toggleFullscreen}
              className={controlButtonClass}
            >
              {isFullscreen ? <MinimizeIcon /> : <MaximizeIcon />}
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}

/**
 * When the controls show: always while paused or a menu is open; while playing they hide
 * after 3 s without activity where auto-hiding applies (non-mobile), unless the pointer rests
 * on them. A tap on a touch screen shows or hides them.
 */
function useControlsVisibility({
  isPlaying,
  canAutoHide,
  isMenuOpen,
}: {
  isPlaying: boolean;
  canAutoHide: boolean;
  isMenuOpen: boolean;
}) {
  const [isHidden, setIsHidden] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pointerOverControls = useRef(false);

  const clearTimer = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };

  const scheduleHide = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (!isPlaying || !canAutoHide) return;
    timer.current = setTimeout(() => {
      if (!pointerOverControls.current) setIsHidden(true);
    }, CONTROLS_HIDE_MS);
  }, [isPlaying, canAutoHide]);

  const reveal = useCallback(() => {
    setIsHidden(false);
    scheduleHide();
  }, [scheduleHide]);

  // Pausing brings the controls back; starting to play starts the countdown.
  useEffect(() => {
    if (!isPlaying) setIsHidden(false);
    scheduleHide();
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [isPlaying, scheduleHide]);

  return {
    isVisible: !isHidden || isMenuOpen,
    reveal,
    hideOnLeave: () => {
      if (isPlaying && canAutoHide) {
        clearTimer();
        setIsHidden(true);
      }
    },
    toggleByTap: () => {
      if (isHidden) reveal();
      else {
        clearTimer();
        setIsHidden(true);
      }
    },
    setPointerOverControls: (isOver: boolean) => {
      pointerOverControls.current = isOver;
      if (!isOver) scheduleHide();
    },
  };
}

/**
 * Reports the position while playing (throttled to {@link POSITION_SAVE_MS}), on pause, when
 * the page is hidden or left, and when the player unmounts (navigating to another video).
 */
function useSavedPosition(
  videoRef: RefObject<HTMLVideoElement | null>,
  onSavePosition: ((seconds: number) => void) | undefined,
) {
  const saveRef = useRef(onSavePosition);
  saveRef.current = onSavePosition;
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let lastSavedAt = Date.now();
    let lastSent = -1;
    const save = () => {
      const seconds = Math.floor(video.currentTime);
      lastSavedAt = Date.now();
      if (!(seconds > 0) || seconds === lastSent) return;
      lastSent = seconds;
      saveRef.current?.(seconds);
    };
    const onTimeUpdate = () => {
      if (!video.paused && Date.now() - lastSavedAt >= POSITION_SAVE_MS) save();
    };
    video.addEventListener('timeupdate', onTimeUpdate);
    video.addEventListener('pause', save);
    window.addEventListener('pagehide', save);
    return () => {
      video.removeEventListener('timeupdate', onTimeUpdate);
      video.removeEventListener('pause', save);
      window.removeEventListener('pagehide', save);
      save();
    };
  }, [videoRef]);
}
