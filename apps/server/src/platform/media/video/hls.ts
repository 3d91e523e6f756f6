import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ffmpegBinaries } from './ffmpeg-binaries';
import {
  avcCodecString,
  masterPlaylist,
  parseMediaPlaylist,
  segmentBitrates,
  type MasterPlaylistEntry,
} from './hls-playlists';
import { abortError, mediaInputArguments, progressReporter, runMediaTool } from './media-process';
import type { VideoProbe } from './probe';

/** One step of the ladder. `size` is the short side: 720p is 1280x720 or, upright, 720x1280. */
export interface HlsRung {
  name: string;
  size: number;
  /** Cap of the video bit rate at up to 30 fps; faster video gets half as much again. */
  maxVideoKbps: number;
  audioKbps: number;
}

export const hlsRungs: readonly HlsRung[] = [
  { name: '360p', size: 360, maxVideoKbps: 1000, audioKbps: 96 },
  { name: '720p', size: 720, maxVideoKbps: 3000, audioKbps: 128 },
  { name: '1080p', size: 1080, maxVideoKbps: 6000, audioKbps: 128 },
];

export interface PlannedRendition {
  name: string;
  width: number;
  height: number;
  framesPerSecond: number;
  maxVideoKbps: number;
  /** null when the source has no audio. */
  audioKbps: number | null;
  /** Relative to the output folder, e.g. `360p/index.m3u8`. */
  playlist: string;
}

export interface HlsRendition extends PlannedRendition {
  /** Peak segment bit rate as announced in the master playlist, in bits per second. */
  bandwidth: number;
  averageBandwidth: number;
  codecs: string;
}

export interface HlsLadder {
  /** Relative to the output folder. */
  masterPlaylist: string;
  renditions: HlsRendition[];
}

export type HlsSource = Pick<
  VideoProbe,
  'width' | 'height' | 'pixelAspectRatio' | 'framesPerSecond' | 'audioCodec'
>;

export const masterPlaylistName = 'master.m3u8';
const maxFramesPerSecond = 60;
const defaultSegmentSeconds = 4;

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/**
 * The renditions for a source: every rung up to the source's size, never above it, and one
 * rendition at the source's own size when it is smaller than the lowest rung.
 */
export function planRenditions(source: HlsSource): PlannedRendition[] {
  // Anamorphic pixels are made square, so the aspect ratio is the one the viewer sees.
  const displayWidth = source.width * (source.pixelAspectRatio || 1);
  const displayHeight = source.height;
  const isPortrait = displayHeight > displayWidth;
  const shortSide = Math.min(displayWidth, displayHeight);
  const framesPerSecond = Math.min(source.framesPerSecond, maxFramesPerSecond);
  const highFrameRate = framesPerSecond > 31;
  const lowest = hlsRungs[0]!;

  const rungs = hlsRungs.filter((rung) => rung.size <= shortSide);
  if (rungs.length === 0) {
    const size = Math.max(2, Math.floor(shortSide / 2) * 2);
    rungs.push({ ...lowest, name: `${size}p`, size });
  }
  return rungs.map((rung) => {
    const longSide = even(((isPortrait ? displayHeight : displayWidth) * rung.size) / shortSide);
    const maxVideoKbps = Math.round(rung.maxVideoKbps * (highFrameRate ? 1.5 : 1));
    return {
      name: rung.name,
      width: isPortrait ? rung.size : longSide,
      height: isPortrait ? longSide : rung.size,
      framesPerSecond,
      maxVideoKbps,
      audioKbps: source.audioCodec ? rung.audioKbps : null,
      playlist: `${rung.name}/index.m3u8`,
    };
  });
}

