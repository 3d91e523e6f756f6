import type { Video, VideoPage, VideoVisibility } from '@kinora/contract';
import { moderationNoticeOf } from '../../platform/http/moderation-notice';
import { pageInfo } from '../../platform/http/paging';
import type { RouteSharing } from '../../platform/http/router';
import { publicUrlOf, type Storage } from '../../platform/storage/storage';
import { presentChannelSummary } from '../users';
import { presentVideoCards, type VideoCardRow } from './videos.cards';
import type { VideoRecord } from './videos.repository';

/** The level the two columns say (decision 0039). */
export function visibilityOf(video: {
  isPublished: boolean;
  isUnlisted: boolean;
}): VideoVisibility {
  if (video.isPublished) return 'public';
  return video.isUnlisted ? 'unlisted' : 'private';
}

export function presentVideo(record: VideoRecord, storage: Storage): Video {
  const url = (key: string | null) => publicUrlOf(storage, key);
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
    visibility: visibilityOf(record),
    publishAt: record.publishAt?.toISOString() ?? null,
    status: record.status,
    // The copy that lists the captions while it was made from the current master (decision 0044).
    hls: url(
      record.captionsMasterKey && record.captionsMasterOf === record.hlsMasterKey
        ? record.captionsMasterKey
        : record.hlsMasterKey,
    ),
    storyboard: url(record.storyboardKey),
    processingProgress: record.status === 'processing' ? (record.processingProgress ?? 0) : null,
    originalPlayable: record.videoKey === null ? null : record.videoPlayable,
    originalMimeType: record.videoKey === null ? null : record.videoMimeType,
    originalCodecs: record.videoKey === null ? null : record.videoCodecs,
    // A progress write that trails the job's last one cannot make a ready video look unfinished.
    renditions: (record.renditions ?? []).map((r) =>
      record.status === 'ready' ? { ...r, progress: 1, ready: true, secondsLeft: null } : r,
    ),
    videoPublicId: record.videoPublicId,
    thumbnailPublicId: record.thumbnailPublicId,
    owner: {
      ...presentChannelSummary(record.owner, storage),
      subscribersCount: record.owner.subscribersCount,
    },
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    ...moderationNoticeOf(record),
  };
}

/** An offset page of videos with its totals, the videos as PostgreSQL wrote them. */
export function presentVideoPage({
  cards,
  total,
  page,
  limit,
}: {
  cards: VideoCardRow[];
  total: number;
  page: number;
  limit: number;
}): VideoPage {
  return {
    videos: presentVideoCards(cards),
    totalVideos: total,
    ...pageInfo({ page, limit }, total),
  };
}

/**
 * With whom besides visitors an answer listing `videos` may be shared (decision 0018): everyone
 * but `notFor` (an owner, who may see their drafts there), as long as it shows no private video
 * (an unlisted one is anyone's who has the link) and none a moderator hid. Any other answer stays
 * with whoever asked for it, whatever the query that found it.
 */
export function shareVideos(
  videos: readonly Pick<Video, 'visibility' | 'moderation'>[],
  notFor: readonly (string | undefined)[] = [],
): RouteSharing<never> | null {
  return videos.every((video) => video.visibility !== 'private' && !video.moderation)
    ? { notFor }
    : null;
}
