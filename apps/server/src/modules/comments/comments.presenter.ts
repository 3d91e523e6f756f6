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
    parentId: record.parentId,
    repliesCount: record.repliesCount,
    isPinned: record.pinnedAt !== null,
    isHearted: record.heartedAt !== null,
    isEdited: record.editedAt !== null,
    ...moderationNoticeOf(record),
  };
}

/**
 * An offset page of a video's top comments or of a thread's replies. The total is the video's
 * comment count (replies too) or the thread's; the pages are counted from `pagedCount`.
 */
export function presentCommentPage(
  {
    comments,
    totalCount,
    pagedCount = totalCount,
  }: { comments: CommentRecord[]; totalCount: number; pagedCount?: number },
  paging: { page: number; limit: number },
  storage: Storage,
): CommentPage {
  return {
    comments: comments.map((c) => presentComment(c, storage)),
    totalCount,
    ...pageInfo(paging, pagedCount),
  };
}
