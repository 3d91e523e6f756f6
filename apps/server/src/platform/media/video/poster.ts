import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { ffmpegBinaries } from './ffmpeg-binaries';
import {
  mediaInputArguments,
  onePngFrameToStdout,
  quietFfmpeg,
  runMediaTool,
} from './media-process';
import { probeVideo } from './probe';

export interface ExtractPosterOptions {
  input: string;
  /** `.jpg`, `.jpeg` or `.webp`; the format follows the extension. */
  output: string;
  /** Defaults to posterTime(duration). */
  atSeconds?: number;
  /** Needed for the default time; probed when not given. */
  durationSeconds?: number;
  maxWidth?: number;
  signal?: AbortSignal;
  /** Kills ffmpeg after this long; one frame takes well under a second. */
  timeoutMs?: number;
}

export interface Poster {
  width: number;
  height: number;
  format: 'jpeg' | 'webp';
  atSeconds: number;
}

/** Early enough to be representative, late enough to skip a black first frame or a fade-in. */
export function posterTime(durationSeconds: number): number {
  return Math.min(durationSeconds * 0.1, 5);
}

function outputFormat(output: string): Poster['format'] {
  const ext = path.extname(output).toLowerCase();
  if (ext === '.jpg' || ext === '.jpeg') return 'jpeg';
  if (ext === '.webp') return 'webp';
  throw new Error(`A poster is written as .jpg or .webp, not "${ext}"`);
}

/**
 * A filter that makes pixels square (anamorphic video) and fits the width, keeping even sides.
 * ffmpeg has already applied any rotation, so iw and ih are as displayed.
 */
export function fitWidthFilter(maxWidth: number): string {
  return `scale='trunc(min(${maxWidth},iw*sar)/2)*2':'trunc(ow/dar/2)*2',setsar=1`;
}

/** One frame as PNG on stdout: sharp encodes it, so the output format does not depend on ffmpeg. */
async function grabFrame(options: {
  input: string;
  atSeconds: number;
  maxWidth: number;
  signal?: AbortSignal;
  timeoutMs: number;
}): Promise<Buffer> {
  const { ffmpeg } = ffmpegBinaries();
  const { stdout } = await runMediaTool({
    command: ffmpeg,
    args: [
      ...quietFfmpeg,
      // Before the input: seeks to the keyframe before, then decodes up to the exact time.
      '-ss',
      options.atSeconds.toFixed(3),
      ...mediaInputArguments(options.input),
      '-an',
      '-sn',
      '-dn',
      '-vf',
      fitWidthFilter(options.maxWidth),
      ...onePngFrameToStdout,
    ],
    captureStdout: true,
    signal: options.signal,
    timeoutMs: options.timeoutMs,
  });
  return stdout;
}

/** Takes the poster frame of a video and writes it as JPEG or WebP, at most 1280 px wide. */
export async function extractPoster(options: ExtractPosterOptions): Promise<Poster> {
  const input = path.resolve(options.input);
  const format = outputFormat(options.output);
  const maxWidth = options.maxWidth ?? 1280;
  const timeoutMs = options.timeoutMs ?? 60_000;
  let atSeconds = options.atSeconds;
  if (atSeconds === undefined) {
    const duration =
      options.durationSeconds ??
      (await probeVideo(input, { signal: options.signal })).durationSeconds;
    atSeconds = posterTime(duration);
  }
  const grab = (at: number) =>
    grabFrame({ input, atSeconds: at, maxWidth, signal: options.signal, timeoutMs });

  let png = await grab(atSeconds);
  if (png.length === 0 && atSeconds > 0) {
    // Nothing at that time (a duration that overstates the stream): the first frame will do.
    atSeconds = 0;
    png = await grab(0);
  }
  if (png.length === 0) throw new Error('ffmpeg produced no frame for the poster');

  await mkdir(path.dirname(path.resolve(options.output)), { recursive: true });
  const image = sharp(png);
  const encoded =
    format === 'jpeg' ? image.jpeg({ quality: 82, mozjpeg: true }) : image.webp({ quality: 82 });
  const info = await encoded.toFile(options.output);
  return { width: info.width, height: info.height, format, atSeconds };
}
