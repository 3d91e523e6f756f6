import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveFfmpegBinaries } from './ffmpeg-binaries';
import { makeTempDir } from './test-clips';

let dir: string;
let cleanup: () => Promise<void>;
let binDir: string;

async function fakeExecutable(file: string) {
  await writeFile(file, '#!/bin/sh\nexit 0\n');
  await chmod(file, 0o755);
}

beforeAll(async () => {
  ({ dir, cleanup } = await makeTempDir('binaries'));
  binDir = path.join(dir, 'bin');
  await mkdir(binDir);
  await fakeExecutable(path.join(binDir, 'ffmpeg'));
  await fakeExecutable(path.join(binDir, 'ffprobe'));
});

afterAll(() => cleanup());

describe.skipIf(process.platform === 'win32')('resolveFfmpegBinaries', () => {
  it('takes FFMPEG_PATH and FFPROBE_PATH first', () => {
    const env = {
      FFMPEG_PATH: path.join(binDir, 'ffmpeg'),
      FFPROBE_PATH: path.join(binDir, 'ffprobe'),
      PATH: '/usr/bin',
    };
    expect(resolveFfmpegBinaries(env)).toEqual({
      ffmpeg: env.FFMPEG_PATH,
      ffprobe: env.FFPROBE_PATH,
      source: 'env',
    });
  });

  it('refuses an FFMPEG_PATH that is not an executable', () => {
    expect(() => resolveFfmpegBinaries({ FFMPEG_PATH: path.join(dir, 'nothing-here') })).toThrow(
      /FFMPEG_PATH/,
    );
  });

  it('prefers the PATH to the npm binaries', () => {
    expect(resolveFfmpegBinaries({ PATH: `/nonexistent${path.delimiter}${binDir}` })).toEqual({
      ffmpeg: path.join(binDir, 'ffmpeg'),
      ffprobe: path.join(binDir, 'ffprobe'),
      source: 'system',
    });
  });

  it('falls back to the static binaries of the npm packages', () => {
    const found = resolveFfmpegBinaries({ PATH: '' });
    expect(found.source).toBe('npm');
    expect(found.ffmpeg).toMatch(/@ffmpeg-installer/);
    expect(found.ffprobe).toMatch(/@ffprobe-installer/);
  });

  it('says when the two come from different places', () => {
    const found = resolveFfmpegBinaries({ FFMPEG_PATH: path.join(binDir, 'ffmpeg'), PATH: '' });
    expect(found.source).toBe('mixed');
  });
});
