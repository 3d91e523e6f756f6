import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../platform/db/client';

export interface ChannelHit {
  id: string;
  username: string;
  fullname: string;
  avatarKey: string | null;
  subscribersCount: number;
}

/**
 * Full-text search (title A > description B > channel name C) with trigram matching so that a
 * typo or a prefix still finds a title or a channel. What the person typed reaches the
 * database only as bound parameters: the words (letters and digits only) as a prefix tsquery,
 * and the whole text for trigram similarity and for ILIKE with its wildcards escaped.
 */
/** How many videos a search ranks at most (and so the most it reports). */
export const searchPool = 300;

export class SearchRepository {
  constructor(private readonly db: Database) {}

  async searchVideos(input: {
    words: string[];
    text: string;
    page: number;
    limit: number;
  }): Promise<{ ids: string[]; total: number }> {
    const tsquery = input.words.map((w) => `${w}:*`).join(' & ');
    const query = sql`to_tsquery('simple', ${tsquery})`;
    // Ranking reads every candidate's row, so it works on a bounded pool: the most viewed
    // videos whose words match (index walk for common words, GIN for rare ones), the most
    // viewed videos of matching channels, and, only when those found less than the page asked
    // for, titles near what was typed (typos). Results past the pool are not offered.
    const rows = await queryRows<{ id: string; total: number }>(
      this.db,
      sql`
        with by_words as (
          select id from videos
          where search_vector @@ ${query} and is_published
          order by views desc, id desc
          limit ${searchPool}
        ),
        by_channel as (
          select v.id from users u join videos v on v.owner_id = u.id
          where u.search_vector @@ ${query} and v.is_published
          order by v.views desc, v.id desc
          limit ${searchPool}
        ),
        found as (select id from by_words union select id from by_channel),
        by_title as (
          select id from videos
          where (select count(*) from found) < ${Math.min(input.page * input.limit, searchPool)}
            and ${input.text}::text <% title and is_published
          order by word_similarity(${input.text}::text, title) desc, views desc
          limit ${searchPool}
        ),
        pool as (select id from found union select id from by_title)
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
    words: string[];
    text: string;
    page: number;
    limit: number;
  }): Promise<{ channels: ChannelHit[]; total: number }> {
    const tsquery = input.words.map((w) => `${w}:*`).join(' & ');
    const prefix = `${input.text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
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
        with q as (select to_tsquery('simple', ${tsquery}) as query, ${input.text}::text as text)
        select u.id, u.username, u.fullname, u.avatar_key, u.subscribers_count, count(*) over ()::int as total
        from users u cross join q
        where u.search_vector @@ q.query
           or u.username like ${prefix}
           or q.text <% u.username
           or q.text <% u.fullname
        order by (u.username like ${prefix}) desc,
                 greatest(word_similarity(q.text, u.username), word_similarity(q.text, u.fullname)) desc,
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
