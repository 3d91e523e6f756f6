import type { DomainEvents } from '../../platform/events/domain-events';
import { limits, type CreatePlaylistBody, type UpdatePlaylistBody } from '@kinora/contract';
import type { Viewer } from '../../platform/auth/roles';
import { AppError, notFound } from '../../platform/http/errors';
import { rateLimited } from '../../platform/rate-limit/failure-budget';
import type { VideosService } from '../videos';
import {
  assertCanAddVideo,
  assertCanEditPlaylist,
  assertCanRenameOrDeletePlaylist,
  assertCanSeePlaylist,
  canListPlaylist,
} from './playlists.policy';
import type {
  PlaylistItemCard,
  PlaylistItemRecord,
  PlaylistRow,
  PlaylistsRepository,
} from './playlists.repository';

/** A playlist with the page of its videos the reader may see (as records, or as cards). */
export interface PlaylistView<V = PlaylistItemRecord> {
  playlist: PlaylistRow;
  videos: V[];
  hasMoreVideos: boolean;
  videoCount: number;
}

/**
 * Playlists one person may create in an hour (Watch later aside), counted from the stored
 * playlists so that every API process applies the same limit: far above what organising a
 * library takes, far below what fills the database.
 */
export const playlistsPerHour = { max: 50, windowSeconds: 3600 };
export const playlistsTooFast = 'You are creating playlists too fast';

const videoNotInPlaylist = () => new AppError('NOT_FOUND', 'Video not found in this playlist');

/** How many videos a playlist answer holds unless the reader asks for fewer. */
const firstPage = 200;
/** A card in a list of playlists shows a few thumbnails, never the whole playlist. */
const videosPerCard = 4;

/** A playlist its owner changes. */
interface PlaylistEdit {
  playlistId: string;
  actor: Viewer;
}

/** One video of a playlist its owner changes. */
type PlaylistItemEdit = PlaylistEdit & { videoId: string };

export class PlaylistsService {
  constructor(
    private readonly repo: PlaylistsRepository,
    private readonly videos: VideosService,
    /** Told of each change after it is committed (decision 0021). */
    private readonly events: DomainEvents,
  ) {}

  private changed(playlist: { id: string; ownerId: string }): void {
    this.events.emit('playlist.changed', { playlistId: playlist.id, ownerId: playlist.ownerId });
  }

  /**
   * A user's playlists as the viewer may see them: the owner gets all of theirs, Watch later
   * first (made on first use), others the public ones. Each carries its first few videos.
   * One page of them (the total beside it), so a person with many is never read whole.
   */
  async listUserPlaylists(input: {
    userId: string;
    viewer: Viewer | null;
    page: number;
    limit: number;
  }): Promise<{ views: PlaylistView[]; total: number }> {
    const isOwner = input.viewer?.userId === input.userId;
    if (isOwner) await this.repo.ensureWatchLater(input.userId);
    const { rows: listed, total } = await this.repo.listByOwner({
      ownerId: input.userId,
      publicOnly: !isOwner,
      offset: (input.page - 1) * input.limit,
      limit: input.limit,
    });
    const rows = listed.filter((p) => canListPlaylist(input.viewer, p));
    const ids = rows.map((p) => p.id);
    const [counts, first] = await Promise.all([
      this.repo.countVisibleItems(ids, input.viewer),
      this.repo.firstItems(ids, input.viewer, videosPerCard),
    ]);
    const views = rows.map((playlist) => {
      const videos = first.filter((item) => item.playlistId === playlist.id);
      const videoCount = counts.get(playlist.id) ?? 0;
      return { playlist, videos, hasMoreVideos: videoCount > videos.length, videoCount };
    });
    return { views, total };
  }

  async getPlaylist(input: {
    playlistId: string;
    viewer: Viewer | null;
    after?: number | undefined;
    limit?: number;
  }): Promise<PlaylistView> {
    const playlist = await this.repo.findById(input.playlistId);
    assertCanSeePlaylist(input.viewer, playlist);
    return this.view(playlist, input.viewer, input.after, input.limit);
  }

  /**
   * `getPlaylist` with the page's videos as their cards, written by PostgreSQL (decision 0064):
   * the playlist page's read, computed when its kept answer is not there.
   */
  async getPlaylistPage(input: {
    playlistId: string;
    viewer: Viewer | null;
    after?: number | undefined;
    limit?: number;
  }): Promise<PlaylistView<PlaylistItemCard>> {
    const playlist = await this.repo.findById(input.playlistId);
    assertCanSeePlaylist(input.viewer, playlist);
    const limit = input.limit ?? firstPage;
    const [items, videoCount] = await Promise.all([
      this.repo.cardItems({
        playlistId: playlist.id,
        viewer: input.viewer,
        after: input.after,
        limit: limit + 1,
      }),
      this.repo.countVisible(playlist.id, input.viewer),
    ]);
    return {
      playlist,
      videos: items.slice(0, limit),
      hasMoreVideos: items.length > limit,
      videoCount,
    };
  }

  /**
   * The videos of a playlist a visitor may not see, with their owners: those owners see it
   * otherwise than a visitor does, staff and its owner aside (decision 0025: everyone else may
   * share one kept answer).
   */
  unseenItems(playlistId: string): Promise<{ videoId: string; ownerId: string }[]> {
    return this.repo.unseenItems(playlistId);
  }

  /** Every video id a playlist holds, whoever may see them (a kept answer's tags). */
  itemVideoIds(playlistId: string): Promise<string[]> {
    return this.repo.itemVideoIds(playlistId);
  }

