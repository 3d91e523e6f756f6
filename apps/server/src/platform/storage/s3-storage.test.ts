import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from './create-storage';
import { LocalDiskStorage } from './local-disk-storage';
import { registerMediaRoutes } from './media-routes';
import { S3Storage, type S3StorageOptions } from './s3-storage';
import {
  BIG_SIZE,
  failingStreamOf,
  readAll,
  startS3rver,
  streamOf,
  type LocalS3,
} from './storage.contract';

const offline: S3StorageOptions = { bucket: 'media', region: 'us-east-1' };

describe('S3Storage without a server', () => {
  it('serves through /media/ unless a public base URL is set', () => {
    const plain = new S3Storage(offline);
    expect(plain.publicUrl('videos/v1/clip.mp4')).toBe('/media/videos/v1/clip.mp4');
    // The /media/ route passes the key back to get(), which adds the prefix itself.
    const prefixed = new S3Storage({ ...offline, prefix: '/kinora/' });
    expect(prefixed.publicUrl('videos/v1/clip.mp4')).toBe('/media/videos/v1/clip.mp4');
    const cdn = new S3Storage({ ...offline, publicBaseUrl: 'https://cdn.example.com/' });
    expect(cdn.publicUrl('avatars/u.webp')).toBe('https://cdn.example.com/avatars/u.webp');
    // A public base URL points at the bucket's root, so the URL holds the object's full key.
    const both = new S3Storage({
      ...offline,
      prefix: 'kinora',
      publicBaseUrl: 'https://media.example.com/bucket',
    });
    expect(both.publicUrl('avatars/u.webp')).toBe(
      'https://media.example.com/bucket/kinora/avatars/u.webp',
    );
    for (const s of [plain, prefixed, cdn, both]) s.destroy();
  });

  it('reuses a signed address while more than half its life is left, then signs anew', async () => {
    const storage = new S3Storage({ ...offline, accessKeyId: 'id', secretAccessKey: 'secret' });
    const first = await storage.signedGetUrl('videos/v1/hls/seg0.ts', 2);
    expect(first.searchParams.get('X-Amz-Expires')).toBe('2');
    expect((await storage.signedGetUrl('videos/v1/hls/seg0.ts', 2)).href).toBe(first.href);
    // Another key, or another lifetime, is its own address.
    expect((await storage.signedGetUrl('videos/v1/hls/seg1.ts', 2)).pathname).toMatch(/seg1\.ts$/);
    expect((await storage.signedGetUrl('videos/v1/hls/seg0.ts', 300)).href).not.toBe(first.href);
    // Past half its life (1 s of 2), the address is signed again, with a later date.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const renewed = await storage.signedGetUrl('videos/v1/hls/seg0.ts', 2);
    expect(renewed.searchParams.get('X-Amz-Date')! > first.searchParams.get('X-Amz-Date')!).toBe(
      true,
    );
    storage.destroy();
  });

  it('refuses incomplete credentials and unsafe prefixes', () => {
    expect(() => new S3Storage({ ...offline, accessKeyId: 'only-the-id' })).toThrow(/both/);
    expect(() => new S3Storage({ ...offline, secretAccessKey: 'only-the-secret' })).toThrow(/both/);
    expect(() => new S3Storage({ ...offline, prefix: '../other' })).toThrow(/Unsafe/);
    expect(() => new S3Storage({ ...offline, bucket: '' })).toThrow(/bucket/);
  });

  it('refuses malformed ranges before asking the server', async () => {
    const storage = new S3Storage(offline);
    await expect(storage.get('videos/a.mp4', { start: 5, end: 4 })).rejects.toThrow(RangeError);
    await expect(storage.get('videos/a.mp4', { start: -1, end: 4 })).rejects.toThrow(RangeError);
    storage.destroy();
  });
});

