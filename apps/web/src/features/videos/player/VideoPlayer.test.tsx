import { act, fireEvent, screen, within } from '@testing-library/react';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../app/testing';
import {
  setMediaDuration,
  setMediaTime,
  stubMediaPlayback,
  stubWideScreen,
} from '../../../testing/media-element';
import { VideoPlayer, type VideoPlayerProps } from './VideoPlayer';

const defaults: VideoPlayerProps = {
  title: 'Compilers, explained',
  fileUrl: '/media/videos/v1/original.mp4',
  hlsUrl: null,
  poster: '/media/thumbnails/v1.webp',
  storyboardUrl: null,
  durationHint: 120,
};

function renderPlayer(props: Partial<VideoPlayerProps> = {}) {
  const media = stubMediaPlayback();
  const view = renderWithProviders(
    <>
      <label>
        Notes
        <input />
      </label>
      <VideoPlayer {...defaults} {...props} />
    </>,
  );
  const video = view.container.querySelector('video') as HTMLVideoElement;
  setMediaDuration(video, 120);
  return { ...view, video, media };
}

const player = () => screen.getByRole('region', { name: 'Video player' });
const control = (name: string | RegExp) => within(player()).getByRole('button', { name });

describe('video player', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.exitFullscreen = undefined as unknown as Document['exitFullscreen'];
  });

  it('plays the original file with the poster, and shows the duration', () => {
    const { video } = renderPlayer();
    expect(video).toHaveAttribute('src', '/media/videos/v1/original.mp4');
    expect(video).toHaveAttribute('poster', '/media/thumbnails/v1.webp');
    expect(video).toHaveAttribute('playsinline');
    expect(player()).toHaveTextContent('0:00 / 2:00');
  });

  it('plays and pauses with its buttons', async () => {
    const { user, video, media } = renderPlayer();
    await user.click(control('Play video'));
    expect(media.play).toHaveBeenCalledTimes(1);
    expect(video.paused).toBe(false);
    // Started: the big button goes, the bar's button says Pause.
    expect(within(player()).queryByRole('button', { name: 'Play video' })).toBeNull();
    await user.click(control('Pause'));
    expect(video.paused).toBe(true);
    expect(control('Play')).toBeInTheDocument();
  });

  it('calls onPlaybackStart once, when playback first starts', async () => {
    const onPlaybackStart = vi.fn();
    const { user } = renderPlayer({ onPlaybackStart });
    expect(onPlaybackStart).not.toHaveBeenCalled();
    await user.click(control('Play video'));
    await user.click(control('Pause'));
    await user.click(control('Play'));
    expect(onPlaybackStart).toHaveBeenCalledTimes(1);
  });

  it('shows a spinner while buffering', () => {
    const { video } = renderPlayer();
    act(() => video.dispatchEvent(new Event('waiting')));
    expect(within(player()).getByRole('status', { name: 'Loading video' })).toBeInTheDocument();
    act(() => video.dispatchEvent(new Event('playing')));
    expect(within(player()).queryByRole('status', { name: 'Loading video' })).toBeNull();
  });

  it('skips 10 s back and forward, within the video', async () => {
    const { user, video } = renderPlayer();
    act(() => setMediaTime(video, 30));
    await user.click(control('Forward 10 seconds'));
    expect(video.currentTime).toBe(40);
    await user.click(control('Rewind 10 seconds'));
    await user.click(control('Rewind 10 seconds'));
    expect(video.currentTime).toBe(20);
    act(() => setMediaTime(video, 115));
    await user.click(control('Forward 10 seconds'));
    expect(video.currentTime).toBe(120);
    expect(player()).toHaveTextContent('2:00 / 2:00');
  });

  it('seeks with the seek bar', () => {
    const { video } = renderPlayer();
    const seek = within(player()).getByRole('slider', { name: 'Seek' });
    expect(seek).toHaveAttribute('max', '120');
    fireEvent.change(seek, { target: { value: '75' } });
    expect(video.currentTime).toBe(75);
    expect(seek).toHaveAttribute('aria-valuetext', '1:15 of 2:00');
  });

  describe('keyboard', () => {
    it('Space plays and pauses, Left/Right seek 10 s', async () => {
      const { user, video } = renderPlayer();
      await user.keyboard(' ');
      expect(video.paused).toBe(false);
      await user.keyboard(' ');
      expect(video.paused).toBe(true);

      act(() => setMediaTime(video, 50));
      await user.keyboard('{ArrowRight}');
      expect(video.currentTime).toBe(60);
      await user.keyboard('{ArrowLeft}{ArrowLeft}');
      expect(video.currentTime).toBe(40);
      act(() => setMediaTime(video, 4));
      await user.keyboard('{ArrowLeft}');
      expect(video.currentTime).toBe(0);
    });

    it('K plays and pauses, J/L seek 10 s, and , . step a frame only while paused', async () => {
      const { user, video } = renderPlayer();
      await user.keyboard('k');
      expect(video.paused).toBe(false);
      act(() => setMediaTime(video, 50));
      await user.keyboard('l');
      expect(video.currentTime).toBe(60);
      await user.keyboard('jj');
      expect(video.currentTime).toBe(40);
      // Playing: a frame step would be lost in the playback.
      await user.keyboard('.');
      expect(video.currentTime).toBe(40);
      await user.keyboard('K');
      expect(video.paused).toBe(true);
      await user.keyboard('..');
      expect(video.currentTime).toBeCloseTo(40 + 2 / 30, 5);
      await user.keyboard(',');
      expect(video.currentTime).toBeCloseTo(40 + 1 / 30, 5);
    });

    it('? shows the list of keys over the video, and ? or Escape hides it', async () => {
      const { user } = renderPlayer();
      await user.keyboard('?');
      const help = within(player()).getByRole('dialog', { name: 'Keyboard shortcuts' });
      expect(within(help).getByText('Picture-in-picture')).toBeInTheDocument();
      expect(control('Keyboard shortcuts')).toHaveAttribute('aria-expanded', 'true');
      await user.keyboard('?');
      expect(within(player()).queryByRole('dialog')).toBeNull();

      await user.click(control('Keyboard shortcuts'));
      const again = within(player()).getByRole('dialog', { name: 'Keyboard shortcuts' });
      await user.click(within(again).getByRole('button', { name: 'Close keyboard shortcuts' }));
      expect(within(player()).queryByRole('dialog')).toBeNull();
      await user.click(control('Keyboard shortcuts'));
      within(player()).getByRole('button', { name: 'Close keyboard shortcuts' }).focus();
      await user.keyboard('{Escape}');
      expect(within(player()).queryByRole('dialog')).toBeNull();
    });

    it('T switches theater mode where the page offers it, and only there', async () => {
      const toggle = vi.fn();
      const { user, unmount } = renderPlayer({ theater: { isOn: false, toggle } });
      expect(control('Theater mode')).toHaveAttribute('aria-pressed', 'false');
      await user.keyboard('t');
      expect(toggle).toHaveBeenCalledTimes(1);
      await user.click(control('Theater mode'));
      expect(toggle).toHaveBeenCalledTimes(2);
      unmount();
      renderPlayer();
      expect(within(player()).queryByRole('button', { name: 'Theater mode' })).toBeNull();
    });

    it('Up/Down change the volume by 0.1 within 0..1; M mutes', async () => {
      const { user, video } = renderPlayer();
      await user.keyboard('{ArrowDown}{ArrowDown}');
      expect(video.volume).toBe(0.8);
      await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
      expect(video.volume).toBe(1);

      await user.keyboard('m');
      expect(video.muted).toBe(true);
      expect(control('Unmute')).toBeInTheDocument();
      await user.keyboard('M');
      expect(video.muted).toBe(false);
      expect(control('Mute')).toBeInTheDocument();
    });

    it('F toggles fullscreen', async () => {
      const requestFullscreen = vi.fn(function (this: HTMLElement) {
        Object.defineProperty(document, 'fullscreenElement', { value: this, configurable: true });
        document.dispatchEvent(new Event('fullscreenchange'));
        return Promise.resolve();
      });
      const exitFullscreen = vi.fn(() => {
        Object.defineProperty(document, 'fullscreenElement', { value: null, configurable: true });
        document.dispatchEvent(new Event('fullscreenchange'));
        return Promise.resolve();
      });
      HTMLElement.prototype.requestFullscreen = requestFullscreen;
      document.exitFullscreen = exitFullscreen;
      const { user } = renderPlayer();

      await user.keyboard('f');
      expect(requestFullscreen).toHaveBeenCalledTimes(1);
      expect(requestFullscreen.mock.contexts[0]).toBe(player());
      expect(control('Exit full screen')).toBeInTheDocument();
      await user.keyboard('F');
      expect(exitFullscreen).toHaveBeenCalledTimes(1);
      expect(control('Full screen')).toBeInTheDocument();
      delete (HTMLElement.prototype as Partial<HTMLElement>).requestFullscreen;
    });

    it('is ignored while typing, and with modifier keys', async () => {
      const { user, video, media } = renderPlayer();
      await user.click(screen.getByRole('textbox', { name: 'Notes' }));
      await user.keyboard(' m{ArrowDown}f');
      expect(media.play).not.toHaveBeenCalled();
      expect(video.muted).toBe(false);
      expect(video.volume).toBe(1);
      expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue(' mf');

      await user.click(document.body);
      await user.keyboard('{Control>}m{/Control}');
      expect(video.muted).toBe(false);
    });

    it('leaves Space to a focused button', async () => {
      const { user, video } = renderPlayer();
      control('Mute').focus();
      await user.keyboard(' ');
      // The focused button was pressed; playback did not start.
      expect(video.muted).toBe(true);
      expect(video.paused).toBe(true);
    });
  });

  it('sets the volume with its slider (0 to 1, step 0.1); 0 mutes', () => {
    const { video } = renderPlayer();
    const volume = within(player()).getByRole('slider', { name: 'Volume' });
    expect(volume).toHaveAttribute('min', '0');
    expect(volume).toHaveAttribute('max', '1');
    expect(volume).toHaveAttribute('step', '0.1');
    fireEvent.change(volume, { target: { value: '0.3' } });
    expect(video.volume).toBe(0.3);
    expect(video.muted).toBe(false);
    fireEvent.change(volume, { target: { value: '0' } });
    expect(video.muted).toBe(true);
    expect(control('Unmute')).toBeInTheDocument();
  });

  it('changes the speed from its menu (0.25x to 2x); Escape closes it', async () => {
    const { user, video } = renderPlayer();
    await user.click(control('Playback speed: 1x'));
    const menu = within(player()).getByRole('menu', { name: 'Playback speed' });
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual([
      '0.25x',
      '0.5x',
      '0.75x',
      '1x',
      '1.25x',
      '1.5x',
      '1.75x',
      '2x',
    ]);
    expect(within(menu).getByRole('menuitemradio', { name: '1x' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(within(menu).getByRole('menuitemradio', { name: '1x' })).toHaveFocus();

    // Arrow keys move within the menu and do not seek or change the volume.
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(video.playbackRate).toBe(1.5);
    expect(video.currentTime).toBe(0);
    expect(video.volume).toBe(1);
    expect(within(player()).queryByRole('menu')).toBeNull();
    expect(control('Playback speed: 1.5x')).toHaveFocus();

    await user.click(control('Playback speed: 1.5x'));
    await user.keyboard('{Escape}');
    expect(within(player()).queryByRole('menu')).toBeNull();
    expect(control('Playback speed: 1.5x')).toHaveFocus();

    await user.click(control('Playback speed: 1.5x'));
    await user.click(within(player()).getByRole('menuitemradio', { name: '0.25x' }));
    expect(video.playbackRate).toBe(0.25);
  });

  it('offers no quality menu without an HLS ladder', () => {
    renderPlayer();
    expect(within(player()).queryByRole('button', { name: /Quality/ })).toBeNull();
  });

  describe('controls', () => {
    it('hide after 3 s without activity while playing on a wide screen, and come back', () => {
      vi.useFakeTimers();
      stubWideScreen();
      const { video } = renderPlayer();
      const bar = control('Play').closest('.absolute') as HTMLElement;
      act(() => {
        void video.play();
      });
      act(() => vi.advanceTimersByTime(2900));
      expect(bar).toHaveClass('opacity-100');
      act(() => vi.advanceTimersByTime(200));
      expect(bar).toHaveClass('opacity-0');

      fireEvent.pointerMove(player(), { pointerType: 'mouse' });
      expect(bar).toHaveClass('opacity-100');
      act(() => vi.advanceTimersByTime(3100));
      expect(bar).toHaveClass('opacity-0');

      // Pausing (here with the keyboard) shows them again and keeps them.
      fireEvent.keyDown(document.body, { key: ' ' });
      expect(video.paused).toBe(true);
      act(() => vi.advanceTimersByTime(5000));
      expect(bar).toHaveClass('opacity-100');
    });

    it('stay on a mobile-width screen while playing', () => {
      vi.useFakeTimers();
      const { video } = renderPlayer();
      const bar = control('Play').closest('.absolute') as HTMLElement;
      act(() => {
        void video.play();
      });
      act(() => vi.advanceTimersByTime(10_000));
      expect(bar).toHaveClass('opacity-100');
    });

    it('are toggled by a tap on touch screens; a mouse click plays instead', () => {
      const { video } = renderPlayer();
      const bar = control('Play').closest('.absolute') as HTMLElement;
      const surface = screen.getByTestId('player-surface');
      fireEvent.pointerUp(surface, { pointerType: 'touch' });
      expect(bar).toHaveClass('opacity-0');
      expect(video.paused).toBe(true);
      fireEvent.pointerUp(surface, { pointerType: 'touch' });
      expect(bar).toHaveClass('opacity-100');

      fireEvent.pointerUp(surface, { pointerType: 'mouse', button: 0 });
      expect(video.paused).toBe(false);
    });

    it('are all labelled buttons or sliders', () => {
      renderPlayer();
      const names = within(player())
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label'));
      expect(names).toEqual([
        'Play video',
        'Play',
        'Rewind 10 seconds',
        'Forward 10 seconds',
        'Mute',
        'Playback speed: 1x',
        'Keyboard shortcuts',
        'Full screen',
      ]);
      expect(
        within(player())
          .getAllByRole('slider')
          .map((s) => s.getAttribute('aria-label')),
      ).toEqual(['Seek', 'Volume']);
    });
  });

  describe('storyboard preview', () => {
    let server: Server | null = null;
    afterEach(async () => {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = null;
    });

    it('shows the frame and time under the pointer on the seek bar', async () => {
      server = createServer((_req, res) => {
        res.writeHead(200, {
          'content-type': 'text/vtt',
          'access-control-allow-origin': '*',
        });
        res.end(
          'WEBVTT\n\n00:00:00.000 --> 00:01:00.000\nsprite.jpg#xywh=0,0,160,90\n\n' +
            '00:01:00.000 --> 00:02:00.000\nsprite.jpg#xywh=160,0,160,90\n',
        );
      });
      await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      const base = `http://127.0.0.1:${port}/media/videos/v1/storyboard`;
      renderPlayer({ storyboardUrl: `${base}/storyboard.vtt` });

      const seek = within(player()).getByRole('slider', { name: 'Seek' });
      const track = seek.parentElement?.firstElementChild as HTMLElement;
      vi.spyOn(track, 'getBoundingClientRect').mockReturnValue({
        left: 100,
        width: 400,
        top: 0,
        right: 500,
        bottom: 4,
        height: 4,
        x: 100,
        y: 0,
        toJSON: () => ({}),
      });

      // vi.waitFor polls (RTL's waitFor would also rerun on the DOM changes this makes).
      await vi.waitFor(() => {
        fireEvent.pointerMove(seek, { pointerType: 'mouse', clientX: 400 });
        const preview = screen.getByTestId('seek-preview');
        expect(preview).toHaveTextContent('1:30');
        const frame = preview.firstElementChild as HTMLElement;
        expect(frame.style.backgroundImage).toBe(`url("${base}/sprite.jpg")`);
        expect(frame.style.backgroundPosition).toBe('-160px 0px');
      });
      fireEvent.pointerLeave(seek.parentElement as HTMLElement);
      expect(screen.queryByTestId('seek-preview')).toBeNull();
    });
  });
});
