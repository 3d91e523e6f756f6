import { limits, mentionedUsernames, type CommentSort } from '@kinora/contract';
import type { DomainEvents } from '../../platform/events/domain-events';
import type { Viewer } from '../../platform/auth/roles';
import { badRequest, notFound } from '../../platform/http/errors';
import { keptIdSets, type KeptPerReader } from '../../platform/http/kept-per-reader';
import { assertMentionsExist } from '../users';
import type { VideosService } from '../videos';
import {
  assertCanCommentOn,
  assertCanDeleteComment,
  assertCanEditComment,
  assertCanHeartComment,
  assertCanPinComment,
  assertCanReplyTo,
} from './comments.policy';
import type { CommentRecord, CommentsRepository } from './comments.repository';

/** Past this many comments liked, a reader's likes are asked of the database per page. */
const likedKeptUpTo = 5_000;

/** A comment someone acts on (pins, hearts, edits, deletes). */
interface CommentAction {
  commentId: string;
  actor: Viewer;
}

export class CommentsService {
  /**
   * The comments each signed-in reader liked, null past `likedKeptUpTo` (decision 0058): a
   * shared page's `isLiked` without a query per read. Their own like or account's end drops it,
   * in every process.
   */
  private readonly liked: KeptPerReader<ReadonlySet<string> | null>;

  constructor(
    private readonly repo: CommentsRepository,
    private readonly videos: VideosService,
    /** Told of each change after it is committed (decision 0021). */
    private readonly events: DomainEvents,
  ) {
    this.liked = keptIdSets((userId, limit) => repo.likedCommentIds(userId, limit), likedKeptUpTo);
    events.onAnyProcess('like.toggled', ({ target, userId }) => {
      if (target === 'comment') this.liked.drop(userId);
    });
    events.onAnyProcess('account.deleted', ({ userId }) => this.liked.drop(userId));
  }

  /** Forgets every reader's kept liked ids: the event relay had a gap (an event may be lost). */
  forgetKeptReaders(): void {
    this.liked.clear();
  }

  /** Which of these comments the reader liked. */
  async likedAmong(readerId: string, commentIds: readonly string[]): Promise<Set<string>> {
    if (commentIds.length === 0) return new Set();
    const liked = await this.liked.of(readerId);
    if (liked) return new Set(commentIds.filter((id) => liked.has(id)));
    return new Set(await this.repo.likedCommentIds(readerId, commentIds.length, [...commentIds]));
  }

  async listComments(input: {
    videoId: string;
    viewer: Viewer | null;
    page: number;
    limit: number;
    sort?: CommentSort;
  }) {
    const video = await this.videos.getVideo({ videoId: input.videoId, viewer: input.viewer });
    const [comments, topLevelCount, seeMore] = await Promise.all([
      this.repo.listForVideo(input),
      this.repo.countTopLevel(input.videoId, input.viewer),
      this.repo.authorsOfUnseenTopComments(input.videoId),
    ]);
    // The count people read counts replies too (as the video's); the pages are of top comments.
    return {
      comments,
      totalCount: video.commentsCount,
      pagedCount: topLevelCount,
      // Whose page is not a visitor's with their likes: the video's owner (held comments) and
      // the authors of hidden or held ones (decision 0058).
      readersSeeingMore: [video.ownerId, ...seeMore],
    };
  }

  /** A thread's replies, oldest first; a reply has none (threads are one level deep). */
  async listReplies(input: {
    commentId: string;
    viewer: Viewer | null;
    page: number;
    limit: number;
  }) {
    const parent = await this.getComment({ commentId: input.commentId, viewer: input.viewer });
    const comments = parent.parentId
      ? []
      : await this.repo.listReplies({ ...input, parentId: parent.id });
    return { comments, totalCount: parent.repliesCount, pagedCount: parent.repliesCount };
  }

