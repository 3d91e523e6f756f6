import type { DomainEvents } from '../../platform/events/domain-events';
import type { Viewer } from '../../platform/auth/roles';
import { decodeCursor, encodeCursor } from '../../platform/db/keyset';
import { notFound } from '../../platform/http/errors';
import type { CommentsService } from '../comments';
import {
  assertCanInteractWithVideo,
  type PolicyVideo,
  type VideoRecord,
  type VideosService,
} from '../videos';
import { assertCanSeeLikedVideos } from './likes.policy';
import type { LikesRepository, LikeTarget } from './likes.repository';

const labels: Record<LikeTarget, string> = { video: 'Video', comment: 'Comment', tweet: 'Tweet' };

export class LikesService {
  constructor(
    private readonly repo: LikesRepository,
    private readonly videos: VideosService,
    private readonly comments: CommentsService,
    /** Told of each change after it is committed (decision 0021). */
    private readonly events: DomainEvents,
  ) {}

  /**
   * The video a like is on or under (a comment's), and its id; none for a tweet. A draft (or a
   * comment under one) is "not found" to those who may not see it.
   */
  private async videoOf(
    kind: LikeTarget,
    targetId: string,
    viewer: Viewer | null,
  ): Promise<(PolicyVideo & { id: string }) | null> {
    if (kind === 'video') return this.videos.getVideo({ videoId: targetId, viewer });
    if (kind === 'comment') {
      const comment = await this.comments.getComment({ commentId: targetId, viewer });
      return { id: comment.videoId, ...comment.video };
    }
    return null;
  }

  /**
   * A like on a video checks and writes in one statement (`videosInteractableBy`); only when it
   * is refused is the video read, to tell "not found" from "not yours to like". A comment's
   * like reads the comment (and its video) first.
   */
  async toggleLike(input: { kind: LikeTarget; targetId: string; actor: Viewer }) {
    const { kind, targetId, actor } = input;
    let video: { id: string } | null;
    let result: { isLiked: boolean; likeCount: number } | null;
    if (kind === 'video') {
      video = { id: targetId };
      result = await this.toggleOnce(kind, actor, targetId, 'interactable');
      if (!result) {
        // Refused: the reason, as the rules tell it (a 404 or a 403), or a change just now.
        assertCanInteractWithVideo(
          actor,
          await this.videos.getVideo({ videoId: targetId, viewer: actor }),
        );
        result = await this.toggleOnce(kind, actor, targetId, 'interactable');
      }
    } else {
      const under = await this.videoOf(kind, targetId, actor);
      if (under) assertCanInteractWithVideo(actor, under);
      video = under;
      result = await this.toggleOnce(kind, actor, targetId);
    }
    if (!result) throw notFound(labels[kind]);
    this.events.emit('like.toggled', {
      target: kind,
      targetId,
      userId: actor.userId,
      isLiked: result.isLiked,
      ...(video ? { videoId: video.id } : {}),
    });
    return result;
  }

  private toggleOnce(
    kind: LikeTarget,
    actor: Viewer,
    targetId: string,
    mayLike?: 'interactable' | 'any',
  ) {
    return this.repo.toggle(kind, actor.userId, targetId, mayLike).catch((error: unknown) => {
      // The target vanished while the like was written: the like's foreign key refuses it.
      if ((error as { cause?: { code?: string } }).cause?.code === '23503') return null;
      throw error;
    });
  }

  async likeStatus(input: { kind: LikeTarget; targetId: string; viewer: Viewer | null }) {
    await this.videoOf(input.kind, input.targetId, input.viewer);
    const status = await this.repo.status(input.kind, input.viewer?.userId ?? null, input.targetId);
    if (!status) throw notFound(labels[input.kind]);
    return status;
  }

  /**
   * A page of the videos a person liked, newest like first, among those they may still see;
   * each with the cursor of the page that follows it.
   */
  async likedVideos(input: {
    userId: string;
    actor: Viewer;
    cursor: string | undefined;
    limit: number;
  }): Promise<(VideoRecord & { likedAt: Date; cursor: string })[]> {
    assertCanSeeLikedVideos(input.actor, input.userId);
    const liked = await this.repo.likedVideoIds({
      userId: input.userId,
      viewer: input.actor,
      cursor: input.cursor === undefined ? undefined : decodeCursor(input.cursor),
      limit: input.limit,
    });
    const visible = await this.videos.getReachableVideos({
      ids: liked.map((l) => l.videoId),
      viewer: input.actor,
    });
    const likeOf = new Map(liked.map((l) => [l.videoId, l]));
    return visible.map((v) => {
      const like = likeOf.get(v.id)!;
      return {
        ...v,
        likedAt: like.likedAt,
        cursor: encodeCursor({ micros: like.likedAtMicros, id: like.likeId }),
      };
    });
  }
}
