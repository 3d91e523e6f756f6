import path from 'node:path';
import { badRequest, unsupportedMedia } from '../../http/errors';
import { ffmpegBinaries } from './ffmpeg-binaries';
import { MediaToolError, mediaInputArguments, quietFfmpeg, runMediaTool } from './media-process';

export interface VideoProbe {
  durationSeconds: number;
  /** As displayed: rotation metadata applied, so a phone's portrait video is taller than wide. */
  width: number;
  height: number;
  /** Clockwise rotation the player applies to the stored frames. */
  rotation: 0 | 90 | 180 | 270;
  /** Width of a pixel relative to its height; 1 except for anamorphic video. */
  pixelAspectRatio: number;
  /** ffprobe's demuxer name, e.g. `mov,mp4,m4a,3gp,3g2,mj2` or `matroska,webm`. */
  formatName: string;
  videoCodec: string;
  audioCodec: string | null;
  /** ffprobe's profile names, e.g. `High` and `LC`; null when it does not say. */
  videoProfile: string | null;
  audioProfile: string | null;
  /** The codec's level as ffprobe reports it (H.264: 40 for 4.0); null when unknown. */
  videoLevel: number | null;
  /** e.g. `yuv420p`, `yuv422p10le`; null when unknown. */
  pixelFormat: string | null;
  framesPerSecond: number;
  /** Bits per second of the whole file, when the container says. */
  bitrate: number | null;
}

export interface ProbeVideoOptions {
  /** Kills ffprobe after this long; a healthy file answers in well under a second. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * Also decode the last second, refusing a file whose index promises more than its bytes
   * hold (an upload cut short). Costs a second of decoding; uploads ask for it.
   */
  requireComplete?: boolean;
}

/** Bigger than 8K on a side is refused: decoding it would exhaust a small server. */
export const maxVideoSide = 8192;

const notAVideo = () => unsupportedMedia('The file is not a playable video', 'file');

const incompleteMessage = 'The video file is damaged or incomplete; upload the whole file again';
const incompleteVideo = () =>
  badRequest(incompleteMessage, [{ field: 'file', message: incompleteMessage }]);

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  profile?: string;
  level?: number;
  pix_fmt?: string;
  width?: number;
  height?: number;
  sample_aspect_ratio?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  duration?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number | string }[];
}

interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { format_name?: string; duration?: string; bit_rate?: string };
}

/** "30000/1001" -> 29.97; "0/0", "N/A" and missing -> null. */
function ratio(value: string | undefined, separator = '/'): number | null {
  if (!value) return null;
  const [num, den] = value.split(separator).map(Number);
  if (num === undefined || den === undefined || !(num > 0) || !(den > 0)) return null;
  const result = num / den;
  return Number.isFinite(result) ? result : null;
}

function positiveNumber(value: string | undefined): number | null {
  const n = Number(value);
  return value !== undefined && Number.isFinite(n) && n > 0 ? n : null;
}

