import type { Comment } from '@kinora/contract';
import type { Storage } from '../../platform/storage/storage';
import type { CommentRecord } from './comments.repository';

export function presentComment(record: CommentRecord, storage: Storage): Comment {
  return {
    _id: record.id,
    content: record.content,
    videoId: record.videoId,
    owner: record.ownerId,
    ownerDetails: {
      _id: record.author.id,
      username: record.author.username,
      fullname: record.author.fullname,
      avatar: record.author.avatarKey ? storage.publicUrl(record.author.avatarKey) : null,
    },
    likesCount: record.likesCount,
    isLiked: record.isLiked,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}
