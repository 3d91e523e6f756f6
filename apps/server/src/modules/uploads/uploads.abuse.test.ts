import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { uploadSessions } from '../../platform/db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { cookieHeader, registerUser, type RegisteredUser } from '../../../test/factories';
import {
  clip,
  eventually,
  filesUnder,
  postUpload,
  signUpload,
  type UploadFields,
} from '../../../test/media-factories';
import { multipart } from '../../../test/multipart';
import { uploadConcurrency } from './upload-slots';
import { chunkMaxBytes } from './upload-limits';

// Audit defects a (a stranger could fill the disk before the signature was checked) and l (a
// chunk was read whole into memory; abandoned sessions), through the real HTTP server.

let t: TestApp;
let origin: string;
let alice: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_VIDEO_BYTES: String(512 * 1024 * 1024) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  alice = await registerUser(t.app);
});
afterAll(async () => {
  await t.close();
});
// A failed test leaves no upload behind to disturb the next one's measures.
afterEach(async () => {
  await t.services.uploads.deleteAbandonedUploads({ olderThanSeconds: 0 });
});

const boundary = 'kinoraTestBoundary';

/** The multipart text before the file's bytes: the given fields, then the file part's head. */
function bodyHead(fields: Record<string, string>, fileFirst = false): Buffer {
  const fieldText = Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`;
  return Buffer.from(fileFirst ? fileHead : fieldText + fileHead);
}

/** The multipart text after a file's bytes: the given fields, then the closing boundary. */
function bodyTail(fields: Record<string, string> = {}): Buffer {
  const fieldText = Object.entries(fields)
    .map(
      ([name, value]) =>
        `\r\n--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}`,
    )
    .join('');
  return Buffer.from(`${fieldText}\r\n--${boundary}--\r\n`);
}

const signedFields = (signed: UploadFields) => ({
  api_key: signed.apiKey,
  timestamp: String(signed.timestamp),
  signature: signed.signature,
  folder: signed.folder,
});

/** Bytes of every file in the uploads folder now. */
async function bytesOnDisk(): Promise<number> {
  let total = 0;
  for (const file of await filesUnder(t.config.uploadsDir)) {
    total += await stat(path.join(t.config.uploadsDir, file)).then(
      (s) => s.size,
      () => 0,
    );
  }
  return total;
}

interface StreamedAnswer {
  status: number;
  body: { code?: string; message?: string; done?: boolean };
  /** The Connection header of the answer. */
  connection: string | undefined;
  /** Bytes of the file the client had sent when the answer came. */
  sentFileBytes: number;
  /** The most the uploads folder held while the request ran. */
  peakBytesOnDisk: number;
}

/**
 * Posts `head`, then `fileBytes` bytes made on the fly (never held whole), then the closing
 * boundary, over a real socket with backpressure; stops sending once the server answers.
 */
async function streamUpload(input: {
  head: Buffer;
  fileBytes: number;
  /** What follows the file: the closing boundary by default. */
  tail?: Buffer;
  headers?: Record<string, string>;
  resourceType?: 'video' | 'image';
}): Promise<StreamedAnswer> {
  const block = randomBytes(1024 * 1024);
  let sent = 0;
  let answered = false;
  let peakBytesOnDisk = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peakBytesOnDisk = Math.max(peakBytesOnDisk, await bytesOnDisk());
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const tail = input.tail ?? bodyTail();
  const answer = await new Promise<{ status: number; text: string; connection?: string }>(
    (resolve, reject) => {
      const request = http.request(
        `${origin}/v1_1/kinora/${input.resourceType ?? 'video'}/upload`,
        {
          method: 'POST',
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(input.head.length + input.fileBytes + tail.length),
            ...input.headers,
          },
        },
      );
      request.on('response', (response) => {
        answered = true;
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (s: string) => (text += s));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            text,
            connection: response.headers.connection,
          }),
        );
        response.on('error', reject);
      });
      // The server may close the connection under a body it refused: that is the point.
      request.on('error', () => undefined);
      const write = () => {
        while (!answered && sent < input.fileBytes) {
          const size = Math.min(block.length, input.fileBytes - sent);
          sent += size;
          if (!request.write(size === block.length ? block : block.subarray(0, size))) {
            request.once('drain', write);
            return;
          }
        }
        if (!answered) request.end(tail);
      };
      request.write(input.head);
      write();
    },
  );
  sampling = false;
  await sampler;
  return {
    status: answer.status,
    body: JSON.parse(answer.text) as StreamedAnswer['body'],
    connection: answer.connection,
    sentFileBytes: sent,
    peakBytesOnDisk,
  };
}

const MB = 1024 * 1024;

describe('a chunk streams to disk (l)', () => {
  // First in the file, so the process's memory is not yet shaped by other tests.
  it('writes a chunk of the largest size to disk while it arrives, never holding it whole', async () => {
    const signed = await signUpload(t.app, alice, 'videos');
    const size = chunkMaxBytes;
    const heldBack = 1024 * 1024;
    const head = bodyHead(signedFields(signed));
    const tail = bodyTail();
    const request = http.request(`${origin}/v1_1/kinora/video/upload`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + size + tail.length),
        'content-range': `bytes 0-${size - 1}/${2 * size}`,
        'x-unique-upload-id': 'streamed-chunk',
      },
    });
    const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
      request.on('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (piece: string) => (text += piece));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        response.on('error', reject);
      });
      request.on('error', reject);
    });
    request.write(head);
    const block = randomBytes(1024 * 1024);
    for (let sent = 0; sent < size - heldBack; sent += block.length) {
      if (!request.write(block)) await new Promise((resolve) => request.once('drain', resolve));
    }
    // The last megabyte is still with the client: a server that read the chunk whole before
    // writing it (it grew the process by 90 MB for 60 MB) would have nothing on disk yet.
    await eventually(
      async () => ((await bytesOnDisk()) >= size - heldBack - 8 * MB ? true : undefined),
      { timeoutMs: 30_000, intervalMs: 20, what: 'the chunk to reach the disk before it ends' },
    );
    request.end(Buffer.concat([block.subarray(0, heldBack), tail]));
    const answer = await answered;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({ done: false });
    expect(await bytesOnDisk()).toBeGreaterThanOrEqual(size);
  });

  it(`refuses a chunk over ${chunkMaxBytes / MB} MB (413) before reading it`, async () => {
    const signed = await signUpload(t.app, alice, 'videos');
    const size = chunkMaxBytes + 1;
    const answer = await streamUpload({
      head: bodyHead(signedFields(signed)),
      fileBytes: size,
      headers: {
        'content-range': `bytes 0-${size - 1}/${size * 2}`,
        'x-unique-upload-id': 'too-big-chunk',
      },
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(answer.sentFileBytes).toBeLessThan(size);
    expect(answer.peakBytesOnDisk).toBe(0);
    expect(await filesUnder(t.config.uploadsDir)).toEqual([]);
  });

  it('expires sessions untouched for longer than the given age, with their partial files', async () => {
    const video = await clip();
    const send = async (uploadId: string) => {
      const res = await postUpload(t.app, {
        resourceType: 'video',
        fields: await signUpload(t.app, alice, 'videos'),
        file: { ...video, data: video.data.subarray(0, 1000) },
        chunk: { start: 0, end: 999, total: video.data.length, uploadId },
      });
      expect(res.json()).toMatchObject({ done: false });
    };
    await send('abandoned');
    await send('in-progress');
    // The first was last touched 25 hours ago.
    await t.database.db
      .update(uploadSessions)
      .set({ updatedAt: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(eq(uploadSessions.clientUploadId, 'abandoned'));
    expect(await filesUnder(t.config.uploadsDir)).toHaveLength(2);

    expect(await t.services.uploads.deleteAbandonedUploads({ olderThanSeconds: 24 * 3600 })).toBe(
      1,
    );
    const left = await t.database.db
      .select({ id: uploadSessions.id, clientUploadId: uploadSessions.clientUploadId })
      .from(uploadSessions);
    expect(left.map((s) => s.clientUploadId)).toEqual(['in-progress']);
    expect(await filesUnder(t.config.uploadsDir)).toEqual([`${left[0]!.id}.part`]);
  });
});

describe('the signature is checked before the file is read (a)', () => {
  it('refuses a 300 MB body with a bad signature, writing nothing and reading little', async () => {
    const signed = await signUpload(t.app, alice, 'videos');
    const size = 300 * MB;
    const answer = await streamUpload({
      head: bodyHead({ ...signedFields(signed), signature: 'f'.repeat(64) }),
      fileBytes: size,
    });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(answer.connection).toBe('close');
    expect(answer.peakBytesOnDisk).toBe(0);
    // The answer came long before the body was through (socket buffers hold a few MB).
    expect(answer.sentFileBytes).toBeLessThan(size / 4);
    expect(await filesUnder(t.config.uploadsDir)).toEqual([]);
  });

  it('refuses a file part before the signed fields from anyone, signed in or not (400), writing nothing (h)', async () => {
    const signed = await signUpload(t.app, alice, 'videos');
    const forged = { ...signedFields(signed), signature: 'f'.repeat(64) };
    const size = 300 * MB;
    // No credentials, a token that is not valid, then Alice's own session, by bearer token and
    // by cookie: her file before a forged signature (issue 20, defect h) or her real one.
    const credentials: Record<string, string>[] = [
      {},
      { authorization: 'Bearer not-a-token' },
      alice.auth,
      { cookie: cookieHeader(alice.cookies), origin: t.config.corsOrigins[0]! },
    ];
    for (const [headers, fields] of credentials.flatMap((c) => [
      [c, forged] as const,
      [c, signedFields(signed)] as const,
    ])) {
      const answer = await streamUpload({
        head: bodyHead({}, true),
        fileBytes: size,
        tail: bodyTail(fields),
        headers,
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        success: false,
        code: 'VALIDATION_FAILED',
        message: expect.stringMatching(
          /^Send api_key, timestamp, signature and folder before the file \(missing:/,
        ),
      });
      expect(answer.connection).toBe('close');
      expect(answer.peakBytesOnDisk).toBe(0);
      expect(answer.sentFileBytes).toBeLessThan(size / 4);
      expect(await filesUnder(t.config.uploadsDir)).toEqual([]);
    }
    // The same fields before the file: accepted (the signature was not used up), so the order
    // was what was refused.
    const ok = await postUpload(t.app, {
      resourceType: 'video',
      fields: signed,
      file: await clip(),
    });
    expect(ok.statusCode).toBe(200);
  });

  it("stops a stream as soon as it passes the signature's folder limit (413), keeping nothing", async () => {
    const small = await createTestApp({ UPLOAD_MAX_IMAGE_BYTES: String(MB) });
    try {
      const user = await registerUser(small.app);
      const signed = await signUpload(small.app, user, 'thumbnails');
      const res = await small.app.inject({
        method: 'POST',
        url: '/v1_1/kinora/image/upload',
        ...multipart({
          ...signedFields(signed),
          file: { filename: 'x.png', contentType: 'image/png', data: Buffer.alloc(MB + 1) },
        }),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: /1 MB limit/ });
      expect(await filesUnder(small.config.uploadsDir)).toEqual([]);
    } finally {
      await small.close();
    }
    // Over a real socket: the answer comes while the client is still sending.
    const signed = await signUpload(t.app, alice, 'thumbnails');
    const size = 200 * MB;
    const answer = await streamUpload({
      head: bodyHead(signedFields(signed)),
      fileBytes: size,
      resourceType: 'image',
    });
    expect(answer.status).toBe(413);
    expect(answer.sentFileBytes).toBeLessThan(size / 4);
    expect(answer.peakBytesOnDisk).toBeLessThanOrEqual(t.config.uploadLimits.imageMaxBytes);
    expect(await filesUnder(t.config.uploadsDir)).toEqual([]);
  });
});

describe('uploads in flight are bounded (a)', () => {
  /** Starts an upload whose body stays open after the file's first bytes; `finish` ends it. */
  async function holdUpload(user: RegisteredUser, remoteAddress: string) {
    const signed = await signUpload(t.app, user, 'videos');
    const body = new PassThrough();
    body.write(bodyHead(signedFields(signed)));
    body.write(Buffer.alloc(1000));
    const answer = t.app.inject({
      method: 'POST',
      url: '/v1_1/kinora/video/upload',
      remoteAddress,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    return {
      answer,
      finish: () => body.end(`\r\n--${boundary}--\r\n`),
    };
  }

  /** A whole, valid upload attempt: answers its status. */
  async function tryUpload(user: RegisteredUser, remoteAddress: string) {
    const signed = await signUpload(t.app, user, 'videos');
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1_1/kinora/video/upload',
      remoteAddress,
      ...multipart({ ...signedFields(signed), file: await clip() }),
    });
    return res;
  }

  const inFlight = async (count: number) =>
    eventually(
      async () => ((await filesUnder(t.config.uploadsDir)).length === count ? true : undefined),
      { what: `${count} uploads writing`, timeoutMs: 10_000 },
    );

  it(`at most ${uploadConcurrency.perUser} per user, whatever the address`, async () => {
    const bob = await registerUser(t.app);
    const held = [];
    for (let i = 0; i < uploadConcurrency.perUser; i++) {
      held.push(await holdUpload(bob, `10.0.1.${i + 1}`));
    }
    await inFlight(uploadConcurrency.perUser);
    const refused = await tryUpload(bob, '10.0.1.200');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(refused.headers['retry-after']).toBe('5');
    // Another user from the same address is not held back.
    expect((await tryUpload(alice, '10.0.1.200')).statusCode).toBe(200);

    for (const h of held) h.finish();
    // The held bodies were not videos: refused, and their slots freed.
    for (const h of held) expect((await h.answer).statusCode).toBe(415);
    expect((await tryUpload(bob, '10.0.1.200')).statusCode).toBe(200);
    expect(await filesUnder(t.config.uploadsDir)).toEqual([]);
  });

  it(`at most ${uploadConcurrency.perAddress} per address, before the body is read`, async () => {
    const users = await Promise.all(
      Array.from({ length: uploadConcurrency.perAddress / uploadConcurrency.perUser }, () =>
        registerUser(t.app),
      ),
    );
    const held = [];
    for (const user of users) {
      for (let i = 0; i < uploadConcurrency.perUser; i++) {
        held.push(await holdUpload(user, '10.0.2.1'));
      }
    }
    await inFlight(uploadConcurrency.perAddress);
    const refused = await tryUpload(await registerUser(t.app), '10.0.2.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await tryUpload(alice, '10.0.2.2')).statusCode).toBe(200);

    for (const h of held) h.finish();
    for (const h of held) expect((await h.answer).statusCode).toBe(415);
    expect((await tryUpload(alice, '10.0.2.1')).statusCode).toBe(200);
  });
});
