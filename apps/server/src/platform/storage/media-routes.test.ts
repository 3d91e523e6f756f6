import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api-client';
import { registerUser, type RegisteredUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clip, createVideo, eventually, togglePublish } from '../../../test/media-factories';
import { LocalDiskStorage } from './local-disk-storage';
import { parseRange, registerMediaRoutes } from './media-routes';

describe('parseRange', () => {
  it('reads the single-range forms and refuses impossible ones', () => {
    expect(parseRange(undefined, 100)).toEqual({ kind: 'none' });
    expect(parseRange('bytes=0-9', 100)).toEqual({ kind: 'ok', range: { start: 0, end: 9 } });
    expect(parseRange('bytes=90-', 100)).toEqual({ kind: 'ok', range: { start: 90, end: 99 } });
    expect(parseRange('bytes=-10', 100)).toEqual({ kind: 'ok', range: { start: 90, end: 99 } });
    expect(parseRange('bytes=50-500', 100)).toEqual({ kind: 'ok', range: { start: 50, end: 99 } });
    expect(parseRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=9-3', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-1,5-6', 100)).toEqual({ kind: 'none' });
    expect(parseRange('items=0-1', 100)).toEqual({ kind: 'none' });
  });
});

describe('GET /media/* behind nginx (X-Accel-Redirect to the bucket)', () => {
  let dir: string;
  const app = Fastify({ logger: false });
  const content = Buffer.from('a draft segment');
  const growing = Buffer.from('#EXTM3U\n#EXT-X-PLAYLIST-TYPE:EVENT\n#EXTINF:4.0,\nseg_00001.m4s\n');
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kinora-media-accel-'));
    const storage = new LocalDiskStorage(dir);
    await storage.put('videos/draft/seg.ts', content, 'video/mp2t');
    await storage.put(
      'videos/public/hls/360p/event.m3u8',
      growing,
      'application/vnd.apple.mpegurl',
    );
    await registerMediaRoutes(
      app,
      storage,
      {
        accessOf: (key, request) =>
          Promise.resolve(
            key.startsWith('videos/public/')
              ? 'public'
              : request.headers.authorization === 'owner'
                ? 'private'
                : 'hidden',
          ),
      },
      {
        prefix: '/_storage',
        signedUrl: (key) =>
          Promise.resolve(new URL(`http://s3.local:9000/bucket/${key}?X-Amz-Signature=abc`)),
      },
    );
  });
  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers a public file with the internal location of its signed URL, and no body', async () => {
    const res = await app.inject({ method: 'GET', url: '/media/videos/public/seg.ts' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-accel-redirect']).toBe(
      '/_storage/bucket/videos/public/seg.ts?X-Amz-Signature=abc',
    );
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBe(0);
  });

  it('serves a growing playlist itself, never through the proxy’s cache, and asked for afresh (decision 0054)', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/media/videos/public/hls/360p/event.m3u8',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-accel-redirect']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, no-cache');
    expect(res.rawPayload).toEqual(growing);
    // Its segments still go through the proxy, for good.
    const segment = await app.inject({
      method: 'GET',
      url: '/media/videos/public/hls/360p/seg_00001.m4s',
    });
    expect(segment.headers['x-accel-redirect']).toContain('/videos/public/hls/360p/seg_00001.m4s');
    expect(segment.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves a draft’s file itself to its owner, never through the proxy’s cache, and a 404 to others', async () => {
    const owner = await app.inject({
      method: 'GET',
      url: '/media/videos/draft/seg.ts',
      headers: { authorization: 'owner' },
    });
    expect(owner.statusCode).toBe(200);
    expect(owner.headers['x-accel-redirect']).toBeUndefined();
    expect(owner.headers['cache-control']).toBe('private, no-cache');
    expect(owner.rawPayload).toEqual(content);
    const other = await app.inject({ method: 'GET', url: '/media/videos/draft/seg.ts' });
    expect(other.statusCode).toBe(404);
    expect(other.headers['x-accel-redirect']).toBeUndefined();
  });
});