export interface HlsArgumentsOptions {
  /** Absolute path of the source file. */
  input: string;
  /** Absolute path of the folder that receives `master.m3u8` and one folder per rendition. */
  outputDir: string;
  source: HlsSource;
  /** x264 preset: `veryfast` balances speed and size on a small server. */
  preset?: string;
  /** ffmpeg picks a thread count from the cores when this is not set. */
  threads?: number;
  segmentSeconds?: number;
  /** x264 constant quality; the bit rate cap of each rung still applies. */
  crf?: number;
  /** Only these of the planned renditions (a first rendition alone, or the rest); all if unset. */
  renditions?: readonly PlannedRendition[];
  /** swscale algorithm of the scaling and pixel-format conversion; `defaultScaler` unless set. */
  scaler?: string;
}

/**
 * swscale's `area` (an averaging box) for every step down: on a 1080p source it costs 40% of
 * the CPU time of swscale's default (`bicubic`) to make 720p and 360p, a pixel-by-pixel
 * comparison (SSIM) with a Lanczos downscale scores both the same to the third decimal, and
 * the ladder only ever scales down (bench/media/README.md, run 4).
 */
export const defaultScaler = 'area';

/**
 * The ffmpeg command that encodes every rendition in one run: the source is decoded once,
 * split, scaled, and each rendition is its own HLS output in fragmented MP4. It does not write
 * master.m3u8: buildHlsLadder writes it from the segments as they came out.
 *
 * Keyframes are forced at every segment boundary, the same instants in every rendition, so a
 * player can switch renditions at any segment.
 */
export function hlsArguments(options: HlsArgumentsOptions): {
  args: string[];
  renditions: PlannedRendition[];
} {
  const { input, outputDir, source } = options;
  if (!path.isAbsolute(input) || !path.isAbsolute(outputDir)) {
    throw new Error('hlsArguments needs absolute paths');
  }
  const preset = options.preset ?? 'veryfast';
  const segmentSeconds = options.segmentSeconds ?? defaultSegmentSeconds;
  const crf = options.crf ?? 23;
  const renditions = options.renditions ? [...options.renditions] : planRenditions(source);
  if (renditions.length === 0) throw new Error('hlsArguments needs at least one rendition');
  const framesPerSecond = renditions[0]!.framesPerSecond;
  const gop = Math.max(1, Math.round(framesPerSecond * segmentSeconds));

  const scaler = options.scaler ?? defaultScaler;
  if (!/^[a-z_+]+$/.test(scaler)) throw new Error(`Not a swscale algorithm: ${scaler}`);
  const fps = source.framesPerSecond > maxFramesPerSecond ? [`fps=${maxFramesPerSecond}`] : [];
  const scale = (r: PlannedRendition) => `scale=${r.width}:${r.height}:flags=${scaler}`;
  // 8-bit 4:2:0: what every browser's H.264 decoder plays. Several renditions convert once,
  // before the split; a lone one (a first rendition) converts after scaling down, on a ninth
  // of the pixels (a fifth less CPU for 10-bit 4:2:2 ProRes). `sws_flags` is the algorithm
  // of the conversions ffmpeg inserts itself (the pixel format's).
  const filterGraph = `sws_flags=${scaler};${
    renditions.length === 1
      ? `[0:v:0]${[...fps, scale(renditions[0]!), 'setsar=1', 'format=yuv420p'].join(',')}[v0]`
      : [
          `[0:v:0]${[...fps, 'format=yuv420p', `split=${renditions.length}${renditions.map((_, i) => `[s${i}]`).join('')}`].join(',')}`,
          ...renditions.map((r, i) => `[s${i}]${scale(r)},setsar=1[v${i}]`),
        ].join(';')
  }`;

  const args = [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-loglevel',
    'error',
    '-nostats',
    '-progress',
    'pipe:1',
    ...mediaInputArguments(input),
    '-filter_complex',
    filterGraph,
  ];
  renditions.forEach((r, i) => {
    const dir = path.join(outputDir, r.name);
    args.push(
      '-map',
      `[v${i}]`,
      ...(r.audioKbps === null ? [] : ['-map', '0:a:0']),
      // Strips what the uploader's camera wrote (location, device), and chapters.
      '-map_metadata',
      '-1',
      '-map_chapters',
      '-1',
      '-c:v',
      'libx264',
      '-preset',
      preset,
      '-profile:v',
      'high',
      '-crf',
      String(crf),
      '-maxrate',
      `${r.maxVideoKbps}k`,
      '-bufsize',
      `${r.maxVideoKbps * 2}k`,
      '-g',
      String(gop),
      '-keyint_min',
      String(gop),
      '-sc_threshold',
      '0',
      '-force_key_frames',
      `expr:gte(t,n_forced*${segmentSeconds})`,
      ...(options.threads ? ['-threads', String(options.threads)] : []),
      ...(r.audioKbps === null ? [] : ['-c:a', 'aac', '-b:a', `${r.audioKbps}k`, '-ac', '2']),
      '-f',
      'hls',
      '-hls_time',
      String(segmentSeconds),
      '-hls_playlist_type',
      'vod',
      '-hls_flags',
      'independent_segments',
      '-hls_segment_type',
      'fmp4',
      '-hls_fmp4_init_filename',
      'init.mp4',
      '-hls_segment_filename',
      // The segment name is a printf pattern: a % in the folder must not count.
      path.join(dir.replaceAll('%', '%%'), 'seg_%05d.m4s'),
      '-start_number',
      '1',
      path.join(dir, 'index.m3u8'),
    );
  });
  return { args, renditions };
}

