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
}

export const hlsRungs: readonly HlsRung[] = [
  { name: '360p', size: 360, maxVideoKbps: 1000 },
  { name: '720p', size: 720, maxVideoKbps: 3000 },
  { name: '1080p', size: 1080, maxVideoKbps: 6000 },
];

/**
 * The sound is encoded once, as an HLS rendition of its own that every video rendition plays
 * with (`#EXT-X-MEDIA:TYPE=AUDIO`): AAC at this rate, stereo, in `audio/`. One AAC encoding
 * instead of one per rung (each about 0.4 s of CPU per 10 s of video).
 */
export const audioRenditionKbps = 128;
export const audioPlaylist = 'audio/index.m3u8';

export interface PlannedRendition {
  name: string;
  width: number;
  height: number;
  framesPerSecond: number;
  maxVideoKbps: number;
  /** Of the sound it plays with (the audio rendition, `audioRenditionKbps`); null without. */
  audioKbps: number | null;
  /** Relative to the output folder, e.g. `360p/index.m3u8`. */
  playlist: string;
}

export interface HlsRendition extends PlannedRendition {
  /** Peak segment bit rate of its video, in bits per second (the master adds the sound's). */
  bandwidth: number;
  averageBandwidth: number;
  /** Of its video, e.g. `avc1.64001e`. */
  codecs: string;
}

/** The audio rendition every video rendition plays with. */
export interface HlsAudio {
  /** Relative to the output folder: `audio/index.m3u8`. */
  playlist: string;
  bandwidth: number;
  averageBandwidth: number;
  /** ffmpeg's native AAC encoder writes AAC-LC. */
  codecs: 'mp4a.40.2';
}

export interface HlsLadder {
  /** Relative to the output folder. */
  masterPlaylist: string;
  renditions: HlsRendition[];
  /** null when the source has no sound. */
  audio: HlsAudio | null;
}

export type HlsSource = Pick<
  VideoProbe,
  'width' | 'height' | 'pixelAspectRatio' | 'framesPerSecond' | 'audioCodec'
>;

export const masterPlaylistName = 'master.m3u8';
const maxFramesPerSecond = 60;
export const defaultSegmentSeconds = 4;

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
      audioKbps: source.audioCodec ? audioRenditionKbps : null,
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
  /** Only these of the planned renditions; all of them if unset. */
  renditions?: readonly PlannedRendition[];
  /** swscale algorithm of the scaling and pixel-format conversion; `defaultScaler` unless set. */
  scaler?: string;
  /**
   * Whether this run encodes the audio rendition (`audio/`); by default when the source has
   * sound. The rest of a ladder whose first rendition came with the sound does not.
   */
  audio?: boolean;
  /**
   * `vod` (the default): ffmpeg writes each playlist once, whole. `event`: it rewrites each
   * playlist with every segment (`#EXT-X-PLAYLIST-TYPE:EVENT`, atomically, through a temporary
   * file) and adds `#EXT-X-ENDLIST` at the end, so its segments can be published as they come
   * (`GrowingRenditionPublisher`, decisions 0054 and 0057); it stores the finished playlists as
   * `VOD` ones (`finishedAsVod`).
   */
  playlistType?: 'vod' | 'event';
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
  /** Whether the run makes the audio rendition. */
  audio: boolean;
} {
  const { input, outputDir, source } = options;
  if (!path.isAbsolute(input) || !path.isAbsolute(outputDir)) {
    throw new Error('hlsArguments needs absolute paths');
  }
  const preset = options.preset ?? 'veryfast';
  const playlistType = options.playlistType ?? 'vod';
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
  // before the split; a lone one (a source of 360p to 719p, or below) converts after scaling
  // down, on fewer pixels (a fifth less CPU for 10-bit 4:2:2 ProRes scaled to 360p). `sws_flags` is the algorithm
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
  // Strips what the uploader's camera wrote (location, device), and chapters.
  const noMetadata = ['-map_metadata', '-1', '-map_chapters', '-1'];
  const hlsOutput = (dir: string) => [
    '-f',
    'hls',
    '-hls_time',
    String(segmentSeconds),
    '-hls_playlist_type',
    playlistType,
    '-hls_flags',
    // Every segment starts with a keyframe (forced below). A growing run also writes each
    // segment under a temporary name, renamed once whole: a segment file is there whole or not
    // at all (ffmpeg writes an EVENT playlist through a temporary file and a rename anyway, and
    // lists a segment only once it is closed).
    playlistType === 'event' ? 'independent_segments+temp_file' : 'independent_segments',
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
  ];
  const audio = options.audio ?? source.audioCodec !== null;
  if (audio) {
    args.push(
      '-map',
      '0:a:0',
      ...noMetadata,
      ...['-c:a', 'aac', '-b:a', `${audioRenditionKbps}k`, '-ac', '2'],
      ...hlsOutput(path.join(outputDir, path.dirname(audioPlaylist))),
    );
  }
  renditions.forEach((r, i) => {
    const dir = path.join(outputDir, r.name);
    args.push(
      '-map',
      `[v${i}]`,
      ...noMetadata,
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
      ...hlsOutput(dir),
    );
  });
  return { args, renditions, audio };
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
  /** Whether this run makes the audio rendition; by default when the source has sound. */
  audio?: boolean;
  /** Renditions made by an earlier run into the same folder, listed in the master too. */
  alreadyMade?: readonly HlsRendition[];
  /** The audio rendition an earlier run made into the same folder. */
  alreadyMadeAudio?: HlsAudio | null;
  /** The master playlist's file name; `master.m3u8` unless set. */
  masterName?: string;
  /** See `HlsArgumentsOptions.playlistType`. */
  playlistType?: 'vod' | 'event';
}

