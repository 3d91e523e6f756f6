import { and, desc, eq, sql } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth/roles';
import type { Database } from '../../platform/db/client';
import { comments, likes, users, videos } from '../../platform/db/schema';
import { videosWatchableBy } from '../videos';

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
  /** What the permission rules need of the video it is under. */
  video: { ownerId: string; isPublished: boolean; isUnlisted: boolean };
}

export class CommentsRepository {
  constructor(private readonly db: Database) {}

  /** Comments whose video the viewer may see: a comment is visible when its video is. */
  private select(viewer: Viewer | null) {
    const viewerId = viewer?.userId ?? null;
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
        video: {
          ownerId: videos.ownerId,
          isPublished: videos.isPublished,
          isUnlisted: videos.isUnlisted,
        },
      })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.ownerId))
      .innerJoin(videos, and(eq(videos.id, comments.videoId), videosWatchableBy(viewer)));
  }

  async findById(id: string, viewer: Viewer | null): Promise<CommentRecord | null> {
    const [row] = await this.select(viewer).where(eq(comments.id, id)).limit(1);
    return row ?? null;
  }

  async listForVideo(input: {
    videoId: string;
    viewer: Viewer | null;
    page: number;
    limit: number;
  }): Promise<CommentRecord[]> {
    return this.select(input.viewer)
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