/** Newer ffprobe reports a display matrix, older ones a `rotate` tag; either may be negative. */
function rotationOf(stream: FfprobeStream): VideoProbe['rotation'] {
  const fromMatrix = stream.side_data_list?.find((d) => d.rotation !== undefined)?.rotation;
  const degrees = Number(fromMatrix ?? stream.tags?.rotate ?? 0);
  if (!Number.isFinite(degrees)) return 0;
  const normalized = (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
  return normalized as VideoProbe['rotation'];
}

/** Reads the facts the pipeline needs from ffprobe's JSON, refusing what is not a video. */
export function videoProbeFromFfprobe(output: FfprobeOutput): VideoProbe {
  const streams = output.streams ?? [];
  // Cover art in an audio file shows up as a one-frame video stream; it is not a video.
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const audio = streams.find((s) => s.codec_type === 'audio');
  const formatName = output.format?.format_name;
  if (!video || !video.codec_name || !formatName) throw notAVideo();

  const durationSeconds =
    positiveNumber(output.format?.duration) ?? positiveNumber(video.duration) ?? null;
  const storedWidth = video.width ?? 0;
  const storedHeight = video.height ?? 0;
  const framesPerSecond = ratio(video.avg_frame_rate) ?? ratio(video.r_frame_rate);
  if (durationSeconds === null || !(storedWidth > 0) || !(storedHeight > 0) || !framesPerSecond) {
    throw notAVideo();
  }
  if (storedWidth > maxVideoSide || storedHeight > maxVideoSide) {
    throw unsupportedMedia(
      `The video is too large (at most ${maxVideoSide} pixels a side)`,
      'file',
    );
  }

  const rotation = rotationOf(video);
  const sideways = rotation === 90 || rotation === 270;
  return {
    durationSeconds,
    width: sideways ? storedHeight : storedWidth,
    height: sideways ? storedWidth : storedHeight,
    rotation,
    pixelAspectRatio: ratio(video.sample_aspect_ratio, ':') ?? 1,
    formatName,
    videoCodec: video.codec_name,
    audioCodec: audio?.codec_name ?? null,
    videoProfile: video.profile ?? null,
    audioProfile: audio?.profile ?? null,
    videoLevel: typeof video.level === 'number' && video.level > 0 ? video.level : null,
    pixelFormat: video.pix_fmt ?? null,
    framesPerSecond,
    bitrate: positiveNumber(output.format?.bit_rate),
  };
}

/**
 * Reads a file's facts with ffprobe, judging by content and never by name. A file that is not
 * a playable video (no video stream, an image, text, a truncated file without a readable
 * duration, a playlist pointing elsewhere) is refused with 415.
 */
export async function probeVideo(
  filePath: string,
  options: ProbeVideoOptions = {},
): Promise<VideoProbe> {
  const { ffprobe } = ffmpegBinaries();
  let stdout: Buffer;
  try {
    ({ stdout } = await runMediaTool({
      command: ffprobe,
      args: [
        '-hide_banner',
        '-v',
        'error',
        '-print_format',
        'json',
        '-show_format',
        '-show_streams',
        ...mediaInputArguments(path.resolve(filePath)),
      ],
      captureStdout: true,
      maxStdoutBytes: 4 * 1024 * 1024,
      timeoutMs: options.timeoutMs ?? 30_000,
      signal: options.signal,
    }));
  } catch (error) {
    // ffprobe saying "Invalid data" (or refusing the format) is the file's fault; a timeout,
    // a missing binary or an abort is not, and stays an error for the caller to handle.
    if (
      error instanceof MediaToolError &&
      (error.failure === 'exit' || error.failure === 'output-too-large')
    ) {
      throw notAVideo();
    }
    throw error;
  }
  let parsed: FfprobeOutput;
  try {
    parsed = JSON.parse(stdout.toString('utf8')) as FfprobeOutput;
  } catch {
    throw notAVideo();
  }
  const probe = videoProbeFromFfprobe(parsed);
  if (options.requireComplete) await verifyVideoIsComplete(filePath, probe, options);
  return probe;
}

/**
 * Refuses (400) a video whose last second cannot be decoded. An MP4 written with its index
 * first ("fast start") and cut short still probes with its full duration: its index promises
 * frames whose bytes never arrived. Decoding the last second finds them missing; a complete
 * file decodes it whole (half of it at least, leaving room for odd timestamps).
 */
export async function verifyVideoIsComplete(
  filePath: string,
  probe: VideoProbe,
  options: Pick<ProbeVideoOptions, 'signal' | 'timeoutMs'> = {},
): Promise<void> {
  const end = probe.durationSeconds;
  const start = Math.max(0, end - 1);
  let stdout: Buffer;
  try {
    ({ stdout } = await runMediaTool({
      command: ffmpegBinaries().ffmpeg,
      args: [
        ...quietFfmpeg,
        '-ss',
        start.toFixed(3),
        ...mediaInputArguments(path.resolve(filePath)),
        // Audio too: a container's duration may come from an audio track longer than the video.
        '-map',
        '0:v:0',
        '-map',
        '0:a:0?',
        '-f',
        'null',
        '-progress',
        'pipe:1',
        '-',
      ],
      captureStdout: true,
      maxStdoutBytes: 1024 * 1024,
      timeoutMs: options.timeoutMs ?? 60_000,
      signal: options.signal,
    }));
  } catch (error) {
    if (error instanceof MediaToolError && error.failure === 'exit') throw incompleteVideo();
    throw error;
  }
  // `-progress` reports blocks of key=value lines; the last block covers the whole run.
  const last = (key: string) => {
    const values = [...stdout.toString('utf8').matchAll(new RegExp(`^${key}=(\\d+)$`, 'gm'))];
    return Number(values.at(-1)?.[1] ?? 0);
  };
  const decodedSeconds = last('out_time_us') / 1e6;
  if (decodedSeconds < (end - start) / 2) throw incompleteVideo();
}
