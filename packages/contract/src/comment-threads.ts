/**
 * Comment threads (issue 21 item 3, decision 0037): replies one level deep under a top comment,
 * as YouTube; the video's creator pins one comment and hearts any. The calls are declared here,
 * in one file for the area, and merged into the endpoint map. Comments keep their shape
 * (`Comment` in engagement.ts gains optional fields only).
 */
import { z } from 'zod';
import { Comment, CommentBody, CommentIdParam, CommentPage } from './engagement';
import { PageQuery } from './pagination';
import { define } from './define-endpoint';

/** A thread's replies, oldest first, a page at a time. */
export const ListRepliesQuery = PageQuery;

export const PinCommentBody = z.object({
  isPinned: z.boolean({ message: 'isPinned is true or false' }),
});
export type PinCommentBody = z.infer<typeof PinCommentBody>;

export const HeartCommentBody = z.object({
  isHearted: z.boolean({ message: 'isHearted is true or false' }),
});
export type HeartCommentBody = z.infer<typeof HeartCommentBody>;

export const commentThreadEndpoints = {
  listReplies: define({
    method: 'GET',
    path: '/comments/:commentId/replies',
    summary: 'Replies to a top comment, oldest first; totalCount is its reply count',
    tag: 'comments',
    access: 'public',
    params: CommentIdParam,
    query: ListRepliesQuery,
    response: CommentPage,
    message: 'Replies',
  }),
  addReply: define({
    method: 'POST',
    path: '/comments/:commentId/replies',
    summary:
      'Reply to a comment; a reply to a reply joins its top comment and names the person answered',
    tag: 'comments',
    access: 'user',
    params: CommentIdParam,
    body: CommentBody,
    response: Comment,
    message: 'Reply added',
    successStatus: 201,
  }),
  pinComment: define({
    method: 'PUT',
    path: '/comments/:commentId/pin',
    summary: 'Pin or unpin a top comment (the video’s creator only; pinning unpins the other)',
    tag: 'comments',
    access: 'user',
    params: CommentIdParam,
    body: PinCommentBody,
    response: Comment,
    message: 'Comment pinned',
  }),
  heartComment: define({
    method: 'PUT',
    path: '/comments/:commentId/heart',
    summary: 'Give or take back the creator heart (the video’s creator only)',
    tag: 'comments',
    access: 'user',
    params: CommentIdParam,
    body: HeartCommentBody,
    response: Comment,
    message: 'Comment hearted',
  }),
} as const;
