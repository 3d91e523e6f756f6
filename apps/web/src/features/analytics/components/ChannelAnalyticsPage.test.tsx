import type { ChannelWithStats, MyStats } from '@kinora/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../app/testing';
import { withContractServer } from '../../../testing/contract-server';
import { makeUser } from '../../../testing/fixtures';
import { ownerId } from '../../../testing/video-fixtures';
import { ChannelAnalyticsPage, ChannelAnalyticsTab } from './ChannelAnalyticsPage';

const server = withContractServer();

const DAY = 86_400_000;
const me = makeUser({
  fullname: 'Ada Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  createdAt: new Date(Date.now() - 45 * DAY).toISOString(),
});

function makeMyStats(overrides: Partial<MyStats> = {}): MyStats {
  return {
    _id: me._id,
    username: me.username,
    fullname: me.fullname,
    email: me.email,
    avatar: me.avatar,
    coverImage: me.coverImage,
    subscribersCount: 250,
    totalViews: 48_200,
    totalLikes: 1_012,
    videosCount: 12,
    tweetsCount: 4,
    subscriptionsCount: 9,
    createdAt: me.createdAt,
    ...overrides,
  };
}

function makeChannel(
  stats: Partial<ChannelWithStats['stats']> = {},
  channel: Partial<ChannelWithStats['channel']> = {},
): ChannelWithStats {
  return {
    channel: {
      _id: ownerId,
      username: 'grace',
      fullname: 'Grace Hopper',
      avatar: null,
      coverImage: null,
      bio: '',
      createdAt: new Date(Date.now() - 800 * DAY).toISOString(),
      subscribersCount: 45,
      isSubscribed: false,
      ...channel,
    },
    stats: {
      totalSubscribers: 45,
      totalVideos: 9,
      totalTweets: 2,
      totalSubscriptions: 3,
      totalViews: null,
      totalLikes: null,
      subscribersCount: 45,
      videosCount: 9,
      tweetsCount: 2,
      subscriptionsCount: 3,
      createdAt: new Date(Date.now() - 800 * DAY).toISOString(),
      ...stats,
    },
  };
}

function renderAnalytics(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/about', element: <ChannelAnalyticsPage /> },
      { path: '/channel/:id/about', element: <ChannelAnalyticsPage /> },
      { path: '/profile/analytics', element: <ChannelAnalyticsTab /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  return { ...renderWithProviders(<RouterProvider router={router} />), router };
}

const signIn = () => server().on('currentUser', () => ({ data: me }));

/** The value shown for a stat card's label ('—' cards also carry 'Not available'). */
function statValue(label: string) {
  const term = screen.getByText(label, { selector: 'dt span' }).closest('dt');
  return term?.nextElementSibling as HTMLElement;
}

/** The value of a row of the Channel Information list. */
function infoValue(label: string) {
  const section = screen.getByRole('region', { name: 'Channel Information' });
  return within(section).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

const achievementState = (title: string) => {
  const item = screen.getByText(title, { selector: 'li span' }).closest('li');
  return item && within(item).getByTestId('achievement-state').textContent;
};

async function loaded() {
  await screen.findByRole('region', { name: 'Channel Information' });
}

describe('channel analytics: signed out', () => {
  it.each(['/about', `/channel/${ownerId}/about`])(
    "%s asks to sign in: 'Sign in to view stats' with a link to /login",
    async (path) => {
      renderAnalytics(path);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Sign in to view stats' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Sign In Now' })).toHaveAttribute('href', '/login');
      expect(server().requestsTo('myStats')).toHaveLength(0);
      expect(server().requestsTo('getChannel')).toHaveLength(0);
    },
  );
});