export interface BuildHlsLadderOptions {
  input: string;
  /** Created when missing; rendition folders from an earlier attempt are replaced. */
  outputDir: string;
  probe: VideoProbe;
  /** A fraction from 0 to 1; 1 once master.m3u8 is written. */
  onProgress?: (fraction: number) => void;
  /** Aborting kills ffmpeg; the promise rejects with an AbortError once it has exited. */
  signal?: AbortSignal;
  preset?: string;
  threads?: number;
  segmentSeconds?: number;
  /** Encode only these planned renditions (see `planRenditions`); all of them if unset. */
  renditions?: readonly PlannedRendition[];
  /** swscale algorithm; `defaultScaler` unless set (the bench sets the one of before). */
  scaler?: string;
  /** Renditions made by an earlier run into the same folder, listed in the master too. */
  alreadyMade?: readonly HlsRendition[];
  /** The master playlist's file name; `master.m3u8` unless set. */
  masterName?: string;
}

async function measureRendition(
  outputDir: string,
  rendition: PlannedRendition,
  targetSeconds: number,
): Promise<HlsRendition> {
  const playlistPath = path.join(outputDir, rendition.playlist);
  const playlist = parseMediaPlaylist(await readFile(playlistPath, 'utf8'));
  if (!playlist.hasEndList || playlist.segments.length === 0 || !playlist.initSegment) {
    throw new Error(`ffmpeg left an incomplete playlist: ${rendition.playlist}`);
  }
  const dir = path.dirname(playlistPath);
  const segments = await Promise.all(
    playlist.segments.map(async (s) => ({
      bytes: (await stat(path.join(dir, s.uri))).size,
      durationSeconds: s.durationSeconds,
    })),
  );
  const bitrates = segmentBitrates(segments, targetSeconds);
  const videoCodec = avcCodecString(await readFile(path.join(dir, playlist.initSegment)));
  return {
    ...rendition,
    bandwidth: bitrates.peak,
    averageBandwidth: bitrates.average,
    // ffmpeg's native AAC encoder writes AAC-LC.
    codecs: rendition.audioKbps === null ? videoCodec : `${videoCodec},mp4a.40.2`,
  };
}

/**
 * Encodes the HLS ladder of a video (H.264 + AAC in fragmented MP4, one folder per rendition)
 * and writes master.m3u8 listing each rendition with its measured peak bit rate, resolution
 * and codecs. The master playlist is written last, so its presence means the ladder is whole.
 */
