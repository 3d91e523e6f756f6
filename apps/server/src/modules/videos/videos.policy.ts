import { forbidden, notFound } from '../../platform/http/errors';

interface Ownable {
  ownerId: string;
  isPublished: boolean;
}

/** A draft exists only for its owner: everyone else is told it is not there. */
export function canSeeVideo(viewerId: string | null, video: Ownable): boolean {
  return video.isPublished || video.ownerId === viewerId;
}

export function assertCanSeeVideo(
  viewerId: string | null,
  video: Ownable | null,
): asserts video is Ownable {
  if (!video || !canSeeVideo(viewerId, video)) throw notFound('Video');
}

/** Editing, publishing and deleting belong to the owner alone. */
export function assertCanManageVideo(actorId: string, video: Ownable): void {
  if (video.ownerId !== actorId) throw forbidden('Only the owner can change this video');
}
