import { randomBytes } from 'node:crypto';
import { captionLimits } from '@kinora/contract';
import type { Viewer } from '../../platform/auth/roles';
import type { Tx } from '../../platform/db/client';
import type { DomainEvents } from '../../platform/events/domain-events';
import { badRequest, notFound, payloadTooLarge } from '../../platform/http/errors';
import type { Storage } from '../../platform/storage/storage';
import { assertCanEditVideo, type VideosService } from '../videos';
import { captionedMasterPlaylist, resolveKey, subtitlePlaylist } from './caption-hls';
import { CaptionFileError, parseCaptions, toWebVtt } from './caption-text';
import type { CaptionRecord, CaptionsRepository, LockedVideo } from './captions.repository';

const playlistType = 'application/vnd.apple.mpegurl';

/** A new name for every stored file: public files are cached as immutable (decision 0044). */
const freshName = () => randomBytes(6).toString('hex');

/** Captions of a video live beside its other files, under `captions/<video id>/`. */
export const captionsPrefixOf = (videoId: string) => `captions/${videoId}/`;

async function textOf(storage: Storage, key: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.get(key)) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Captions per language (issue 22 item 4): the owner uploads SRT or WebVTT, stored as checked
 * WebVTT for the original's `<track>` and as an HLS subtitle rendition listed in a copy of the
 * video's master playlist. Whoever may see the video may read them (its files follow the
 * video's rule in `mediaAccess`).
 */
export class CaptionsService {
  constructor(
    private readonly repo: CaptionsRepository,
    private readonly videos: VideosService,
    private readonly storage: Storage,
    private readonly deleteFiles: (files: { keys: string[]; prefixes: string[] }) => Promise<void>,
    private readonly events: DomainEvents,
  ) {}

  async list({ videoId, viewer }: { videoId: string; viewer: Viewer | null }) {
    await this.videos.getVideo({ videoId, viewer });
    return this.repo.list(videoId);
  }

  /** Adds or replaces one language; a file that is refused writes nothing. */
  async put(input: {
    videoId: string;
    language: string;
    label: string;
    file: Buffer;
    actor: Viewer;
  }): Promise<CaptionRecord> {
    const video = await this.videos.getVideo({ videoId: input.videoId, viewer: input.actor });
    assertCanEditVideo(input.actor, video);
    if (input.file.length > captionLimits.fileMaxBytes) throw tooLarge();
    let vtt: string;
    let cueCount: number;
    let lastEnd: number;
    try {
      const parsed = parseCaptions(input.file);
      vtt = toWebVtt(parsed);
      cueCount = parsed.cues.length;
      lastEnd = Math.max(...parsed.cues.map((c) => c.end));
    } catch (error) {
      if (!(error instanceof CaptionFileError)) throw error;
      throw badRequest(error.message, [{ field: 'file', message: error.message }]);
    }
    // Told before anything is stored; checked again under the lock, where it holds.
    this.assertRoomFor(await this.repo.list(input.videoId), input.language);
    const base = `${captionsPrefixOf(input.videoId)}${input.language}-${freshName()}`;
    const vttKey = `${base}.vtt`;
    const playlistKey = `${base}.m3u8`;
    await this.storage.put(vttKey, Buffer.from(vtt, 'utf8'), 'text/vtt');
    const written = [vttKey, playlistKey];
    let outcome: { record: CaptionRecord; oldKeys: string[] } | null;
    try {
      outcome = await this.repo.withVideoLocked(input.videoId, async (tx, locked) => {
        this.assertRoomFor(await this.repo.list(input.videoId, tx), input.language);
        await this.storage.put(
          playlistKey,
          Buffer.from(
            subtitlePlaylist(
              this.storage.publicUrl(vttKey),
              Math.max(locked.durationSeconds, lastEnd),
            ),
            'utf8',
          ),
          playlistType,
        );
        const { record, replacedKeys } = await this.repo.upsert(tx, {
          videoId: input.videoId,
          language: input.language,
          label: input.label,
          vttKey,
          playlistKey,
          cueCount,
        });
        const oldMaster = await this.writeMaster(tx, input.videoId, locked);
        return { record, oldKeys: [...replacedKeys, ...oldMaster] };
      });
    } catch (error) {
      await this.deleteFiles({ keys: written, prefixes: [] });
      throw error;
    }
    if (!outcome) {
      await this.deleteFiles({ keys: written, prefixes: [] });
      throw notFound('Video');
    }
    this.changed(input.videoId, video.ownerId);
    if (outcome.oldKeys.length > 0) await this.deleteFiles({ keys: outcome.oldKeys, prefixes: [] });
    return outcome.record;
  }

