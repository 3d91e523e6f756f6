import type { DomainEvents } from '../../platform/events/domain-events';
import { isStaff, type Viewer } from '../../platform/auth/roles';
import { KeptHistory } from './history.kept';
import { decodeCursor } from '../../platform/db/keyset';
import { AppError } from '../../platform/http/errors';
import type { VideosService } from '../videos';
import { assertCanSeeWatchHistory } from './history.policy';
import type { HistoryRecord, HistoryRepository, WatchPositionRecord } from './history.repository';

/**
 * A person's watch history: theirs alone (every call acts on the caller's own rows), kept by
 * counted views and by the player's saved positions, unless they paused it.
 */
export class HistoryService {
  /**
   * Each person's first entries, moved in place by their own saves (decision 0060): a save
   * does not make their next read ask PostgreSQL.
   */
  private readonly firstPages: KeptHistory;

  constructor(
    private readonly repo: HistoryRepository,
    private readonly videos: VideosService,
    /** Told of each change after it is committed (decision 0021). */
    private readonly events: DomainEvents,
    /** How long kept entries' cards are trusted for their counters (a kept answer's lifetime). */
    keptForMs = 30_000,
  ) {
    this.firstPages = new KeptHistory({
      // The first pages asked for together are read by one statement (decision 0067).
      load: (userId, limit) => repo.firstPageOf(userId, limit),
      ttlMs: keptForMs,
      // Beside the kept answers' 64 MB: the cards of the readers' first pages, held once, and
      // their rows (the traffic model's 2,000 people's take ~52 MB: decision 0064).
      maxBytes: 64 * 1024 * 1024,
    });
    this.firstPages.listen(events);
    // Kept long on events alone (decision 0064): a relay gap, when it stops hearing and when
    // it hears again, forgets them (this listener alone: decision 0067).
    events.onRelayGap(() => this.firstPages.clear());
  }

  watchHistory(input: {
    actor: Viewer;
    cursor: string | undefined;
    limit: number;
  }): Promise<HistoryRecord[]> {
    // A person's own first page, as they see it (staff see more, and are asked each time).
    if (input.cursor === undefined && !isStaff(input.actor)) {
      return this.firstPages.firstPage(input.actor.userId, input.limit);
    }
    return this.repo.list({
      userId: input.actor.userId,
      viewer: input.actor,
      cursor: input.cursor === undefined ? undefined : decodeCursor(input.cursor),
      limit: input.limit,
    });
  }

  /**
   * Where the person stopped in each of these videos (a grid's cards, or the one being opened
   * to resume): their own history alone, whoever else watched them.
   */
  async watchPositions(input: {
    actor: Viewer;
    videoIds: string[];
  }): Promise<WatchPositionRecord[]> {
    const userId = input.actor.userId;
    assertCanSeeWatchHistory(input.actor, userId);
    return this.repo.positions({
      userId,
      viewer: input.actor,
      videoIds: input.videoIds,
    });
  }

  /**
   * Where the person is in a video, to resume from; not a view (views count on their own). A
   * draft reviewed by its owner or staff is not kept (`leavesWatchTraces`). The player sends one
   * every few seconds per watcher: the usual case is one statement, which writes only for a
   * video that leaves watch traces; only when it writes nothing is the video read, to tell a
   * video the person may not see (404) from one that is not kept (or a paused history).
   */
  async saveWatchPosition(input: {
    actor: Viewer;
    videoId: string;
    positionSeconds: number;
  }): Promise<{ recorded: boolean; positionSeconds: number }> {
    const stored = await this.repo.savePosition(
      input.actor.userId,
      input.videoId,
      input.positionSeconds,
    );
    if (stored) {
      this.events.emit('history.saved', {
        userId: input.actor.userId,
        videoId: input.videoId,
        stored,
      });
      return { recorded: true, positionSeconds: input.positionSeconds };
    }
    // A video the person may not see is not there for them, in history too.
    await this.videos.getVideo({ videoId: input.videoId, viewer: input.actor });
    return { recorded: false, positionSeconds: input.positionSeconds };
  }

  async removeFromHistory(input: { actor: Viewer; videoId: string }): Promise<void> {
    if (!(await this.repo.remove(input.actor.userId, input.videoId))) {
      throw new AppError('NOT_FOUND', 'Video not found in your history');
    }
    this.events.emit('history.removed', { userId: input.actor.userId, videoId: input.videoId });
  }

  async clearHistory(input: { actor: Viewer }): Promise<{ removed: number }> {
    const removed = await this.repo.clear(input.actor.userId);
    this.events.emit('history.removed', { userId: input.actor.userId, videoId: null });
    return { removed };
  }

  async historySettings(input: { actor: Viewer }): Promise<{ paused: boolean }> {
    return { paused: await this.repo.isPaused(input.actor.userId) };
  }

  async updateHistorySettings(input: {
    actor: Viewer;
    paused: boolean;
  }): Promise<{ paused: boolean }> {
    return { paused: await this.repo.setPaused(input.actor.userId, input.paused) };
  }
}
