import type { ChannelVideosQuery } from '@kinora/contract';
import type { Viewer } from '../../platform/auth/roles';
import type { DomainEvents } from '../../platform/events/domain-events';
import { notFound } from '../../platform/http/errors';
import { keptIdSets, type KeptPerReader } from '../../platform/http/kept-per-reader';
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

/** A signed-in reader and a channel: whether the one subscribes to the other. */
export interface ViewerAndChannel {
  viewerId: string;
  channelId: string;
}

/** Past this many channels followed, a reader's are asked of the database one by one. */
const followedKeptUpTo = 5_000;

export class ChannelsService {
  /**
   * The channels each signed-in reader follows, null past `followedKeptUpTo` (decision 0058):
   * a shared channel answer's `isSubscribed` without a query per read. Their own subscription
   * or account's end drops it, in every process.
   */
  private readonly followed: KeptPerReader<ReadonlySet<string> | null>;

  constructor(
    private readonly repo: ChannelsRepository,
    private readonly videos: VideosService,
    events: DomainEvents,
  ) {
    this.followed = keptIdSets(
      (userId, limit) => repo.followedChannelIds(userId, limit),
      followedKeptUpTo,
    );
    events.onAnyProcess('subscription.changed', ({ subscriberId }) =>
      this.followed.drop(subscriberId),
    );
    events.onAnyProcess('account.deleted', ({ userId }) => this.followed.drop(userId));
  }

  /** Forgets every reader's kept followed ids: the event relay had a gap (an event may be lost). */
  forgetKeptReaders(): void {
    this.followed.clear();
  }

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
  async isSubscribed({ viewerId, channelId }: ViewerAndChannel): Promise<boolean> {
    const followed = await this.followed.of(viewerId);
    return followed ? followed.has(channelId) : this.repo.isSubscribed(viewerId, channelId);
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
