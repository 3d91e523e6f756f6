import { useEffect, useRef } from 'react';

export interface PlayerShortcuts {
  togglePlay(): void;
  seekBy(seconds: number): void;
  changeVolume(delta: number): void;
  toggleMute(): void;
  toggleFullscreen(): void;
  /** One frame back (-1) or on (1), when paused. */
  frameStep(direction: -1 | 1): void;
  togglePictureInPicture(): void;
  toggleShortcutsHelp(): void;
  /** Theater mode, where the page offers it. */
  toggleTheater?: (() => void) | undefined;
  /** Captions on or off, where the video has some. */
  toggleCaptions?: (() => void) | undefined;
  /** Called after any shortcut, e.g. to show the controls. */
  onShortcut?(): void;
}

/** Where keys belong to what has focus: typing, or a control that Space activates. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

function isActivatedBySpace(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.closest('button, a[href], summary, [role="button"], [role^="menuitem"]') !== null
  );
}

/**
 * The player's keys (core §2.9), on the whole page: Space play/pause, Left/Right seek,
 * Up/Down volume, M mute, F fullscreen; and those people know from other players: K play/pause,
 * J/L back and on, `,`/`.` a frame when paused, I picture-in-picture, T theater mode, C captions, `?` the
 * list of keys. Ignored while typing, with modifier keys, and when something else already
 * handled the key (an open menu).
 */
export function usePlayerShortcuts(
  shortcuts: PlayerShortcuts,
  { skipSeconds, volumeStep }: { skipSeconds: number; volumeStep: number },
): void {
  const latest = useRef(shortcuts);
  useEffect(() => {
    latest.current = shortcuts;
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTyping(event.target)) return;
      const actions = latest.current;
      switch (event.key) {
        case ' ':
        case 'Spacebar':
          // Space on a focused button presses that button.
          if (isActivatedBySpace(event.target)) return;
          actions.togglePlay();
          break;
        case 'k':
        case 'K':
          actions.togglePlay();
          break;
        case 'ArrowLeft':
        case 'j':
        case 'J':
          actions.seekBy(-skipSeconds);
          break;
        case 'ArrowRight':
        case 'l':
        case 'L':
          actions.seekBy(skipSeconds);
          break;
        case ',':
          actions.frameStep(-1);
          break;
        case '.':
          actions.frameStep(1);
          break;
        case 'i':
        case 'I':
          actions.togglePictureInPicture();
          break;
        case 't':
        case 'T':
          if (!actions.toggleTheater) return;
          actions.toggleTheater();
          break;
        case 'c':
        case 'C':
          if (!actions.toggleCaptions) return;
          actions.toggleCaptions();
          break;
        case '?':
          actions.toggleShortcutsHelp();
          break;
        case 'ArrowUp':
          actions.changeVolume(volumeStep);
          break;
        case 'ArrowDown':
          actions.changeVolume(-volumeStep);
          break;
        case 'm':
        case 'M':
          actions.toggleMute();
          break;
        case 'f':
        case 'F':
          actions.toggleFullscreen();
          break;
        default:
          return;
      }
      event.preventDefault();
      actions.onShortcut?.();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [skipSeconds, volumeStep]);
}
