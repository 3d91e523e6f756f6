import { forbidden, notFound } from '../../platform/http/errors';
import type { CommentsService } from '../comments';
import type { VideoRecord, VideosService } from '../videos';
import type { LikesRepository, LikeTarget } from './likes.repository';

const labels: Record<LikeTarget, string> = { video: 'Video', comment: 'Comment', tweet: 'Tweet' };

export class LikesService {
  constructor(
    private readonly repo: LikesRepository,
    private readonly videos: VideosService,
    private readonly comments: CommentsService,
  ) {}

  /** Only what the user may see can be liked: a draft or its comments are "not found". */
  private async assertVisible(
    kind: LikeTarget,
    targetId: string,
    viewerId: string | null,
  ): Promise<void> {
    if (kind === 'video') await this.videos.getVideo({ videoId: targetId, viewerId });
    if (kind === 'comment') await this.comments.getComment({ commentId: targetId, viewerId });
  }

  async toggleLike(input: { kind: LikeTarget; targetId: string; userId: string }) {
    await this.assertVisible(input.kind, input.targetId, input.userId);
    const result = await this.repo
      .toggle(input.kind, input.userId, input.targetId)
      .catch((error: unknown) => {
        // The target vanished (or never was): the like's foreign key refuses it.
        if ((error as { cause?: { code?: string } }).cause?.code === '23503') return null;
        throw error;
      });
    if (!result) throw notFound(labels[input.kind]);
    return result;
  }

  async likeStatus(input: { kind: LikeTarget; targetId: string; viewerId: string | null }) {
    await this.assertVisible(input.kind, input.targetId, input.viewerId);
    const status = await this.repo.status(input.kind, input.viewerId, input.targetId);
    if (!status) throw notFound(labels[input.kind]);
    return status;
  }

  /** A person's likes are theirs alone to see. */
  async likedVideos(input: {
    userId: string;
    actorId: string;
  }): Promise<(VideoRecord & { likedAt: Date })[]> {
    if (input.userId !== input.actorId) throw forbidden('Liked videos are private');
    const liked = await this.repo.likedVideoIds(input.userId, 500);
    const visible = await this.videos.getVisibleVideos({
      ids: liked.map((l) => l.videoId),
      viewerId: input.actorId,
    });
    const likedAt = new Map(liked.map((l) => [l.videoId, l.likedAt]));
    return visible.map((v) => ({ ...v, likedAt: likedAt.get(v.id)! }));
  }
}
