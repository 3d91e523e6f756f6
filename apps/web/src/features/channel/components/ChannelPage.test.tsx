import type { ChannelWithStats, Tweet, Video } from '@kinora/contract';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../app/testing';
import { announceProfileUpdated } from '../../../lib/auth';
import {
  actAsProduction,
  deferred,
  networkFailure,
  withContractServer,
} from '../../../testing/contract-server';
import { makeUser } from '../../../testing/fixtures';
import { makeVideo, ownerId } from '../../../testing/video-fixtures';
// The route composes the page with the messages feature's button, as the app does.
import { ChannelRoute } from '../../../app/ChannelRoute';
import { ChannelByNamePage } from './ChannelPage';

// The web suite runs its files side by side on small machines: answers may take a while.
configure({ asyncUtilTimeout: 4000 });

const server = withContractServer();

const day = 86_400_000;
const owner = makeUser({ _id: ownerId, username: 'grace', fullname: 'Grace Hopper' });
const viewer = makeUser({ _id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b', username: 'ada' });

function makeChannel(overrides: Partial<ChannelWithStats['channel']> = {}) {
  return {
    _id: ownerId,
    username: 'grace',
    fullname: 'Grace Hopper',
    avatar: '/media/avatars/grace.webp',
    coverImage: '/media/covers/grace.webp',
    bio: 'Compilers and computing history.',
    createdAt: new Date(Date.now() - 95 * day).toISOString(),
    subscribersCount: 1200,
    isSubscribed: false,
    ...overrides,
  };
}

function makeStats(overrides: Partial<ChannelWithStats['stats']> = {}) {
  return {
    totalSubscribers: 1200,
    totalVideos: 3,
    totalTweets: 2,
    totalSubscriptions: 4,
    totalViews: null,
    totalLikes: null,
    subscribersCount: 1200,
    videosCount: 3,
    tweetsCount: 2,
    subscriptionsCount: 4,
    createdAt: new Date(Date.now() - 95 * day).toISOString(),
    ...overrides,
  };
}

let tweetSequence = 0;
function makeTweet(overrides: Partial<Tweet> = {}): Tweet {
  tweetSequence += 1;
  return {
    _id: `a0000000-0000-4000-8000-${String(tweetSequence).padStart(12, '0')}`,
    content: 'Hello from the channel!',
    createdAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    owner: { _id: ownerId, username: 'grace', fullname: 'Grace Hopper', avatar: null },
    likesCount: 4,
    isLiked: false,
    isEdited: false,
    editedAt: null,
    ...overrides,
  };
}

interface Setup {
  channel?: ChannelWithStats['channel'];
  stats?: ChannelWithStats['stats'];
  videos?: Video[];
  tweets?: Tweet[];
  signedInAs?: typeof viewer | null;
}

/** Answers every call of the channel page (core §7 "Channel page"). */
function serveChannel({
  channel = makeChannel(),
  stats = makeStats(),
  videos = [makeVideo({ _id: 'v-1', title: 'First video' })],
  tweets = [],
  signedInAs = null,
}: Setup = {}) {
  if (signedInAs) server().on('currentUser', () => ({ data: signedInAs }));
  server().on('getChannel', () => ({ data: { channel, stats } }));
  server().on('channelVideos', () => ({ data: videos }));
  server().on('userTweets', () => ({
    data: {
      tweets,
      page: 1,
      limit: 20,
      totalPages: 1,
      hasNextPage: false,
      totalTweets: tweets.length,
      docs: tweets,
    },
  }));
}

function renderChannel(path = `/channel/${ownerId}`) {
  const router = createMemoryRouter(
    [
      { path: '/channel/:id', element: <ChannelRoute /> },
      { path: '*', element: <p>Another page</p> },
    ],
    { initialEntries: [path] },
  );
  return { ...renderWithProviders(<RouterProvider router={router} />), router };
}

async function openChannel(setup: Setup = {}, path?: string) {
  serveChannel(setup);
  const view = renderChannel(path);
  await screen.findByRole('heading', { level: 1, name: 'grace' });
  return view;
}

const notifications = () => screen.getByRole('status', { name: 'Notifications' });
const figures = () => screen.getByRole('list', { name: 'Channel figures' });
const tab = (name: RegExp) => screen.getByRole('tab', { name });

describe('channel page', { timeout: 15_000 }, () => {
  it('loads the channel, its videos and tweets, and shows the header', async () => {
    await openChannel();
    expect(server().requestsTo('getChannel')[0]?.params).toEqual({ id: ownerId });
    await expect.poll(() => server().requestsTo('channelVideos').length).toBe(1);
    await expect.poll(() => server().requestsTo('userTweets').length).toBe(1);
    expect(server().requestsTo('userTweets')[0]?.params).toEqual({ id: ownerId });

    const header = screen.getByRole('banner');
    expect(header).toHaveTextContent('Grace Hopper');
    expect(header.querySelector('img[src="/media/covers/grace.webp"]')).not.toBeNull();
    expect(header.querySelector('img[src="/media/avatars/grace.webp"]')).not.toBeNull();
    expect(
      within(figures())
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1.2K subscribers', '3 videos']);
    expect(header).toHaveTextContent('Compilers and computing history.');
    expect(header).toHaveTextContent('Joined 3 mo ago');
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(document.title).toBe('grace · Kinora');
  });

  it("says 'Cover image failed' and retries; a failed avatar falls back to the initial", async () => {
    const { user } = await openChannel();
    const header = screen.getByRole('banner');
    fireEvent.error(header.querySelector('img[src="/media/covers/grace.webp"]') as HTMLElement);
    expect(within(header).getByText('Cover image failed')).toBeInTheDocument();
    await user.click(within(header).getByRole('button', { name: 'Retry' }));
    expect(header.querySelector('img[src^="/media/covers/grace.webp?retry=1"]')).not.toBeNull();

    fireEvent.error(header.querySelector('img[src="/media/avatars/grace.webp"]') as HTMLElement);
    expect(within(header).getByTestId('avatar-initial')).toHaveTextContent('G');
  });

  it('shows visitors no Subscribe, and the message button asks them to log in', async () => {
    await openChannel();
    expect(
      await screen.findByRole('link', { name: 'Login to message the creator' }),
    ).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: /^Subscribe/ })).not.toBeInTheDocument();
  });

  it("shows a signed-in viewer 'Go to Chat' once the creator accepted their request", async () => {
    server().on('checkMessageRequest', () => ({
      data: { status: 'accepted', conversationId: 'c0000000-0000-4000-8000-000000000001' },
    }));
    await openChannel({ signedInAs: viewer });
    expect(await screen.findByRole('link', { name: 'Go to Chat' })).toHaveAttribute(
      'href',
      '/messages/conversations/c0000000-0000-4000-8000-000000000001',
    );
    expect(server().requestsTo('checkMessageRequest')[0]?.params).toEqual({ receiverId: ownerId });
  });

  it('shows the owner total views and likes, and no Subscribe or message button', async () => {
    const { user } = await openChannel({
      signedInAs: owner,
      stats: makeStats({ totalViews: 15_300, totalLikes: 210 }),
    });
    await within(figures()).findByText('15.3K total views');
    expect(within(figures()).getByText('210 total likes')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Subscribe/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /message/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Message' })).not.toBeInTheDocument();

    await user.click(tab(/^About/));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('Total views').nextSibling).toHaveTextContent('15.3K');
    expect(within(panel).getByText('Total likes').nextSibling).toHaveTextContent('210');
  });

  it('hides the totals from everyone else, even when the server sent them', async () => {
    const { user } = await openChannel({
      signedInAs: viewer,
      stats: makeStats({ totalViews: 15_300, totalLikes: 210 }),
    });
    await screen.findByRole('button', { name: 'Subscribe' });
    expect(figures()).not.toHaveTextContent('total views');
    expect(figures()).not.toHaveTextContent('total likes');
    await user.click(tab(/^About/));
    expect(within(screen.getByRole('tabpanel')).queryByText('Total views')).not.toBeInTheDocument();
  });

  it('subscribes a signed-in viewer and fetches the figures again', async () => {
    const { user } = await openChannel({ signedInAs: viewer });
    server().on('toggleSubscription', () => ({
      data: { isSubscribed: true, subscriberCount: 1201 },
    }));
    let calls = 0;
    server().on('getChannel', () => {
      calls += 1;
      return {
        data: {
          channel: makeChannel({ isSubscribed: true, subscribersCount: 1201 }),
          stats: makeStats({ totalSubscribers: 1201 }),
        },
      };
    });
    expect(await screen.findByRole('button', { name: 'Message' })).toBeDisabled();

    await user.click(await screen.findByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('button', { name: 'Subscribed' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(server().requestsTo('toggleSubscription')[0]?.params).toEqual({ channelId: ownerId });
    await waitFor(() => expect(calls).toBe(1));
    expect(within(figures()).getByText('1.2K subscribers')).toBeInTheDocument();
  });

  it("says 'Failed to subscribe/unsubscribe' when the toggle fails", async () => {
    const { user } = await openChannel({ signedInAs: viewer });
    server().on('toggleSubscription', () => ({
      status: 500,
      error: { code: 'INTERNAL', message: 'Internal error' },
    }));
    await user.click(await screen.findByRole('button', { name: 'Subscribe' }));
    expect(
      await within(notifications()).findByText('Failed to subscribe/unsubscribe'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  });

  it('copies the channel link and confirms for 3 s', async () => {
    const { user } = await openChannel();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(
      `${window.location.origin}/#/channel/${ownerId}`,
    );
    const toast = await within(notifications()).findByText('Channel URL copied to clipboard!');
    // Still there after the 2 s of a share toast elsewhere; gone after 3 s.
    await new Promise((resolve) => setTimeout(resolve, 2300));
    expect(toast).toBeInTheDocument();
    await waitFor(() => expect(toast).not.toBeInTheDocument(), { timeout: 3000 });
  });

  it("says 'Failed to copy channel link' when copying fails", async () => {
    const { user } = await openChannel();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    document.execCommand = vi.fn(() => false);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(
      await within(notifications()).findByText('Failed to copy channel link'),
    ).toBeInTheDocument();
  });

  it('refreshes everything on Refresh and when the profile is updated', async () => {
    const { user } = await openChannel();
    await expect.poll(() => server().requestsTo('userTweets').length).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await expect.poll(() => server().requestsTo('getChannel').length).toBe(2);
    await expect.poll(() => server().requestsTo('channelVideos').length).toBe(2);
    await expect.poll(() => server().requestsTo('userTweets').length).toBe(2);

    act(() => announceProfileUpdated());
    await expect.poll(() => server().requestsTo('getChannel').length).toBe(3);

    // Another tab's update arrives as a storage event.
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'profileUpdatedAt', newValue: '1' }));
    });
    await expect.poll(() => server().requestsTo('getChannel').length).toBe(4);
  });

  it('shows a skeleton while the channel loads', async () => {
    const answer = deferred<void>();
    serveChannel();
    server().on('getChannel', async () => {
      await answer.promise;
      return { data: { channel: makeChannel(), stats: makeStats() } };
    });
    renderChannel();
    expect(await screen.findByRole('status', { name: 'Loading channel' })).toBeInTheDocument();
    answer.resolve();
    expect(await screen.findByRole('heading', { level: 1, name: 'grace' })).toBeInTheDocument();
  });
});

