import { forbidden, notFound } from '../../platform/http/errors';
import type { VideosService } from '../videos';
import type { CommentRecord, CommentsRepository } from './comments.repository';

export class CommentsService {
  constructor(
    private readonly repo: CommentsRepository,
    private readonly videos: VideosService,
  ) {}

  async listComments(input: {
    videoId: string;
    viewerId: string | null;
    page: number;
    limit: number;
  }) {
    const video = await this.videos.getVideo({ videoId: input.videoId, viewerId: input.viewerId });
    const comments = await this.repo.listForVideo(input);
    return { comments, totalCount: video.commentsCount };
  }

  async addComment(input: {
    videoId: string;
    authorId: string;
    content: string;
  }): Promise<CommentRecord> {
    await this.videos.getVideo({ videoId: input.videoId, viewerId: input.authorId });
    const id = await this.repo.insert({
      videoId: input.videoId,
      ownerId: input.authorId,
      content: input.content,
    });
    return (await this.repo.findById(id, input.authorId))!;
  }

  /** A comment is visible when its video is. */
  async getComment({
    commentId,
    viewerId,
  }: {
    commentId: string;
    viewerId: string | null;
  }): Promise<CommentRecord> {
    const comment = await this.repo.findById(commentId, viewerId);
    if (!comment) throw notFound('Comment');
    await this.videos.getVideo({ videoId: comment.videoId, viewerId }).catch(() => {
      throw notFound('Comment');
    });
    return comment;
  }

  /** Only the author edits their words. */
  async editComment(input: {
    commentId: string;
    actorId: string;
    content: string;
  }): Promise<CommentRecord> {
    const comment = await this.getComment({ commentId: input.commentId, viewerId: input.actorId });
    if (comment.ownerId !== input.actorId) throw forbidden('Only the author can edit this comment');
    await this.repo.updateContent(comment.id, input.content);
    return (await this.repo.findById(comment.id, input.actorId))!;
  }

  /** The author may delete a comment, and so may the owner of the video it is under. */
  async deleteComment(input: { commentId: string; actorId: string }): Promise<void> {
    const comment = await this.getComment({ commentId: input.commentId, viewerId: input.actorId });
    if (comment.ownerId !== input.actorId) {
      const video = await this.videos.getVideo({
        videoId: comment.videoId,
        viewerId: input.actorId,
      });
      if (video.ownerId !== input.actorId)
        throw forbidden('Only the author can delete this comment');
    }
    if (!(await this.repo.delete(comment.id))) throw notFound('Comment');
  }
}
