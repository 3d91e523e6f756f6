import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('GET /media/*', () => {
  let dir: string;
  const app = Fastify({ logger: false });
  const content = Buffer.from('0123456789abcdefghij');
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kinora-media-'));
    const storage = new LocalDiskStorage(dir);
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
