import type { DomainEvents } from '../../platform/events/domain-events';
import { createHash } from 'node:crypto';
import type {
  CreateVideoBody,
  ListVideosOptions,
  SetVideoVisibilityBody,
  UpdateVideoBody,
} from '@kinora/contract';
import { uniqueViolation } from '../../platform/db/errors';
import type { Viewer } from '../../platform/auth/roles';
import { AppError, badRequest, notFound } from '../../platform/http/errors';
import type { UploadsService } from '../uploads';
import {
  assertCanEditVideo,
  assertCanSeeVideo,
  canSeeDraftsOf,
  canSeeVideo,
  leavesWatchTraces,
} from './videos.policy';
import type { VideoCardRow } from './videos.cards';
import type {
  ListFilter,
  VideoRecord,
  VideosRepository,
  VisibilityColumns,
} from './videos.repository';

/** The most views that visitors from one address can add to one video in an hour. */
export const visitorSlotsPerAddress = 10;

/** What a video refers to that is not among its owner's uploads: a 400 on the field. */
const missingUpload = {
  video: {
    message: 'The video file was not found among your uploads',
    field: 'videoPublicId',
    hint: 'Upload the video file first',
  },
  image: {
    message: 'The thumbnail was not found among your uploads',
    field: 'thumbnailPublicId',
    hint: 'Upload the thumbnail first',
  },
} as const;

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * The columns of a level the owner chose. A schedule must lie ahead (`now` is the server's
 * clock): a past or present one is a 400 on `publishAt`, and nothing is written.
 */
function levelColumns(
  level: {
    visibility?: SetVideoVisibilityBody['visibility'] | undefined;
    publishAt?: string | undefined;
  },
  now: Date,
): VisibilityColumns {
  if (level.publishAt !== undefined) {
    const publishAt = new Date(level.publishAt);
    if (!(publishAt.getTime() > now.getTime())) {
      throw badRequest('The scheduled date is in the past', [
        { field: 'publishAt', message: 'Choose a date and time in the future' },
      ]);
    }
    return { isPublished: false, isUnlisted: false, publishAt };
  }
  const visibility = level.visibility ?? 'public';
  return {
    isPublished: visibility === 'public',
    isUnlisted: visibility === 'unlisted',
    publishAt: null,
  };
}

/** `anon:<address hash>:<slot>`, the slot chosen by the view cookie. */
function visitorViewerKey(ip: string, viewerCookie: string): string {
  const slot = sha256(viewerCookie).readUInt32BE(0) % visitorSlotsPerAddress;
  return `anon:${sha256(ip).toString('base64url')}:${slot}`;
}

/** What the service asks of the job queue; the queue module provides it. */
export interface VideoJobs {
  processVideo(videoId: string): Promise<void>;
  deleteFiles(files: { keys: string[]; prefixes: string[] }): Promise<void>;
}

/** A video asked for by someone who may be a visitor. */
interface VideoForViewer {
  videoId: string;
  viewer: Viewer | null;
}

/** A video a signed-in person acts on. */
interface VideoByActor {
  videoId: string;
  actor: Viewer;
}

export class VideosService {
  constructor(
    private readonly repo: VideosRepository,
    private readonly uploads: UploadsService,
    private readonly jobs: VideoJobs,
    /** Told of each change after it is committed (decision 0021). */
    private readonly events: DomainEvents,
  ) {}

  /** The cards' URL prefix as card statements take it (`cardUrlPrefix`). */
  get cardUrlPrefix(): string {
    return this.repo.mediaUrlPrefix;
  }

  async getVideo({ videoId, viewer }: VideoForViewer): Promise<VideoRecord> {
    const video = await this.repo.findById(videoId);
    assertCanSeeVideo(viewer, video);
    return video;
  }

  /** The video's card (`videos.cards.ts`) when the viewer may see it; else a 404. */
  async getVideoCard({ videoId, viewer }: VideoForViewer): Promise<VideoCardRow> {
    const video = await this.repo.findCardById(videoId);
    assertCanSeeVideo(viewer, video);
    return video;
  }

