import type { VideoRecord, VideosService } from '../videos';
import type { ChannelHit, SearchRepository } from './search.repository';

/** Words are runs of letters and digits; everything else a person types only separates them. */
export function searchWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

export class SearchService {
  constructor(
    private readonly repo: SearchRepository,
    private readonly videos: VideosService,
  ) {}

  async search(input: {
    query: string;
    type: 'all' | 'videos' | 'channels';
    page: number;
    limit: number;
    viewerId: string | null;
  }): Promise<{
    videos: VideoRecord[];
    totalVideos: number;
    channels: ChannelHit[];
    totalChannels: number;
  }> {
    const words = searchWords(input.query);
    if (words.length === 0) return { videos: [], totalVideos: 0, channels: [], totalChannels: 0 };
    const args = { words, text: input.query.slice(0, 200), page: input.page, limit: input.limit };
    const [videoHits, channelHits] = await Promise.all([
      input.type === 'channels' ? { ids: [], total: 0 } : this.repo.searchVideos(args),
      input.type === 'videos' ? { channels: [], total: 0 } : this.repo.searchChannels(args),
    ]);
    return {
      videos: await this.videos.getVisibleVideos({ ids: videoHits.ids, viewerId: input.viewerId }),
      totalVideos: videoHits.total,
      channels: channelHits.channels,
      totalChannels: channelHits.total,
    };
  }
}
