import { describe, expect, it } from 'vitest';
import { withContractServer } from '../testing/contract-server';
import { makeFile } from '../testing/fixtures';
import { signUploadsTo, withMediaHost } from '../testing/media-host';
import { CHUNK_SIZE, MediaUploadError, uploadMedia } from './media-upload';

/* The signed upload against a real API double (the sign call) and a real media host. */
const server = withContractServer();
const host = withMediaHost();

const KB = 1024;
const noWait = [0, 0, 0] as const;

function setUp() {
  signUploadsTo(server(), host());
}

describe('uploadMedia', () => {
  it('signs, then posts a small file in one request with the signed fields', async () => {
    setUp();
    const progress: number[] = [];
    const asset = await uploadMedia(makeFile('cover.png', 'image/png', 50 * KB), {
      folder: 'thumbnails',
      onProgress: (p) => progress.push(p),
    });

    expect(server().requestsTo('signUpload')[0]?.query).toEqual({ folder: 'thumbnails' });
    expect(host().parts).toHaveLength(1);
    const [part] = host().parts;
    expect(part).toMatchObject({
      resourceType: 'image',
      fileName: 'cover.png',
      fileBytes: 50 * KB,
      range: null,
      uploadId: null,
    });
    expect(part?.fields).toEqual({
      api_key: 'user-1',
      timestamp: expect.stringMatching(/^\d+$/),
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
      folder: 'thumbnails',
    });
    expect(asset).toMatchObject({ public_id: 'thumbnails/asset-1', resource_type: 'image' });
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);
    expect(progress.slice(0, -1).every((p) => p < 100)).toBe(true);
  });

  it('uses 8 MB chunks for files above 8 MB', async () => {
    setUp();
    const size = CHUNK_SIZE * 2 + 123;
    const asset = await uploadMedia(makeFile('clip.mp4', 'video/mp4', size), { folder: 'videos' });
    expect(asset.resource_type).toBe('video');
    expect(host().parts.map((p) => p.range)).toEqual([
      { start: 0, end: CHUNK_SIZE - 1, total: size },
      { start: CHUNK_SIZE, end: 2 * CHUNK_SIZE - 1, total: size },
      { start: 2 * CHUNK_SIZE, end: size - 1, total: size },
    ]);
  }, 20_000);

  it('sends exactly 8 MB in one request', async () => {
    setUp();
    await uploadMedia(makeFile('clip.mp4', 'video/mp4', CHUNK_SIZE), { folder: 'videos' });
    expect(host().parts).toHaveLength(1);
    expect(host().parts[0]?.range).toBeNull();
  }, 20_000);

  it('sends every chunk with the same upload id and reports progress across chunks', async () => {
    setUp();
    const progress: number[] = [];
    await uploadMedia(makeFile('clip.mp4', 'video/mp4', 10 * KB), {
      folder: 'videos',
      chunkSize: 4 * KB,
      onProgress: (p) => progress.push(p),
    });
    const ids = new Set(host().parts.map((p) => p.uploadId));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toMatch(/^[0-9a-f]{32}$/);
    expect(host().parts.map((p) => p.fileBytes)).toEqual([4 * KB, 4 * KB, 2 * KB]);
    expect(
      host().parts.every((p) => p.fields.signature === host().parts[0]?.fields.signature),
    ).toBe(true);
    // Rising with the acknowledged bytes: 40 % after one chunk, 80 % after two, then done.
    expect(progress).toEqual(expect.arrayContaining([0, 40, 80, 100]));
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });

  it('resends a chunk whose connection dropped, then carries on', async () => {
    setUp();
    host().intercept((part) => (part.index === 1 ? 'drop' : undefined));
    const asset = await uploadMedia(makeFile('clip.mp4', 'video/mp4', 10 * KB), {
      folder: 'videos',
      chunkSize: 4 * KB,
      retryDelaysMs: noWait,
    });
    expect(asset.url).toBeTruthy();
    expect(host().parts.map((p) => p.range?.start)).toEqual([0, 4 * KB, 4 * KB, 8 * KB]);
  });

  it('resumes from the last acknowledged byte when an answer was lost after storing', async () => {
    setUp();
    host().intercept((part) => (part.index === 1 ? 'dropAfterStoring' : undefined));
    await uploadMedia(makeFile('clip.mp4', 'video/mp4', 10 * KB), {
      folder: 'videos',
      chunkSize: 4 * KB,
      retryDelaysMs: noWait,
    });
    // The resent chunk is already there: the host acknowledges it and the last one follows.
    expect(host().parts.map((p) => p.range?.start)).toEqual([0, 4 * KB, 4 * KB, 8 * KB]);
  });

  it('resumes from the byte a 409 names', async () => {
    setUp();
    host().intercept((part) =>
      part.index === 1
        ? {
            status: 409,
            body: { success: false, message: 'Chunk out of order: resume from byte 0' },
          }
        : undefined,
    );
    await uploadMedia(makeFile('clip.mp4', 'video/mp4', 10 * KB), {
      folder: 'videos',
      chunkSize: 4 * KB,
      retryDelaysMs: noWait,
    });
    expect(host().parts.map((p) => p.range?.start)).toEqual([0, 4 * KB, 0, 4 * KB, 8 * KB]);
  });

  it('retries a 5xx a few times with backoff, then gives up with the host’s message', async () => {
    setUp();
    host().intercept((part) =>
      part.index >= 1
        ? { status: 503, body: { success: false, message: 'Storage is unavailable' } }
        : undefined,
    );
    const error = await uploadMedia(makeFile('clip.mp4', 'video/mp4', 10 * KB), {
      folder: 'videos',
      chunkSize: 4 * KB,
      retryDelaysMs: [1, 1, 1],
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaUploadError);
    expect(error).toMatchObject({ message: 'Storage is unavailable', status: 503 });
    // The first chunk, then the second chunk four times: once and three retries.
    expect(host().parts).toHaveLength(5);
  });

  it('does not retry a refusal', async () => {
    setUp();
    host().intercept(() => ({
      status: 413,
      body: { success: false, message: 'The file is larger than the 2 GB limit' },
    }));
    await expect(
      uploadMedia(makeFile('big.mp4', 'video/mp4', 2 * KB), {
        folder: 'videos',
        retryDelaysMs: noWait,
      }),
    ).rejects.toMatchObject({ message: 'The file is larger than the 2 GB limit', status: 413 });
    expect(host().parts).toHaveLength(1);
  });

  it("fails with 'Cloudinary upload failed' when the answer has no url", async () => {
    setUp();
    host().assetOverrides = { url: '' };
    await expect(
      uploadMedia(makeFile('a.mp4', 'video/mp4', KB), { folder: 'videos' }),
    ).rejects.toThrow('Cloudinary upload failed');
  });

  it("fails with 'Failed to get signature from backend' when signing fails", async () => {
    server().on('signUpload', () => ({
      status: 401,
      error: { code: 'UNAUTHENTICATED', message: 'You need to sign in' },
    }));
    await expect(
      uploadMedia(makeFile('a.mp4', 'video/mp4', KB), { folder: 'videos' }),
    ).rejects.toThrow('Failed to get signature from backend');
    expect(host().parts).toHaveLength(0);
  });

  it.each([null, undefined, makeFile('empty.mp4', 'video/mp4', 0)])(
    "fails with 'No file provided' without a file (%#)",
    async (file) => {
      await expect(uploadMedia(file, { folder: 'videos' })).rejects.toThrow('No file provided');
      expect(server().requests).toHaveLength(0);
    },
  );

  it('stops when cancelled', async () => {
    setUp();
    const release = host().hold();
    const controller = new AbortController();
    const upload = uploadMedia(makeFile('a.mp4', 'video/mp4', KB), {
      folder: 'videos',
      signal: controller.signal,
    });
    await expect.poll(() => host().parts.length).toBe(1);
    controller.abort();
    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
    release();
  });
});