describe('channel analytics: own channel', () => {
  it('reads my-stats for the signed-in user and shows every figure', async () => {
    signIn();
    server().on('myStats', () => ({ data: makeMyStats() }));
    renderAnalytics('/about');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Channel Analytics' }),
    ).toBeInTheDocument();
    await loaded();
    expect(server().requestsTo('myStats')).toHaveLength(1);
    expect(server().requestsTo('getChannel')).toHaveLength(0);
    expect(document.title).toBe('Channel Analytics · Kinora');

    expect(statValue('Subscribers')).toHaveTextContent('250');
    expect(statValue('Total Views')).toHaveTextContent('48.2K');
    expect(statValue('Total Likes')).toHaveTextContent('1.0K');
    expect(statValue('Videos')).toHaveTextContent('12');
    expect(statValue('Tweets')).toHaveTextContent('4');
    expect(statValue('Subscriptions')).toHaveTextContent('9');

    // 1012 / 48200 = 2.099...%; 48200 / 12 = 4016.6 (down); 1012 / 12 = 84.33; 250 / 12 = 20.8
    expect(statValue('Engagement Rate')).toHaveTextContent(/^2\.1%$/);
    expect(statValue('Avg. Views per Video')).toHaveTextContent(/^4\.0K$/);
    expect(statValue('Avg. Likes per Video')).toHaveTextContent(/^84\.3$/);
    expect(statValue('Subscriber-to-Video Ratio')).toHaveTextContent(/^21$/);

    const milestone = screen.getByRole('progressbar', { name: 'Progress to 1K subscribers' });
    expect(milestone).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText('Growth Tip')).toBeInTheDocument();

    expect(achievementState('100 Subscribers')).toBe('Earned');
    expect(achievementState('Content Creator')).toBe('Earned');
    expect(achievementState('1,000 Views')).toBe('Earned');

    expect(infoValue('Email')).toBe('ada@example.com');
    expect(infoValue('Username')).toBe('@ada');
    expect(infoValue('Channel Age')).toBe('1 month');
    expect(infoValue('Growth Stage')).toBe('Growing');
    expect(infoValue('Account Status')).toBe('Active');
  });

  it('links to /profile/edit, /upload, /profile/analytics and /profile/videos', async () => {
    signIn();
    server().on('myStats', () => ({ data: makeMyStats() }));
    renderAnalytics('/about');
    await loaded();
    const actions = screen.getByRole('navigation', { name: 'Quick actions' });
    const hrefs = within(actions)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/profile/edit', '/upload', '/profile/analytics', '/profile/videos']);
    expect(within(actions).getByRole('link', { name: 'Edit Profile' })).toHaveAttribute(
      'href',
      '/profile/edit',
    );
  });

  it('treats /channel/{my id}/about as the own channel: email and edit link, no channel call', async () => {
    signIn();
    server().on('myStats', () => ({ data: makeMyStats() }));
    renderAnalytics(`/channel/${me._id}/about`);
    await loaded();
    expect(infoValue('Email')).toBe('ada@example.com');
    expect(screen.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute(
      'href',
      '/profile/edit',
    );
    expect(server().requestsTo('getChannel')).toHaveLength(0);
    expect(server().requestsTo('myStats')).toHaveLength(1);
  });

  it('shows a new, small channel: zero figures, first milestone, nothing earned', async () => {
    signIn();
    server().on('myStats', () => ({
      data: makeMyStats({
        subscribersCount: 10,
        totalViews: 0,
        totalLikes: 0,
        videosCount: 0,
        createdAt: new Date(Date.now() - 3 * DAY).toISOString(),
      }),
    }));
    renderAnalytics('/about');
    await loaded();
    expect(statValue('Engagement Rate')).toHaveTextContent(/^0\.0%$/);
    expect(statValue('Avg. Views per Video')).toHaveTextContent(/^0$/);
    expect(statValue('Avg. Likes per Video')).toHaveTextContent(/^0\.0$/);
    expect(statValue('Subscriber-to-Video Ratio')).toHaveTextContent(/^0$/);
    expect(
      screen.getByRole('progressbar', { name: 'Progress to 100 subscribers' }),
    ).toHaveAttribute('aria-valuenow', '10');
    expect(achievementState('100 Subscribers')).toBe('Not earned yet');
    expect(achievementState('Content Creator')).toBe('Not earned yet');
    expect(achievementState('1,000 Views')).toBe('Not earned yet');
    expect(infoValue('Growth Stage')).toBe('Getting Started');
    expect(infoValue('Channel Age')).toBe('3 days');
  });

  it('leaves out the growth tip from 1,000 subscribers on', async () => {
    signIn();
    server().on('myStats', () => ({ data: makeMyStats({ subscribersCount: 1_000 }) }));
    renderAnalytics('/about');
    await loaded();
    expect(
      screen.getByRole('progressbar', { name: 'Progress to 10K subscribers' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Growth Tip')).not.toBeInTheDocument();
  });

  it("says 'Failed to load channel statistics' and Try Again loads again", async () => {
    signIn();
    let attempts = 0;
    server().on('myStats', () => {
      attempts += 1;
      return attempts === 1
        ? { status: 500, error: { code: 'INTERNAL', message: 'Something broke' } }
        : { data: makeMyStats() };
    });
    const { user } = renderAnalytics('/about');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load channel statistics');
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await loaded();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(server().requestsTo('myStats')).toHaveLength(2);
  });

  it('is a tab of the profile area at /profile/analytics (heading level 2)', async () => {
    signIn();
    server().on('myStats', () => ({ data: makeMyStats() }));
    renderAnalytics('/profile/analytics');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Channel Analytics' }),
    ).toBeInTheDocument();
    await loaded();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Performance' })).toBeInTheDocument();
    expect(infoValue('Email')).toBe('ada@example.com');
  });
});

describe("channel analytics: another person's channel", () => {
  it("reads GET /channels/:id, keeps the email 'Private' and hides the owner's shortcuts", async () => {
    signIn();
    server().on('getChannel', () => ({ data: makeChannel() }));
    renderAnalytics(`/channel/${ownerId}/about`);
    await loaded();
    expect(server().requestsTo('getChannel')[0]?.params).toEqual({ id: ownerId });
    expect(server().requestsTo('myStats')).toHaveLength(0);

    expect(screen.getByText('Grace Hopper')).toBeInTheDocument();
    expect(infoValue('Email')).toBe('Private');
    expect(screen.queryByText('ada@example.com')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Profile' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Quick actions' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Channel' })).toHaveAttribute(
      'href',
      `/channel/${ownerId}`,
    );
  });

  it('shows views and likes, and what is built on them, as not available (no invented zeros)', async () => {
    signIn();
    server().on('getChannel', () => ({ data: makeChannel() }));
    renderAnalytics(`/channel/${ownerId}/about`);
    await loaded();

    for (const label of [
      'Total Views',
      'Total Likes',
      'Engagement Rate',
      'Avg. Views per Video',
      'Avg. Likes per Video',
    ]) {
      const value = statValue(label);
      expect(value).toHaveTextContent('—Not available');
      expect(within(value).getByText('—')).toHaveAttribute('aria-hidden', 'true');
    }
    // What the data allows is still computed: 45 / 9 = 5.
    expect(statValue('Subscribers')).toHaveTextContent(/^45$/);
    expect(statValue('Videos')).toHaveTextContent(/^9$/);
    expect(statValue('Subscriber-to-Video Ratio')).toHaveTextContent(/^5$/);
    expect(achievementState('100 Subscribers')).toBe('Not earned yet');
    expect(achievementState('Content Creator')).toBe('Not earned yet');
    expect(achievementState('1,000 Views')).toBe('Not available');
    expect(infoValue('Growth Stage')).toBe('Emerging');
    expect(infoValue('Channel Age')).toBe('2 years');
    expect(infoValue('Account Status')).toBe('Active');
    expect(screen.getByText('Growth Tip')).toBeInTheDocument();
  });

  it('shows views and likes when the server does share them', async () => {
    signIn();
    server().on('getChannel', () => ({
      data: makeChannel({ totalViews: 2_000, totalLikes: 50 }),
    }));
    renderAnalytics(`/channel/${ownerId}/about`);
    await loaded();
    expect(statValue('Total Views')).toHaveTextContent(/^2\.0K$/);
    expect(statValue('Engagement Rate')).toHaveTextContent(/^2\.5%$/);
    expect(achievementState('1,000 Views')).toBe('Earned');
    expect(infoValue('Email')).toBe('Private');
  });

  it("says 'Failed to load channel information' and Try Again loads again", async () => {
    signIn();
    let attempts = 0;
    server().on('getChannel', () => {
      attempts += 1;
      return attempts === 1
        ? { status: 500, error: { code: 'INTERNAL', message: 'Something broke' } }
        : { data: makeChannel() };
    });
    const { user } = renderAnalytics(`/channel/${ownerId}/about`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load channel information');
    expect(alert).toHaveTextContent('Check your connection and try again.');
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await loaded();
    await waitFor(() => expect(server().requestsTo('getChannel')).toHaveLength(2));
  });

  it('says plainly when no channel has the address', async () => {
    signIn();
    server().on('getChannel', () => ({
      status: 404,
      error: { code: 'NOT_FOUND', message: 'Channel not found' },
    }));
    renderAnalytics(`/channel/${ownerId}/about`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load channel information');
    expect(alert).toHaveTextContent('No channel has this address. Check the link and try again.');
  });
});
