import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStoryboard, storyboardLayout, vttTimestamp } from './storyboard';
import { makeClip, makeTempDir } from './test-clips';

let dir: string;
let cleanup: () => Promise<void>;
let clip: string;

beforeAll(async () => {
  ({ dir, cleanup } = await makeTempDir('storyboard'));
  clip = await makeClip(dir, { width: 640, height: 360, seconds: 4 });
});

afterAll(() => cleanup());

interface Cue {
  start: number;
  end: number;
  x: number;
  y: number;
  w: number;
  h: number;
  file: string;
}

function parseVtt(text: string): Cue[] {
  const seconds = (t: string) => {
    const [h, m, s] = t.split(':').map(Number);
    return h! * 3600 + m! * 60 + s!;
  };
  expect(text.startsWith('WEBVTT\n')).toBe(true);
  return text
    .trim()
    .split(/\n\n+/)
    .slice(1)
    .map((block) => {
      const [timing, target] = block.split('\n');
      const [start, end] = timing!.split(' --> ');
      const match = /^(.+)#xywh=(\d+),(\d+),(\d+),(\d+)$/.exec(target!);
      expect(match).not.toBeNull();
      const [, file, x, y, w, h] = match!;
      return {
        start: seconds(start!),
        end: seconds(end!),
        file: file!,
        x: Number(x),
        y: Number(y),
        w: Number(w),
        h: Number(h),
      };
    });
}

describe('storyboardLayout', () => {
  it('takes one tile a second for short videos', () => {
    expect(storyboardLayout(4)).toEqual({ intervalSeconds: 1, tileCount: 4, columns: 4, rows: 1 });
  });

  it('keeps to at most 100 tiles in rows of 10', () => {
    expect(storyboardLayout(3600)).toEqual({
      intervalSeconds: 36,
      tileCount: 100,
      columns: 10,
      rows: 10,
    });
    expect(storyboardLayout(150)).toMatchObject({ intervalSeconds: 2, tileCount: 75, rows: 8 });
  });

  it('writes WebVTT timestamps', () => {
    expect(vttTimestamp(0)).toBe('00:00:00.000');
    expect(vttTimestamp(3725.5)).toBe('01:02:05.500');
  });
});

describe('buildStoryboard', () => {
  it('writes a sprite of 160 px tiles and a VTT whose cues cover the whole video', async () => {
    const outputDir = path.join(dir, 'storyboard');
    const storyboard = await buildStoryboard({ input: clip, outputDir, durationSeconds: 4 });
    expect(storyboard).toMatchObject({
      sprite: 'sprite.jpg',
      tileWidth: 160,
      tileHeight: 90,
      columns: 4,
      rows: 1,
      tileCount: 4,
    });

    const meta = await sharp(path.join(outputDir, 'sprite.jpg')).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 640, height: 90 });

    const cues = parseVtt(await readFile(path.join(outputDir, storyboard.vtt), 'utf8'));
    expect(cues).toHaveLength(4);
    expect(cues[0]!.start).toBe(0);
    expect(cues.at(-1)!.end).toBeCloseTo(4);
    cues.forEach((cue, i) => {
      if (i > 0) expect(cue.start).toBe(cues[i - 1]!.end);
      expect(cue).toMatchObject({ file: 'sprite.jpg', x: i * 160, y: 0, w: 160, h: 90 });
      expect(cue.x + cue.w).toBeLessThanOrEqual(meta.width!);
      expect(cue.y + cue.h).toBeLessThanOrEqual(meta.height!);
    });
  });

  it('lays longer videos out in rows', async () => {
    const outputDir = path.join(dir, 'rows');
    const storyboard = await buildStoryboard({
      input: clip,
      outputDir,
      durationSeconds: 4,
      tileWidth: 96,
      columns: 3,
    });
    expect(storyboard).toMatchObject({ columns: 3, rows: 2, tileWidth: 96, tileHeight: 54 });
    const meta = await sharp(path.join(outputDir, 'sprite.jpg')).metadata();
    expect(meta).toMatchObject({ width: 288, height: 108 });
    const cues = parseVtt(await readFile(path.join(outputDir, storyboard.vtt), 'utf8'));
    expect(cues[3]).toMatchObject({ x: 0, y: 54 });
  });
});
