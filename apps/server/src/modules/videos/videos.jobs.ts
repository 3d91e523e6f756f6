import type { DomainEvents } from '../../platform/events/domain-events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../platform/http/errors';
import { browserPlaybackOf } from '../../platform/media/video/browser-playback';
import {
  buildHlsLadder,
  defaultSegmentSeconds,
  planRenditions,
  type HlsLadder,
} from '../../platform/media/video/hls';
import {
  GrowingRenditionPublisher,
  segmentsBeforePlayable,
} from '../../platform/media/video/growing-rendition';
import { extractPoster } from '../../platform/media/video/poster';
import { probeVideo } from '../../platform/media/video/probe';
import { buildStoryboard } from '../../platform/media/video/storyboard';
import { defineJob, type JobContext } from '../../platform/queue/job-queue';
import { contentTypeOf, type Storage } from '../../platform/storage/storage';
import { RenditionProgress } from './rendition-progress';
import type { VideosRepository } from './videos.repository';

export const processVideoJob = defineJob<{ videoId: string }>({
  name: 'video-process',
  retryLimit: 3,
  retryDelaySeconds: 20,
  retryBackoff: true,
  // A transcode that has not finished in this long is taken for a dead worker and retried.
  expireInSeconds: 2 * 3600,
});

export const deleteFilesJob = defineJob<{ keys: string[]; prefixes: string[] }>({
  name: 'media-delete-files',
  retryLimit: 5,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 600,
});

/** Processing outputs of a video live under this prefix (originals live under their asset's). */
export const outputPrefix = (videoId: string) => `videos/${videoId}/`;

async function listFiles(dir: string, base = dir): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) =>
      e.isDirectory()
        ? listFiles(path.join(dir, e.name), base)
        : [path.relative(base, path.join(dir, e.name))],
    ),
  );
  return nested.flat();
}

/**
 * Turns an uploaded original into what adaptive playback needs: the HLS ladder, a poster when
 * the creator gave no thumbnail, and a storyboard for seek previews. Idempotent: a retry
 * replaces whatever an interrupted attempt left.
 */
export class VideoProcessor {
  constructor(
    private readonly repo: VideosRepository,
    private readonly storage: Storage,
    /** Holds one `video-<id>-*` folder per transcode while it runs. */
    readonly workDir: string,
    /** Told when a video starts processing, is ready or fails (its progress may trail). */
    private readonly events: DomainEvents,
  ) {}

  /** Work folders of transcodes running in this process (the crash-leftover cleanup spares them). */
  private readonly workFoldersInUse = new Set<string>();

  isWorkFolderInUse(folder: string): boolean {
    return this.workFoldersInUse.has(path.resolve(folder));
  }

