import type { ChannelWithStats, Tweet } from '@kinora/contract';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, withContractServer } from '../testing/contract-server';
import { makeUser } from '../testing/fixtures';
import { makeTweet } from '../testing/tweet-fixtures';
import { makeOwner, ownerId } from '../testing/video-fixtures';
import { renderRoute } from './testing';

/*
 * A tweet has one cache wherever it shows: the channel page's Tweets tab is the tweets
 * feature's own list (composed by app/ChannelRoute), so a like there is the like on /tweets.
 */

const server = withContractServer();
const me = makeUser();

const tweetPage = (tweets: Tweet[]) => ({
  tweets,
  totalTweets: tweets.length,
  page: 1,
  limit: 10,
  totalPages: 1,
  hasNextPage: false,
});

function channel(): ChannelWithStats {
  const owner = makeOwner();
  return {
    channel: {
      _id: ownerId,
      username: owner.username,
      fullname: owner.fullname,
      avatar: null,
      coverImage: null,
      bio: '',
      createdAt: new Date(Date.now() - 90 * 86_400_000).toISOString(),
      subscribersCount: 1,
      isSubscribed: false,
    },
    stats: {
      totalSubscribers: 1,
      totalVideos: 0,
      totalTweets: 1,
      totalSubscriptions: 0,
      totalViews: null,
      totalLikes: null,
      subscribersCount: 1,
      videosCount: 0,
      tweetsCount: 1,
      subscriptionsCount: 0,
      createdAt: new Date(Date.now() - 90 * 86_400_000).toISOString(),
    },
  };
}

describe('a tweet liked on the channel page', () => {
  it('shows liked on /tweets, from the one cache, before /tweets asks the server again', async () => {
    const tweet = makeTweet({ content: 'Bugs are features', likesCount: 4 });
    server().on('currentUser', () => ({ data: me }));
    server().on('tweetChannels', () => ({
      data: { channels: [], page: 1, limit: 20, hasNextPage: false },
    }));
    server().on('listTweets', () => ({ data: tweetPage([tweet]) }));
    server().on('getChannel', () => ({ data: channel() }));
    server().on('channelVideos', () => ({ data: [] }));
    server().on('userTweets', () => ({
      data: { ...tweetPage([tweet]), limit: 20, docs: [tweet] },
    }));
    server().on('toggleTweetLike', () => ({ data: { isLiked: true, likeCount: 5 } }));

    // /tweets, All Tweets: the tweet is not liked.
    const { user, router } = renderRoute('/tweets');
    await user.click(await screen.findByRole('button', { name: 'All Tweets' }));
    const all = await screen.findByRole('region', { name: 'All Tweets' });
    expect(await within(all).findByRole('button', { name: 'Like 4' })).toBeInTheDocument();

    // The channel's Tweets tab: like it there.
    await act(() => router.navigate(`/channel/${ownerId}?tab=tweets`));
    const panel = await screen.findByRole('tabpanel', { name: /^Tweets/ });
    await user.click(await within(panel).findByRole('button', { name: 'Like 4' }));
    expect(await within(panel).findByRole('button', { name: 'Liked 5' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // Back on /tweets the list is read again, but that answer is held: what shows is the cache.
    const held = deferred<void>();
    server().on('listTweets', async () => {
      await held.promise;
      return { data: tweetPage([{ ...tweet, isLiked: true, likesCount: 5 }]) };
    });
    await act(() => router.navigate('/tweets'));
    await user.click(await screen.findByRole('button', { name: 'All Tweets' }));
    const again = await screen.findByRole('region', { name: 'All Tweets' });
    expect(within(again).getByRole('button', { name: 'Liked 5' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect.poll(() => server().requestsTo('listTweets').length).toBe(2);
    held.resolve();
  });
});
