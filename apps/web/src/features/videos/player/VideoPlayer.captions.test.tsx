import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../app/testing';
import { stubMediaPlayback, stubWideScreen } from '../../../testing/media-element';
import { captionsStorageKey, LIFTED_LINE, type CaptionTrack } from './use-captions';
import { VideoPlayer, type VideoPlayerProps } from './VideoPlayer';

const tracks: CaptionTrack[] = [
  { language: 'en', label: 'English', url: '/media/captions/v1/en-1.vtt' },
  { language: 'pt-BR', label: 'Português (Brasil)', url: '/media/captions/v1/pt-BR-2.vtt' },
];

const defaults: VideoPlayerProps = {
  title: 'Compilers, explained',
  fileUrl: '/media/videos/v1/original.mp4',
  hlsUrl: null,
  poster: null,
  storyboardUrl: null,
  durationHint: 120,
  captions: tracks,
};

// jsdom has <track> but no TextTrack behind it: each element gets the browser's `track`
// object (its mode is what the player sets).
beforeAll(() => {
  if ('track' in HTMLTrackElement.prototype) return;
  const made = new WeakMap<
    HTMLTrackElement,
    { mode: TextTrackMode; cues: { line: number | 'auto' }[] }
  >();
  Object.defineProperty(HTMLTrackElement.prototype, 'track', {
    configurable: true,
    get(this: HTMLTrackElement) {
      // Two cues as the browser parsed them: one left at the bottom, one placed at the top.
      if (!made.has(this))
        made.set(this, { mode: 'disabled', cues: [{ line: 'auto' }, { line: 0 }] });
      return made.get(this);
    },
  });
});
afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

function renderPlayer(props: Partial<VideoPlayerProps> = {}) {
  stubMediaPlayback();
  const view = renderWithProviders(<VideoPlayer {...defaults} {...props} />);
  const video = view.container.querySelector('video') as HTMLVideoElement;
  return { ...view, video };
}

const player = () => screen.getByRole('region', { name: 'Video player' });
/** Each track element's language and mode. */
const modes = (video: HTMLVideoElement) =>
  Object.fromEntries(
    [...video.querySelectorAll('track')].map((t) => [t.getAttribute('srclang'), t.track.mode]),
  );

