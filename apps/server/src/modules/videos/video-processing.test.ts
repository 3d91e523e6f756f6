import path from 'node:path';
import type { Video } from '@kinora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneHevcCodecArgs } from '../../platform/media/video/test-clips';
import { callApi } from '../../../test/api-client';
import { createTestApp, type TestApp } from '../../../test/harness';
import { registerUser, type RegisteredUser } from '../../../test/factories';
import {
  clip,
  createVideo,
  eventually,
  filesUnder,
  uploadAsset,
} from '../../../test/media-factories';

let t: TestApp;
let alice: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp({}, { workers: true });
  [alice] = await Promise.all([
    registerUser(t.app),
    clip({ width: 640, height: 360, seconds: 2 }),
    clip({ width: 320, height: 180, seconds: 2, hasAudio: false }),
  ]);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

async function getVideo(id: string): Promise<Video> {
  const res = await callApi(t.app, 'getVideo', { params: { id } });
  expect(res.statusCode).toBe(200);
  return res.data;
}

/** Polls the video until processing ends, either way. */
const settled = (id: string) =>
  eventually(
    async () => {
      const video = await getVideo(id);
      return video.status === 'ready' || video.status === 'failed' ? video : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 300, what: `video ${id} to be processed` },
  );

/** A phone's 9 s HEVC .mov: three segments of 4 s, so its ladder grows. */
const hevcClip = () =>
  clip({
    width: 1280,
    height: 720,
    seconds: 9,
    fileName: 'phone.mov',
    codecArgs: phoneHevcCodecArgs,
  });

/** A URL of a playlist entry, relative to the playlist it is in. */
const resolve = (relative: string, base: string) =>
  new URL(relative, `http://test${base}`).pathname;