describe('GET /media/*', () => {
  let dir: string;
  let storage: LocalDiskStorage;
  const app = Fastify({ logger: false });
  const content = Buffer.from('0123456789abcdefghij');
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kinora-media-'));
    storage = new LocalDiskStorage(dir);
    await storage.put('videos/clip.mp4', content, 'video/mp4');
    await registerMediaRoutes(app, storage);
  });
  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves the whole file with caching headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/media/videos/clip.mp4' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(content);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    const again = await app.inject({
      method: 'GET',
      url: '/media/videos/clip.mp4',
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('serves a playlist that grows with no-cache and answers for what it holds now, until it is whole', async () => {
    const url = '/media/videos/v1/hls/360p/event.m3u8';
    const head = '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:4\n#EXT-X-PLAYLIST-TYPE:EVENT\n';
    const segment = (n: number) => `#EXTINF:4.000000,\nseg_0000${n}.m4s\n`;
    await storage.put('videos/v1/hls/360p/event.m3u8', Buffer.from(head + segment(1)), 'x');
    const first = await app.inject({ method: 'GET', url });
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(first.body).toBe(head + segment(1));
    // Asked again with what it had: unchanged, a 304.
    const same = await app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(same.statusCode).toBe(304);
    expect(same.headers['cache-control']).toBe('public, no-cache');

    // A segment more, then the end: each time the new text, never the one first seen.
    await storage.put(
      'videos/v1/hls/360p/event.m3u8',
      Buffer.from(head + segment(1) + segment(2)),
      'x',
    );
    const grown = await app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(grown.statusCode).toBe(200);
    expect(grown.body).toBe(head + segment(1) + segment(2));
    const whole = `${head}${segment(1)}${segment(2)}#EXT-X-ENDLIST\n`;
    await storage.put('videos/v1/hls/360p/event.m3u8', Buffer.from(whole), 'x');
    const ended = await app.inject({ method: 'GET', url });
    expect(ended.body).toBe(whole);
    expect(ended.headers['cache-control']).toBe('public, no-cache');
    // The rendition's finished playlist (what master.m3u8 lists) is cached for good.
    await storage.put('videos/v1/hls/360p/index.m3u8', Buffer.from(whole), 'x');
    const index = await app.inject({ method: 'GET', url: '/media/videos/v1/hls/360p/index.m3u8' });
    expect(index.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves byte ranges with 206 and refuses unsatisfiable ones with 416', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/media/videos/clip.mp4',
      headers: { range: 'bytes=5-9' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.body).toBe('56789');
    expect(res.headers['content-range']).toBe('bytes 5-9/20');
    const bad = await app.inject({
      method: 'GET',
      url: '/media/videos/clip.mp4',
      headers: { range: 'bytes=40-' },
    });
    expect(bad.statusCode).toBe(416);
    expect(bad.headers['content-range']).toBe('bytes */20');
  });

  it('answers 404 for missing files and for keys that try to leave the root', async () => {
    expect((await app.inject({ method: 'GET', url: '/media/videos/none.mp4' })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ method: 'GET', url: '/media/../../etc/passwd' })).statusCode).toBe(
      404,
    );
    expect(
      (await app.inject({ method: 'GET', url: '/media/videos/%2e%2e/%2e%2e/secret' })).statusCode,
    ).toBe(404);
  });
});

describe('media of drafts, in the real app', () => {
  let t: TestApp;
  let alice: RegisteredUser;
  let bob: RegisteredUser;
  beforeAll(async () => {
    t = await createTestApp({}, { workers: true });
    [alice, bob] = await Promise.all([registerUser(t.app), registerUser(t.app), clip()]);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  /** Every file a processed video has: original, HLS master and rendition, storyboard, poster. */
  async function filesOf(videoId: string): Promise<string[]> {
    const video = await eventually(
      async () => {
        const { data } = await callApi(t.app, 'getVideo', { params: { id: videoId }, as: alice });
        return data.status === 'ready' ? data : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 300, what: 'the video to be processed' },
    );
    const master = await get(video.hls!, alice.auth);
    const rendition = master.body.split('\n').find((l) => l.trim().endsWith('.m3u8'))!;
    const renditionUrl = new URL(rendition.trim(), `http://test${video.hls!}`).pathname;
    return [video.videofile!, video.hls!, renditionUrl, video.storyboard!, video.thumbnail!];
  }

  const statuses = (files: string[], headers: Record<string, string> = {}) =>
    Promise.all(files.map(async (f) => (await get(f, headers)).statusCode));

  it('serves a draft’s files to its owner only, all of them once published, none once unpublished', async () => {
    const video = await createVideo(t.app, alice);
    const withThumbnail = await createVideo(t.app, alice, { withThumbnail: true });
    const files = [...(await filesOf(video._id)), withThumbnail.thumbnail!];
    for (const f of files) expect(f, f).toMatch(/^\/media\//);
    const ok = files.map(() => 200);
    const gone = files.map(() => 404);
    expect(await statuses(files)).toEqual(ok);

    await togglePublish(t.app, alice, video._id);
    await togglePublish(t.app, alice, withThumbnail._id);
    expect(await statuses(files)).toEqual(gone);
    expect(await statuses(files, bob.auth)).toEqual(gone);
    // Capitals in the path do not get round the check (on disks that ignore case).
    expect((await get(files[0]!.toUpperCase().replace('/MEDIA/', '/media/'))).statusCode).toBe(404);
    const hidden = await get(files[0]!);
    expect(hidden.headers['cache-control']).toBe('no-store');

    // The owner, by token or by the session cookie a browser's player sends.
    expect(await statuses(files, alice.auth)).toEqual(ok);
    const cookie = { cookie: `accessToken=${alice.cookies.accessToken}` };
    expect(await statuses(files, cookie)).toEqual(ok);
    const own = await get(files[0]!, { ...alice.auth, range: 'bytes=0-9' });
    expect(own.statusCode).toBe(206);
    expect(own.headers['cache-control']).toBe('private, no-cache');

    await togglePublish(t.app, alice, video._id);
    await togglePublish(t.app, alice, withThumbnail._id);
    expect(await statuses(files)).toEqual(ok);
    expect((await get(files[0]!)).headers['cache-control']).toContain('public');

    await togglePublish(t.app, alice, video._id);
    await togglePublish(t.app, alice, withThumbnail._id);
    expect(await statuses(files)).toEqual(gone);
    expect(await statuses(files, bob.auth)).toEqual(gone);
  }, 120_000);
});
