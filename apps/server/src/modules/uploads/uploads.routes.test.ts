import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UploadSigner } from '../../platform/auth/upload-signatures';
import { mediaAssets, uploadSessions } from '../../platform/db/schema';
import { probeVideo } from '../../platform/media/video/probe';
import { makeTempDir } from '../../platform/media/video/test-clips';
import { createTestApp, type TestApp } from '../../../test/harness';
import { pngImage, registerUser, type RegisteredUser } from '../../../test/factories';
import {
  chunkRange,
  clip,
  filesUnder,
  postUpload,
  signUpload,
  sliceFile,
  uploadInChunks,
} from '../../../test/media-factories';
import type { FilePart } from '../../../test/multipart';

let t: TestApp;
let alice: RegisteredUser;
let bob: RegisteredUser;
let video: FilePart;

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob, video] = await Promise.all([registerUser(t.app), registerUser(t.app), clip()]);
});
afterAll(async () => {
  await t.close();
});

const textFile: FilePart = {
  filename: 'notes.mp4',
  contentType: 'video/mp4',
  data: Buffer.from('this is plain text pretending to be a video\n'.repeat(20)),
};

/** What ffprobe says of the bytes, read by the test itself. */
async function probeBuffer(data: Buffer) {
  const { dir, cleanup } = await makeTempDir('probe');
  try {
    const file = path.join(dir, 'clip.mp4');
    await writeFile(file, data);
    return await probeVideo(file);
  } finally {
    await cleanup();
  }
}

const rows = async (app: TestApp = t) => ({
  assets: (await app.database.db.select({ n: count() }).from(mediaAssets))[0]!.n,
  sessions: (await app.database.db.select({ n: count() }).from(uploadSessions))[0]!.n,
});

/** What the server keeps: asset and session rows, stored media and temporary upload files. */
const snapshot = async (app: TestApp = t) => ({
  ...(await rows(app)),
  media: await filesUnder(app.config.mediaDir),
  uploads: await filesUnder(app.config.uploadsDir),
});

