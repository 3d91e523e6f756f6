import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { contentTypeOf, growingPlaylistName, type Storage } from '../../storage/storage';
import {
  avcCodecString,
  finishedAsVod,
  masterPlaylist,
  parseMediaPlaylist,
  segmentBitrates,
  type MasterPlaylistEntry,
  type MediaPlaylist,
} from './hls-playlists';
import { audioPlaylist, firstMasterPlaylistName, type PlannedRendition } from './hls';

export interface GrowingRenditionPublisherOptions {
  storage: Pick<Storage, 'put'>;
  /** The folder ffmpeg writes the ladder into (`buildHlsLadder`'s, with `playlistType: 'event'`). */
  outputDir: string;
  /** The storage key of that folder, ending in `/`: `videos/<id>/hls/`. */
  keyPrefix: string;
  /** The renditions being made, lowest first (`planRenditions`); all are published as they grow. */
  renditions: readonly PlannedRendition[];
  /** Whether the run makes the audio rendition (`audio/`). */
  audio: boolean;
  segmentSeconds: number;
  /** `segmentsBeforePlayable` unless set. */
  segmentsBeforePlayable?: number;
  /** Called once, awaited, when the first master is stored: the video plays from then on. */
  onPlayable: (masterKey: string) => Promise<void>;
  /**
   * Called once when a publication fails (the attempt will fail with it): the caller stops
   * ffmpeg rather than let it make the rest of a ladder nobody will see.
   */
  onFailure?: (error: unknown) => void;
}

/**
 * Segments (of 4 s) each growing playlist holds before the first master is published: a player
 * starts with 8 s ahead of it, and ffmpeg makes the ladder faster than real time (a 60 s 1080p
 * clip in about 35 s on 2 cores, bench/media/README.md).
 */
export const segmentsBeforePlayable = 2;

