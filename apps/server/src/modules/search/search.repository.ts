import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../platform/db/client';
import { videosVisibleTo } from '../videos';

export interface ChannelHit {
  id: string;
  username: string;
  fullname: string;
  avatarKey: string | null;
  subscribersCount: number;
}

/**
 * Full-text search (title A > description B > channel name C). What the person typed reaches
 * the database only as bound parameters: a tsquery built by the service from words of letters
 * and digits (with their corrections, from `search_words`), and the whole text for trigram
 * similarity in the ranking and for a username prefix (LIKE, its wildcards escaped).
 *
 * Every branch is index-driven and bounded, so a search costs the same on a site of a hundred
 * videos or a million: ranking reads each candidate's row, so it works on a pool of at most
 * `searchPool` videos and `searchPool` channels. Results past the pool are not offered.
 */
/** How many videos (and channels) a search ranks at most, and so the most it reports. */
export const searchPool = 300;
/** Channels whose videos a search by channel name considers, and videos taken from each. */
const channelsForVideos = 50;
const videosPerChannel = 30;
/** Indexed words fetched as candidate corrections of a typed word. */
const nearWordsFetched = 12;

export interface WordLookup {
  word: string;
  /** Some indexed word starts with it. */
  known: boolean;
  /** When it is not known: the indexed words nearest to it by trigram distance, nearest first. */
  near: string[];
}

export class SearchRepository {
  constructor(private readonly db: Database) {}

  /**
   * For each typed word, in one round trip: whether an indexed word starts with it, and if not
   * (and it has three letters or more), the indexed words nearest to it by trigram distance
   * (a nearest-neighbour walk of the GiST index, with no similarity threshold, so that a swap
   * of two letters, which shares few trigrams, still finds its word).
   */
  async lookUpWords(words: string[]): Promise<WordLookup[]> {
    const rows = await queryRows<{ word: string; known: boolean; near: string[] | null }>(
      this.db,
      sql`
        select w.word, k.known,
               case when k.known or char_length(w.word) < 3 then null
                    else array(select s.word from search_words s
                               order by s.word <-> w.word limit ${nearWordsFetched})
               end as near
        from jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) with ordinality as w(word, i)
        cross join lateral (
          -- offset 0 keeps this a subquery, so the test runs once per word (inlined, it ran
          -- again for the case below).
          select exists (select 1 from search_words s where s.word like w.word || '%') as known
          offset 0
        ) k
        order by w.i
      `,
    );
    return rows.map((r) => ({ word: r.word, known: r.known, near: r.near ?? [] }));
  }

  async searchVideos(input: {
    tsquery: string;
    text: string;
    page: number;
    limit: number;
  }): Promise<{ ids: string[]; total: number }> {
    const query = sql`to_tsquery('simple', ${input.tsquery})`;
    // Search is a feed: it offers everyone what a visitor sees, on the partial indexes of
    // published videos (the hits are then read through the viewer's own filter).
    const offered = videosVisibleTo(null);
    // The pool: the most viewed videos whose words match (an index walk for common words, GIN
    // for rare ones), and the most viewed videos of the most followed matching channels.
    const rows = await queryRows<{ id: string; total: number }>(
      this.db,
      sql`
        with by_words as (
          select id from videos
          where search_vector @@ ${query} and ${offered}
          order by views desc, id desc
          limit ${searchPool}
        ),
        by_channel as (
          select v.id from (
            select id from users where search_vector @@ ${query}
            order by subscribers_count desc, id limit ${channelsForVideos}
          ) c
          cross join lateral (
            select id, views from videos
            where owner_id = c.id and ${offered}
            order by views desc, id desc limit ${videosPerChannel}
          ) v
          order by v.views desc, v.id desc
          limit ${searchPool}
        ),
        pool as (select id from by_words union select id from by_channel)
        select v.id, count(*) over ()::int as total
        from pool p
        join videos v on v.id = p.id
        join users u on u.id = v.owner_id
        order by ts_rank(v.search_vector, ${query}) * 2
                 + ts_rank(u.search_vector, ${query})
                 + word_similarity(${input.text}::text, v.title) * 0.5 desc,
                 v.created_at desc, v.id
        limit ${input.limit} offset ${(input.page - 1) * input.limit}
      `,
    );
    return { ids: rows.map((r) => r.id), total: rows[0]?.total ?? 0 };
  }

  async searchChannels(input: {
    tsquery: string;
    text: string;
    page: number;
    limit: number;
  }): Promise<{ channels: ChannelHit[]; total: number }> {
    const prefix = `${input.text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // Three index-driven branches, each bounded: words of the name (GIN), a prefix of the
    // username and a username close to what was typed (both on its trigram index).
    const branch = Math.ceil(searchPool / 3);
    const rows = await queryRows<{
      id: string;
      username: string;
      fullname: string;
      avatar_key: string | null;
      subscribers_count: number;
      total: number;
    }>(
      this.db,
      sql`
        with hits as (
          (select id from users where search_vector @@ to_tsquery('simple', ${input.tsquery})
           order by subscribers_count desc, id limit ${branch})
          union
          (select id from users where username like ${prefix}
           order by subscribers_count desc, id limit ${branch})
          union
          (select id from users where ${input.text}::text <% username
           order by subscribers_count desc, id limit ${branch})
        )
        select u.id, u.username, u.fullname, u.avatar_key, u.subscribers_count,
               count(*) over ()::int as total
        from hits h join users u on u.id = h.id
        order by (u.username like ${prefix}) desc,
                 greatest(word_similarity(${input.text}::text, u.username),
                          word_similarity(${input.text}::text, u.fullname)) desc,
                 u.subscribers_count desc, u.id
        limit ${input.limit} offset ${(input.page - 1) * input.limit}
      `,
    );
    return {
      channels: rows.map((r) => ({
        id: r.id,
        username: r.username,
        fullname: r.fullname,
        avatarKey: r.avatar_key,
        subscribersCount: r.subscribers_count,
      })),
      total: rows[0]?.total ?? 0,
    };
  }
}
