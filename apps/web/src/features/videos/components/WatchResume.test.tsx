import type { HistoryEntry } from '@kinora/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../app/testing';
import { withContractServer } from '../../../testing/contract-server';
import { makeUser } from '../../../testing/fixtures';
import { setMediaDuration, setMediaTime, stubMediaPlayback } from '../../../testing/media-element';
import { makeVideo, videoId } from '../../../testing/video-fixtures';
import { POSITION_SAVE_MS } from '../player/VideoPlayer';

const server = withContractServer();

beforeAll(async () => {
  await import('./WatchPage');
  configure({ asyncUtilTimeout: 4000 });
});
afterAll(() => configure({ asyncUtilTimeout: 1000 }));

const viewer = makeUser({ _id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b' });

/** The watch page's calls; `positionSeconds` puts the video in the viewer's history. */
function serveWatchPage({
  signedIn = true,
  positionSeconds,
  description,
}: { signedIn?: boolean; positionSeconds?: number; description?: string } = {}) {
  const video = makeVideo({ duration: 754, ...(description === undefined ? {} : { description }) });
  if (signedIn) server().on('currentUser', () => ({ data: viewer }));
  server().on('getVideo', () => ({ data: video }));
  server().on('listComments', () => ({
    data: { comments: [], totalCount: 0, page: 1, limit: 20, totalPages: 1, hasNextPage: false },
  }));
  server().on('videoLikeStatus', () => ({ data: { isLiked: false, likeCount: 0 } }));
  server().on('subscriptionStatus', () => ({ data: { isSubscribed: false, subscriberCount: 0 } }));
  server().on('listVideos', () => ({
    data: { videos: [], page: 1, limit: 10, totalPages: 1, hasNextPage: false, totalVideos: 0 },
  }));
  server().on('recordView', () => ({ data: { views: 1, counted: true } }));
  // The latest history holds other videos only: the position comes from the per-video read.
  const recent: HistoryEntry[] = Array.from({ length: 50 }, (_, i) => ({
    ...makeVideo({ _id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` }),
    watchedAt: video.createdAt,
    positionSeconds: 10,
    cursor: `c${i}`,
  }));
  server().on('watchHistory', () => ({ data: recent }));
  server().on('watchPositions', (request) => ({
    data:
      positionSeconds === undefined || !request.query.videoIds?.split(',').includes(video._id)
        ? []
        : [{ videoId: video._id, positionSeconds, watchedAt: '2025-01-02T03:04:05.000Z' }],
  }));
  server().on('saveWatchPosition', (request) => ({
    data: {
      recorded: true,
      positionSeconds: (request.body as { positionSeconds: number }).positionSeconds,
    },
  }));
  return video;
}

async function openWatchPage(
  setup: Parameters<typeof serveWatchPage>[0] & { search?: string } = {},
) {
  const video = serveWatchPage(setup);
  const view = renderRoute(`/video/${video._id}${setup.search ?? ''}`);
  await screen.findByRole('heading', { level: 1, name: video.title });
  const media = view.container.querySelector('video')!;
  return { ...view, media };
}

describe('resume where the viewer stopped', () => {
  it('offers to resume from the saved position and seeks there', async () => {
    const { user, media } = await openWatchPage({ positionSeconds: 377 });
    setMediaDuration(media, 754);
    await user.click(await screen.findByRole('button', { name: 'Resume from 6:17' }));
    expect(media.currentTime).toBe(377);
    expect(screen.queryByRole('button', { name: 'Resume from 6:17' })).toBeNull();
    // One per-video read, so a video watched long ago (past the latest 50) still resumes.
    expect(
      server()
        .requestsTo('watchPositions')
        .map((r) => r.query),
    ).toEqual([{ videoIds: videoId }]);
    expect(server().requestsTo('watchHistory')).toHaveLength(0);
  });

  it('Start over dismisses the offer', async () => {
    const { user } = await openWatchPage({ positionSeconds: 377 });
    await user.click(await screen.findByRole('button', { name: 'Start over' }));
    expect(screen.queryByRole('button', { name: /Resume from/ })).toBeNull();
  });

  it.each([2, 752])('does not offer a position of %i s of 754', async (positionSeconds) => {
    await openWatchPage({ positionSeconds });
    await waitFor(() => expect(server().requestsTo('watchPositions')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: /Resume from/ })).toBeNull();
  });

  it('saves the position every few seconds while playing, and on pause', async () => {
    stubMediaPlayback();
    const now = vi.spyOn(Date, 'now');
    const start = Date.now();
    now.mockReturnValue(start);
    const { user, media } = await openWatchPage();
    const player = screen.getByRole('region', { name: 'Video player' });
    await user.click(within(player).getByRole('button', { name: 'Play video' }));

    setMediaTime(media, 3);
    expect(server().requestsTo('saveWatchPosition')).toHaveLength(0);
    now.mockReturnValue(start + POSITION_SAVE_MS);
    setMediaTime(media, 13.6);
    await waitFor(() => expect(server().requestsTo('saveWatchPosition')).toHaveLength(1));
    expect(server().requestsTo('saveWatchPosition')[0]).toMatchObject({
      params: { videoId },
      body: { positionSeconds: 13 },
    });

    setMediaTime(media, 20);
    await user.click(within(player).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(server().requestsTo('saveWatchPosition')).toHaveLength(2));
    expect(server().requestsTo('saveWatchPosition')[1]?.body).toEqual({ positionSeconds: 20 });
  });

  it('saves the position when the viewer leaves the page', async () => {
    stubMediaPlayback();
    const { user, media, router } = await openWatchPage();
    await user.click(screen.getByRole('button', { name: 'Play video' }));
    setMediaTime(media, 42);
    await router.navigate('/trending');
    await waitFor(() => expect(server().requestsTo('saveWatchPosition')).toHaveLength(1));
    expect(server().requestsTo('saveWatchPosition')[0]?.body).toEqual({ positionSeconds: 42 });
  });

  it('visitors: no history read and nothing saved', async () => {
    stubMediaPlayback();
    const { user, media } = await openWatchPage({ signedIn: false, positionSeconds: 377 });
    await user.click(screen.getByRole('button', { name: 'Play video' }));
    setMediaTime(media, 30);
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server().requestsTo('watchPositions')).toHaveLength(0);
    expect(server().requestsTo('saveWatchPosition')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /Resume from/ })).toBeNull();
  });
});

describe('times in the description', () => {
  it('seek the player, and addresses in it are links', async () => {
    const { user, media } = await openWatchPage({
      description: 'Chapters:\n0:00 Intro\n2:05 The demo\nSlides: https://example.org/slides',
    });
    setMediaDuration(media, 754);
    await user.click(screen.getByRole('button', { name: 'Jump to 2:05' }));
    expect(media.currentTime).toBe(125);
    expect(screen.getByRole('link', { name: 'https://example.org/slides' })).toHaveAttribute(
      'rel',
      'noopener nofollow ugc',
    );
  });

  it('make chapters: marks on the seek bar, a list under the video, the name beside the time', async () => {
    const { user, media } = await openWatchPage({
      description: 'A tour.\n0:00 Intro\n1:05 - Lexing\n6:30 | Parsing',
    });
    setMediaDuration(media, 754);
    const list = screen.getByRole('region', { name: 'Chapters' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['0:00Intro', '1:05Lexing', '6:30Parsing']);
    expect(screen.getAllByTestId('chapter-mark')).toHaveLength(2);

    await user.click(within(list).getByRole('button', { name: /Lexing/ }));
    expect(media.currentTime).toBe(65);
    await waitFor(() => expect(screen.getByTestId('playing-chapter')).toHaveTextContent('Lexing'));
    expect(screen.getByRole('slider', { name: 'Seek' })).toHaveAttribute(
      'aria-valuetext',
      '1:05 of 12:34, Lexing',
    );
  });
});

describe('theater mode', () => {
  it('is remembered on this device, and switching it keeps the same video playing', async () => {
    localStorage.removeItem('kinora.theaterMode');
    const first = await openWatchPage();
    await first.user.click(screen.getByRole('button', { name: 'Theater mode' }));
    expect(screen.getByRole('button', { name: 'Default view' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The same element: the video did not start again.
    expect(first.container.querySelector('video')).toBe(first.media);
    expect(localStorage.getItem('kinora.theaterMode')).toBe('on');
    first.unmount();

    const second = await openWatchPage();
    expect(screen.getByRole('button', { name: 'Default view' })).toBeInTheDocument();
    await second.user.keyboard('t');
    expect(screen.getByRole('button', { name: 'Theater mode' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(localStorage.getItem('kinora.theaterMode')).toBe('off');
    localStorage.removeItem('kinora.theaterMode');
  });
});

describe('a link that says where to start (?t=)', () => {
  it('starts there, instead of offering to resume', async () => {
    const { media } = await openWatchPage({ positionSeconds: 377, search: '?t=1m5s' });
    setMediaDuration(media, 754);
    await waitFor(() => expect(media.currentTime).toBe(65));
    expect(screen.queryByRole('button', { name: 'Resume from 6:17' })).toBeNull();
  });

  it('plays from the start, with the resume offer, when the time is not in the video', async () => {
    const { media } = await openWatchPage({ positionSeconds: 377, search: '?t=99999' });
    expect(await screen.findByRole('button', { name: 'Resume from 6:17' })).toBeInTheDocument();
    expect(media.currentTime).toBe(0);
  });
});