  /** The cards of the videos among `ids` that the viewer may see, in the order of `ids`. */
  async getVisibleVideos({
    ids,
    viewer,
  }: {
    ids: string[];
    viewer: Viewer | null;
  }): Promise<VideoCardRow[]> {
    const byId = new Map(
      (await this.repo.findVisibleCardsByIds(ids, viewer)).map((r) => [r.id, r]),
    );
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * The videos among `ids` that the viewer may reach, unlisted ones too, in the order of `ids`:
   * for a list of the viewer's own (their liked videos), not for a feed.
   */
  async getReachableVideos({
    ids,
    viewer,
  }: {
    ids: string[];
    viewer: Viewer | null;
  }): Promise<VideoRecord[]> {
    const byId = new Map((await this.repo.findReachableByIds(ids, viewer)).map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * A channel's listing (`userId`) shows what the viewer may see of it: the owner and staff
   * find its drafts there. Any other listing is a feed, and a feed offers everyone what a
   * visitor sees: drafts are never offered in one, and a feed stays a shared answer on the
   * partial indexes of published videos.
   */
  async listVideos({ query, viewer }: { query: ListVideosOptions; viewer: Viewer | null }) {
    const filter: ListFilter = {
      // Only who may see the channel's drafts sees a listing other than a visitor's.
      viewer: query.userId && canSeeDraftsOf(viewer, query.userId) ? viewer : null,
      sortBy: query.sortBy,
      sortType: query.sortType,
      page: query.page,
      limit: query.limit,
      ...(query.userId ? { ownerId: query.userId } : {}),
      ...(query.query ? { text: query.query } : {}),
    };
    const { cards, total } = await this.repo.list(filter);
    return { cards, total, page: query.page, limit: query.limit };
  }

  /**
   * Publishes a video from assets the caller uploaded. Duration and file come from the
   * server's own probe of the asset, never from the client.
   */
  async createVideo({
    ownerId,
    input,
  }: {
    ownerId: string;
    input: CreateVideoBody;
  }): Promise<VideoRecord> {
    // Checked first: a past schedule writes nothing.
    const level = levelColumns(input, new Date());
    const video = await this.ownUpload(ownerId, input.videoPublicId, 'video');
    const thumbnailAssetId = input.thumbnailPublicId
      ? (await this.ownUpload(ownerId, input.thumbnailPublicId, 'image')).id
      : null;
    let videoId: string;
    try {
      videoId = await this.repo.insert({
        ownerId,
        title: input.title.trim(),
        description: input.description.trim(),
        videoAssetId: video.id,
        thumbnailAssetId,
        durationSeconds: video.durationSeconds ?? 0,
        ...level,
      });
    } catch (error) {
      if (uniqueViolation(error) === 'videos_video_asset_key') {
        throw new AppError('CONFLICT', 'This video file already belongs to another video');
      }
      throw error;
    }
    this.events.emit('video.created', {
      videoId,
      ownerId,
      isPublished: level.isPublished === true,
    });
    await this.jobs.processVideo(videoId);
    return (await this.repo.findById(videoId))!;
  }

  /** An upload of the owner's own of this kind, by its public id; a 400 when there is none. */
  private async ownUpload(ownerId: string, publicId: string, kind: 'video' | 'image') {
    const asset = await this.uploads.findOwnedAsset({ publicId, ownerId, kind });
    if (!asset) {
      const missing = missingUpload[kind];
      throw badRequest(missing.message, [{ field: missing.field, message: missing.hint }]);
    }
    return asset;
  }

  async updateVideo({
    videoId,
    actor,
    changes,
  }: VideoByActor & { changes: UpdateVideoBody }): Promise<VideoRecord> {
    const video = await this.editableVideo({ videoId, actor });
    const thumbnailAssetId = changes.thumbnailPublicId
      ? (await this.ownUpload(actor.userId, changes.thumbnailPublicId, 'image')).id
      : undefined;
    const { replacedKeys } = await this.repo.update(videoId, {
      ...(changes.title !== undefined ? { title: changes.title.trim() } : {}),
      ...(changes.description !== undefined ? { description: changes.description.trim() } : {}),
      ...(thumbnailAssetId ? { thumbnailAssetId } : {}),
    });
    this.events.emit('video.updated', { videoId, ownerId: video.ownerId });
    // The thumbnail it replaced is nobody's any more: its file goes in the cleanup job.
    if (replacedKeys.length > 0) await this.jobs.deleteFiles({ keys: replacedKeys, prefixes: [] });
    return (await this.repo.findById(videoId))!;
  }

  /**
   * The spec's publish toggle: a public video becomes private, any other (unlisted, private,
   * scheduled) public now, its schedule cleared.
   */
  async togglePublish(input: VideoByActor): Promise<VideoRecord> {
    const video = await this.editableVideo(input);
    return this.changeLevel(video, { visibility: video.isPublished ? 'private' : 'public' });
  }

  /** Sets a video's level, or schedules a private one to become public (owner only). */
  async setVisibility({
    level,
    ...input
  }: VideoByActor & { level: SetVideoVisibilityBody }): Promise<VideoRecord> {
    return this.changeLevel(await this.editableVideo(input), level);
  }

  /** The video, when the actor may change it (its owner); else a 404 or 403. */
  private async editableVideo({ videoId, actor }: VideoByActor): Promise<VideoRecord> {
    const video = await this.repo.findById(videoId);
    assertCanEditVideo(actor, video);
    return video;
  }

  /**
   * Writes the level and tells of it: `video.published` drops every kept answer that showed
   * the video or a listing it enters or leaves (decision 0025), and a video turning public
   * reaches its channel's followers.
   */
  private async changeLevel(
    video: VideoRecord,
    level: { visibility: SetVideoVisibilityBody['visibility']; publishAt?: string | undefined },
  ): Promise<VideoRecord> {
    const columns = levelColumns(level, new Date());
    if (!(await this.repo.setVisibility(video.id, columns))) throw notFound('Video');
    this.events.emit('video.published', {
      videoId: video.id,
      ownerId: video.ownerId,
      isPublished: columns.isPublished === true,
    });
    return (await this.repo.findById(video.id))!;
  }

  /**
   * Makes public the scheduled videos whose time has come (the `videos-publish-scheduled` job,
   * every minute); each is new to its followers then. Answers how many it published.
   */
  async publishScheduled(): Promise<number> {
    const published = await this.repo.publishDue();
    for (const video of published) {
      this.events.emit('video.published', {
        videoId: video.id,
        ownerId: video.ownerId,
        isPublished: true,
      });
    }
    return published.length;
  }

  /**
   * Who may fetch a stored file: a draft's original, outputs and thumbnail go to whoever may
   * see the draft (the viewer is only asked for then); anything else is public. Keys are named
   * by the id of a video (`videos/<id>/...`, its captions `captions/<id>/...`) or of an asset (`videos/<asset>/original.mp4`,
   * `thumbnails/<asset>.webp`); capitals are folded in case the disk ignores them.
   */
  async mediaAccess({
    key,
    viewer,
  }: {
    key: string;
    viewer: () => Promise<Viewer | null>;
  }): Promise<'public' | 'private' | 'hidden'> {
    const named = /^(?:(?:videos|captions)\/([0-9a-f-]{36})\/|thumbnails\/([0-9a-f-]{36})\.)/i.exec(
      key,
    );
    const mediaId = named?.[1] ?? named?.[2];
    if (!mediaId) return 'public';
    const video = await this.repo.findByMediaId(mediaId.toLowerCase());
    if (!video || ((video.isPublished || video.isUnlisted) && video.hiddenAt === null)) {
      return 'public';
    }
    return canSeeVideo(await viewer(), video) ? 'private' : 'hidden';
  }

  /** Removes the video and everything hanging on it; files go in a cleanup job. */
  async deleteVideo({ videoId, actor }: VideoByActor): Promise<void> {
    const video = await this.editableVideo({ videoId, actor });
    const files = await this.repo.deleteWithDependents(videoId);
    if (!files) throw notFound('Video');
    this.events.emit('video.deleted', { videoId, ownerId: video.ownerId });
    await this.jobs.deleteFiles(files);
  }

  /**
   * Counts a view once per viewer per hour. A signed-in viewer is known by id. A visitor is
   * known by address and by the view cookie the server gave their browser, folded into one of
   * `visitorSlotsPerAddress` slots of that address: visitors behind one address (a household,
   * an office) mostly count apart, while a client that changes its User-Agent or drops the
   * cookie adds at most that many views per video per hour from its address. A draft played by
   * its owner or staff counts nothing and keeps no history (`leavesWatchTraces`).
   *
   * Counted and kept in one statement when the video is out for anyone; only when that writes
   * nothing is the video read: a 404 for one who may not see it, its views uncounted for a draft
   * its owner or staff review.
   */
  async recordView(input: {
    videoId: string;
    viewer: Viewer | null;
    client: { ip: string; viewerCookie: string };
    positionSeconds?: number;
  }): Promise<{ views: number; counted: boolean }> {
    const viewerKey = input.viewer
      ? `user:${input.viewer.userId}`
      : visitorViewerKey(input.client.ip, input.client.viewerCookie);
    const record = () =>
      this.repo.recordView({
        videoId: input.videoId,
        viewerKey,
        viewerId: input.viewer?.userId ?? null,
        positionSeconds: input.positionSeconds,
      });
    let result = await record();
    if (!result) {
      const video = await this.repo.findById(input.videoId);
      assertCanSeeVideo(input.viewer, video);
      if (!leavesWatchTraces(video)) return { views: video.views, counted: false };
      // Out since the first statement looked: count it now.
      result = (await record()) ?? { views: video.views, counted: false };
    }
    // A signed-in viewer's history has the video (and its position) now.
    if (input.viewer) {
      this.events.emit('history.saved', { userId: input.viewer.userId, videoId: input.videoId });
    }
    return result;
  }

  /** Lets views older than the trending window go (the `trending-refresh` job). */
  refreshTrending(): Promise<number> {
    return this.repo.refreshTrending();
  }
}