/** Bit rates and init segment of a media playlist ffmpeg has finished. */
async function measurePlaylist(outputDir: string, playlistName: string, targetSeconds: number) {
  const playlistPath = path.join(outputDir, playlistName);
  const playlist = parseMediaPlaylist(await readFile(playlistPath, 'utf8'));
  if (!playlist.hasEndList || playlist.segments.length === 0 || !playlist.initSegment) {
    throw new Error(`ffmpeg left an incomplete playlist: ${playlistName}`);
  }
  const dir = path.dirname(playlistPath);
  const segments = await Promise.all(
    playlist.segments.map(async (s) => ({
      bytes: (await stat(path.join(dir, s.uri))).size,
      durationSeconds: s.durationSeconds,
    })),
  );
  return {
    bitrates: segmentBitrates(segments, targetSeconds),
    initSegment: path.join(dir, playlist.initSegment),
  };
}

async function measureRendition(
  outputDir: string,
  rendition: PlannedRendition,
  targetSeconds: number,
): Promise<HlsRendition> {
  const { bitrates, initSegment } = await measurePlaylist(
    outputDir,
    rendition.playlist,
    targetSeconds,
  );
  return {
    ...rendition,
    bandwidth: bitrates.peak,
    averageBandwidth: bitrates.average,
    codecs: avcCodecString(await readFile(initSegment)),
  };
}

async function measureAudio(outputDir: string, targetSeconds: number): Promise<HlsAudio> {
  const { bitrates } = await measurePlaylist(outputDir, audioPlaylist, targetSeconds);
  return {
    playlist: audioPlaylist,
    bandwidth: bitrates.peak,
    averageBandwidth: bitrates.average,
    codecs: 'mp4a.40.2',
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
  const { args, renditions, audio } = hlsArguments({
    input,
    outputDir,
    source: options.probe,
    preset: options.preset,
    threads: options.threads,
    segmentSeconds,
    renditions: options.renditions,
    scaler: options.scaler,
    audio: options.audio,
    playlistType: options.playlistType,
  });

  // A retried job starts clean: stale segments of an earlier attempt must not linger.
  await rm(path.join(outputDir, masterName), { force: true });
  for (const folder of [
    ...renditions.map((r) => r.name),
    ...(audio ? [path.dirname(audioPlaylist)] : []),
  ]) {
    const dir = path.join(outputDir, folder);
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
  const sound = audio
    ? await measureAudio(outputDir, segmentSeconds)
    : (options.alreadyMadeAudio ?? null);
  // Each variant is its video with the sound: the bit rates add up, the codecs both count.
  const entries: MasterPlaylistEntry[] = measured.map((r) => ({
    uri: r.playlist,
    bandwidth: r.bandwidth + (sound?.bandwidth ?? 0),
    averageBandwidth: r.averageBandwidth + (sound?.averageBandwidth ?? 0),
    width: r.width,
    height: r.height,
    framesPerSecond: r.framesPerSecond,
    codecs: sound ? `${r.codecs},${sound.codecs}` : r.codecs,
  }));
  const masterPath = path.join(outputDir, masterName);
  await writeFile(`${masterPath}.tmp`, masterPlaylist(entries, sound?.playlist ?? null));
  await rename(`${masterPath}.tmp`, masterPath);
  progress.finish();
  return { masterPlaylist: masterName, renditions: measured, audio: sound };
}

/**
 * The master playlist that lists the growing playlists (`event.m3u8`) of a ladder published
 * while ffmpeg makes it, until the ladder is whole (decisions 0054 and 0057).
 */
export const firstMasterPlaylistName = 'first.m3u8';
