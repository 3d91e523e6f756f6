import type { Video } from '@kinora/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderRoute } from '../../../app/testing';
import { withContractServer } from '../../../testing/contract-server';
import { makeUser } from '../../../testing/fixtures';
import { makeVideo } from '../../../testing/video-fixtures';
import { autoplayStorageKey } from './UpNext';

const server = withContractServer();

beforeAll(async () => {
  await import('./WatchPage');
  configure({ asyncUtilTimeout: 4000 });
});
afterAll(() => configure({ asyncUtilTimeout: 1000 }));
afterEach(() => window.localStorage.clear());

const ada = makeUser({ _id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b', username: 'ada' });
const watching = makeVideo({ _id: 'a0000000-0000-4000-8000-000000000001', title: 'Now playing' });
const first = makeVideo({ _id: 'a0000000-0000-4000-8000-000000000002', title: 'Comes next' });
const second = makeVideo({ _id: 'a0000000-0000-4000-8000-000000000003', title: 'After that' });

/** The watch page's calls; the related list is the site's newest, this video among them. */
function serveWatchPage(signedIn: boolean) {
  if (signedIn) server().on('currentUser', () => ({ data: ada }));
  const all: Video[] = [watching, first, second];
  server().on('getVideo', (request) => ({
    data: all.find((v) => v._id === request.params.id) ?? watching,
  }));
  server().on('listComments', () => ({
    data: { comments: [], totalCount: 0, page: 1, limit: 20, totalPages: 1, hasNextPage: false },
  }));
  server().on('videoLikeStatus', () => ({ data: { isLiked: false, likeCount: 0 } }));
  server().on('subscriptionStatus', () => ({ data: { isSubscribed: false, subscriberCount: 0 } }));
  server().on('listVideos', () => ({
    data: { videos: all, page: 1, limit: 24, totalPages: 1, hasNextPage: false, totalVideos: 3 },
  }));
}

async function openWatchPage(signedIn = true) {
  serveWatchPage(signedIn);
  const view = renderRoute(`/video/${watching._id}`);
  await screen.findByRole('heading', { level: 1, name: 'Now playing' });
  const upNext = await screen.findByRole('region', { name: 'Up next' });
  return { ...view, upNext, media: () => view.container.querySelector('video')! };
}

describe('Up next', { timeout: 20_000 }, () => {
  it('is the first related video (the spec’s list stays whole), with Autoplay off by default', async () => {
    const { upNext, media, router } = await openWatchPage();
    expect(within(upNext).getByRole('link', { name: /Comes next/ })).toHaveAttribute(
      'href',
      `/video/${first._id}`,
    );
    const autoplay = within(upNext).getByRole('switch', { name: 'Autoplay' });
    expect(autoplay).toHaveAttribute('aria-checked', 'false');
    const related = screen.getByRole('complementary', { name: 'Related videos' });
    await within(related).findByText('After that');
    expect(within(related).getByText('Comes next')).toBeInTheDocument();
    // Off: the video ends and the page stays.
    media().dispatchEvent(new Event('ended'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText(/Up next in/)).toBeNull();
    expect(router.state.location.pathname).toBe(`/video/${watching._id}`);
  });

  it('with Autoplay on, counts down from 5 s when the video ends and goes to it; Cancel stays', async () => {
    const { upNext, media, router, user } = await openWatchPage();
    await user.click(within(upNext).getByRole('switch', { name: 'Autoplay' }));
    expect(within(upNext).getByRole('switch', { name: 'Autoplay' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    // Remembered for this person.
    expect(window.localStorage.getItem(autoplayStorageKey(ada._id))).toBe('on');

    media().dispatchEvent(new Event('ended'));
    const card = await screen.findByRole('group', { name: 'Up next' });
    expect(within(card).getByRole('status')).toHaveTextContent('Up next in 5 s');
    expect(card).toHaveTextContent('Comes next');
    expect(within(card).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await waitFor(() =>
      expect(within(card).getByRole('status')).toHaveTextContent('Up next in 4 s'),
    );
    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'Up next' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(router.state.location.pathname).toBe(`/video/${watching._id}`);

    // Ends again, left alone: the next video comes after the countdown.
    media().dispatchEvent(new Event('ended'));
    await screen.findByText('Up next in 5 s');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/video/${first._id}`), {
      timeout: 8000,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Comes next' })).toBeVisible();
  });

  it('remembers the choice per person: on for one, still off for a visitor', async () => {
    window.localStorage.setItem(autoplayStorageKey(ada._id), 'on');
    const { upNext } = await openWatchPage(false);
    expect(within(upNext).getByRole('switch', { name: 'Autoplay' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
  });
});