describe('the player’s captions', () => {
  it('gives the video one subtitles track per language, all off at first', () => {
    const { video } = renderPlayer();
    const elements = [...video.querySelectorAll('track')];
    expect(
      elements.map((t) => [t.kind, t.getAttribute('srclang'), t.label, t.getAttribute('src')]),
    ).toEqual([
      ['subtitles', 'en', 'English', '/media/captions/v1/en-1.vtt'],
      ['subtitles', 'pt-BR', 'Português (Brasil)', '/media/captions/v1/pt-BR-2.vtt'],
    ]);
    expect(modes(video)).toEqual({ en: 'disabled', 'pt-BR': 'disabled' });
    expect(within(player()).getByRole('button', { name: 'Captions' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('turns captions on and off with the CC button, in the browser’s language first', async () => {
    const { user, video } = renderPlayer();
    const cc = within(player()).getByRole('button', { name: 'Captions' });
    await user.click(cc);
    expect(cc).toHaveAttribute('aria-pressed', 'true');
    // jsdom's browser speaks en-US: the English track, shown by the browser's WebVTT rendering.
    expect(modes(video)).toEqual({ en: 'showing', 'pt-BR': 'disabled' });
    expect(
      within(player()).getByRole('button', { name: 'Captions language: English' }),
    ).toBeInTheDocument();
    await user.click(cc);
    expect(modes(video)).toEqual({ en: 'disabled', 'pt-BR': 'disabled' });
    expect(cc).toHaveAttribute('aria-pressed', 'false');
  });

  it('chooses a language from the menu with the keyboard, and remembers it for this person', async () => {
    const first = renderPlayer({ personId: 'ada' });
    const menuButton = within(player()).getByRole('button', { name: 'Captions language: Off' });
    menuButton.focus();
    await first.user.keyboard('{Enter}');
    const menu = within(player()).getByRole('menu', { name: 'Captions language' });
    expect(
      within(menu)
        .getAllByRole('menuitemradio')
        .map((i) => i.textContent),
    ).toEqual(['Off', 'English', 'Português (Brasil)']);
    await first.user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(modes(first.video)).toEqual({ en: 'disabled', 'pt-BR': 'showing' });
    expect(JSON.parse(localStorage.getItem(captionsStorageKey('ada'))!)).toEqual({
      isOn: true,
      language: 'pt-BR',
    });
    first.unmount();

    // The same person's next video shows their language at once; someone else's starts off.
    const again = renderPlayer({ personId: 'ada' });
    expect(modes(again.video)).toEqual({ en: 'disabled', 'pt-BR': 'showing' });
    again.unmount();
    const visitor = renderPlayer({ personId: null });
    expect(modes(visitor.video)).toEqual({ en: 'disabled', 'pt-BR': 'disabled' });
  });

  it('toggles with the C key, as other players do, and not while typing', async () => {
    stubMediaPlayback();
    const { user, container } = renderWithProviders(
      <>
        <label>
          Notes
          <input />
        </label>
        <VideoPlayer {...defaults} />
      </>,
    );
    const video = container.querySelector('video') as HTMLVideoElement;
    await user.keyboard('c');
    expect(modes(video)).toEqual({ en: 'showing', 'pt-BR': 'disabled' });
    await user.keyboard('C');
    expect(modes(video)).toEqual({ en: 'disabled', 'pt-BR': 'disabled' });
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'c');
    expect(modes(video)).toEqual({ en: 'disabled', 'pt-BR': 'disabled' });
  });

  it('shows no captions controls for a video without captions, and C does nothing', async () => {
    const { user, video } = renderPlayer({ captions: [] });
    expect(within(player()).queryByRole('button', { name: 'Captions' })).toBeNull();
    await user.keyboard('c');
    expect(video.querySelectorAll('track')).toHaveLength(0);
  });

  it('lists C among the keyboard shortcuts', async () => {
    const { user } = renderPlayer();
    await user.click(within(player()).getByRole('button', { name: 'Keyboard shortcuts' }));
    const help = within(player()).getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(help).toHaveTextContent('CCaptions on or off');
  });

  it('gives tracks that arrive after the video the remembered choice', async () => {
    localStorage.setItem(captionsStorageKey(null), JSON.stringify({ isOn: true, language: 'en' }));
    stubMediaPlayback();
    function LateCaptions() {
      const [captions, setCaptions] = useState<CaptionTrack[]>([]);
      return (
        <>
          <button type="button" onClick={() => setCaptions(tracks)}>
            Load captions
          </button>
          <VideoPlayer {...defaults} captions={captions} />
        </>
      );
    }
    const { user, container } = renderWithProviders(<LateCaptions />);
    const video = container.querySelector('video') as HTMLVideoElement;
    await user.click(screen.getByRole('button', { name: 'Load captions' }));
    expect(modes(video)).toEqual({ en: 'showing', 'pt-BR': 'disabled' });
  });

  it('moves bottom cues above the controls while they show, and leaves placed cues alone', async () => {
    stubWideScreen();
    const { user, video } = renderPlayer();
    const lines = () =>
      Array.from(video.querySelector('track')!.track.cues!, (c) => (c as VTTCue).line);
    // Paused: the controls show, the bottom cue sits above them.
    expect(lines()).toEqual([LIFTED_LINE, 0]);
    await user.click(within(player()).getByRole('button', { name: 'Play video' }));
    // Playing, the pointer leaving: the controls go, the cue returns to the bottom.
    fireEvent.pointerLeave(player(), { pointerType: 'mouse' });
    expect(lines()).toEqual(['auto', 0]);
  });
});
