import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { analyticsKeys } from '../features/analytics';
import { channelKeys } from '../features/channel';
import { discoveryKeys } from '../features/discovery';
import { myVideosKeys } from '../features/my-videos';
import { subscriptionKeys } from '../features/subscriptions';
import { videoKeys } from '../features/videos';
import { announce } from '../lib/cache-events';
import { renderWithProviders } from './testing';

const channelId = 'c-1';

/** Fills the cache with one answer per key and says which of them are stale afterwards. */
function seed(keys: Record<string, readonly unknown[]>) {
  const { queryClient } = renderWithProviders(<p>app</p>);
  for (const key of Object.values(keys)) queryClient.setQueryData(key, { seeded: true });
  const isStale = (name: string) =>
    queryClient.getQueryState(keys[name] as readonly unknown[])?.isInvalidated ?? false;
  return { isStale };
}

describe('cache links: a change announced by one feature', () => {
  it("makes the others' answers showing that subscription stale, not the announcer's", async () => {
    const { isStale } = seed({
      channel: channelKeys.detail(channelId),
      analytics: analyticsKeys.channel(channelId),
      subscriptions: subscriptionKeys.feed,
      videos: videoKeys.subscription(channelId),
      otherChannelButton: videoKeys.subscription('c-2'),
    });
    announce({ type: 'subscription-toggled', channelId, from: 'videos' });
    await waitFor(() => expect(isStale('channel')).toBe(true));
    expect(isStale('analytics')).toBe(true);
    expect(isStale('subscriptions')).toBe(true);
    expect(isStale('videos')).toBe(false);
    expect(isStale('otherChannelButton')).toBe(false);
  });

  it("from the channel page: the watch page's button for that channel goes stale", async () => {
    const { isStale } = seed({
      channel: channelKeys.detail(channelId),
      videos: videoKeys.subscription(channelId),
    });
    announce({ type: 'subscription-toggled', channelId, from: 'channel' });
    await waitFor(() => expect(isStale('videos')).toBe(true));
    expect(isStale('channel')).toBe(false);
  });

  it('a changed video makes every list of videos stale', async () => {
    const { isStale } = seed({
      home: discoveryKeys.home(),
      mine: myVideosKeys.ofUser('u-1'),
      watch: videoKeys.detail('v-1'),
      channelVideos: channelKeys.videos(channelId),
    });
    announce({ type: 'videos-changed', from: 'my-videos' });
    await waitFor(() => expect(isStale('home')).toBe(true));
    expect(isStale('watch')).toBe(true);
    expect(isStale('channelVideos')).toBe(true);
    // my-videos updated its own list from the server's answer.
    expect(isStale('mine')).toBe(false);
  });
});
