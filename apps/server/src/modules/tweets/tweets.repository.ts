import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { likes, tweets, users } from '../../platform/db/schema';

export interface TweetRecord {
  id: string;
  content: string;
  createdAt: Date;
  likesCount: number;
  likeId: string | null;
  owner: { id: string; username: string; fullname: string; avatarKey: string | null };
}

export class TweetsRepository {
  constructor(private readonly db: Database) {}

  async listByOwner(input: {
    ownerId: string;
    viewerId: string | null;
    page: number;
    limit: number;
  }): Promise<{ records: TweetRecord[]; total: number }> {
    const [records, [counted]] = await Promise.all([
      this.db
        .select({
          id: tweets.id,
          content: tweets.content,
          createdAt: tweets.createdAt,
          likesCount: tweets.likesCount,
          likeId: likes.id,
          owner: {
            id: users.id,
            username: users.username,
            fullname: users.fullname,
            avatarKey: users.avatarKey,
          },
        })
        .from(tweets)
        .innerJoin(users, eq(users.id, tweets.ownerId))
        .leftJoin(
          likes,
          and(
            eq(likes.tweetId, tweets.id),
            input.viewerId ? eq(likes.userId, input.viewerId) : sql`false`,
          ),
        )
        .where(eq(tweets.ownerId, input.ownerId))
        .orderBy(desc(tweets.createdAt), desc(tweets.id))
        .limit(input.limit)
        .offset((input.page - 1) * input.limit),
      this.db.select({ total: count() }).from(tweets).where(eq(tweets.ownerId, input.ownerId)),
    ]);
    return { records, total: counted?.total ?? 0 };
  }

  async userExists(id: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, id))
      .limit(1);
    return row !== undefined;
  }
}
