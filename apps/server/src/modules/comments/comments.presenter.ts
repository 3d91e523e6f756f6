import type { Comment, CommentPage } from '@kinora/contract';
import { moderationNoticeOf } from '../../platform/http/moderation-notice';
import { pageInfo } from '../../platform/http/paging';
import type { Storage } from '../../platform/storage/storage';
import { presentChannelSummary } from '../users';
import type { CommentRecord } from './comments.repository';

export function presentComment(record: CommentRecord, storage: Storage): Comment {
  return {
    _id: record.id,
    content: record.content,
    videoId: record.videoId,
    owner: record.ownerId,
    ownerDetails: presentChannelSummary(record.author, storage),
    likesCount: record.likesCount,
    isLiked: record.isLiked,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    ...moderationNoticeOf(record),
  };
}

/** An offset page of a video's comments; the total is the video's comment count. */
export function presentCommentPage(
  { comments, totalCount }: { comments: CommentRecord[]; totalCount: number },
  paging: { page: number; limit: number },
  storage: Storage,
): CommentPage {
  return {
    comments: comments.map((c) => presentComment(c, storage)),
    totalCount,
    ...pageInfo(paging, totalCount),
  };
}
