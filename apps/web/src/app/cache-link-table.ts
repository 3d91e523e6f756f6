/* Which answers of which feature a change announced elsewhere makes stale (cache-links.ts). */
import type { QueryKey } from '@tanstack/react-query';
import { analyticsKeys } from '../features/analytics';
import { channelKeys } from '../features/channel';
import { dashboardKeys } from '../features/dashboard';
import { discoveryKeys } from '../features/discovery';
import { myVideosKeys } from '../features/my-videos';
import { playlistKeys } from '../features/playlists';
import { subscriptionKeys } from '../features/subscriptions';
import { tweetKeys } from '../features/tweets';
import { videoKeys } from '../features/videos';
import type { CacheEvent } from '../lib/cache-events';

type Feature =
  | 'analytics'
  | 'channel'
  | 'dashboard'
  | 'discovery'
  | 'my-videos'
  | 'playlists'
  | 'subscriptions'
  | 'tweets'
  | 'videos';
type Shows = Partial<Record<Feature, QueryKey[]>>;

/** Which answers of each feature show a channel's subscription (its button, its figures). */
const showingSubscription = (channelId: string): Shows => ({
  analytics: [analyticsKeys.root],
  channel: [channelKeys.root],
  subscriptions: [subscriptionKeys.root],
  videos: [videoKeys.subscription(channelId)],
});

/** Which answers of each feature list videos. */
const listingVideos: Shows = {
  channel: [channelKeys.root],
  dashboard: [dashboardKeys.root],
  discovery: [discoveryKeys.videoLists],
  'my-videos': [myVideosKeys.all],
  playlists: [playlistKeys.pickerVideosAll],
  videos: [videoKeys.root],
};

/** What hiding, restoring or approving may change: every list of videos, comments or tweets. */
const showingModeratedThings: Shows = { ...listingVideos, tweets: [tweetKeys.all] };

/** The keys of the answers that `event` makes stale, but for those of the feature that announced it. */
export function staleAfter(event: CacheEvent): QueryKey[] {
  const shows =
    event.type === 'subscription-toggled'
      ? showingSubscription(event.channelId)
      : event.type === 'content-moderated'
        ? showingModeratedThings
        : listingVideos;
  return Object.entries(shows).flatMap(([feature, keys]) => (feature === event.from ? [] : keys));
}
