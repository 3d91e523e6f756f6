/** Public lists carry names and pictures only, never an email address. */
import type { SubscribedChannel, Subscriber, SubscriptionFeed } from '@kinora/contract';
import { publicUrlOf, type Storage } from '../../platform/storage/storage';
import { presentVideoCards, type VideoCardRow } from '../videos';
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

export function presentSubscriptionFeed(page: {
  records: VideoCardRow[];
  nextCursor: string | null;
}): SubscriptionFeed {
  return {
    videos: presentVideoCards(page.records),
    nextCursor: page.nextCursor,
  };
}