describe('video processing', () => {
  it('plays the original at once, then makes the HLS ladder, a poster and a storyboard', async () => {
    const video = await createVideo(t.app, alice, {
      file: await clip({ width: 640, height: 360, seconds: 2 }),
    });
    expect(video.status).toBe('uploaded');
    expect(video.hls).toBeNull();
    expect(video.thumbnail).toBeNull();

    // Before processing is done, the original already plays with range requests.
    const early = await get(video.videofile!, { range: 'bytes=0-1023' });
    expect(early.statusCode).toBe(206);
    expect(early.headers['content-range']).toMatch(/^bytes 0-1023\/\d+$/);
    expect(early.rawPayload.length).toBe(1024);

    const ready = await settled(video._id);
    expect(ready.status).toBe('ready');
    expect(ready.processingProgress).toBeNull();

    // The master playlist lists the 360p rendition and nothing above the source.
    expect(ready.hls).toMatch(/\.m3u8$/);
    const master = await get(ready.hls!);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toMatch(/mpegurl/i);
    const masterText = master.body;
    expect(masterText.startsWith('#EXTM3U')).toBe(true);
    expect(masterText).toContain('RESOLUTION=640x360');
    expect(masterText).not.toContain('720');
    const renditionLine = masterText.split('\n').find((l) => l.trim().endsWith('.m3u8'));
    expect(renditionLine).toMatch(/360p/);

    const renditionUrl = resolve(renditionLine!.trim(), ready.hls!);
    const rendition = await get(renditionUrl);
    expect(rendition.statusCode).toBe(200);
    expect(rendition.body).toContain('#EXT-X-ENDLIST');
    const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(rendition.body)?.[1];
    expect(init).toBeDefined();
    const initSegment = await get(resolve(init!, renditionUrl));
    expect(initSegment.statusCode).toBe(200);
    expect(initSegment.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
    const segment = rendition.body.split('\n').find((l) => l.trim().endsWith('.m4s'));
    expect((await get(resolve(segment!.trim(), renditionUrl))).statusCode).toBe(200);

    // No thumbnail was given: a poster stands in.
    expect(ready.thumbnail).not.toBeNull();
    const poster = await get(ready.thumbnail!);
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toMatch(/^image\//);

    // The storyboard is WebVTT whose cues point at a served sprite.
    expect(ready.storyboard).toMatch(/\.vtt$/);
    const storyboard = await get(ready.storyboard!);
    expect(storyboard.statusCode).toBe(200);
    expect(storyboard.body.startsWith('WEBVTT')).toBe(true);
    const sprite = /^(\S+?)#xywh=/m.exec(storyboard.body)?.[1];
    expect(sprite).toBeDefined();
    expect((await get(resolve(sprite!, ready.storyboard!))).statusCode).toBe(200);

    // Deleting the video removes the files (in a job, so it is polled for).
    const files = [
      ready.videofile!,
      ready.hls!,
      renditionUrl,
      resolve(init!, renditionUrl),
      ready.thumbnail!,
      ready.storyboard!,
    ];
    const deleted = await callApi(t.app, 'deleteVideo', { params: { id: video._id }, as: alice });
    expect(deleted.statusCode).toBe(200);
    await eventually(
      async () => {
        const statuses = await Promise.all(files.map(async (f) => (await get(f)).statusCode));
        return statuses.every((s) => s === 404) ? true : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 300, what: 'the files of the deleted video to go' },
    );
  });

  it('removes every file of a video deleted by its id in capitals', async () => {
    const video = await createVideo(t.app, alice, {
      file: await clip({ width: 320, height: 180, seconds: 2, hasAudio: false }),
      withThumbnail: true,
    });
    const ready = await settled(video._id);
    expect(ready.status).toBe('ready');
    const files = [ready.videofile!, ready.hls!, ready.thumbnail!, ready.storyboard!];
    for (const file of files) expect((await get(file)).statusCode, file).toBe(200);
    const deleted = await callApi(t.app, 'deleteVideo', {
      params: { id: video._id.toUpperCase() },
      as: alice,
    });
    expect(deleted.statusCode).toBe(200);
    await eventually(
      async () => {
        const statuses = await Promise.all(files.map(async (f) => (await get(f)).statusCode));
        return statuses.every((s) => s === 404) ? true : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 300, what: 'the files of the deleted video to go' },
    );
    expect(await filesUnder(path.join(t.config.mediaDir, 'videos', video._id))).toEqual([]);
  });

  it('removes the file of a thumbnail its owner replaced, and keeps the new one', async () => {
    const video = await createVideo(t.app, alice, {
      file: await clip({ width: 320, height: 180, seconds: 1, hasAudio: false }),
      withThumbnail: true,
    });
    const before = video.thumbnail!;
    expect((await get(before)).statusCode).toBe(200);
    const replacement = await uploadAsset(t.app, alice, 'image');
    const edited = await callApi(t.app, 'updateVideo', {
      params: { id: video._id },
      as: alice,
      body: { thumbnailPublicId: replacement.public_id },
    });
    expect(edited.statusCode).toBe(200);
    const after = edited.data.thumbnail!;
    expect(after).not.toBe(before);
    await eventually(async () => ((await get(before)).statusCode === 404 ? true : undefined), {
      timeoutMs: 30_000,
      intervalMs: 300,
      what: 'the replaced thumbnail to go',
    });
    expect((await get(after)).statusCode).toBe(200);
  });

  it('keeps the creator’s thumbnail instead of making a poster, also for a silent clip', async () => {
    const video = await createVideo(t.app, alice, {
      file: await clip({ width: 320, height: 180, seconds: 2, hasAudio: false }),
      withThumbnail: true,
    });
    const thumbnail = video.thumbnail;
    expect(thumbnail).toMatch(/^\/media\/thumbnails\//);
    const ready = await settled(video._id);
    expect(ready.status).toBe('ready');
    expect(ready.thumbnail).toBe(thumbnail);
    // A source below the lowest rung gets one rendition at its own size.
    const master = await get(ready.hls!);
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain('RESOLUTION=320x180');
    expect((await get(ready.storyboard!)).statusCode).toBe(200);
  });
  it('says an H.264 original plays, and gives the codecs a player asks the browser about', async () => {
    const video = await createVideo(t.app, alice, {
      file: await clip({
        width: 320,
        height: 180,
        seconds: 1,
        outputArgs: ['-movflags', '+faststart'],
      }),
    });
    expect(video).toMatchObject({ originalPlayable: true, originalMimeType: 'video/mp4' });
    expect(video.originalCodecs).toMatch(/^avc1\.[0-9a-f]{6}, mp4a\.40\.2$/);
    const ready = await settled(video._id);
    expect(ready.renditions).toEqual([
      { name: '180p', progress: 1, ready: true, secondsLeft: null },
    ]);
  });

  it('makes the ladder of an HEVC .mov in one run and publishes every rendition as it grows, then the whole ladder', async () => {
    // 9 s: three segments of 4 s, so the ladder plays once two of each are stored.
    const hevc = await hevcClip();
    // Every state a player could have seen, read the moment the job says the video changed.
    const seen: Video[] = [];
    const stop = t.services.events.on('video.updated', async ({ videoId }) => {
      seen.push(await getVideo(videoId));
    });
    try {
      const video = await createVideo(t.app, alice, { file: hevc });
      expect(video.originalPlayable).toBe(false);
      expect(video.originalCodecs).toMatch(/^hvc1\./);
      expect(video.hls).toBeNull();

      const ready = await settled(video._id);
      expect(ready.hls).toMatch(/\/hls\/master\.m3u8$/);
      expect(ready.renditions).toEqual([
        { name: '360p', progress: 1, ready: true, secondsLeft: null },
        { name: '720p', progress: 1, ready: true, secondsLeft: null },
      ]);

      const mine = seen.filter((v) => v._id === video._id);
      // Published while the one run went on: the first master, listing every growing rendition.
      const early = mine.find((v) => v.status === 'processing' && v.hls);
      expect(early, 'the ladder published while it grew').toBeDefined();
      expect(early!.hls).toMatch(/\/hls\/first\.m3u8$/);
      // One run makes both: neither is whole yet.
      expect(early!.renditions?.map((r) => r.ready)).toEqual([false, false]);
      // The whole ladder was given to players when the run ended, before the video was ready.
      const whole = mine.find((v) => v.status === 'processing' && v.hls === ready.hls);
      expect(whole, 'the whole ladder published when the run ended').toBeDefined();
      expect(mine.indexOf(whole!)).toBeGreaterThan(mine.indexOf(early!));

      const first = await get(early!.hls!);
      expect(first.statusCode).toBe(200);
      expect(first.body).toContain('RESOLUTION=640x360');
      expect(first.body).toContain('RESOLUTION=1280x720');
      // It lists the growing playlists (decision 0054), which are never cached as they were.
      const renditions = first.body.split('\n').filter((l) => l.trim().endsWith('.m3u8'));
      expect(renditions).toEqual(['360p/event.m3u8', '720p/event.m3u8']);
      expect(first.body).toContain('URI="audio/event.m3u8"');
      const segments = (body: string) => body.split('\n').filter((l) => l.endsWith('.m4s'));
      for (const folder of ['360p', '720p', 'audio']) {
        const growing = await get(resolve(`${folder}/event.m3u8`, early!.hls!));
        expect(growing.statusCode).toBe(200);
        expect(growing.headers['cache-control']).toBe('public, no-cache');
        expect(growing.body).toContain('#EXT-X-PLAYLIST-TYPE:EVENT');
        // Now whole: the same segments as the ladder's, which are cached for good, in a VOD
        // playlist.
        expect(growing.body).toContain('#EXT-X-ENDLIST');
        expect(segments(growing.body)).toHaveLength(3);
        const index = await get(resolve(`${folder}/index.m3u8`, early!.hls!));
        expect(index.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(index.body).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
        expect(index.body).toContain('#EXT-X-ENDLIST');
        expect(segments(index.body)).toEqual(segments(growing.body));
        const segment = await get(resolve(`${folder}/${segments(growing.body)[0]}`, early!.hls!));
        expect(segment.statusCode).toBe(200);
        expect(segment.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
      const master = await get(ready.hls!);
      expect(master.body).toContain('RESOLUTION=640x360');
      expect(master.body).toContain('RESOLUTION=1280x720');
      expect(master.body).toContain('\n360p/index.m3u8');
      expect(master.body).toContain('URI="audio/index.m3u8"');
    } finally {
      stop();
    }
  });

  it('plays nothing of a ladder that a last attempt cut short: a playlist without its end would hold the player for good', async () => {
    const video = await createVideo(t.app, alice, { file: await hevcClip() });
    expect((await settled(video._id)).status).toBe('ready');
    // Once the growing ladder is published, the storage refuses the rest of it.
    const storage = t.storage;
    const put = storage.put.bind(storage);
    const stored: string[] = [];
    storage.put = async (key, data, contentType) => {
      if (key.includes('/hls/360p/') && stored.some((k) => k.endsWith('/hls/first.m3u8'))) {
        throw new Error('the disk is full');
      }
      await put(key, data, contentType);
      stored.push(key);
    };
    try {
      await expect(
        t.services.videoProcessor.process(
          { videoId: video._id },
          { attempt: 4, isLastAttempt: true, signal: new AbortController().signal },
        ),
        // The storage's error (ffmpeg is stopped on it, and the attempt fails with the cause).
      ).rejects.toThrow('the disk is full');
    } finally {
      storage.put = put;
    }
    // It was published while it grew, then taken back.
    expect(stored.some((key) => key.endsWith('/hls/first.m3u8'))).toBe(true);
    const failed = await getVideo(video._id);
    expect(failed.status).toBe('failed');
    expect(failed.hls).toBeNull();
  });
});