describe('channel page errors', { timeout: 15_000 }, () => {
  it.each([
    [404, 'NOT_FOUND', 'Channel not found'],
    [400, 'VALIDATION_FAILED', 'Channel not found'],
  ] as const)("answers %s with 'Channel not found'", async (status, code, text) => {
    server().on('getChannel', () => ({ status, error: { code, message: 'x' } }));
    renderChannel('/channel/nope');
    expect(await screen.findByRole('heading', { level: 1, name: text })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
  });

  it("shows the server's message, and tries again", async () => {
    let calls = 0;
    serveChannel();
    server().on('getChannel', () => {
      calls += 1;
      return calls === 1
        ? { status: 500, error: { code: 'INTERNAL', message: 'The database is resting' } }
        : { data: { channel: makeChannel(), stats: makeStats() } };
    });
    const { user } = renderChannel();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The database is resting' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'grace' })).toBeInTheDocument();
  });

  it("says 'Failed to fetch channel data' when the channel gets no answer", async () => {
    serveChannel();
    server().on('getChannel', () => networkFailure);
    renderChannel();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Failed to fetch channel data' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it("says 'Invalid channel response structure' when the answer has no channel", async () => {
    // Only production takes such an answer as it comes (the client checks it everywhere else).
    actAsProduction();
    server().on('getChannel', () => ({ data: null as unknown as ChannelWithStats }));
    renderChannel();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Invalid channel response structure' }),
    ).toBeInTheDocument();
  });
});

