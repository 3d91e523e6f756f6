import type { Video } from '@kinora/contract';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/Button';
import { videoCardText, VideoThumbnail } from '../../../components/VideoCard';
import { cn } from '../../../lib/cn';
import { CompactVideoLink } from './CompactVideoLink';

/*
 * 'Up next' (issue 22 item 7, decision 0039): the video that follows this one, the next of the
 * playlist being played or else the first related video, with an Autoplay switch (off until the
 * person turns it on, remembered per person in this browser). When the video ends and the next
 * one is to play, a card counts down ('Up next in 5 s') with Cancel and Play now, then goes.
 */

export const upNextText = {
  heading: 'Up next',
  autoplay: 'Autoplay',
  inPlaylist: 'Next in this playlist',
  countdown: (seconds: number) => `Up next in ${seconds} s`,
  cancel: 'Cancel',
  playNow: 'Play now',
} as const;

/** Seconds the countdown card waits before the next video. */
export const UP_NEXT_COUNTDOWN_SECONDS = 5;

/** The video to follow, where it is, and whether a playlist plays it (then it always does). */
export interface UpNextVideo {
  video: Video;
  path: string;
  fromPlaylist: boolean;
}

/** The localStorage key of one person's Autoplay choice (`visitor` when nobody is signed in). */
export const autoplayStorageKey = (personId: string | null) =>
  `kinora.autoplay.${personId ?? 'visitor'}`;

/** Autoplay on or off for this person, off until they turn it on, remembered in this browser. */
export function useAutoplay(personId: string | null): { isOn: boolean; toggle: () => void } {
  const key = autoplayStorageKey(personId);
  const read = useCallback(() => {
    try {
      return window.localStorage.getItem(key) === 'on';
    } catch {
      return false;
    }
  }, [key]);
  const [state, setState] = useState(() => ({ key, isOn: read() }));
  // Another person signed in on this page: their own choice.
  const isOn = state.key === key ? state.isOn : read();
  const toggle = useCallback(() => {
    const next = !isOn;
    try {
      window.localStorage.setItem(key, next ? 'on' : 'off');
    } catch {
      // Not remembered: the choice holds for this page.
    }
    setState({ key, isOn: next });
  }, [isOn, key]);
  return useMemo(() => ({ isOn, toggle }), [isOn, toggle]);
}

/**
 * The countdown to the next video, started when the video ends: `seconds` left (null when none
 * runs), `start`, `cancel`. At zero it calls `go` once.
 */
export function useUpNextCountdown(go: () => void): {
  seconds: number | null;
  start: () => void;
  cancel: () => void;
} {
  const [seconds, setSeconds] = useState<number | null>(null);
  const goRef = useRef(go);
  goRef.current = go;
  useEffect(() => {
    if (seconds === null) return;
    if (seconds <= 0) {
      setSeconds(null);
      goRef.current();
      return;
    }
    const tick = window.setTimeout(() => setSeconds(seconds - 1), 1000);
    return () => window.clearTimeout(tick);
  }, [seconds]);
  const start = useCallback(() => setSeconds(UP_NEXT_COUNTDOWN_SECONDS), []);
  const cancel = useCallback(() => setSeconds(null), []);
  return { seconds, start, cancel };
}

/** The side card: the next video, and the Autoplay switch when it comes from related videos. */
export function UpNextCard({
  next,
  autoplay,
}: {
  next: UpNextVideo;
  autoplay: { isOn: boolean; toggle: () => void };
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-bold text-fg">
          {upNextText.heading}
        </h2>
        {next.fromPlaylist ? (
          <p className="text-xs text-fg-muted">{upNextText.inPlaylist}</p>
        ) : (
          <AutoplaySwitch {...autoplay} />
        )}
      </div>
      <CompactVideoLink video={next.video} to={next.path} />
    </section>
  );
}

function AutoplaySwitch({ isOn, toggle }: { isOn: boolean; toggle: () => void }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={isOn}
      onClick={toggle}
      className="inline-flex items-center gap-2 rounded-full py-1 text-sm font-medium text-fg-muted hover:text-fg"
    >
      {upNextText.autoplay}
      <span
        aria-hidden="true"
        className={cn(
          'relative inline-block h-5 w-9 rounded-full transition-colors',
          isOn ? 'bg-accent' : 'bg-border-strong',
        )}
      >
        <span
          className={cn(
            'absolute top-0.5 left-0.5 size-4 rounded-full bg-white shadow transition-transform',
            isOn && 'translate-x-4',
          )}
        />
      </span>
    </button>
  );
}

/** The card over the player once the video has ended: 'Up next in 5 s', Cancel, Play now. */
export function UpNextCountdown({
  next,
  seconds,
  onCancel,
  onPlayNow,
}: {
  next: UpNextVideo;
  seconds: number;
  onCancel: () => void;
  onPlayNow: () => void;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  // Keyboard users land on Cancel, the one choice that needs doing now.
  useEffect(() => cancelRef.current?.focus({ preventScroll: true }), []);
  const title = next.video.title.trim() || videoCardText.untitled;
  return (
    <div
      role="group"
      aria-label={upNextText.heading}
      className="absolute inset-0 z-20 flex items-center justify-center bg-black/70 p-3 sm:rounded-lg"
    >
      <div className="dark flex w-full max-w-sm flex-col gap-3 rounded-lg bg-surface p-3 text-fg shadow-pop sm:p-4">
        <p role="status" className="text-sm font-semibold text-fg-muted">
          {upNextText.countdown(seconds)}
        </p>
        <div className="flex items-center gap-3">
          <VideoThumbnail video={next.video} size="sm" className="hidden w-28 shrink-0 sm:block" />
          <p className="line-clamp-2 min-w-0 font-semibold break-words">{title}</p>
        </div>
        <div className="flex justify-end gap-2">
          <Button ref={cancelRef} variant="secondary" size="sm" onClick={onCancel}>
            {upNextText.cancel}
          </Button>
          <Button size="sm" onClick={onPlayNow}>
            {upNextText.playNow}
          </Button>
        </div>
      </div>
    </div>
  );
}
