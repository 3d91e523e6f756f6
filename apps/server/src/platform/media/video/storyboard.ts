import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { ffmpegBinaries } from './ffmpeg-binaries';
import {
  mediaInputArguments,
  onePngFrameToStdout,
  quietFfmpeg,
  runMediaTool,
} from './media-process';

export interface BuildStoryboardOptions {
  input: string;
  outputDir: string;
  durationSeconds: number;
  tileWidth?: number;
  maxTiles?: number;
  columns?: number;
  signal?: AbortSignal;
}

export interface Storyboard {
  /** File names inside outputDir. */
  sprite: string;
  vtt: string;
  tileWidth: number;
  tileHeight: number;
  columns: number;
  rows: number;
  tileCount: number;
  intervalSeconds: number;
}

export interface StoryboardLayout {
  intervalSeconds: number;
  tileCount: number;
  columns: number;
  rows: number;
}

export const spriteName = 'sprite.jpg';
export const storyboardVttName = 'storyboard.vtt';

/** One tile every whole number of seconds, as few seconds apart as maxTiles allows. */
export function storyboardLayout(
  durationSeconds: number,
  maxTiles = 100,
  maxColumns = 10,
): StoryboardLayout {
  const intervalSeconds = Math.max(1, Math.ceil(durationSeconds / maxTiles));
  const tileCount = Math.max(1, Math.ceil(durationSeconds / intervalSeconds));
  const columns = Math.min(maxColumns, tileCount);
  return { intervalSeconds, tileCount, columns, rows: Math.ceil(tileCount / columns) };
}

/** WebVTT time: HH:MM:SS.mmm. */
export function vttTimestamp(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(
    Math.floor(ms / 1000) % 60,
  )}.${pad(ms % 1000, 3)}`;
}

/**
 * The WebVTT that seek-preview players read: one cue per tile, whose text points into the
 * sprite with a media fragment (`sprite.jpg#xywh=x,y,w,h`).
 */
export function storyboardVtt(options: {
  layout: StoryboardLayout;
  durationSeconds: number;
  tileWidth: number;
  tileHeight: number;
  sprite: string;
}): string {
  const { layout, durationSeconds, tileWidth, tileHeight, sprite } = options;
  const cues: string[] = ['WEBVTT'];
  for (let i = 0; i < layout.tileCount; i++) {
    const start = i * layout.intervalSeconds;
    const end = Math.min(durationSeconds, start + layout.intervalSeconds);
    const x = (i % layout.columns) * tileWidth;
    const y = Math.floor(i / layout.columns) * tileHeight;
    cues.push(
      `${vttTimestamp(start)} --> ${vttTimestamp(end)}\n${sprite}#xywh=${x},${y},${tileWidth},${tileHeight}`,
    );
  }
  return `${cues.join('\n\n')}\n`;
}

/**
 * Builds the seek-preview storyboard: one sprite sheet of small frames taken at a regular
 * interval (decoded in one pass) and the WebVTT file that maps each time range to its tile.
 */
export async function buildStoryboard(options: BuildStoryboardOptions): Promise<Storyboard> {
  const input = path.resolve(options.input);
  const outputDir = path.resolve(options.outputDir);
  const tileWidth = options.tileWidth ?? 160;
  const layout = storyboardLayout(options.durationSeconds, options.maxTiles, options.columns);
  const { ffmpeg } = ffmpegBinaries();

  const filters = [
    `fps=1/${layout.intervalSeconds}`,
    `scale=${tileWidth}:'trunc(ow/dar/2)*2'`,
    'setsar=1',
    `tile=${layout.columns}x${layout.rows}`,
  ].join(',');
  const { stdout: png } = await runMediaTool({
    command: ffmpeg,
    args: [
      ...quietFfmpeg,
      ...mediaInputArguments(input),
      '-an',
      '-sn',
      '-dn',
      '-vf',
      filters,
      ...onePngFrameToStdout,
    ],
    captureStdout: true,
    signal: options.signal,
  });
  if (png.length === 0) throw new Error('ffmpeg produced no frames for the storyboard');

  await mkdir(outputDir, { recursive: true });
  const info = await sharp(png)
    .jpeg({ quality: 75, mozjpeg: true })
    .toFile(path.join(outputDir, spriteName));
  const tileHeight = Math.round(info.height / layout.rows);
  await writeFile(
    path.join(outputDir, storyboardVttName),
    storyboardVtt({
      layout,
      durationSeconds: options.durationSeconds,
      tileWidth,
      tileHeight,
      sprite: spriteName,
    }),
  );
  return { sprite: spriteName, vtt: storyboardVttName, tileWidth, tileHeight, ...layout };
}