  async remove(input: { videoId: string; language: string; actor: Viewer }): Promise<void> {
    const video = await this.videos.getVideo({ videoId: input.videoId, viewer: input.actor });
    assertCanEditVideo(input.actor, video);
    const oldKeys = await this.repo.withVideoLocked(input.videoId, async (tx, locked) => {
      const removed = await this.repo.remove(tx, input.videoId, input.language);
      if (!removed) return null;
      return [...removed, ...(await this.writeMaster(tx, input.videoId, locked))];
    });
    if (!oldKeys) throw notFound('Captions');
    this.changed(input.videoId, video.ownerId);
    await this.deleteFiles({ keys: oldKeys, prefixes: [] });
  }

  /**
   * Makes the captioned master again when the video's own master changed (the transcode job
   * published its first rendition, then the ladder): called on `video.updated`.
   */
  async refreshMaster(videoId: string, ownerId: string): Promise<void> {
    const oldKeys = await this.repo.withVideoLocked(videoId, async (tx, locked) => {
      const current = locked.captionsMasterOf === locked.hlsMasterKey;
      if (current && (locked.captionsMasterKey !== null || locked.hlsMasterKey === null)) {
        return null;
      }
      if (locked.captionsMasterKey === null && (await this.repo.list(videoId, tx)).length === 0) {
        return null;
      }
      return this.writeMaster(tx, videoId, locked);
    });
    if (!oldKeys) return;
    this.changed(videoId, ownerId);
    if (oldKeys.length > 0) await this.deleteFiles({ keys: oldKeys, prefixes: [] });
  }

  /**
   * Writes the master playlist listing the captions (none when the video has no HLS yet or no
   * captions) and records it; answers the keys of the one it replaced.
   */
  private async writeMaster(tx: Tx, videoId: string, locked: LockedVideo): Promise<string[]> {
    const captions = await this.repo.list(videoId, tx);
    let master: { key: string; of: string } | null = null;
    if (locked.hlsMasterKey && captions.length > 0) {
      const source = locked.hlsMasterKey;
      const text = captionedMasterPlaylist(
        await textOf(this.storage, source),
        captions.map((c) => ({
          language: c.language,
          label: c.label,
          playlistUrl: this.storage.publicUrl(c.playlistKey),
        })),
        (uri) => {
          const key = resolveKey(source, uri);
          return key ? this.storage.publicUrl(key) : uri;
        },
      );
      master = { key: `${captionsPrefixOf(videoId)}master-${freshName()}.m3u8`, of: source };
      await this.storage.put(master.key, Buffer.from(text, 'utf8'), playlistType);
    }
    await this.repo.setMaster(tx, videoId, master);
    return locked.captionsMasterKey ? [locked.captionsMasterKey] : [];
  }

  /** A new language fits while the video has fewer than the most; a replaced one always does. */
  private assertRoomFor(existing: readonly CaptionRecord[], language: string): void {
    if (existing.some((c) => c.language === language)) return;
    if (existing.length < captionLimits.languagesPerVideo) return;
    throw badRequest(
      `A video can have captions in at most ${captionLimits.languagesPerVideo} languages`,
      [{ field: 'language', message: 'Remove a language first' }],
    );
  }

  /** The video's answer (its `hls`) changed: kept answers of it drop (decision 0025). */
  private changed(videoId: string, ownerId: string) {
    this.events.emit('video.updated', { videoId, ownerId });
  }
}

const tooLarge = () =>
  payloadTooLarge(`Caption files must be at most ${captionLimits.fileMaxBytes / 1024} KB`, 'file');
