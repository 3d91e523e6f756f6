import type { Viewer } from '../../platform/auth/roles';
import type { VideoCardRow, VideosService } from '../videos';
import type { ChannelHit, SearchRepository, WordLookup } from './search.repository';

/** Words are runs of letters and digits; everything else a person types only separates them. */
export function searchWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

const isWord = (text: string) => /^[\p{L}\p{N}]+$/u.test(text);

/**
 * Edits between two words (insert, delete, replace, or swap two neighbouring letters: the
 * optimal string alignment distance), counted up to `max`: anything further answers `max + 1`.
 */
export function editDistance(a: string, b: string, max: number): number {
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > max) return max + 1;
  // Three rows of the dynamic-programming table: two back (for swaps), one back, this one.
  let before = new Array<number>(t.length + 1).fill(0);
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) {
        d = Math.min(d, before[j - 2]! + 1);
      }
      current.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[t.length]!, max + 1);
}

/**
 * What a word nobody used might have meant: the indexed words near it (nearest first) within
 * one edit for a word of three or four letters, two for a longer one; closest first, at most
 * three. Shorter words are left as typed.
 */
export function correctionsOf(word: string, near: string[]): string[] {
  const length = [...word].length;
  if (length < 3) return [];
  const allowed = length <= 4 ? 1 : 2;
  return near
    .filter((candidate) => candidate !== word && isWord(candidate))
    .map((candidate, order) => ({ candidate, order, d: editDistance(word, candidate, allowed) }))
    .filter((c) => c.d <= allowed)
    .sort((a, b) => a.d - b.d || a.order - b.order)
    .slice(0, 3)
    .map((c) => c.candidate);
}

/**
 * The tsquery of a search: every word as a prefix, and a word that starts no indexed word also
 * as any of its corrections (`(giutar:* | guitar) & lesson:*`). Words are letters and digits
 * only, so nothing a person types can change the query's structure.
 */
export function tsqueryOf(lookups: WordLookup[]): string {
  return lookups
    .map(({ word, known, near }) => {
      const alternatives = known ? [] : correctionsOf(word, near);
      return alternatives.length === 0
        ? `${word}:*`
        : `(${[`${word}:*`, ...alternatives].join(' | ')})`;
    })
    .join(' & ');
}

/** What a search found: a page of each kind, with the totals. */
export interface SearchHits {
  /** As PostgreSQL wrote them (decision 0049). */
  videos: VideoCardRow[];
  totalVideos: number;
  channels: ChannelHit[];
  totalChannels: number;
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
    viewer: Viewer | null;
  }): Promise<SearchHits> {
    const words = searchWords(input.query);
    if (words.length === 0) return { videos: [], totalVideos: 0, channels: [], totalChannels: 0 };
    const tsquery = tsqueryOf(await this.repo.lookUpWords(words));
    const args = { tsquery, text: input.query.slice(0, 200), page: input.page, limit: input.limit };
    const [videoHits, channelHits] = await Promise.all([
      input.type === 'channels' ? { ids: [], total: 0 } : this.repo.searchVideos(args),
      input.type === 'videos' ? { channels: [], total: 0 } : this.repo.searchChannels(args),
    ]);
    return {
      videos: await this.videos.getVisibleVideos({ ids: videoHits.ids, viewer: input.viewer }),
      totalVideos: videoHits.total,
      channels: channelHits.channels,
      totalChannels: channelHits.total,
    };
  }
}
