import type { SearchChannel, SearchResult } from '@kinora/contract';
import type { Storage } from '../../platform/storage/storage';
import { presentChannelSummary } from '../users';
import { presentVideoCards } from '../videos';
import type { ChannelHit } from './search.repository';
import type { SearchHits } from './search.service';

/** A channel found by a search: both namings of the spec's full name, and the public count. */
export function presentSearchChannel(channel: ChannelHit, storage: Storage): SearchChannel {
  return {
    ...presentChannelSummary(channel, storage),
    fullName: channel.fullname,
    subscribersCount: channel.subscribersCount,
  };
}

/** One page of search results with the totals of both kinds. */
export function presentSearchResult(
  result: SearchHits,
  paging: { page: number; limit: number },
  storage: Storage,
): SearchResult {
  return {
    videos: presentVideoCards(result.videos),
    channels: result.channels.map((c) => presentSearchChannel(c, storage)),
    page: paging.page,
    limit: paging.limit,
    totalVideos: result.totalVideos,
    totalChannels: result.totalChannels,
  };
}
