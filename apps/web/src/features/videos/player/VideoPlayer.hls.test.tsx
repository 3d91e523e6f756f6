import { act, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { renderWithProviders } from '../../../app/testing';
import { createTestQueryClient } from '../../../testing/query-client';
import { setMediaTime, stubMediaPlayback } from '../../../testing/media-element';
import { BANDWIDTH_STORAGE_KEY } from './use-media-source';
import { VideoPlayer } from './VideoPlayer';

/*
 * jsdom has no MediaSource, so the real hls.js cannot run here; this stand-in has its API
 * shape (events, levels, currentLevel) and records what the player asks of it.
 */
const fake = vi.hoisted(() => {
  type Handler = (event: string, data: unknown) => void;
  const Events = {
    MANIFEST_PARSED: 'hlsManifestParsed',
    LEVEL_LOADED: 'hlsLevelLoaded',
    LEVEL_SWITCHED: 'hlsLevelSwitched',
    ERROR: 'hlsError',
  } as const;
  class FakeHls {
    static isSupported = () => fake.supported;
    static Events = Events;
    handlers = new Map<string, Handler[]>();
    currentLevel = -1;
    bandwidthEstimate = Number.NaN;
    source: string | null = null;
    media: HTMLMediaElement | null = null;
    isDestroyed = false;
    constructor(readonly config: unknown) {
      fake.instances.push(this);
    }
    on(event: string, handler: Handler) {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    }
    emit(event: string, data: unknown) {
      for (const handler of this.handlers.get(event) ?? []) handler(event, data);
    }
    loadSource(url: string) {
      this.source = url;
    }
    attachMedia(media: HTMLMediaElement) {
      this.media = media;
      queueMicrotask(() =>
        this.emit(Events.MANIFEST_PARSED, {
          levels: [
            { height: 360, bitrate: 800_000 },
            { height: 720, bitrate: 2_800_000 },
          ],
        }),
      );
    }
    /**
     * As hls.js reads a media playlist: one without `#EXT-X-ENDLIST` is live, and the element's
     * duration is its length so far, or infinite with `liveDurationInfinity`; with the end, the
     * whole length.
     */
    loadPlaylist(seconds: number, ended: boolean) {
      const live = !ended;
      const infinite =
        live && (this.config as { liveDurationInfinity?: boolean }).liveDurationInfinity;
      if (this.media) {
        Object.defineProperty(this.media, 'duration', {
          value: infinite ? Number.POSITIVE_INFINITY : seconds,
          configurable: true,
        });
        this.media.dispatchEvent(new Event('durationchange'));
      }
      this.emit(Events.LEVEL_LOADED, { details: { live, totalduration: seconds } });
    }
    destroy() {
      this.isDestroyed = true;
      // As hls.js detaches: the element loads nothing, back at 0 and paused.
      if (this.media) {
        this.media.currentTime = 0;
        Object.defineProperty(this.media, 'paused', { value: true, configurable: true });
      }
    }
  }
  return { FakeHls, Events, instances: [] as FakeHls[], supported: true };
});

vi.mock('hls.js', () => ({ default: fake.FakeHls }));

const hlsUrl = '/media/videos/v1/hls/master.m3u8';
const fileUrl = '/media/videos/v1/original.mp4';

function renderPlayer() {
  stubMediaPlayback();
  const view = renderWithProviders(
    <VideoPlayer
      title="Compilers, explained"
      fileUrl={fileUrl}
      hlsUrl={hlsUrl}
      poster={null}
      storyboardUrl={null}
      durationHint={120}
    />,
  );
  return { ...view, video: view.container.querySelector('video') as HTMLVideoElement };
}

const player = () => screen.getByRole('region', { name: 'Video player' });

describe('video player with an HLS ladder', () => {
  beforeEach(() => {
    fake.instances.length = 0;
    fake.supported = true;
  });

  it('honours a Play pressed before hls.js has read the manifest (the element load undoes it)', async () => {
    const { video } = renderPlayer();
    // Pressed at once, while hls.js is still being loaded: the element says play, then its
    // load on attaching the source pauses it again.
    video.dispatchEvent(new Event('play'));
    video.dispatchEvent(new Event('pause'));
    const play = vi.mocked(HTMLMediaElement.prototype.play);
    play.mockClear();
    await within(player()).findByRole('button', { name: 'Quality: Auto' });
    expect(play).toHaveBeenCalled();
  });

  it('plays the ladder through hls.js and lists its qualities plus Auto', async () => {
    const { user, video } = renderPlayer();
    const quality = await within(player()).findByRole('button', { name: 'Quality: Auto' });
    const hls = fake.instances[0];
    expect(hls?.source).toBe(hlsUrl);
    expect(hls?.media).toBe(video);
    expect(video).not.toHaveAttribute('src');

    await user.click(quality);
    const menu = within(player()).getByRole('menu', { name: 'Quality' });
    expect(
      within(menu)
        .getAllByRole('menuitemradio')
        .map((i) => i.textContent),
    ).toEqual(['Auto', '720p', '360p']);

    await user.click(within(menu).getByRole('menuitemradio', { name: '360p' }));
    expect(hls?.currentLevel).toBe(0);
    expect(within(player()).getByRole('button', { name: 'Quality: 360p' })).toBeInTheDocument();

    await user.click(within(player()).getByRole('button', { name: 'Quality: 360p' }));
    await user.click(within(player()).getByRole('menuitemradio', { name: 'Auto' }));
    expect(hls?.currentLevel).toBe(-1);
  });

  it('caps Auto to the player and starts it from the bandwidth the last video measured', async () => {
    localStorage.removeItem(BANDWIDTH_STORAGE_KEY);
    const first = renderPlayer();
    await within(player()).findByRole('button', { name: 'Quality: Auto' });
    // Nothing measured yet (and jsdom reports no connection): hls.js's own guess.
    expect(fake.instances[0]?.config).toEqual({
      startPosition: 0,
      liveDurationInfinity: true,
      capLevelToPlayerSize: true,
      enableWebVTT: false,
    });
    fake.instances[0]!.bandwidthEstimate = 6_400_000;
    first.unmount();
    expect(localStorage.getItem(BANDWIDTH_STORAGE_KEY)).toBe('6400000');

    renderPlayer();
    await within(player()).findByRole('button', { name: 'Quality: Auto' });
    expect(fake.instances[1]?.config).toEqual({
      startPosition: 0,
      liveDurationInfinity: true,
      capLevelToPlayerSize: true,
      enableWebVTT: false,
      abrEwmaDefaultEstimate: 6_400_000,
    });
    // A figure out of reason is bounded, one that is none is not kept.
    fake.instances[1]!.bandwidthEstimate = 9e12;
    act(() => fake.instances[1]?.emit(fake.Events.LEVEL_SWITCHED, { level: 1 }));
    expect(localStorage.getItem(BANDWIDTH_STORAGE_KEY)).toBe('200000000');
    fake.instances[1]!.bandwidthEstimate = Number.NaN;
    act(() => fake.instances[1]?.emit(fake.Events.LEVEL_SWITCHED, { level: 0 }));
    expect(localStorage.getItem(BANDWIDTH_STORAGE_KEY)).toBe('200000000');
    localStorage.removeItem(BANDWIDTH_STORAGE_KEY);
  });

  it('says which level Auto is playing', async () => {
    const { user } = renderPlayer();
    const quality = await within(player()).findByRole('button', { name: 'Quality: Auto' });
    act(() => fake.instances[0]?.emit(fake.Events.LEVEL_SWITCHED, { level: 1 }));
    await user.click(quality);
    expect(within(player()).getByRole('menuitemradio', { name: 'Auto (720p)' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  it('falls back to the original file when HLS fails for good', async () => {
    const { video } = renderPlayer();
    await within(player()).findByRole('button', { name: 'Quality: Auto' });
    act(() => fake.instances[0]?.emit(fake.Events.ERROR, { fatal: true, type: 'networkError' }));
    expect(fake.instances[0]?.isDestroyed).toBe(true);
    expect(video).toHaveAttribute('src', fileUrl);
    expect(within(player()).queryByRole('button', { name: /Quality/ })).toBeNull();
  });

  it('ignores errors hls.js recovers from', async () => {
    const { video } = renderPlayer();
    await within(player()).findByRole('button', { name: 'Quality: Auto' });
    act(() => fake.instances[0]?.emit(fake.Events.ERROR, { fatal: false }));
    expect(fake.instances[0]?.isDestroyed).toBe(false);
    expect(video).not.toHaveAttribute('src');
  });

  it('plays the original file where the browser cannot play HLS', async () => {
    fake.supported = false;
    const { video } = renderPlayer();
    await waitFor(() => expect(video).toHaveAttribute('src', fileUrl));
    expect(fake.instances).toHaveLength(0);
  });

  it('prefers hls.js even where the browser plays HLS itself (for the quality choice)', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
    const { video } = renderPlayer();
    await within(player()).findByRole('button', { name: 'Quality: Auto' });
    expect(fake.instances).toHaveLength(1);
    expect(video).not.toHaveAttribute('src');
  });

  it('lets the browser play HLS itself where hls.js cannot run (iPhone Safari)', async () => {
    fake.supported = false;
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
    const { video } = renderPlayer();
    await waitFor(() => expect(video).toHaveAttribute('src', hlsUrl));
    expect(fake.instances).toHaveLength(0);
  });

  it('keeps the place and the playing when the first rendition gives way to the whole ladder', async () => {
    stubMediaPlayback();
    const firstUrl = '/media/videos/v1/hls/first.m3u8';
    const queryClient = createTestQueryClient();
    const playerWith = (url: string) => (
      <AppProviders queryClient={queryClient}>
        <VideoPlayer
          title="Phone clip"
          fileUrl={null}
          hlsUrl={url}
          poster={null}
          storyboardUrl={null}
          durationHint={40}
        />
      </AppProviders>
    );
    const view = render(playerWith(firstUrl));
    const video = view.container.querySelector('video') as HTMLVideoElement;
    await within(player()).findByRole('button', { name: 'Quality: Auto' });
    await act(() => video.play());
    act(() => setMediaTime(video, 7.5));
    const play = vi.mocked(HTMLMediaElement.prototype.play);
    play.mockClear();

    view.rerender(playerWith(hlsUrl));
    await waitFor(() => expect(fake.instances).toHaveLength(2));
    expect(fake.instances[0]?.isDestroyed).toBe(true);
    expect(fake.instances[1]?.source).toBe(hlsUrl);
    expect(fake.instances[1]?.config).toMatchObject({ startPosition: 7.5 });
    await waitFor(() => expect(play).toHaveBeenCalled());
  });

  it('plays a first rendition that is still growing from 0, and does not end before its end is known', async () => {
    stubMediaPlayback();
    const onEnded = vi.fn();
    const view = renderWithProviders(
      <VideoPlayer
        title="Phone clip"
        fileUrl={null}
        hlsUrl="/media/videos/v1/hls/first.m3u8"
        poster={null}
        storyboardUrl={null}
        durationHint={60}
        onEnded={onEnded}
      />,
    );
    const video = view.container.querySelector('video') as HTMLVideoElement;
    await within(player()).findByRole('button', { name: 'Quality: Auto' });
    const hls = fake.instances[0]!;
    // From the beginning, not from the live edge hls.js would pick for a playlist with no end.
    expect(hls.config).toMatchObject({ startPosition: 0 });

    // Two segments so far (8 s of a 60 s video): the player still shows the video's length.
    act(() => hls.loadPlaylist(8, false));
    const seek = within(player()).getByRole('slider', { name: 'Seek' });
    expect(seek).toHaveAttribute('max', '60');
    expect(within(player()).getByText('/ 1:00')).toBeInTheDocument();

    // Played up to what exists: it waits for more (a spinner), it has not ended.
    await act(() => video.play());
    act(() => {
      setMediaTime(video, 8);
      video.dispatchEvent(new Event('waiting'));
    });
    expect(within(player()).getByRole('status', { name: 'Loading video' })).toBeInTheDocument();
    expect(onEnded).not.toHaveBeenCalled();
    expect(within(player()).getByRole('button', { name: 'Pause' })).toBeInTheDocument();

    // The playlist grows, then ends: the length is the playlist's, and the end is an end.
    act(() => hls.loadPlaylist(24, false));
    expect(seek).toHaveAttribute('max', '60');
    act(() => hls.loadPlaylist(60, true));
    act(() => {
      setMediaTime(video, 60);
      video.dispatchEvent(new Event('ended'));
    });
    expect(onEnded).toHaveBeenCalledTimes(1);
  });

  it('stops hls.js when the player goes away', async () => {
    const { unmount } = renderPlayer();
    await within(player()).findByRole('button', { name: 'Quality: Auto' });
    unmount();
    expect(fake.instances[0]?.isDestroyed).toBe(true);
  });
});
