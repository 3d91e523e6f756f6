import type { SubscribedChannel } from '@kinora/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../app/testing';
import { withContractServer } from '../../../testing/contract-server';
import { makeUser } from '../../../testing/fixtures';
import { makeVideo } from '../../../testing/video-fixtures';

const server = withContractServer();
const me = makeUser();

function makeChannel(n: number): SubscribedChannel {
  return {
    channelId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    username: `chan${n}`,
    fullname: `Channel ${n}`,
    avatar: null,
    subscribersCount: n * 10,
    subscribedAt: new Date().toISOString(),
  };
}

const videoNo = (n: number) =>
  makeVideo({
    _id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Video ${n}`,
  });

function serve(channels: SubscribedChannel[]) {
  server().on('currentUser', () => ({ data: me }));
  server().on('subscribedChannels', () => ({ data: channels }));
}

async function openSubscriptions() {
  const view = renderRoute('/subscriptions');
  await screen.findByRole('heading', { level: 1, name: 'Subscriptions' }, { timeout: 3000 });
  return view;
}

describe('subscriptions page', () => {
  it('offers visitors links to sign in and to create an account', async () => {
    renderRoute('/subscriptions');
    await screen.findByRole('heading', { level: 1, name: 'Your Subscriptions' }, { timeout: 3000 });
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(within(main).getByRole('link', { name: 'Create Account' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(server().requestsTo('subscriptionFeed')).toHaveLength(0);
  });

  it('shows the latest videos from the server feed and loads more by cursor', async () => {
    serve([makeChannel(1)]);
    server().on('subscriptionFeed', (request) =>
      request.query.cursor === 'next'
        ? { data: { videos: [videoNo(3)], nextCursor: null } }
        : { data: { videos: [videoNo(1), videoNo(2)], nextCursor: 'next' } },
    );
    const { user } = await openSubscriptions();
    const list = await screen.findByRole('list', { name: 'Latest Videos' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(server().requestsTo('subscriptionFeed')[0]?.query).toEqual({ limit: '20' });

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByText('Video 3')).toBeInTheDocument();
    expect(server().requestsTo('subscriptionFeed')[1]?.query).toEqual({
      limit: '20',
      cursor: 'next',
    });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('lists all channels as links to their pages, the first three with the top badge', async () => {
    const channels = [1, 2, 3, 4].map(makeChannel);
    serve(channels);
    server().on('subscriptionFeed', () => ({ data: { videos: [], nextCursor: null } }));
    const { user } = await openSubscriptions();
    await user.click(await screen.findByRole('button', { name: 'All Channels (4)' }));
    const list = screen.getByRole('list', { name: 'All Channels' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      channels.map((c) => `/channel/${c.channelId}`),
    );
    expect(links.map((link) => within(link).queryByText('Top') !== null)).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('shows the empty state linking home when one follows no channel', async () => {
    serve([]);
    await openSubscriptions();
    expect(await screen.findByText('No subscriptions yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore Videos' })).toHaveAttribute('href', '/');
  });

  it('shows the no-recent-uploads state linking to /trending', async () => {
    serve([makeChannel(1)]);
    server().on('subscriptionFeed', () => ({ data: { videos: [], nextCursor: null } }));
    await openSubscriptions();
    expect(await screen.findByText('No recent uploads')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Trending' })).toHaveAttribute(
      'href',
      '/trending',
    );
  });

  it("shows 'Failed to load videos' with Try Again when the feed fails", async () => {
    serve([makeChannel(1)]);
    server().on('subscriptionFeed', () => ({
      status: 500,
      error: { code: 'INTERNAL', message: 'x' },
    }));
    const { user } = await openSubscriptions();
    expect(await screen.findByText('Failed to load videos')).toBeInTheDocument();
    server().on('subscriptionFeed', () => ({ data: { videos: [videoNo(1)], nextCursor: null } }));
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Video 1')).toBeInTheDocument();
  });
});