describe('channel tabs', { timeout: 15_000 }, () => {
  it('opens on Videos with its count and grid; Tweets and About follow, also by keyboard', async () => {
    const videos = [
      makeVideo({ _id: 'v-1', title: 'First video' }),
      makeVideo({ _id: 'v-2', title: 'Second video' }),
    ];
    // The Videos count is the channel's (its list is a plain array without a total).
    const { user, router } = await openChannel({
      videos,
      tweets: [makeTweet()],
      stats: makeStats({ totalVideos: 2, videosCount: 2 }),
    });
    expect(await screen.findByRole('tab', { name: 'Videos 2' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByRole('tab', { name: 'Tweets 1' })).toBeInTheDocument();
    const panel = screen.getByRole('tabpanel', { name: /^Videos/ });
    expect(within(panel).getByRole('link', { name: 'First video' })).toHaveAttribute(
      'href',
      '/video/v-1',
    );
    expect(within(panel).getAllByRole('article')).toHaveLength(2);

    tab(/^Videos/).focus();
    await user.keyboard('{ArrowRight}');
    expect(tab(/^Tweets/)).toHaveFocus();
    expect(tab(/^Tweets/)).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.search).toBe('?tab=tweets');
    await user.keyboard('{End}');
    expect(tab(/^About/)).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(tab(/^Videos/)).toHaveFocus();
    expect(router.state.location.search).toBe('');
  });

  it('opens the tab named in the address', async () => {
    await openChannel({}, `/channel/${ownerId}?tab=about`);
    expect(tab(/^About/)).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('heading', { name: 'Channel Information' })).toBeInTheDocument();
    expect(panel).toHaveTextContent('Subscribers1.2K');
    expect(panel).toHaveTextContent('Videos3');
    expect(panel).toHaveTextContent('Compilers and computing history.');
    expect(within(panel).getByText('Joined').nextSibling).toHaveTextContent('3 mo ago');
    expect(within(panel).queryByText('Total views')).not.toBeInTheDocument();
    const card = within(panel).getByRole('complementary', { name: 'Channel' });
    expect(card).toHaveTextContent('Grace Hopper');
    expect(card).toHaveTextContent('@grace');
  });

  it("says 'No videos uploaded yet' for a channel without videos", async () => {
    await openChannel({ videos: [] });
    const panel = screen.getByRole('tabpanel');
    expect(
      await within(panel).findByRole('heading', { name: 'No videos uploaded yet' }),
    ).toBeInTheDocument();
    expect(panel).toHaveTextContent("This channel hasn't uploaded any videos.");
  });

  it('pages through the videos with Load More Videos', async () => {
    serveChannel();
    server().on('channelVideos', (request) => {
      const page = Number(request.query.page);
      const videos = Array.from({ length: page === 1 ? 12 : 3 }, (_, i) =>
        makeVideo({ _id: `p${page}-${i}`, title: `Page ${page} video ${i}` }),
      );
      // A plain list (the spec's shape): a full page of 12 means there may be another.
      return { data: videos };
    });
    const { user } = renderChannel();
    const button = await screen.findByRole('button', { name: 'Load More Videos' });
    expect(screen.getAllByRole('article')).toHaveLength(12);
    await user.click(button);
    expect(await screen.findByRole('link', { name: 'Page 2 video 0' })).toHaveFocus();
    expect(screen.getAllByRole('article')).toHaveLength(15);
    expect(server().requestsTo('channelVideos')[1]?.query).toEqual({ page: '2', limit: '12' });
    expect(screen.queryByRole('button', { name: 'Load More Videos' })).not.toBeInTheDocument();
  });
});