export async function buildHlsLadder(options: BuildHlsLadderOptions): Promise<HlsLadder> {
  if (options.signal?.aborted) throw abortError(options.signal);
  const input = path.resolve(options.input);
  const outputDir = path.resolve(options.outputDir);
  const segmentSeconds = options.segmentSeconds ?? defaultSegmentSeconds;
  const masterName = options.masterName ?? masterPlaylistName;
  const { args, renditions } = hlsArguments({
    input,
    outputDir,
    source: options.probe,
    preset: options.preset,
    threads: options.threads,
    segmentSeconds,
    renditions: options.renditions,
    scaler: options.scaler,
  });

  // A retried job starts clean: stale segments of an earlier attempt must not linger.
  await rm(path.join(outputDir, masterName), { force: true });
  for (const r of renditions) {
    const dir = path.join(outputDir, r.name);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
  }

  const progress = progressReporter(options.probe.durationSeconds, options.onProgress);
  const { ffmpeg } = ffmpegBinaries();
  await runMediaTool({
    command: ffmpeg,
    args,
    signal: options.signal,
    onStdoutLine: progress.onLine,
  });

  const measured = [
    ...(options.alreadyMade ?? []),
    ...(await Promise.all(renditions.map((r) => measureRendition(outputDir, r, segmentSeconds)))),
  ];
  const entries: MasterPlaylistEntry[] = measured.map((r) => ({
    uri: r.playlist,
    bandwidth: r.bandwidth,
    averageBandwidth: r.averageBandwidth,
    width: r.width,
    height: r.height,
    framesPerSecond: r.framesPerSecond,
    codecs: r.codecs,
  }));
  const masterPath = path.join(outputDir, masterName);
  await writeFile(`${masterPath}.tmp`, masterPlaylist(entries));
  await rename(`${masterPath}.tmp`, masterPath);
  progress.finish();
  return { masterPlaylist: masterName, renditions: measured };
}

/**
 * x264 preset of a first rendition: `superfast` saves a tenth of its CPU time next to
 * `veryfast` (at 360p the picture differs little; it stays the ladder's lowest rung).
 */
export const firstRenditionPreset = 'superfast';

/** The master playlist that lists the first rendition alone, until the ladder is whole. */
export const firstMasterPlaylistName = 'first.m3u8';

export interface BuildFirstRenditionFirstOptions extends Omit<
  BuildHlsLadderOptions,
  'onProgress' | 'renditions' | 'alreadyMade' | 'masterName'
> {
  /** x264 preset of the first rendition; `firstRenditionPreset` unless set. */
  firstPreset?: string;
  /**
   * Called once the first rendition is whole, with its own master playlist (`first.m3u8`, or
   * `master.m3u8` when it is the whole ladder); awaited, so it can publish the files first.
   */
  onFirstRendition?: (ladder: HlsLadder) => Promise<void>;
  /** `first` while the first rendition is made, then `rest`; each from 0 to 1. */
  onProgress?: (stage: 'first' | 'rest', fraction: number) => void;
}

/**
 * For an original that browsers cannot play (issue 22): the lowest rendition is made alone
 * first, so the video plays within seconds, then the rest of the ladder in a second run; the
 * final master.m3u8 lists all of them. Costs one more decoding of the source than
 * `buildHlsLadder`, which is why a playable original goes through that instead.
 */
export async function buildFirstRenditionFirst(
  options: BuildFirstRenditionFirstOptions,
): Promise<HlsLadder> {
  const [first, ...rest] = planRenditions(options.probe);
  const common = {
    input: options.input,
    outputDir: options.outputDir,
    probe: options.probe,
    signal: options.signal,
    threads: options.threads,
    segmentSeconds: options.segmentSeconds,
  };
  const firstLadder = await buildHlsLadder({
    ...common,
    preset: options.firstPreset ?? firstRenditionPreset,
    renditions: [first!],
    masterName: rest.length === 0 ? masterPlaylistName : firstMasterPlaylistName,
    onProgress: (fraction) => options.onProgress?.('first', fraction),
  });
  await options.onFirstRendition?.(firstLadder);
  if (rest.length === 0) return firstLadder;
  return buildHlsLadder({
    ...common,
    preset: options.preset,
    renditions: rest,
    alreadyMade: firstLadder.renditions,
    onProgress: (fraction) => options.onProgress?.('rest', fraction),
  });
}
