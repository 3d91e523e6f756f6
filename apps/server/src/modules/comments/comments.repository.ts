import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { comments, likes, users, videos } from '../../platform/db/schema';

export interface CommentRecord {
  id: string;
  videoId: string;
  ownerId: string;
  content: string;
  likesCount: number;
  isLiked: boolean;
  createdAt: Date;
  updatedAt: Date;
  author: { id: string; username: string; fullname: string; avatarKey: string | null };
}

export class CommentsRepository {
  constructor(private readonly db: Database) {}

  private select(viewerId: string | null) {
    return this.db
      .select({
        id: comments.id,
        videoId: comments.videoId,
        ownerId: comments.ownerId,
        content: comments.content,
        likesCount: comments.likesCount,
        isLiked: viewerId
          ? sql<boolean>`exists (select 1 from ${likes} where ${likes.userId} = ${viewerId} and ${likes.commentId} = ${comments.id})`
          : sql<boolean>`false`,
        createdAt: comments.createdAt,
        updatedAt: comments.updatedAt,
        author: {
          id: users.id,
          username: users.username,
          fullname: users.fullname,
          avatarKey: users.avatarKey,
        },
      })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.ownerId));
  }

  async findById(id: string, viewerId: string | null): Promise<CommentRecord | null> {
    const [row] = await this.select(viewerId).where(eq(comments.id, id)).limit(1);
    return row ?? null;
  }

  async listForVideo(input: {
    videoId: string;
    viewerId: string | null;
    page: number;
    limit: number;
  }): Promise<CommentRecord[]> {
    return this.select(input.viewerId)
      .where(eq(comments.videoId, input.videoId))
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit);
  }

  /** Adds the comment and moves the video's counter in one transaction. */
  async insert(input: { videoId: string; ownerId: string; content: string }): Promise<string> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(comments).values(input).returning({ id: comments.id });
      await tx
        .update(videos)
        .set({ commentsCount: sql`${videos.commentsCount} + 1` })
        .where(eq(videos.id, input.videoId));
      return row!.id;
    });
  }

  async updateContent(id: string, content: string): Promise<void> {
    await this.db
      .update(comments)
      .set({ content, updatedAt: sql`now()` })
      .where(eq(comments.id, id));
  }

  async delete(id: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .delete(comments)
        .where(eq(comments.id, id))
        .returning({ videoId: comments.videoId });
      if (!row) return false;
      await tx
        .update(videos)
        .set({ commentsCount: sql`${videos.commentsCount} - 1` })
        .where(and(eq(videos.id, row.videoId)));
      return true;
    });
  }
}
