import type { Video } from '@kinora/contract';
import type { RouteSharing } from '../../platform/http/router';
import type { Storage } from '../../platform/storage/storage';
import type { VideoRecord } from './videos.repository';

export function presentVideo(record: VideoRecord, storage: Storage): Video {
  const url = (key: string | null) => (key ? storage.publicUrl(key) : null);
  return {
    _id: record.id,
    title: record.title,
    description: record.description,
    videofile: url(record.videoKey),
    thumbnail: url(record.thumbnailKey ?? record.posterKey),
    duration: record.durationSeconds,
    views: record.views,
    likes: record.likesCount,
    comments: record.commentsCount,
    isLive: false,
    isPublished: record.isPublished,
    status: record.status,
    hls: url(record.hlsMasterKey),
    storyboard: url(record.storyboardKey),
    processingProgress: record.status === 'processing' ? (record.processingProgress ?? 0) : null,
    videoPublicId: record.videoPublicId,
    thumbnailPublicId: record.thumbnailPublicId,
    owner: {
      _id: record.owner.id,
      username: record.owner.username,
      fullname: record.owner.fullname,
      avatar: url(record.owner.avatarKey),
      subscribersCount: record.owner.subscribersCount,
    },
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

/**
 * With whom besides visitors an answer listing `videos` may be shared (decision 0018): everyone
 * but `notFor` (an owner, who may see their drafts there), as long as it shows no draft. An
 * answer holding a draft stays with whoever asked for it, whatever the query that found it.
 */
export function shareVideos(
  videos: readonly Pick<Video, 'isPublished'>[],
  notFor: readonly (string | undefined)[] = [],
): RouteSharing<never> | null {
  return videos.every((video) => video.isPublished) ? { notFor } : null;
}