/** Whether an error is a file not (or no longer) there. */
const isMissing = (error: unknown) =>
  error instanceof Error && (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * A playlist without `#EXT-X-ENDLIST` is live to a player, which starts it near its end unless
 * told otherwise: `#EXT-X-START` says from the first segment (RFC 8216 §4.3.5.2; Safari's own
 * HLS and hls.js both read it; the web player also asks hls.js for 0 itself).
 */
export function startingAtZero(playlist: string): string {
  if (playlist.includes('#EXT-X-START:')) return playlist;
  return playlist.replace(/^#EXTM3U\r?\n/, '#EXTM3U\n#EXT-X-START:TIME-OFFSET=0,PRECISE=YES\n');
}

interface Track {
  /** The folder, relative to the output folder: `360p` or `audio`. */
  folder: string;
  /** The video rendition it holds; null for the sound. */
  rendition: PlannedRendition | null;
  playlist: MediaPlaylist;
  text: string;
}

/**
 * Publishes a ladder while ffmpeg makes it, every rendition and the sound (decisions 0054 and
 * 0057). ffmpeg writes them as `EVENT` playlists, rewritten (atomically) after each segment;
 * every `poke` stores the segments they list that are not stored yet, then the playlist's text
 * as `event.m3u8` beside them (a key the media routes serve `no-cache`). Once every playlist
 * holds a few segments (in one run they all advance together), it stores `first.m3u8`, which
 * lists the growing playlists, and calls `onPlayable`: a player starts at 0 and reads on as they
 * grow, until `#EXT-X-ENDLIST`. `finish`, once ffmpeg is done, stores the rest and each finished
 * playlist again as `index.m3u8` (a `VOD` playlist), the name the whole ladder lists.
 *
 * Segments are stored before the playlist that lists them, so a player never reads of a
 * segment that is not there; storing is one at a time, in the order ffmpeg wrote.
 */
export class GrowingRenditionPublisher {
  private readonly published = new Set<string>();
  private readonly lastText = new Map<string, string>();
  private masterKey: string | null = null;
  private running: Promise<void> = Promise.resolve();
  private pending = false;
  private failure: unknown = null;
  private stopped = false;

  constructor(private readonly options: GrowingRenditionPublisherOptions) {}

  private get folders(): { folder: string; rendition: PlannedRendition | null }[] {
    const { renditions, audio } = this.options;
    return [
      ...renditions.map((rendition) => ({ folder: path.dirname(rendition.playlist), rendition })),
      ...(audio ? [{ folder: path.dirname(audioPlaylist), rendition: null }] : []),
    ];
  }

  private key(relative: string): string {
    return this.options.keyPrefix + relative.split(path.sep).join('/');
  }

  /**
   * Asks for a publication of what ffmpeg has written by now; at most one runs at a time, and
   * pokes while one waits to run are one. Resolves when it has run (it never rejects).
   */
  poke(): Promise<void> {
    if (this.pending || this.failure || this.stopped) return this.running;
    this.pending = true;
    this.running = this.running.then(async () => {
      this.pending = false;
      try {
        await this.sync(false);
      } catch (error) {
        // Kept for `finish`, which fails the job with it (it is retried whole).
        this.failure = error;
        this.options.onFailure?.(error);
      }
    });
    return this.running;
  }

  /** Waits for a publication under way (ffmpeg failed: nothing more is to be stored). */
  async settle(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  /** The error a publication failed with, if one did. */
  get error(): unknown {
    return this.failure;
  }

  /**
   * Once ffmpeg has finished: publishes what is left, the first master if it was not yet
   * (a clip shorter than a few segments), and each playlist as `index.m3u8`. Returns the
   * files of the output folder it stored (relative paths), which the job need not store again.
   */
  async finish(): Promise<string[]> {
    await this.running;
    if (this.failure) throw this.failure;
    if (this.stopped) throw new Error('The ladder was not finished');
    const tracks = await this.sync(true);
    for (const track of tracks) {
      if (!track.playlist.hasEndList) {
        throw new Error(`ffmpeg left an unfinished playlist in ${track.folder}`);
      }
      const index = path.join(track.folder, 'index.m3u8');
      await this.options.storage.put(
        this.key(index),
        Buffer.from(finishedAsVod(track.text)),
        'application/vnd.apple.mpegurl',
      );
      this.published.add(index);
    }
    // The run's own master (measured, listing `index.m3u8`) is not stored: this one was.
    return [...this.published, firstMasterPlaylistName];
  }

  private async readTrack(
    folder: string,
    rendition: PlannedRendition | null,
    final: boolean,
  ): Promise<Track | null> {
    let text: string;
    try {
      text = await readFile(path.join(this.options.outputDir, folder, 'index.m3u8'), 'utf8');
    } catch (error) {
      if (!final && isMissing(error)) return null; // no segment written yet
      throw error;
    }
    return { folder, rendition, playlist: parseMediaPlaylist(text), text };
  }

  private async sync(final: boolean): Promise<Track[]> {
    const { storage, outputDir } = this.options;
    const tracks: Track[] = [];
    for (const { folder, rendition } of this.folders) {
      const track = await this.readTrack(folder, rendition, final);
      if (!track) continue;
      const files = [
        ...(track.playlist.initSegment ? [track.playlist.initSegment] : []),
        ...track.playlist.segments.map((s) => s.uri),
      ].map((file) => path.join(folder, file));
      for (const file of files) {
        if (this.published.has(file)) continue;
        // Read whole: a segment is a few hundred kilobytes, and a retried put needs it again.
        const key = this.key(file);
        await storage.put(key, await readFile(path.join(outputDir, file)), contentTypeOf(key));
        this.published.add(file);
      }
      if (this.lastText.get(folder) !== track.text) {
        await storage.put(
          this.key(path.join(folder, growingPlaylistName)),
          Buffer.from(startingAtZero(track.text)),
          'application/vnd.apple.mpegurl',
        );
        this.lastText.set(folder, track.text);
      }
      tracks.push(track);
    }
    const enough = this.options.segmentsBeforePlayable ?? segmentsBeforePlayable;
    const ready =
      tracks.length === this.folders.length &&
      tracks.every(
        (t) =>
          t.playlist.initSegment !== null &&
          t.playlist.segments.length > 0 &&
          (t.playlist.hasEndList || t.playlist.segments.length >= enough),
      );
    if (this.masterKey === null && ready) await this.publishMaster(tracks);
    return tracks;
  }

  /** `first.m3u8`, listing the growing playlists, with bit rates from the segments so far. */
  private async publishMaster(tracks: Track[]): Promise<void> {
    const { outputDir, segmentSeconds } = this.options;
    const measure = async (track: Track) =>
      segmentBitrates(
        await Promise.all(
          track.playlist.segments.map(async (s) => ({
            bytes: (await stat(path.join(outputDir, track.folder, s.uri))).size,
            durationSeconds: s.durationSeconds,
          })),
        ),
        segmentSeconds,
      );
    const sound = tracks.find((t) => t.rendition === null);
    const soundRates = sound ? await measure(sound) : { peak: 0, average: 0 };
    const entries: MasterPlaylistEntry[] = [];
    for (const track of tracks) {
      const rendition = track.rendition;
      if (rendition === null) continue;
      const videoRates = await measure(track);
      const init = await readFile(path.join(outputDir, track.folder, track.playlist.initSegment!));
      entries.push({
        uri: `${track.folder}/${growingPlaylistName}`,
        // The later segments may be bigger than the first few: never announce less than the
        // rung's cap.
        bandwidth: Math.max(videoRates.peak, rendition.maxVideoKbps * 1000) + soundRates.peak,
        averageBandwidth: videoRates.average + soundRates.average,
        width: rendition.width,
        height: rendition.height,
        framesPerSecond: rendition.framesPerSecond,
        codecs: sound ? `${avcCodecString(init)},mp4a.40.2` : avcCodecString(init),
      });
    }
    const text = masterPlaylist(entries, sound ? `${sound.folder}/${growingPlaylistName}` : null);
    const key = this.key(firstMasterPlaylistName);
    await this.options.storage.put(key, Buffer.from(text), 'application/vnd.apple.mpegurl');
    this.masterKey = key;
    await this.options.onPlayable(key);
  }
}
