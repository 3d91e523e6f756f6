import { writeFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import { ffmpegBinaries } from './ffmpeg-binaries';
import { runMediaTool } from './media-process';
import { probeVideo, videoProbeFromFfprobe } from './probe';
import { makeClip, makeTempDir } from './test-clips';

let dir: string;
let cleanup: () => Promise<void>;
let clip640: string;
let silent1280: string;

async function expectRefused(file: string) {
  const error = await probeVideo(file).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(appError.statusCode).toBe(415);
  expect(appError.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  expect(appError.message).toBe('The file is not a playable video');
  expect(appError.fieldErrors).toEqual([
    { field: 'file', message: 'The file is not a playable video' },
  ]);
}

beforeAll(async () => {
  ({ dir, cleanup } = await makeTempDir('probe'));
  [clip640, silent1280] = await Promise.all([
    makeClip(dir, { width: 640, height: 360, seconds: 2 }),
    makeClip(dir, { width: 1280, height: 720, seconds: 2, hasAudio: false, framesPerSecond: 25 }),
  ]);
});

afterAll(() => cleanup());

describe('probeVideo', () => {
  it('reads duration, size, container, codecs, frame rate and bit rate', async () => {
    const probe = await probeVideo(clip640);
    expect(probe.durationSeconds).toBeCloseTo(2, 1);
    expect(probe).toMatchObject({
      width: 640,
      height: 360,
      rotation: 0,
      pixelAspectRatio: 1,
      videoCodec: 'h264',
      audioCodec: 'aac',
      framesPerSecond: 30,
    });
    expect(probe.formatName).toContain('mp4');
    expect(probe.bitrate).toBeGreaterThan(0);
  });

  it('answers a null audio codec for a silent video', async () => {
    const probe = await probeVideo(silent1280);
    expect(probe).toMatchObject({
      width: 1280,
      height: 720,
      audioCodec: null,
      framesPerSecond: 25,
    });
  });

  it('applies rotation metadata to width and height', async () => {
    const rotated = path.join(dir, 'rotated.mp4');
    await runMediaTool({
      command: ffmpegBinaries().ffmpeg,
      args: ['-loglevel', 'error', '-y', '-i', clip640, '-c', 'copy'].concat([
        '-metadata:s:v:0',
        'rotate=90',
        rotated,
      ]),
    });
    const probe = await probeVideo(rotated);
    expect(probe.rotation === 90 || probe.rotation === 270).toBe(true);
    expect(probe).toMatchObject({ width: 360, height: 640 });
  });

  it('refuses a text file', async () => {
    const file = path.join(dir, 'notes.mp4');
    await writeFile(file, 'just some text, not a video\n'.repeat(100));
    await expectRefused(file);
  });

  it('refuses an image', async () => {
    const file = path.join(dir, 'picture.png');
    await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a6' } })
      .png()
      .toFile(file);
    await expectRefused(file);
  });

  it('refuses a truncated file whose index is missing', async () => {
    const file = path.join(dir, 'truncated.mp4');
    const whole = await readFile(clip640);
    await writeFile(file, whole.subarray(0, Math.floor(whole.length / 2)));
    await expectRefused(file);
  });

  describe('with requireComplete (audit defect n)', () => {
    /** The first `fraction` of a file, as an upload cut short leaves it. */
    async function cutShort(file: string, fraction: number, name: string): Promise<string> {
      const whole = await readFile(file);
      const cut = path.join(dir, name);
      await writeFile(cut, whole.subarray(0, Math.floor(whole.length * fraction)));
      return cut;
    }

    it('refuses a fast-start MP4 cut short, which still probes with its whole duration', async () => {
      // The index comes first, so ffprobe alone reads the full 3 s from half a file.
      const faststart = await makeClip(dir, {
        width: 320,
        height: 180,
        seconds: 3,
        framesPerSecond: 15,
        outputArgs: ['-movflags', '+faststart'],
        fileName: 'faststart.mp4',
      });
      for (const fraction of [0.5, 0.8]) {
        const cut = await cutShort(faststart, fraction, `faststart-${fraction}.mp4`);
        expect((await probeVideo(cut)).durationSeconds).toBeCloseTo(3, 1);
        const error = await probeVideo(cut, { requireComplete: true }).then(
          () => null,
          (e: unknown) => e,
        );
        expect(error, String(fraction)).toBeInstanceOf(AppError);
        expect(error).toMatchObject({
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: 'The video file is damaged or incomplete; upload the whole file again',
          fieldErrors: [{ field: 'file', message: expect.stringMatching(/damaged or incomplete/) }],
        });
      }
      // The whole file, and the other clips, are complete.
      for (const file of [faststart, clip640, silent1280]) {
        await expect(probeVideo(file, { requireComplete: true })).resolves.toMatchObject({
          videoCodec: 'h264',
        });
      }
    });

    it('accepts a clip shorter than a second', async () => {
      const short = await makeClip(dir, {
        width: 160,
        height: 90,
        seconds: 0.4,
        fileName: 'short.mp4',
      });
      await expect(probeVideo(short, { requireComplete: true })).resolves.toMatchObject({
        width: 160,
      });
    });
  });

  it('refuses audio without video', async () => {
    const file = path.join(dir, 'tone.m4a');
    await runMediaTool({
      command: ffmpegBinaries().ffmpeg,
      args: [
        '-loglevel',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        'sine=duration=1',
        '-c:a',
        'aac',
        file,
      ],
    });
    await expectRefused(file);
  });

  it('refuses an HLS playlist, which would make ffmpeg open other files', async () => {
    const file = path.join(dir, 'playlist.mp4');
    await writeFile(
      file,
      ['#EXTM3U', '#EXT-X-TARGETDURATION:2', '#EXTINF:2,', clip640, '#EXT-X-ENDLIST', ''].join(
        '\n',
      ),
    );
    await expectRefused(file);
  });

  it('kills a probe that takes too long, without blaming the file', async () => {
    await expect(probeVideo(clip640, { timeoutMs: 1 })).rejects.toMatchObject({
      name: 'MediaToolError',
      failure: 'timeout',
    });
  });

  it('refuses a file that is not there', async () => {
    await expectRefused(path.join(dir, 'missing.mp4'));
  });

  it('treats cover art in an audio file as no video', () => {
    expect(() =>
      videoProbeFromFfprobe({
        streams: [
          { codec_type: 'audio', codec_name: 'mp3' },
          {
            codec_type: 'video',
            codec_name: 'mjpeg',
            width: 500,
            height: 500,
            avg_frame_rate: '0/0',
            r_frame_rate: '90000/1',
            disposition: { attached_pic: 1 },
          },
        ],
        format: { format_name: 'mp3', duration: '180.0' },
      }),
    ).toThrow('The file is not a playable video');
  });

  it('refuses a video larger than 8K', () => {
    expect(() =>
      videoProbeFromFfprobe({
        streams: [
          {
            codec_type: 'video',
            codec_name: 'h264',
            width: 20000,
            height: 20000,
            avg_frame_rate: '30/1',
          },
        ],
        format: { format_name: 'mov,mp4', duration: '2' },
      }),
    ).toThrow(/too large/);
  });
});
