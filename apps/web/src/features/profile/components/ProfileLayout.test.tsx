import type { MyStats } from '@kinora/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderRoute } from '../../../app/testing';
import { PROFILE_UPDATED_STORAGE_KEY } from '../../../lib/auth/profile-events';
import { deferred, networkFailure, withContractServer } from '../../../testing/contract-server';
import { makeUser } from '../../../testing/fixtures';

const server = withContractServer();
const me = makeUser({
  username: 'ada',
  fullname: 'Ada Lovelace',
  email: 'ada@example.com',
  coverImage: '/media/covers/ada.webp',
});

function makeStats(overrides: Partial<MyStats> = {}): MyStats {
  return {
    _id: me._id,
    username: me.username,
    fullname: me.fullname,
    email: me.email,
    avatar: me.avatar,
    coverImage: me.coverImage,
    createdAt: me.createdAt,
    videosCount: 12,
    tweetsCount: 7,
    subscribersCount: 1500,
    subscriptionsCount: 3,
    totalViews: 2_450_000,
    totalLikes: 90,
    ...overrides,
  };
}

/** The tab contents are not under test here: each answers an empty list. */
function serveTabs() {
  server().on('listVideos', () => ({
    data: { videos: [], page: 1, limit: 50, totalPages: 0, hasNextPage: false, totalVideos: 0 },
  }));
}

function serve(stats: () => MyStats = () => makeStats()) {
  server().on('currentUser', () => ({ data: me }));
  server().on('myStats', () => ({ data: stats() }));
  serveTabs();
}

