import { badRequest, notFound } from '../../platform/http/errors';
import { canSubscribeTo } from './subscriptions.policy';
import type { SubscriptionsRepository } from './subscriptions.repository';

export class SubscriptionsService {
  constructor(private readonly repo: SubscriptionsRepository) {}

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

  async listSubscribers({
    channelId,
    page,
    limit,
  }: {
    channelId: string;
    page: number;
    limit: number;
  }) {
    if (!(await this.repo.userExists(channelId))) throw notFound('Channel');
    return this.repo.subscribers(channelId, page, limit);
  }

  async listSubscribedChannels({
    userId,
    page,
    limit,
  }: {
    userId: string;
    page: number;
    limit: number;
  }) {
    if (!(await this.repo.userExists(userId))) throw notFound('User');
    return this.repo.channels(userId, page, limit);
  }
}
