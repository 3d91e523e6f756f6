/** Public lists carry names and pictures only, never an email address. */
import type { SubscribedChannel, Subscriber, SubscriptionFeed } from '@kinora/contract';
import { publicUrlOf, type Storage } from '../../platform/storage/storage';
import { presentVideo, type VideoRecord } from '../videos';
import type { PersonRow } from './subscriptions.repository';

export function presentSubscriber(row: PersonRow, storage: Storage): Subscriber {
  return {
    subscriberId: row.id,
    username: row.username,
    fullname: row.fullname,
    avatar: publicUrlOf(storage, row.avatarKey),
    subscribedAt: row.subscribedAt.toISOString(),
  };
}

export function presentSubscribedChannel(row: PersonRow, storage: Storage): SubscribedChannel {
  return {
    channelId: row.id,
    username: row.username,
    fullname: row.fullname,
    avatar: publicUrlOf(storage, row.avatarKey),
    subscribersCount: row.subscribersCount,
    subscribedAt: row.subscribedAt.toISOString(),
  };
}

export function presentSubscriptionFeed(
  page: { records: VideoRecord[]; nextCursor: string | null },
  storage: Storage,
): SubscriptionFeed {
  return {
    videos: page.records.map((r) => presentVideo(r, storage)),
    nextCursor: page.nextCursor,
  };
}