describe('GET /cloudinary/sign-upload', () => {
  it('answers the signed fields at the top level of the body and under data', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/cloudinary/sign-upload?folder=videos',
      headers: alice.auth,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const expected = {
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
      timestamp: expect.any(Number),
      apiKey: expect.any(String),
      cloudName: 'kinora',
      uploadUrl: expect.stringMatching(/\/v1_1\/kinora\/video\/upload$/),
    };
    expect(body).toMatchObject({ success: true, statusCode: 200, ...expected });
    expect(body.data).toMatchObject({ ...expected, folder: 'videos' });
    expect(body.signature).toBe(body.data.signature);
    expect(Math.abs(body.timestamp - Date.now() / 1000)).toBeLessThan(60);

    const thumbnails = await signUpload(t.app, alice, 'thumbnails');
    expect(thumbnails.uploadUrl).toMatch(/\/v1_1\/kinora\/image\/upload$/);
  });

  it('answers a usable signature to every call, even two calls within one second', async () => {
    const sign = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/cloudinary/sign-upload?folder=thumbnails',
          headers: bob.auth,
        })
      ).json();
    // Two signs in the same second (the client uploads two pictures one after the other).
    let pair = [await sign(), await sign()];
    while (pair[0].timestamp !== pair[1].timestamp) pair = [await sign(), await sign()];
    const answers = [];
    for (const signed of pair) {
      answers.push(
        await postUpload(t.app, { resourceType: 'image', fields: signed, file: await pngImage() }),
      );
    }
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
  });

  it('refuses a visitor (401) and a folder other than videos or thumbnails (400)', async () => {
    const visitor = await t.app.inject({
      method: 'GET',
      url: '/api/v1/cloudinary/sign-upload?folder=videos',
    });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    for (const query of ['?folder=avatars', '?folder=../videos', '']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/cloudinary/sign-upload${query}`,
        headers: alice.auth,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('POST /v1_1/kinora/{image|video}/upload', () => {
  it('stores a real clip and answers the provider fields, with the duration of its own probe', async () => {
    const signed = await signUpload(t.app, alice, 'videos');
    const res = await postUpload(t.app, { resourceType: 'video', fields: signed, file: video });
    expect(res.statusCode).toBe(200);
    const asset = res.json();
    const probed = await probeBuffer(video.data);
    expect(asset).toMatchObject({
      public_id: expect.stringMatching(/^videos\/.+/),
      url: expect.stringMatching(/^https?:\/\/.+\/media\/videos\/.+\.mp4$/),
      secure_url: expect.any(String),
      resource_type: 'video',
      format: 'mp4',
      bytes: video.data.length,
      width: 320,
      height: 180,
      folder: 'videos',
      duration: probed.durationSeconds,
    });
    expect(asset.duration).toBeCloseTo(2, 0);

    // The file is served from the URL, whole and in byte ranges.
    const mediaPath = new URL(asset.url).pathname;
    const whole = await t.app.inject({ method: 'GET', url: mediaPath });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.rawPayload.equals(video.data)).toBe(true);
    const part = await t.app.inject({
      method: 'GET',
      url: mediaPath,
      headers: { range: 'bytes=100-1099' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${video.data.length}`);
    expect(part.rawPayload.equals(video.data.subarray(100, 1100))).toBe(true);

    // The asset belongs to the user who signed.
    const [row] = await t.database.db
      .select()
      .from(mediaAssets)
      .where(eq(mediaAssets.publicId, asset.public_id));
    expect(row).toMatchObject({
      ownerId: alice.userId,
      kind: 'video',
      durationSeconds: asset.duration,
    });
    expect((await snapshot()).uploads).toEqual([]);
  });

  it('stores a thumbnail re-encoded and answers image fields', async () => {
    const signed = await signUpload(t.app, alice, 'thumbnails');
    const res = await postUpload(t.app, {
      resourceType: 'image',
      fields: signed,
      file: await pngImage(320, 180),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      public_id: expect.stringMatching(/^thumbnails\/.+/),
      resource_type: 'image',
      format: 'webp',
      width: 320,
      height: 180,
      duration: null,
    });
    const served = await t.app.inject({ method: 'GET', url: new URL(res.json().url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  describe('refuses, keeping nothing', () => {
    it('a forged signature, a signature for other fields, and an unknown api key (401)', async () => {
      const before = await snapshot();
      const signed = await signUpload(t.app, alice, 'videos');
      const attempts = [
        { ...signed, signature: 'a'.repeat(64) },
        // Alice's signature presented as Bob's upload, or for another moment.
        { ...signed, apiKey: bob.userId },
        { ...signed, timestamp: signed.timestamp - 1 },
        { ...signed, apiKey: randomUUID() },
      ];
      for (const fields of attempts) {
        const res = await postUpload(t.app, { resourceType: 'video', fields, file: video });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
      }
      // A signature made with another secret is no better.
      const foreign = new UploadSigner('x'.repeat(48)).sign({
        userId: alice.userId,
        folder: 'videos',
      });
      const res = await postUpload(t.app, {
        resourceType: 'video',
        fields: { ...foreign, folder: 'videos' },
        file: video,
      });
      expect(res.statusCode).toBe(401);
      expect(await snapshot()).toEqual(before);
    });

    it('an expired signature (401)', async () => {
      const before = await snapshot();
      const signer = new UploadSigner(t.config.secrets.uploadSigningSecret);
      const old = signer.sign({
        userId: alice.userId,
        folder: 'videos',
        now: new Date(Date.now() - 16 * 60 * 1000),
      });
      const res = await postUpload(t.app, {
        resourceType: 'video',
        fields: { ...old, folder: 'videos' },
        file: video,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/expired/);
      expect(await snapshot()).toEqual(before);

      // The same secret, a fresh moment: accepted, so it was the age that was refused.
      const fresh = signer.sign({ userId: alice.userId, folder: 'videos' });
      const ok = await postUpload(t.app, {
        resourceType: 'video',
        fields: { ...fresh, folder: 'videos' },
        file: video,
      });
      expect(ok.statusCode).toBe(200);
    });

    it('a replayed signature (409), keeping only the first upload', async () => {
      const signed = await signUpload(t.app, bob, 'thumbnails');
      const first = await postUpload(t.app, {
        resourceType: 'image',
        fields: signed,
        file: await pngImage(),
      });
      expect(first.statusCode).toBe(200);
      const before = await snapshot();
      const again = await postUpload(t.app, {
        resourceType: 'image',
        fields: signed,
        file: await pngImage(64, 64, '#ff0000'),
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ success: false, code: 'CONFLICT' });
      expect(await snapshot()).toEqual(before);
    });

    it('the same signature used twice at once: one upload wins, the other gets 409', async () => {
      const signed = await signUpload(t.app, bob, 'videos');
      const answers = await Promise.all(
        [0, 1].map(() => postUpload(t.app, { resourceType: 'video', fields: signed, file: video })),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const snap = await snapshot();
      expect(snap.sessions).toBe(0);
      expect(snap.uploads).toEqual([]);
    });

    it('a file sent to the endpoint of the other kind (400)', async () => {
      const before = await snapshot();
      const thumbnails = await signUpload(t.app, alice, 'thumbnails');
      const videoIntoThumbnails = await postUpload(t.app, {
        resourceType: 'video',
        fields: thumbnails,
        file: video,
      });
      expect(videoIntoThumbnails.statusCode).toBe(400);
      expect(videoIntoThumbnails.json().errors).toContainEqual(
        expect.objectContaining({ field: 'folder' }),
      );
      const videos = await signUpload(t.app, alice, 'videos');
      const imageIntoVideos = await postUpload(t.app, {
        resourceType: 'image',
        fields: videos,
        file: await pngImage(),
      });
      expect(imageIntoVideos.statusCode).toBe(400);
      // A folder the signature was not made for is a forgery, whatever the endpoint.
      const swapped = await postUpload(t.app, {
        resourceType: 'image',
        fields: { ...videos, folder: 'thumbnails' },
        file: await pngImage(),
      });
      expect(swapped.statusCode).toBe(401);
      expect(await snapshot()).toEqual(before);
    });

    it('a text file, a picture or half a clip posted as a video, and a non-image as a thumbnail (415)', async () => {
      const before = await snapshot();
      const png = await pngImage(320, 180);
      // A refused file does not use up the signature, so one serves every attempt.
      const videos = await signUpload(t.app, alice, 'videos');
      const truncated = {
        ...video,
        filename: 'half.mp4',
        data: video.data.subarray(0, video.data.length >> 1),
      };
      for (const file of [
        textFile,
        png,
        { ...png, contentType: 'video/mp4', filename: 'x.mp4' },
        truncated,
      ]) {
        const res = await postUpload(t.app, { resourceType: 'video', fields: videos, file });
        expect(res.statusCode, file.filename).toBe(415);
        expect(res.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
        expect(res.json().errors).toContainEqual(expect.objectContaining({ field: 'file' }));
      }
      const thumbnails = await signUpload(t.app, alice, 'thumbnails');
      for (const file of [
        { ...textFile, filename: 'x.png', contentType: 'image/png' },
        { ...video, contentType: 'image/png', filename: 'x.png' },
      ]) {
        const res = await postUpload(t.app, { resourceType: 'image', fields: thumbnails, file });
        expect(res.statusCode, file.filename).toBe(415);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('a fast-start MP4 cut in half, which probes whole (400, audit defect n)', async () => {
      const before = await snapshot();
      const faststart = await clip({ seconds: 3, outputArgs: ['-movflags', '+faststart'] });
      const half = { ...faststart, data: faststart.data.subarray(0, faststart.data.length >> 1) };
      expect((await probeBuffer(half.data)).durationSeconds).toBeCloseTo(3, 0);
      const signed = await signUpload(t.app, alice, 'videos');
      const res = await postUpload(t.app, { resourceType: 'video', fields: signed, file: half });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'VALIDATION_FAILED',
        message: 'The video file is damaged or incomplete; upload the whole file again',
      });
      expect(res.json().errors).toContainEqual(expect.objectContaining({ field: 'file' }));
      expect(await snapshot()).toEqual(before);
      // The whole file goes through, and the signature was not used up by the refusal.
      const whole = await postUpload(t.app, {
        resourceType: 'video',
        fields: signed,
        file: faststart,
      });
      expect(whole.statusCode).toBe(200);
      expect(whole.json().duration).toBeCloseTo(3, 0);
    });

    it('a missing file, an empty file, or missing signed fields (400)', async () => {
      const before = await snapshot();
      const signed = await signUpload(t.app, alice, 'videos');
      const missing = await postUpload(t.app, { resourceType: 'video', fields: signed });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toContainEqual({ field: 'file', message: 'No file provided' });
      const empty = await postUpload(t.app, {
        resourceType: 'video',
        fields: signed,
        file: { ...video, data: Buffer.alloc(0) },
      });
      expect(empty.statusCode).toBe(400);
      const noSignature = await postUpload(t.app, {
        resourceType: 'video',
        fields: { ...signed, signature: '' },
        file: video,
      });
      expect(noSignature.statusCode).toBe(400);
      const json = await t.app.inject({
        method: 'POST',
        url: '/v1_1/kinora/video/upload',
        payload: { ...signed },
      });
      expect(json.statusCode).toBe(415);
      // The signature was never used, so it still works.
      const ok = await postUpload(t.app, { resourceType: 'video', fields: signed, file: video });
      expect(ok.statusCode).toBe(200);
      const after = await snapshot();
      expect(after.assets).toBe(before.assets + 1);
      expect(after.uploads).toEqual([]);
    });

    it('a file over the limit (413), whole or announced by a chunked upload', async () => {
      const small = await createTestApp({
        UPLOAD_MAX_VIDEO_BYTES: String(video.data.length - 1),
        UPLOAD_MAX_IMAGE_BYTES: '2000',
      });
      try {
        const user = await registerUser(small.app);
        const before = await snapshot(small);
        const whole = await postUpload(small.app, {
          resourceType: 'video',
          fields: await signUpload(small.app, user, 'videos'),
          file: video,
        });
        expect(whole.statusCode).toBe(413);
        expect(whole.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });

        const firstChunk = chunkRange(video.data.length, 3, 0);
        const chunked = await postUpload(small.app, {
          resourceType: 'video',
          fields: await signUpload(small.app, user, 'videos'),
          file: sliceFile(video, firstChunk.start, firstChunk.end),
          chunk: { ...firstChunk, total: video.data.length, uploadId: 'too-big' },
        });
        expect(chunked.statusCode).toBe(413);

        const bigImage = await pngImage(400, 400, '#123456');
        const noisy = { ...bigImage, data: Buffer.concat([bigImage.data, Buffer.alloc(4000)]) };
        const image = await postUpload(small.app, {
          resourceType: 'image',
          fields: await signUpload(small.app, user, 'thumbnails'),
          file: noisy,
        });
        expect(image.statusCode).toBe(413);
        expect(await snapshot(small)).toEqual(before);
      } finally {
        await small.close();
      }
    });
  });

  describe('in chunks', () => {
    it('takes a clip in 3 chunks and answers the asset only on the last', async () => {
      const answers = await uploadInChunks(t.app, alice, 'video', video, 3, `up-${randomUUID()}`);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      const size = video.data.length;
      expect(answers[0]!.json()).toMatchObject({
        done: false,
        bytes_received: chunkRange(size, 3, 0).end + 1,
        total_bytes: size,
      });
      expect(answers[1]!.json()).toMatchObject({
        done: false,
        bytes_received: chunkRange(size, 3, 1).end + 1,
      });
      const asset = answers[2]!.json();
      expect(asset).toMatchObject({ resource_type: 'video', bytes: size, width: 320 });
      expect(asset.duration).toBeCloseTo(2, 0);
      const served = await t.app.inject({ method: 'GET', url: new URL(asset.url).pathname });
      expect(served.rawPayload.equals(video.data)).toBe(true);
      expect((await snapshot()).uploads).toEqual([]);
    });

    it('accepts a resent chunk idempotently, refuses a gap (409) and resumes from the right byte', async () => {
      const signed = await signUpload(t.app, bob, 'videos');
      const size = video.data.length;
      const uploadId = `retry-${randomUUID()}`;
      const send = (index: number) => {
        const { start, end } = chunkRange(size, 3, index);
        return postUpload(t.app, {
          resourceType: 'video',
          fields: signed,
          file: sliceFile(video, start, end),
          chunk: { start, end, total: size, uploadId },
        });
      };
      const first = await send(0);
      expect(first.json()).toMatchObject({
        done: false,
        bytes_received: chunkRange(size, 3, 0).end + 1,
      });
      // The connection dropped before the client saw the answer: it sends the chunk again.
      const resent = await send(0);
      expect(resent.statusCode).toBe(200);
      expect(resent.json()).toMatchObject({
        done: false,
        bytes_received: chunkRange(size, 3, 0).end + 1,
      });
      // Chunk 3 before chunk 2 leaves a hole: refused, with where to resume.
      const gap = await send(2);
      expect(gap.statusCode).toBe(409);
      expect(gap.json().message).toContain(String(chunkRange(size, 3, 0).end + 1));
      expect(await send(1)).toMatchObject({ statusCode: 200 });
      // A chunk that overlaps what arrived is taken from where the server is.
      const { start: secondStart } = chunkRange(size, 3, 1);
      const { end: lastEnd } = chunkRange(size, 3, 2);
      const last = await postUpload(t.app, {
        resourceType: 'video',
        fields: signed,
        file: sliceFile(video, secondStart, lastEnd),
        chunk: { start: secondStart, end: lastEnd, total: size, uploadId },
      });
      expect(last.statusCode).toBe(200);
      const asset = last.json();
      expect(asset).toMatchObject({ resource_type: 'video', bytes: size });
      const served = await t.app.inject({ method: 'GET', url: new URL(asset.url).pathname });
      expect(served.rawPayload.equals(video.data)).toBe(true);
      const [row] = await t.database.db.select({ n: count() }).from(uploadSessions);
      expect(row!.n).toBe(0);
    });

    it('keeps no asset for an upload that never finished, and the cleanup removes its part', async () => {
      const before = await rows();
      // Two chunks of three arrive, then the client goes away.
      const signed = await signUpload(t.app, bob, 'videos');
      const size = video.data.length;
      for (const index of [0, 1]) {
        const { start, end } = chunkRange(size, 3, index);
        const res = await postUpload(t.app, {
          resourceType: 'video',
          fields: signed,
          file: sliceFile(video, start, end),
          chunk: { start, end, total: size, uploadId: 'never-finished' },
        });
        expect(res.json().done).toBe(false);
      }
      expect(await rows()).toEqual({ assets: before.assets, sessions: before.sessions + 1 });
      expect(await filesUnder(t.config.uploadsDir)).toHaveLength(1);
      const media = await filesUnder(t.config.mediaDir);

      await t.services.uploads.deleteAbandonedUploads({ olderThanSeconds: 0 });
      expect(await rows()).toEqual({ assets: before.assets, sessions: 0 });
      expect(await filesUnder(t.config.mediaDir)).toEqual(media);
      expect(await filesUnder(t.config.uploadsDir)).toEqual([]);
      // The abandoned upload cannot be continued.
      const { start, end } = chunkRange(size, 3, 2);
      const late = await postUpload(t.app, {
        resourceType: 'video',
        fields: signed,
        file: sliceFile(video, start, end),
        chunk: { start, end, total: size, uploadId: 'never-finished' },
      });
      expect(late.statusCode).toBe(404);
      expect(await rows()).toEqual({ assets: before.assets, sessions: 0 });
    });

    it('refuses a chunk whose range does not match its size, or a changed total (400)', async () => {
      const signed = await signUpload(t.app, alice, 'videos');
      const size = video.data.length;
      const { start, end } = chunkRange(size, 3, 0);
      const wrongSize = await postUpload(t.app, {
        resourceType: 'video',
        fields: signed,
        file: sliceFile(video, start, end - 10),
        chunk: { start, end, total: size, uploadId: 'bad-range' },
      });
      expect(wrongSize.statusCode).toBe(400);
      const ok = await postUpload(t.app, {
        resourceType: 'video',
        fields: signed,
        file: sliceFile(video, start, end),
        chunk: { start, end, total: size, uploadId: 'bad-range' },
      });
      expect(ok.statusCode).toBe(200);
      const changed = await postUpload(t.app, {
        resourceType: 'video',
        fields: signed,
        file: sliceFile(video, end + 1, end + 100),
        chunk: { start: end + 1, end: end + 100, total: size + 1, uploadId: 'bad-range' },
      });
      expect(changed.statusCode).toBe(400);
      await t.services.uploads.deleteAbandonedUploads({ olderThanSeconds: 0 });
    });
  });
});