describe('channel tweets', { timeout: 15_000 }, () => {
  const openTweets = async (setup: Setup) => {
    const view = await openChannel(setup, `/channel/${ownerId}?tab=tweets`);
    const panel = screen.getByRole('tabpanel');
    return { ...view, panel };
  };

  it('lists tweets with avatar, username, time, content, likes and Reply', async () => {
    const { panel, user } = await openTweets({
      tweets: [makeTweet({ content: 'Bugs are features', likesCount: 1500 })],
    });
    const tweet = await within(panel).findByRole('article');
    expect(tweet).toHaveTextContent('grace');
    expect(tweet).toHaveTextContent('2 hr ago');
    expect(tweet).toHaveTextContent('Bugs are features');
    expect(within(tweet).getByTestId('avatar-initial')).toHaveTextContent('G');
    expect(within(tweet).getByRole('button', { name: 'Like 1.5K' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await user.click(within(tweet).getByRole('button', { name: 'Reply' }));
    expect(
      await within(notifications()).findByText('You are not allowed to reply on this tweet.'),
    ).toBeInTheDocument();
  });

  it('asks visitors to log in to like, without calling the server', async () => {
    const { panel, user } = await openTweets({ tweets: [makeTweet()] });
    await user.click(await within(panel).findByRole('button', { name: 'Like 4' }));
    expect(
      await within(notifications()).findByText('Please log in to like tweets!'),
    ).toBeInTheDocument();
    expect(server().requestsTo('toggleTweetLike')).toHaveLength(0);
  });

  it("takes the server's count and flag, and ignores clicks while the like is in flight", async () => {
    const tweet = makeTweet({ likesCount: 4 });
    const { panel, user } = await openTweets({ tweets: [tweet], signedInAs: viewer });
    const answer = deferred<void>();
    server().on('toggleTweetLike', async () => {
      await answer.promise;
      return { data: { isLiked: true, likeCount: 10 } };
    });
    const like = await within(panel).findByRole('button', { name: 'Like 4' });
    await user.click(like);
    await expect.poll(() => server().requestsTo('toggleTweetLike').length).toBe(1);
    expect(like).toHaveAttribute('aria-disabled', 'true');
    await user.click(like);
    await user.click(like);
    answer.resolve();

    expect(await within(panel).findByRole('button', { name: 'Liked 10' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(server().requestsTo('toggleTweetLike')).toHaveLength(1);
    expect(server().requestsTo('toggleTweetLike')[0]?.params).toEqual({ id: tweet._id });
    expect(within(panel).getByRole('button', { name: 'Liked 10' })).not.toHaveAttribute(
      'aria-disabled',
    );
  });

  it("says 'Failed to like tweet' when the like fails", async () => {
    const { panel, user } = await openTweets({ tweets: [makeTweet()], signedInAs: viewer });
    server().on('toggleTweetLike', () => ({
      status: 500,
      error: { code: 'INTERNAL', message: 'Internal error' },
    }));
    await user.click(await within(panel).findByRole('button', { name: 'Like 4' }));
    expect(await within(notifications()).findByText('Failed to like tweet')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Like 4' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it("says 'No tweets yet' when there are none", async () => {
    const { panel } = await openTweets({ tweets: [] });
    expect(
      await within(panel).findByRole('heading', { name: 'No tweets yet' }),
    ).toBeInTheDocument();
    expect(panel).toHaveTextContent("This user hasn't shared any thoughts yet.");
  });

  it('treats tweets that fail to load as none', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serveChannel();
    server().on('userTweets', () => ({
      status: 500,
      error: { code: 'INTERNAL', message: 'Internal error' },
    }));
    renderChannel(`/channel/${ownerId}?tab=tweets`);
    expect(await screen.findByRole('heading', { name: 'No tweets yet' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Tweets 0' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('/c/{username}: where an @name leads', () => {
  function renderByName(username: string) {
    const router = createMemoryRouter(
      [
        { path: '/c/:username', element: <ChannelByNamePage /> },
        { path: '/channel/:id', element: <ChannelRoute /> },
      ],
      { initialEntries: [`/c/${username}`] },
    );
    return { ...renderWithProviders(<RouterProvider router={router} />), router };
  }

  it('finds the channel by its name and shows it at its own address, asking for it once', async () => {
    serveChannel();
    server().on('channelByName', () => ({ data: { channel: makeChannel(), stats: makeStats() } }));
    const { router } = renderByName('grace');
    expect(await screen.findByRole('heading', { level: 1, name: 'grace' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/channel/${ownerId}`);
    expect(server().requestsTo('channelByName')[0]?.params.name).toBe('grace');
    // What the name answered is the channel's: the page does not ask again.
    expect(server().requestsTo('getChannel')).toHaveLength(0);
  });

  it("says 'Channel not found' for a name nobody has", async () => {
    server().on('channelByName', () => ({
      status: 404,
      error: { code: 'NOT_FOUND', message: 'Channel not found' },
    }));
    renderByName('nobody_here');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Channel not found' }),
    ).toBeInTheDocument();
    expect(server().requestsTo('channelByName')).toHaveLength(1);
  });
});
