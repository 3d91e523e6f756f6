import type { DomainEvents } from '../../platform/events/domain-events';
import type { Viewer } from '../../platform/auth/roles';
import { notFound } from '../../platform/http/errors';
import type { VideosService } from '../videos';
import {
  assertCanCommentOn,
  assertCanDeleteComment,
  assertCanEditComment,
} from './comments.policy';
import type { CommentRecord, CommentsRepository } from './comments.repository';

export class CommentsService {
  constructor(
    private readonly repo: CommentsRepository,
    private readonly videos: VideosService,
    /** Told of each change after it is committed (decision 0021). */
    private readonly events: DomainEvents,
  ) {}

  async listComments(input: {
    videoId: string;
    viewer: Viewer | null;
    page: number;
    limit: number;
  }) {
    const video = await this.videos.getVideo({ videoId: input.videoId, viewer: input.viewer });
    const comments = await this.repo.listForVideo(input);
    return { comments, totalCount: video.commentsCount };
  }

  async addComment(input: {
    videoId: string;
    author: Viewer;
    content: string;
  }): Promise<CommentRecord> {
    const video = await this.videos.getVideo({ videoId: input.videoId, viewer: input.author });
    assertCanCommentOn(input.author, video);
    const id = await this.repo.insert({
      videoId: input.videoId,
      ownerId: input.author.userId,
      content: input.content,
    });
    this.events.emit('comment.created', {
      commentId: id,
      videoId: input.videoId,
      authorId: input.author.userId,
    });
    return (await this.repo.findById(id, input.author))!;
  }

  /** A comment is visible when its video is (the repository reads it through that filter). */
  async getComment({
    commentId,
    viewer,
  }: {
    commentId: string;
    viewer: Viewer | null;
  }): Promise<CommentRecord> {
    const comment = await this.repo.findById(commentId, viewer);
    if (!comment) throw notFound('Comment');
    return comment;
  }

  async editComment(input: {
    commentId: string;
    actor: Viewer;
    content: string;
  }): Promise<CommentRecord> {
    const comment = await this.getComment({ commentId: input.commentId, viewer: input.actor });
    assertCanEditComment(input.actor, comment);
    await this.repo.updateContent(comment.id, input.content);
    this.events.emit('comment.updated', changeOf(comment));
    return (await this.repo.findById(comment.id, input.actor))!;
  }

  async deleteComment(input: { commentId: string; actor: Viewer }): Promise<void> {
    const comment = await this.getComment({ commentId: input.commentId, viewer: input.actor });
    assertCanDeleteComment(input.actor, comment);
    if (!(await this.repo.delete(comment.id))) throw notFound('Comment');
    this.events.emit('comment.deleted', changeOf(comment));
  }
}

const changeOf = (comment: CommentRecord) => ({
  commentId: comment.id,
  videoId: comment.videoId,
  authorId: comment.ownerId,
});
