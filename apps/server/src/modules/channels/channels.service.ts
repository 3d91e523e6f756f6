import type { ChannelVideosQuery } from '@kinora/contract';
import type { Viewer } from '../../platform/auth/roles';
import { notFound } from '../../platform/http/errors';
import { canSeeDraftsOf, type VideosService } from '../videos';
import { canSeeChannelTotals } from './channels.policy';
import type { ChannelFigures, ChannelRecord, ChannelsRepository } from './channels.repository';

export interface ChannelView {
  channel: ChannelRecord;
  figures: ChannelFigures;
  /** Its video count includes drafts (the owner, staff), as its listing does. */
  seesDrafts: boolean;
  seesTotals: boolean;
}

export class ChannelsService {
  constructor(
    private readonly repo: ChannelsRepository,
    private readonly videos: VideosService,
  ) {}

  /** A channel with its figures; the channels' and videos' rules decide what is shown. */
  async getChannel(input: {
    by: { id: string } | { username: string };
    viewer: Viewer | null;
  }): Promise<ChannelView> {
    const channel = await this.repo.find(input.by, input.viewer?.userId ?? null);
    if (!channel) throw notFound('Channel');
    return {
      channel,
      figures: await this.repo.figures(channel.id),
      seesDrafts: canSeeDraftsOf(input.viewer, channel.id),
      seesTotals: canSeeChannelTotals(input.viewer, channel),
    };
  }

  /** Whether the viewer subscribes to the channel: the one per-person field of a channel. */
  isSubscribed({ viewerId, channelId }: { viewerId: string; channelId: string }): Promise<boolean> {
    return this.repo.isSubscribed(viewerId, channelId);
  }

  /** One's own channel: every figure is one's own to see. */
  async getMyStats({ actor }: { actor: Viewer }): Promise<ChannelView> {
    return this.getChannel({ by: { id: actor.userId }, viewer: actor });
  }

  /**
   * A channel's videos as the viewer may see them (its owner and staff find its drafts too);
   * an unknown channel is a 404, not an empty list.
   */
  async listChannelVideos(input: {
    channelId: string;
    query: ChannelVideosQuery;
    viewer: Viewer | null;
  }) {
    const channel = await this.repo.find({ id: input.channelId }, null);
    if (!channel) throw notFound('Channel');
    return this.videos.listVideos({
      query: { ...input.query, userId: channel.id },
      viewer: input.viewer,
    });
  }
}
