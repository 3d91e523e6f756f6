// Test support: short clips made with ffmpeg's synthetic sources, so no media is committed.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ffmpegBinaries } from './ffmpeg-binaries';
import { runMediaTool } from './media-process';

/** HEVC in a .mov tagged `hvc1` with AAC sound, as a phone writes it (browsers cannot decode it). */
export const phoneHevcCodecArgs = [
  '-c:v',
  'libx265',
  '-preset',
  'ultrafast',
  '-x265-params',
  'log-level=error',
  '-tag:v',
  'hvc1',
  '-c:a',
  'aac',
];

export interface ClipOptions {
  width: number;
  height: number;
  seconds: number;
  hasAudio?: boolean;
  framesPerSecond?: number;
  /** Extra output options, e.g. rotation metadata. */
  outputArgs?: string[];
  fileName?: string;
  /** Codec options replacing the default H.264 ultrafast + AAC, e.g. HEVC or ProRes. */
  codecArgs?: string[];
}

export async function makeClip(dir: string, options: ClipOptions): Promise<string> {
  const { width, height, seconds } = options;
  const fps = options.framesPerSecond ?? 30;
  const hasAudio = options.hasAudio ?? true;
  const file = path.join(
    dir,
    options.fileName ?? `clip-${width}x${height}-${seconds}s${hasAudio ? '' : '-silent'}.mp4`,
  );
  await runMediaTool({
    command: ffmpegBinaries().ffmpeg,
    args: [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=${width}x${height}:rate=${fps}:duration=${seconds}`,
      ...(hasAudio
        ? ['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`]
        : []),
      ...(options.codecArgs ?? [
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        ...(hasAudio ? ['-c:a', 'aac', '-b:a', '64k'] : []),
      ]),
      ...(options.outputArgs ?? []),
      file,
    ],
  });
  return file;
}

export async function makeTempDir(
  prefix: string,
): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `kinora-${prefix}-`));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}
