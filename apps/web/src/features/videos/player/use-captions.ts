import { useCallback, useEffect, useMemo, useState, type RefObject } from 'react';

/** A language's captions as the player shows them: a WebVTT file. */
export interface CaptionTrack {
  language: string;
  label: string;
  /** The WebVTT file, given to the `<video>` as a `<track kind="subtitles">`. */
  url: string;
}

/** The line (from the bottom) a bottom cue moves to while the controls show. */
export const LIFTED_LINE = -3;

/** Cues whose place the player manages: those their file left at line `auto`. */
const placedByUs = new WeakSet<object>();

/** What a person chose: captions on or off, and the language last chosen. */
interface CaptionsChoice {
  isOn: boolean;
  language: string | null;
}

/** The localStorage key of one person's captions choice (`visitor` when nobody is signed in). */
export const captionsStorageKey = (personId: string | null) =>
  `kinora.captions.${personId ?? 'visitor'}`;

function readChoice(key: string): CaptionsChoice {
  try {
    const kept: unknown = JSON.parse(window.localStorage.getItem(key) ?? 'null');
    if (kept && typeof kept === 'object') {
      const { isOn, language } = kept as Record<string, unknown>;
      return { isOn: isOn === true, language: typeof language === 'string' ? language : null };
    }
  } catch {
    // Nothing kept, or not readable: captions start off.
  }
  return { isOn: false, language: null };
}

function keepChoice(key: string, choice: CaptionsChoice) {
  try {
    window.localStorage.setItem(key, JSON.stringify(choice));
  } catch {
    // Not remembered: the choice holds for this page.
  }
}

/** The track for a remembered language: the same tag, else the same language, else the browser's. */
function trackFor(tracks: readonly CaptionTrack[], language: string | null): CaptionTrack | null {
  const base = (tag: string) => tag.split('-')[0]!.toLowerCase();
  const wanted = [language, ...(typeof navigator === 'undefined' ? [] : navigator.languages)];
  for (const tag of wanted) {
    if (!tag) continue;
    const exact = tracks.find((t) => t.language.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const near = tracks.find((t) => base(t.language) === base(tag));
    if (near) return near;
  }
  return tracks[0] ?? null;
}

/**
 * Which captions show (issue 22 item 4): off until the person turns them on, then the language
 * they chose last (remembered per person in this browser), shown by the browser's own WebVTT
 * rendering, so cue settings (line, position, align, size, vertical) place them.
 */
export function useCaptions(
  videoRef: RefObject<HTMLVideoElement | null>,
  tracks: readonly CaptionTrack[],
  personId: string | null,
  /** Whether the player's controls cover the bottom: cues placed there move above them. */
  liftBottomCues = false,
) {
  const key = captionsStorageKey(personId);
  const [state, setState] = useState(() => ({ key, choice: readChoice(key) }));
  const choice = state.key === key ? state.choice : readChoice(key);
  const showing = choice.isOn ? trackFor(tracks, choice.language) : null;

  const choose = useCallback(
    (next: CaptionsChoice) => {
      keepChoice(key, next);
      setState({ key, choice: next });
    },
    [key],
  );

  // The chosen track shows; the others are disabled (not even loaded).
  const showingLanguage = showing?.language ?? null;
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const apply = () => {
      for (const element of video.querySelectorAll('track')) {
        const track = (element as HTMLTrackElement).track as TextTrack | undefined;
        if (!track) continue;
        track.mode = element.getAttribute('srclang') === showingLanguage ? 'showing' : 'disabled';
      }
    };
    apply();
    // A track added later (the list arrived after the video) gets the same choice.
    const observer = typeof MutationObserver === 'undefined' ? null : new MutationObserver(apply);
    observer?.observe(video, { childList: true });
    return () => observer?.disconnect();
  }, [videoRef, showingLanguage, tracks]);

  // Cues the file leaves to the default place (line `auto`, the bottom) go a few lines up
  // while the controls show, as other players do; cues placed by their settings stay put.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const elements = [...video.querySelectorAll('track')];
    const place = () => {
      for (const element of elements) {
        const cues = (element as HTMLTrackElement).track?.cues;
        if (!cues) continue;
        for (let i = 0; i < cues.length; i++) {
          const cue = cues[i] as Partial<Pick<VTTCue, 'line'>> | undefined;
          if (!cue || !('line' in cue)) continue;
          if (!placedByUs.has(cue)) {
            if (cue.line !== 'auto') continue;
            placedByUs.add(cue);
          }
          cue.line = liftBottomCues ? LIFTED_LINE : 'auto';
        }
      }
    };
    place();
    for (const element of elements) element.addEventListener('load', place);
    return () => {
      for (const element of elements) element.removeEventListener('load', place);
    };
  }, [videoRef, liftBottomCues, showingLanguage, tracks]);

  return useMemo(
    () => ({
      tracks,
      /** The language showing, or null when captions are off. */
      showing: showingLanguage,
      toggle: () => {
        if (tracks.length === 0) return;
        choose({ isOn: !choice.isOn, language: showingLanguage ?? choice.language });
      },
      select: (language: string | null) =>
        choose(language === null ? { ...choice, isOn: false } : { isOn: true, language }),
    }),
    [tracks, showingLanguage, choice, choose],
  );
}
