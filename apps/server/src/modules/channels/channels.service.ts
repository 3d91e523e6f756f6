import { notFound } from '../../platform/http/errors';
import type { ChannelFigures, ChannelRecord, ChannelsRepository } from './channels.repository';

export interface ChannelView {
  channel: ChannelRecord;
  figures: ChannelFigures;
  isOwner: boolean;
}

export class ChannelsService {
  constructor(private readonly repo: ChannelsRepository) {}

  /** A channel with its figures; whether the viewer owns it decides what is shown. */
  async getChannel(input: {
    by: { id: string } | { username: string };
    viewerId: string | null;
  }): Promise<ChannelView> {
    const channel = await this.repo.find(input.by, input.viewerId);
    if (!channel) throw notFound('Channel');
    return {
      channel,
      figures: await this.repo.figures(channel.id),
      isOwner: channel.id === input.viewerId,
    };
  }

  /** Whether the viewer subscribes to the channel: the one per-person field of a channel. */
  isSubscribed({ viewerId, channelId }: { viewerId: string; channelId: string }): Promise<boolean> {
    return this.repo.isSubscribed(viewerId, channelId);
  }

  async getMyStats({ userId }: { userId: string }): Promise<ChannelView> {
    return this.getChannel({ by: { id: userId }, viewerId: userId });
  }
}