  async createPlaylist(input: {
    actor: Viewer;
    details: CreatePlaylistBody;
  }): Promise<PlaylistView> {
    const stored = await this.repo.insert(
      {
        ownerId: input.actor.userId,
        name: input.details.name,
        description: input.details.description ?? '',
        visibility: input.details.visibility ?? 'public',
      },
      playlistsPerHour,
    );
    if ('retryAfterSeconds' in stored) {
      throw rateLimited(playlistsTooFast, stored.retryAfterSeconds * 1000);
    }
    this.changed({ id: stored.created, ownerId: input.actor.userId });
    return this.view((await this.repo.findById(stored.created))!, input.actor);
  }

  async updatePlaylist(
    input: PlaylistEdit & { changes: UpdatePlaylistBody },
  ): Promise<PlaylistView> {
    return this.edit(input, async (playlist) => {
      assertCanRenameOrDeletePlaylist(playlist);
      const { name, description, visibility } = input.changes;
      await this.repo.update(playlist.id, {
        ...(name !== undefined ? { name } : {}),
        ...(description !== undefined ? { description } : {}),
        ...(visibility !== undefined ? { visibility } : {}),
      });
    });
  }

  async deletePlaylist(input: PlaylistEdit): Promise<void> {
    const playlist = await this.repo.findById(input.playlistId);
    assertCanEditPlaylist(input.actor, playlist);
    assertCanRenameOrDeletePlaylist(playlist);
    if (!(await this.repo.delete(playlist.id))) throw notFound('Playlist');
    this.changed(playlist);
  }

  /** Appends a video the owner may add; a video is in a playlist once, up to the limit. */
  async addVideo(input: PlaylistItemEdit): Promise<PlaylistView> {
    return this.edit(input, async (playlist) => {
      await this.addVisibleVideo(playlist, input.videoId, input.actor, 'refuse duplicate');
    });
  }

  async removeVideo(input: PlaylistItemEdit): Promise<PlaylistView> {
    return this.edit(input, async (playlist) => {
      if (!(await this.repo.removeItem(playlist.id, input.videoId))) throw videoNotInPlaylist();
    });
  }

  /** Moves a video to a new place (past the end means last); the others shift by one. */
  async moveVideo(input: PlaylistItemEdit & { position: number }): Promise<PlaylistView> {
    return this.edit(input, async (playlist) => {
      const moved = await this.repo.moveItem(
        playlist.id,
        input.videoId,
        input.position,
        input.actor,
      );
      if (!moved) throw videoNotInPlaylist();
    });
  }

  async getWatchLater(input: {
    actor: Viewer;
    after?: number | undefined;
    limit?: number;
  }): Promise<PlaylistView> {
    const playlist = await this.repo.ensureWatchLater(input.actor.userId);
    return this.view(playlist, input.actor, input.after, input.limit);
  }

  /** One click on a card: saves the video to Watch later, or takes it out when it is there. */
  async toggleWatchLater(input: {
    videoId: string;
    actor: Viewer;
  }): Promise<{ isSaved: boolean; playlistId: string; videoCount: number }> {
    const playlist = await this.repo.ensureWatchLater(input.actor.userId);
    const outcome = await this.addVisibleVideo(playlist, input.videoId, input.actor, 'keep');
    const isSaved = outcome !== 'duplicate';
    if (!isSaved) await this.repo.removeItem(playlist.id, input.videoId);
    this.changed(playlist);
    const videoCount = await this.repo.countVisible(playlist.id, input.actor);
    return { isSaved, playlistId: playlist.id, videoCount };
  }

  /**
   * A change by someone who may edit the playlist: made, told to the others, and answered
   * with the playlist as it is after it.
   */
  private async edit(
    input: PlaylistEdit,
    change: (playlist: PlaylistRow) => Promise<void>,
  ): Promise<PlaylistView> {
    const playlist = await this.repo.findForEdit(input.playlistId);
    assertCanEditPlaylist(input.actor, playlist);
    await change(playlist);
    this.changed(playlist);
    return this.view((await this.repo.findById(playlist.id))!, input.actor);
  }

  private async addVisibleVideo(
    playlist: PlaylistRow,
    videoId: string,
    actor: Viewer,
    onDuplicate: 'refuse duplicate' | 'keep',
  ): Promise<'added' | 'duplicate'> {
    // A draft of someone else is a 404, as if it did not exist.
    const video = await this.videos.getVideo({ videoId, viewer: actor });
    assertCanAddVideo(actor, video);
    const outcome = await this.repo.addItem(playlist.id, videoId, limits.playlistVideos);
    if (outcome === 'playlist gone') throw notFound('Playlist');
    if (outcome === 'video gone') throw notFound('Video');
    if (outcome === 'full') {
      throw new AppError(
        'CONFLICT',
        `A playlist holds at most ${limits.playlistVideos.toLocaleString('en')} videos`,
      );
    }
    if (outcome === 'duplicate' && onDuplicate === 'refuse duplicate') {
      throw new AppError('CONFLICT', 'This video is already in the playlist');
    }
    return outcome;
  }

  /** The playlist with the page of videos the reader may see, and how many they may see. */
  private async view(
    playlist: PlaylistRow,
    viewer: Viewer | null,
    after?: number | undefined,
    limit = firstPage,
  ): Promise<PlaylistView> {
    const [items, videoCount] = await Promise.all([
      this.repo.items({ playlistId: playlist.id, viewer, after, limit: limit + 1 }),
      this.repo.countVisible(playlist.id, viewer),
    ]);
    return {
      playlist,
      videos: items.slice(0, limit),
      hasMoreVideos: items.length > limit,
      videoCount,
    };
  }
}
