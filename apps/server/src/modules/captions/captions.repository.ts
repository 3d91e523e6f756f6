import { asc, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../platform/db/client';
import { videoCaptions, videos } from '../../platform/db/schema';

export type CaptionRecord = typeof videoCaptions.$inferSelect;

/** What changing a video's captions sees of the video, read under its row lock. */
export interface LockedVideo {
  hlsMasterKey: string | null;
  durationSeconds: number;
  captionsMasterKey: string | null;
  captionsMasterOf: string | null;
}

/** The SQL of captions (decision 0044). */
export class CaptionsRepository {
  constructor(private readonly db: Database) {}

  list(videoId: string, db: Database | Tx = this.db): Promise<CaptionRecord[]> {
    return db
      .select()
      .from(videoCaptions)
      .where(eq(videoCaptions.videoId, videoId))
      .orderBy(asc(videoCaptions.language));
  }

  /**
   * Runs `work` holding the video's row lock, so that changes of one video's captions (and
   * the master playlist made from them) follow one another; null when the video is gone.
   */
  withVideoLocked<T>(
    videoId: string,
    work: (tx: Tx, video: LockedVideo) => Promise<T>,
  ): Promise<T | null> {
    return this.db.transaction(async (tx) => {
      const [video] = await tx
        .select({
          hlsMasterKey: videos.hlsMasterKey,
          durationSeconds: videos.durationSeconds,
          captionsMasterKey: videos.captionsMasterKey,
          captionsMasterOf: videos.captionsMasterOf,
        })
        .from(videos)
        .where(eq(videos.id, videoId))
        .for('update');
      return video ? work(tx, video) : null;
    });
  }

  /** Adds or replaces a language; answers the row and the keys of the files it replaced. */
  async upsert(
    tx: Tx,
    row: Omit<CaptionRecord, 'createdAt' | 'updatedAt'>,
  ): Promise<{ record: CaptionRecord; replacedKeys: string[] }> {
    const [previous] = await tx
      .select({ vttKey: videoCaptions.vttKey, playlistKey: videoCaptions.playlistKey })
      .from(videoCaptions)
      .where(
        sql`${videoCaptions.videoId} = ${row.videoId} and ${videoCaptions.language} = ${row.language}`,
      );
    const [record] = await tx
      .insert(videoCaptions)
      .values(row)
      .onConflictDoUpdate({
        target: [videoCaptions.videoId, videoCaptions.language],
        set: {
          label: row.label,
          vttKey: row.vttKey,
          playlistKey: row.playlistKey,
          cueCount: row.cueCount,
          updatedAt: sql`now()`,
        },
      })
      .returning();
    return {
      record: record!,
      replacedKeys: previous ? [previous.vttKey, previous.playlistKey] : [],
    };
  }

  /** Answers the keys of the removed language's files, or null when there was none. */
  async remove(tx: Tx, videoId: string, language: string): Promise<string[] | null> {
    const [removed] = await tx
      .delete(videoCaptions)
      .where(sql`${videoCaptions.videoId} = ${videoId} and ${videoCaptions.language} = ${language}`)
      .returning({ vttKey: videoCaptions.vttKey, playlistKey: videoCaptions.playlistKey });
    return removed ? [removed.vttKey, removed.playlistKey] : null;
  }

  async setMaster(
    tx: Tx,
    videoId: string,
    master: { key: string; of: string } | null,
  ): Promise<void> {
    await tx
      .update(videos)
      .set({ captionsMasterKey: master?.key ?? null, captionsMasterOf: master?.of ?? null })
      .where(eq(videos.id, videoId));
  }
}
