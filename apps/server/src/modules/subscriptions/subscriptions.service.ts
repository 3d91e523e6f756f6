import type { DomainEvents } from '../../platform/events/domain-events';
import type { Viewer } from '../../platform/auth/roles';
import { readFeedPageWithRecords, type FeedPage, type FeedRequest } from '../../platform/db/keyset';
import { badRequest, notFound } from '../../platform/http/errors';
import type { Paging } from '../../platform/http/paging';
import type { VideoCardRow, VideosService } from '../videos';
import { canSubscribeTo } from './subscriptions.policy';
import type { SubscriptionsRepository } from './subscriptions.repository';

export class SubscriptionsService {
  constructor(
    private readonly repo: SubscriptionsRepository,
    private readonly videos: VideosService,
    /** Told of each change after it is committed (decision 0021). */
    private readonly events: DomainEvents,
  ) {}

  async toggleSubscription({
    subscriberId,
    channelId,
  }: {
    subscriberId: string;
    channelId: string;
  }) {
    if (!canSubscribeTo(subscriberId, channelId))
      throw badRequest('You cannot subscribe to your own channel');
    const result = await this.repo.toggle(subscriberId, channelId).catch((error: unknown) => {
      if ((error as { cause?: { code?: string } }).cause?.code === '23503') return null;
      throw error;
    });
    if (!result) throw notFound('Channel');
    this.events.emit('subscription.changed', {
      subscriberId,
      channelId,
      isSubscribed: result.isSubscribed,
    });
    return result;
  }

  async subscriptionStatus({
    viewerId,
    channelId,
  }: {
    viewerId: string | null;
    channelId: string;
  }) {
    const status = await this.repo.status(viewerId, channelId);
    if (!status) throw notFound('Channel');
    return status;
  }

  async listSubscribers({ channelId, page, limit }: Paging & { channelId: string }) {
    if (!(await this.repo.userExists(channelId))) throw notFound('Channel');
    return this.repo.subscribers(channelId, page, limit);
  }

  async listSubscribedChannels({ userId, page, limit }: Paging & { userId: string }) {
    if (!(await this.repo.userExists(userId))) throw notFound('User');
    return this.repo.channels(userId, page, limit);
  }

  /** The newest published videos of the channels the actor follows, a page at a time. */
  async videoFeed(input: FeedRequest & { actor: Viewer }): Promise<FeedPage<VideoCardRow>> {
    return readFeedPageWithRecords(
      input,
      // The ids and their cards in one statement (decision 0062). Visibility is a visitor's.
      (page) =>
        this.repo.videoFeed({
          subscriberId: input.actor.userId,
          urlPrefix: this.videos.cardUrlPrefix,
          ...page,
        }),
      (entry) => entry.card,
    );
  }
}