/** The header's figures, label to shown value. */
async function figureValues() {
  const dl = await screen.findByLabelText('Profile statistics');
  return Object.fromEntries(
    [...dl.querySelectorAll('dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]),
  );
}

const tabs = () => screen.getByRole('navigation', { name: 'Profile sections' });

beforeAll(async () => {
  await import('./ProfileLayout');
  await import('../../my-videos/components/ProfileVideosTab');
  configure({ asyncUtilTimeout: 4000 });
});
afterAll(() => configure({ asyncUtilTimeout: 1000 }));

describe('profile header', { timeout: 15_000 }, () => {
  it('asks visitors to sign in and loads nothing', async () => {
    renderRoute('/profile/videos');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your Profile' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Failed to load user profile. Please login.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign In Now' })).toHaveAttribute('href', '/login');
    expect(server().requestsTo('myStats')).toHaveLength(0);
  });

  it.each([
    ['no answer', 'Failed to load user profile. Please login.', networkFailure],
    [
      'the account gone (404)',
      'User not found',
      { status: 404, error: { code: 'NOT_FOUND', message: 'User not found' } },
    ],
  ] as const)('says why the profile could not be loaded: %s', async (_, text, reply) => {
    server().on('currentUser', () => reply);
    renderRoute('/profile/videos');
    expect(await screen.findByText(text)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign In Now' })).toHaveAttribute('href', '/login');
  });

  it('shows who one is, the five figures from my-stats, Refresh and Edit Profile', async () => {
    serve();
    renderRoute('/profile/videos');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
    expect(screen.getByText('@ada')).toBeVisible();
    expect(screen.getByText('ada@example.com')).toBeVisible();
    expect(await figureValues()).toEqual({
      Videos: '12',
      Tweets: '7',
      Subscribers: '1.5K',
      Subscriptions: '3',
      'Total Views': '2.5M',
    });
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute(
      'href',
      '/profile/edit',
    );
    // The cover image is the user's.
    expect(document.querySelector(`img[src="${me.coverImage}"]`)).not.toBeNull();
  });

  it('shows the tabs in order, counts on Videos, Tweets and Subscribers', async () => {
    serve();
    renderRoute('/profile/videos');
    await figureValues();
    const links = within(tabs()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Videos12', '/profile/videos'],
      ['Tweets7', '/profile/tweets'],
      ['Subscribers1.5K', '/profile/subscribers'],
      ['Analytics', '/profile/analytics'],
      ['Requests', '/profile/requests'],
    ]);
    expect(within(tabs()).getByRole('link', { name: /^Videos/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('shows skeletons while the figures load', async () => {
    const answer = deferred<void>();
    server().on('currentUser', () => ({ data: me }));
    server().on('myStats', async () => {
      await answer.promise;
      return { data: makeStats() };
    });
    serveTabs();
    renderRoute('/profile/videos');
    expect(await screen.findByRole('status', { name: 'Loading statistics' })).toBeInTheDocument();
    // Who one is shows at once; the tabs wait for their counts.
    expect(screen.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
    expect(within(tabs()).getByRole('link', { name: 'Videos' })).toBeInTheDocument();
    answer.resolve();
    expect(await figureValues()).toMatchObject({ Videos: '12' });
    expect(screen.queryByRole('status', { name: 'Loading statistics' })).not.toBeInTheDocument();
  });

  it("says 'Failed to load channel statistics' when the figures fail, and Try Again reads them again", async () => {
    let fail = true;
    server().on('currentUser', () => ({ data: me }));
    server().on('myStats', () =>
      fail
        ? { status: 500, error: { code: 'INTERNAL', message: 'Something went wrong' } }
        : { data: makeStats() },
    );
    serveTabs();
    const { user } = renderRoute('/profile/videos');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load channel statistics');
    // The rest of the profile stays usable.
    expect(screen.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await figureValues()).toMatchObject({ Tweets: '7' });
  });

  it("reads the figures again on the 'profileUpdated' event and on the storage key", async () => {
    let videos = 12;
    serve(() => makeStats({ videosCount: videos }));
    renderRoute('/profile/videos');
    expect(await figureValues()).toMatchObject({ Videos: '12' });
    const calls = server().requestsTo('myStats').length;

    videos = 13;
    act(() => {
      window.dispatchEvent(new Event('profileUpdated'));
    });
    await waitFor(async () => expect(await figureValues()).toMatchObject({ Videos: '13' }));
    expect(server().requestsTo('myStats').length).toBe(calls + 1);

    videos = 14;
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: PROFILE_UPDATED_STORAGE_KEY, newValue: '1' }),
      );
    });
    await waitFor(async () => expect(await figureValues()).toMatchObject({ Videos: '14' }));
    const tabLink = within(tabs()).getByRole('link', { name: /^Videos/ });
    expect(tabLink).toHaveTextContent('Videos14');
  });

  it('Refresh reads the profile, its figures and the open tab again', async () => {
    let subscribers = 1500;
    serve(() => makeStats({ subscribersCount: subscribers }));
    const { user } = renderRoute('/profile/videos');
    expect(await figureValues()).toMatchObject({ Subscribers: '1.5K' });
    const before = {
      stats: server().requestsTo('myStats').length,
      user: server().requestsTo('currentUser').length,
      videos: server().requestsTo('listVideos').length,
    };
    subscribers = 2600;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(async () => expect(await figureValues()).toMatchObject({ Subscribers: '2.6K' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled());
    expect(server().requestsTo('myStats').length).toBe(before.stats + 1);
    expect(server().requestsTo('currentUser').length).toBe(before.user + 1);
    expect(server().requestsTo('listVideos').length).toBe(before.videos + 1);
  });

  it('offers Retry when the cover image fails to load', async () => {
    serve();
    const { user } = renderRoute('/profile/videos');
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    const cover = document.querySelector(`img[src="${me.coverImage}"]`);
    expect(cover).not.toBeNull();
    fireEvent.error(cover!);
    expect(await screen.findByText('Cover image failed')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(document.querySelector(`img[src="${me.coverImage}?retry=1"]`)).not.toBeNull();
  });

  it('falls back to the videos tab for an unknown sub-path', async () => {
    serve();
    const { router } = renderRoute('/profile/nothing-here');
    expect(await screen.findByRole('heading', { level: 2, name: 'My Videos' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/profile/videos');
  });
});