describe('createStorage', () => {
  it('builds the configured driver', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'kinora-create-storage-'));
    try {
      const local = createStorage({ driver: 'local', root: dir });
      expect(local).toBeInstanceOf(LocalDiskStorage);
      expect(local.publicUrl('avatars/u.webp')).toBe('/media/avatars/u.webp');
      const s3 = createStorage({
        driver: 's3',
        ...offline,
        publicBaseUrl: 'https://cdn.example.com',
      });
      expect(s3).toBeInstanceOf(S3Storage);
      expect(s3.publicUrl('avatars/u.webp')).toBe('https://cdn.example.com/avatars/u.webp');
      (s3 as S3Storage).destroy();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('S3Storage on s3rver', () => {
  let s3: LocalS3;
  let storage: S3Storage;
  const app = Fastify({ logger: false });
  const content = Buffer.from('0123456789abcdefghij');

  beforeAll(async () => {
    s3 = await startS3rver();
    storage = new S3Storage({ ...s3.options, prefix: 'kinora' });
    await storage.put('videos/clip.mp4', content, 'video/mp4');
    await registerMediaRoutes(app, storage);
  });
  afterAll(async () => {
    await app.close();
    storage?.destroy();
    await s3?.close();
  });

  it('stores objects under the prefix, with their content type and long-lived caching', async () => {
    const head = await s3.client.send(
      new HeadObjectCommand({ Bucket: s3.options.bucket, Key: 'kinora/videos/clip.mp4' }),
    );
    expect(head.ContentLength).toBe(content.length);
    expect(head.ContentType).toBe('video/mp4');
    expect(head.CacheControl).toBe('public, max-age=31536000, immutable');
    // A growing playlist (decision 0054) is asked for afresh by whatever serves the bucket.
    await storage.put('videos/v1/hls/360p/event.m3u8', Buffer.from('#EXTM3U\n'), 'x');
    const growing = await s3.client.send(
      new HeadObjectCommand({
        Bucket: s3.options.bucket,
        Key: 'kinora/videos/v1/hls/360p/event.m3u8',
      }),
    );
    expect(growing.CacheControl).toBe('public, no-cache');
    // Without the prefix the same key is another object.
    const unprefixed = new S3Storage(s3.options);
    expect(await unprefixed.stat('videos/clip.mp4')).toBeNull();
    unprefixed.destroy();
  });

  it('puts big streams as multipart uploads', async () => {
    const data = randomBytes(BIG_SIZE);
    const before = s3.requests.length;
    await storage.put('videos/big.mp4', streamOf(data), 'video/mp4');
    const sent = s3.requests.slice(before);
    expect(sent.some((r) => /^POST \/kinora-test\/kinora\/videos\/big\.mp4\?uploads/.test(r))).toBe(
      true,
    );
    const parts = sent.filter((r) => r.startsWith('PUT ') && /[?&]partNumber=/.test(r));
    expect(parts.length).toBe(3); // 5 MiB + 5 MiB + 1 MiB and 7 bytes
    expect(sent.some((r) => /^POST .*\?uploadId=/.test(r))).toBe(true);
    expect((await readAll(await storage.get('videos/big.mp4'))).equals(data)).toBe(true);
  });

  it('fails a multipart upload whose source breaks, and stores nothing', async () => {
    // s3rver has no AbortMultipartUpload (405 MethodNotAllowed), so the SDK's clean-up call
    // fails too and its error is the one that surfaces; the put rejects either way.
    await expect(
      storage.put('videos/broken-big.mp4', failingStreamOf(randomBytes(BIG_SIZE)), 'video/mp4'),
    ).rejects.toThrow();
    expect(await storage.stat('videos/broken-big.mp4')).toBeNull();
  });

  it('is served by the /media/ route, whole and by range', async () => {
    const whole = await app.inject({ method: 'GET', url: storage.publicUrl('videos/clip.mp4') });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload).toEqual(content);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['content-length']).toBe(String(content.length));

    const res = await app.inject({
      method: 'GET',
      url: '/media/videos/clip.mp4',
      headers: { range: 'bytes=5-9' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 5-9/20');
    expect(res.headers['content-length']).toBe('5');
    expect(res.body).toBe('56789');

    // s3rver answers bytes=0-0 with the whole object; the driver cuts it to the one byte.
    const first = await app.inject({
      method: 'GET',
      url: '/media/videos/clip.mp4',
      headers: { range: 'bytes=0-0' },
    });
    expect(first.statusCode).toBe(206);
    expect(first.body).toBe('0');

    const tail = await app.inject({
      method: 'GET',
      url: '/media/videos/clip.mp4',
      headers: { range: 'bytes=-3' },
    });
    expect(tail.statusCode).toBe(206);
    expect(tail.body).toBe('hij');

    const missing = await app.inject({ method: 'GET', url: '/media/videos/none.mp4' });
    expect(missing.statusCode).toBe(404);
    const escape = await app.inject({ method: 'GET', url: '/media/videos/%2e%2e/secret' });
    expect(escape.statusCode).toBe(404);
  });

  it('works when built by createStorage', async () => {
    const built = createStorage({ driver: 's3', ...s3.options });
    await built.put('captions/en.vtt', Buffer.from('WEBVTT\n'), 'text/vtt');
    expect(await built.stat('captions/en.vtt')).toMatchObject({ size: 7, contentType: 'text/vtt' });
    expect((await readAll(await built.get('captions/en.vtt'))).toString()).toBe('WEBVTT\n');
    await built.delete('captions/en.vtt');
    expect(await built.stat('captions/en.vtt')).toBeNull();
    (built as S3Storage).destroy();
  });
});
