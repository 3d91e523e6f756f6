import { vi } from 'vitest';
import { fixedMediaQuery } from './media-query';

/*
 * jsdom has no media engine: play() and pause() are not implemented and duration is NaN.
 * These stand-ins behave like a browser's element as far as the player can tell: they flip
 * `paused` and fire the same events. Mocks are restored after each test (restoreMocks).
 */

function setPaused(media: HTMLMediaElement, paused: boolean) {
  Object.defineProperty(media, 'paused', { value: paused, configurable: true });
}

export function stubMediaPlayback() {
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    setPaused(this, false);
    this.dispatchEvent(new Event('play'));
    this.dispatchEvent(new Event('playing'));
    return Promise.resolve();
  });
  const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    setPaused(this, true);
    this.dispatchEvent(new Event('pause'));
  });
  return { play, pause };
}

/** Tells the player how long the media is, as the browser does once metadata loaded. */
export function setMediaDuration(media: HTMLMediaElement, seconds: number) {
  Object.defineProperty(media, 'duration', { value: seconds, configurable: true });
  media.dispatchEvent(new Event('durationchange'));
}

/** Moves the playhead as playback would, firing timeupdate. */
export function setMediaTime(media: HTMLMediaElement, seconds: number) {
  media.currentTime = seconds;
  media.dispatchEvent(new Event('timeupdate'));
}

/** Makes `matchMedia` answer every query as matching (a wide, non-mobile screen). */
export function stubWideScreen() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fixedMediaQuery(query, true),
  );
}