  async process({ videoId }: { videoId: string }, context: JobContext): Promise<void> {
    const input = await this.repo.findProcessingInput(videoId);
    if (!input) return; // deleted meanwhile: nothing to do
    const changed = () => this.events.emit('video.updated', { videoId, ownerId: input.ownerId });
    await this.repo.setProcessing(videoId, {
      status: 'processing',
      processingProgress: 0,
      processingError: null,
    });
    changed();
    await mkdir(this.workDir, { recursive: true });
    const work = path.resolve(await mkdtemp(path.join(this.workDir, `video-${videoId}-`)));
    this.workFoldersInUse.add(work);
    try {
      let source = this.storage.localPathOf?.(input.videoKey);
      if (!source) {
        source = path.join(work, 'source');
        await pipeline(await this.storage.get(input.videoKey), createWriteStream(source));
      }
      const probe = await probeVideo(source, { signal: context.signal });
      const prefix = outputPrefix(videoId);
      const hlsDir = path.join(work, 'hls');
      // Decided at upload; an older upload is judged now.
      const originalPlays =
        input.originalPlayable ?? (await browserPlaybackOf(source, probe)).playable;

      const progress = new RenditionProgress(
        planRenditions(probe).map((r) => r.name),
        probe.durationSeconds,
      );
      const publishProgress = (force = false) => {
        // A few times a second at most; the ladder is most of the work: the first 90%.
        if (!force && !progress.due()) return;
        void this.repo.setProcessing(videoId, {
          processingProgress: Math.min(0.9, progress.overall() * 0.9),
          renditions: progress.snapshot(),
        });
      };
      await this.repo.setProcessing(videoId, { renditions: progress.snapshot() });

      let ladder: HlsLadder;
      const published = new Set<string>();
      if (originalPlays) {
        // The original plays meanwhile: one run makes every rendition (the cheapest way).
        progress.startStage(progress.names);
        ladder = await buildHlsLadder({
          input: source,
          outputDir: hlsDir,
          probe,
          signal: context.signal,
          onProgress: (fraction) => {
            progress.report(fraction);
            publishProgress();
          },
        });
      } else {
        // Nothing plays until a rendition exists: the same one run makes the ladder, and every
        // rendition is published as it grows; the video plays once two segments of each are
        // stored (decisions 0054 and 0057), and plays the whole ladder when the run ends.
        const renditions = planRenditions(probe);
        // Whatever an earlier attempt published goes: this attempt's files replace it, and
        // nothing plays from it meanwhile.
        await this.repo.setProcessing(videoId, { hlsMasterKey: null });
        changed();
        await this.storage.deletePrefix(prefix);
        const hlsPrefix = `${prefix}hls/`;
        // A publication that fails fails the attempt: ffmpeg is stopped at once rather than
        // left to make the rest of a ladder nobody will see.
        const stopRun = new AbortController();
        const publisher = new GrowingRenditionPublisher({
          storage: this.storage,
          outputDir: hlsDir,
          keyPrefix: hlsPrefix,
          renditions,
          audio: probe.audioCodec !== null,
          segmentSeconds: defaultSegmentSeconds,
          onPlayable: async (masterKey) => {
            await this.repo.setProcessing(videoId, { hlsMasterKey: masterKey });
            changed();
          },
          onFailure: () => stopRun.abort(),
        });
        // It plays once its first segments are stored: the page's 'about N s' counts to that.
        progress.startStage(
          progress.names,
          (segmentsBeforePlayable * defaultSegmentSeconds) / probe.durationSeconds,
        );
        try {
          ladder = await buildHlsLadder({
            input: source,
            outputDir: hlsDir,
            probe,
            signal: AbortSignal.any([context.signal, stopRun.signal]),
            segmentSeconds: defaultSegmentSeconds,
            // Rewritten with each segment, so the first segments play before the last exist.
            playlistType: 'event',
            onProgress: (fraction) => {
              void publisher.poke();
              progress.report(fraction);
              publishProgress();
            },
          });
          for (const file of await publisher.finish()) published.add(path.join('hls', file));
          // The ladder is whole: the player switches to it now, not after the poster and the
          // storyboard.
          const masterFile = path.join('hls', ladder.masterPlaylist);
          await this.storage.put(
            `${hlsPrefix}${ladder.masterPlaylist}`,
            createReadStream(path.join(work, masterFile)),
            contentTypeOf(ladder.masterPlaylist),
          );
          published.add(masterFile);
        } catch (error) {
          // No publication may run on after this attempt: a retry deletes what it stored.
          await publisher.settle();
          // A ladder cut short never gets its end: a player would wait at its edge for good.
          // Nothing plays until an attempt finishes one.
          await this.repo.setProcessing(videoId, { hlsMasterKey: null });
          changed();
          // The storage's error, not the abort it caused.
          throw publisher.error ?? error;
        }
        progress.finishStage();
        await this.repo.setProcessing(videoId, {
          hlsMasterKey: `${hlsPrefix}${ladder.masterPlaylist}`,
          processingProgress: Math.min(0.9, progress.overall() * 0.9),
          renditions: progress.snapshot(),
        });
        changed();
      }
      progress.finishStage();
      publishProgress(true);
      if (!input.hasThumbnail) {
        await extractPoster({
          input: source,
          output: path.join(work, 'poster', 'poster.jpg'),
          durationSeconds: probe.durationSeconds,
          signal: context.signal,
        });
      }
      await buildStoryboard({
        input: source,
        outputDir: path.join(work, 'storyboard'),
        durationSeconds: probe.durationSeconds,
        signal: context.signal,
      });

      // Files published while the ladder grew stay where they are (a player reads them).
      if (published.size === 0) await this.storage.deletePrefix(prefix);
      for (const file of await listFiles(work)) {
        if (file === 'source' || published.has(file)) continue;
        const key = prefix + file.split(path.sep).join('/');
        await this.storage.put(key, createReadStream(path.join(work, file)), contentTypeOf(key));
      }
      const storyboard = (await listFiles(path.join(work, 'storyboard'))).find((f) =>
        f.endsWith('.vtt'),
      );
      await this.repo.setProcessing(videoId, {
        status: 'ready',
        processingProgress: 1,
        renditions: progress.snapshot(),
        hlsMasterKey: `${prefix}hls/${ladder.masterPlaylist}`,
        posterKey: input.hasThumbnail ? null : `${prefix}poster/poster.jpg`,
        storyboardKey: storyboard ? `${prefix}storyboard/${storyboard}` : null,
      });
      changed();
      // Deleted while we worked: take the outputs away again.
      if (!(await this.repo.findProcessingInput(videoId))) await this.storage.deletePrefix(prefix);
    } catch (error) {
      // A file ffprobe refuses will never process: fail at once instead of retrying.
      const permanent = error instanceof AppError && error.statusCode === 415;
      if (permanent || context.isLastAttempt) {
        await this.repo.setProcessing(videoId, {
          status: 'failed',
          processingProgress: null,
          processingError:
            error instanceof Error ? error.message.slice(0, 500) : 'Processing failed',
        });
        changed();
        if (permanent) return;
      }
      throw error;
    } finally {
      await rm(work, { recursive: true, force: true });
      this.workFoldersInUse.delete(work);
    }
  }
}

export async function deleteFiles(
  storage: Storage,
  files: { keys: string[]; prefixes: string[] },
): Promise<void> {
  for (const key of files.keys) await storage.delete(key);
  for (const prefix of files.prefixes) await storage.deletePrefix(prefix);
}