  /**
   * A top comment. One that names nobody is checked, written and read back in one statement
   * (the video taken only when the author may comment on it, `videosInteractableBy`); only a
   * refused one reads the video, to answer 404 or 403 as the rules say. One with @names reads the video
   * first, so that a video the author may not see is a 404 before any name is judged.
   */
  async addComment(input: {
    videoId: string;
    author: Viewer;
    content: string;
  }): Promise<CommentRecord> {
    const comment = {
      videoId: input.videoId,
      ownerId: input.author.userId,
      content: input.content,
    };
    let written =
      mentionedUsernames(input.content, limits.comment).length === 0
        ? await this.repo.insertOnVideo(comment)
        : null;
    if (written === null) {
      const video = await this.videos.getVideo({ videoId: input.videoId, viewer: input.author });
      assertCanCommentOn(input.author, video);
      await this.assertMentionsExist(input.content);
      written = await this.repo.insertOnVideo(comment);
      if (written === null) throw notFound('Video');
    }
    this.events.emit('comment.created', {
      commentId: written.id,
      videoId: input.videoId,
      authorId: input.author.userId,
    });
    return written;
  }

  /**
   * A reply, one level deep as on YouTube: a reply to a reply joins the top comment's thread and
   * starts with the @name of the person answered (unless it names them already), who is told.
   */
  async addReply(input: {
    commentId: string;
    author: Viewer;
    content: string;
  }): Promise<CommentRecord> {
    // A deleted comment, or one the author may not see, is not found: nothing is written.
    const target = await this.getComment({ commentId: input.commentId, viewer: input.author });
    assertCanReplyTo(input.author, target);
    const content = addressedTo(target, input.author, input.content);
    if (content.length > limits.comment) {
      throw badRequest('Comment must be at most 2000 characters', [
        { field: 'content', message: 'Comment must be at most 2000 characters' },
      ]);
    }
    await this.assertMentionsExist(content);
    const parentId = target.parentId ?? target.id;
    const id = await this.repo.insertReply({
      videoId: target.videoId,
      ownerId: input.author.userId,
      content,
      parentId,
    });
    this.events.emit('comment.created', {
      commentId: id,
      videoId: target.videoId,
      authorId: input.author.userId,
      reply: { parentId, repliedToId: target.ownerId },
    });
    return (await this.repo.findWritten(id, input.author))!;
  }

  /** Pins a top comment (the video's other pinned one is unpinned with it), or unpins it. */
  async pinComment(input: CommentAction & { isPinned: boolean }): Promise<CommentRecord> {
    const comment = await this.getComment({ commentId: input.commentId, viewer: input.actor });
    assertCanPinComment(input.actor, comment);
    if (input.isPinned && comment.parentId) {
      throw badRequest('Only a top comment can be pinned, not a reply');
    }
    if (input.isPinned || comment.pinnedAt) {
      await this.repo.setPinned(comment, input.isPinned);
      this.events.emit('comment.marked', changeOf(comment));
    }
    return (await this.repo.findById(comment.id, input.actor))!;
  }

  /** The creator heart, given or taken back. */
  async heartComment(input: CommentAction & { isHearted: boolean }): Promise<CommentRecord> {
    const comment = await this.getComment({ commentId: input.commentId, viewer: input.actor });
    assertCanHeartComment(input.actor, comment);
    await this.repo.setHearted(comment.id, input.isHearted);
    this.events.emit('comment.marked', changeOf(comment));
    return (await this.repo.findById(comment.id, input.actor))!;
  }

  private assertMentionsExist(content: string): Promise<void> {
    return assertMentionsExist(content, limits.comment, (names) =>
      this.repo.unknownUsernames(names),
    );
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

  async editComment(input: CommentAction & { content: string }): Promise<CommentRecord> {
    const comment = await this.getComment({ commentId: input.commentId, viewer: input.actor });
    assertCanEditComment(input.actor, comment);
    await this.assertMentionsExist(input.content);
    await this.repo.updateContent(comment.id, input.content);
    this.events.emit('comment.updated', changeOf(comment));
    return (await this.repo.findById(comment.id, input.actor))!;
  }

  async deleteComment(input: CommentAction): Promise<void> {
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

/**
 * A reply to a reply starts with the @name of the person answered, so the thread reads as a
 * conversation; one's own reply, a reply to a top comment, or words that name them already
 * stay as written.
 */
function addressedTo(target: CommentRecord, author: Viewer, content: string): string {
  if (!target.parentId || target.ownerId === author.userId) return content;
  const name = target.author.username;
  if (mentionedUsernames(content, limits.comment).includes(name)) return content;
  return `@${name} ${content}`;
}
