import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractPoster, posterTime } from './poster';
import { makeClip, makeTempDir } from './test-clips';

let dir: string;
let cleanup: () => Promise<void>;
let clip720: string;
let clip360: string;

beforeAll(async () => {
  ({ dir, cleanup } = await makeTempDir('poster'));
  [clip720, clip360] = await Promise.all([
    makeClip(dir, { width: 1280, height: 720, seconds: 3 }),
    makeClip(dir, { width: 640, height: 360, seconds: 2, hasAudio: false }),
  ]);
});

afterAll(() => cleanup());

describe('posterTime', () => {
  it('is 10% in, at most 5 s', () => {
    expect(posterTime(20)).toBe(2);
    expect(posterTime(3600)).toBe(5);
  });
});

describe('extractPoster', () => {
  it('writes a JPEG at the source size when it is at most 1280 wide', async () => {
    const output = path.join(dir, 'poster.jpg');
    const poster = await extractPoster({ input: clip720, output, durationSeconds: 3 });
    expect(poster).toMatchObject({ width: 1280, height: 720, format: 'jpeg' });
    expect(poster.atSeconds).toBeCloseTo(0.3);
    const meta = await sharp(output).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1280, height: 720 });
  });

  it('scales down to the width asked, keeping the aspect ratio, as WebP', async () => {
    const output = path.join(dir, 'small', 'poster.webp');
    const poster = await extractPoster({ input: clip720, output, atSeconds: 1, maxWidth: 480 });
    expect(poster).toMatchObject({ width: 480, height: 270, format: 'webp' });
    const meta = await sharp(output).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 480, height: 270 });
  });

  it('probes the duration itself when not told', async () => {
    const output = path.join(dir, 'probed.jpg');
    const poster = await extractPoster({ input: clip360, output });
    expect(poster.atSeconds).toBeCloseTo(0.2, 1);
    expect((await sharp(output).metadata()).width).toBe(640);
  });

  it('falls back to the first frame when the time is past the end', async () => {
    const output = path.join(dir, 'late.jpg');
    const poster = await extractPoster({ input: clip360, output, atSeconds: 30 });
    expect(poster.atSeconds).toBe(0);
    expect((await sharp(output).metadata()).height).toBe(360);
  });

  it('refuses an output format it cannot write', async () => {
    await expect(
      extractPoster({ input: clip360, output: path.join(dir, 'poster.gif'), atSeconds: 0 }),
    ).rejects.toThrow(/\.jpg or \.webp/);
  });
});
