import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserPlayback, browserPlaybackOf, type BrowserPlaybackProbe } from './browser-playback';
import { probeVideo } from './probe';
import { makeClip, makeTempDir, phoneHevcCodecArgs } from './test-clips';

// Small real clips of each kind a person uploads, made by ffmpeg (a second each, tiny sizes).
let dir: string;
let cleanup: () => Promise<void>;
const clips: Record<string, string> = {};
const small = { width: 320, height: 180, seconds: 1, framesPerSecond: 15 };
const sine = ['-ac', '2'];

beforeAll(async () => {
  ({ dir, cleanup } = await makeTempDir('browser-playback'));
  const make = async (
    name: string,
    fileName: string,
    codecArgs?: string[],
    outputArgs?: string[],
  ) => {
    clips[name] = await makeClip(dir, { ...small, fileName, codecArgs, outputArgs });
  };
  await Promise.all([
    make('h264 mp4, fast start', 'faststart.mp4', undefined, ['-movflags', '+faststart']),
    make('h264 mp4, index last', 'moov-last.mp4'),
    make('hevc mov', 'hevc.mov', [...phoneHevcCodecArgs, '-pix_fmt', 'yuv420p', ...sine]),
    make('vp9 webm', 'vp9.webm', [
      '-c:v',
      'libvpx-vp9',
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
      '-b:v',
      '200k',
      '-c:a',
      'libopus',
      ...sine,
    ]),
    make('prores mov', 'prores.mov', ['-c:v', 'prores_ks', '-profile:v', '0', '-c:a', 'pcm_s16le']),
    make('mpeg-2 ts', 'mpeg2.ts', ['-c:v', 'mpeg2video', '-c:a', 'mp2', '-f', 'mpegts']),
  ]);
});
afterAll(() => cleanup());

const decide = async (name: string) => {
  const file = clips[name]!;
  return browserPlaybackOf(file, await probeVideo(file));
};

describe('browserPlaybackOf, on real clips', () => {
  it('plays an H.264/AAC MP4 with its index first, and names its codecs', async () => {
    const decision = await decide('h264 mp4, fast start');
    expect(decision).toMatchObject({ playable: true, mimeType: 'video/mp4', reason: null });
    expect(decision.codecs).toMatch(/^avc1\.[0-9a-f]{6}, mp4a\.40\.2$/);
  });

  it('does not play an MP4 whose index comes after the media (no fast start)', async () => {
    const decision = await decide('h264 mp4, index last');
    expect(decision).toMatchObject({ playable: false, mimeType: 'video/mp4' });
    expect(decision.reason).toMatch(/fast start/);
  });

  it('does not play a phone’s HEVC .mov (hvc1), though it knows its codecs', async () => {
    const decision = await decide('hevc mov');
    expect(decision).toMatchObject({ playable: false, mimeType: 'video/mp4' });
    expect(decision.codecs).toMatch(/^hvc1\.1\.6\.L\d+\.90, mp4a\.40\.2$/);
    expect(decision.reason).toMatch(/hevc/);
  });

  it('plays VP9/Opus in WebM', async () => {
    const decision = await decide('vp9 webm');
    expect(decision).toEqual({
      playable: true,
      mimeType: 'video/webm',
      codecs: 'vp09.00.31.08, opus',
      reason: null,
    });
  });

  it('does not play ProRes, nor an MPEG-2 transport stream', async () => {
    expect(await decide('prores mov')).toMatchObject({ playable: false, codecs: null });
    const ts = await decide('mpeg-2 ts');
    expect(ts).toMatchObject({ playable: false, mimeType: null, codecs: null });
    expect(ts.reason).toMatch(/mpegts/);
  });
});

describe('browserPlayback, the rule', () => {
  const h264: BrowserPlaybackProbe = {
    formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
    videoCodec: 'h264',
    audioCodec: 'aac',
    videoProfile: 'High',
    audioProfile: 'LC',
    videoLevel: 40,
    pixelFormat: 'yuv420p',
    width: 1920,
    height: 1080,
  };

  it('writes the RFC 6381 codecs a browser is asked about', () => {
    expect(browserPlayback(h264, { moovFirst: true })).toMatchObject({
      playable: true,
      codecs: 'avc1.640028, mp4a.40.2',
    });
    expect(
      browserPlayback(
        { ...h264, audioCodec: null, videoProfile: 'Constrained Baseline', videoLevel: 31 },
        { moovFirst: true },
      ).codecs,
    ).toBe('avc1.42e01f');
  });

  it('refuses H.264 that browsers do not decode: 10-bit, 4:2:2', () => {
    expect(
      browserPlayback(
        { ...h264, videoProfile: 'High 10', pixelFormat: 'yuv420p10le' },
        { moovFirst: true },
      ),
    ).toMatchObject({ playable: false, codecs: 'avc1.6e0028, mp4a.40.2' });
    expect(
      browserPlayback(
        { ...h264, videoProfile: 'High 4:2:2', pixelFormat: 'yuv422p' },
        { moovFirst: true },
      ).playable,
    ).toBe(false);
  });

  it('refuses sound browsers do not play, and H.264 in Matroska', () => {
    expect(
      browserPlayback({ ...h264, audioCodec: 'pcm_s16le' }, { moovFirst: true }),
    ).toMatchObject({
      playable: false,
      codecs: null,
    });
    expect(
      browserPlayback({ ...h264, formatName: 'matroska,webm' }, { moovFirst: null }).playable,
    ).toBe(false);
  });

  it('plays AV1 in MP4 with fast start', () => {
    expect(
      browserPlayback(
        { ...h264, videoCodec: 'av1', videoProfile: 'Main', audioCodec: 'opus' },
        { moovFirst: true },
      ),
    ).toMatchObject({ playable: true, codecs: 'av01.0.09M.08, opus' });
  });
});
