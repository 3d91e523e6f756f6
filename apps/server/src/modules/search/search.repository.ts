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
export class SearchRepository {
  constructor(private readonly db: Database) {}

  async searchVideos(input: {
    words: string[];
    text: string;
    page: number;
    limit: number;
  }): Promise<{ ids: string[]; total: number }> {
    const tsquery = input.words.map((w) => `${w}:*`).join(' & ');
    const rows = await queryRows<{ id: string; total: number }>(
      this.db,
      sql`
        with q as (select to_tsquery('simple', ${tsquery}) as query, ${input.text}::text as text),
        hits as (
          select v.id, v.created_at,
                 ts_rank(v.search_vector, q.query) * 2
                 + ts_rank(u.search_vector, q.query)
                 + word_similarity(q.text, v.title) * 0.5 as rank
          from videos v
          join users u on u.id = v.owner_id
          cross join q
          where v.is_published
            and (v.search_vector @@ q.query or q.text <% v.title or u.search_vector @@ q.query)
        )
        select id, count(*) over ()::int as total
        from hits
        order by rank desc, created_at desc, id
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
