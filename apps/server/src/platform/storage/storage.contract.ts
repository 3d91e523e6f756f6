// Shared by the storage tests: the behaviour every Storage driver must have, and a local
// S3-compatible server (s3rver) to run the S3 driver against. Not a test file itself.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3StorageOptions } from './s3-storage';
import type { Storage } from './storage';

export interface StorageUnderTest {
  storage: Storage;
  /** Releases what makeStorage set up (temp folders, clients). */
  close(): Promise<void>;
}

/** Everything in `stream`, as one Buffer. */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer | string>) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/** A stream of unknown length over `data`, in chunks of `chunkSize` bytes. */
export function streamOf(data: Buffer, chunkSize = 64 * 1024): Readable {
  return Readable.from(
    (function* () {
      for (let i = 0; i < data.length; i += chunkSize) yield data.subarray(i, i + chunkSize);
    })(),
    { objectMode: false },
  );
}

/** A stream that sends `data` and then fails, like an upload whose client went away. */
export function failingStreamOf(data: Buffer): Readable {
  return Readable.from(
    (async function* () {
      yield* streamOf(data);
      throw new Error('client went away');
    })(),
    { objectMode: false },
  );
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** More than one 5 MiB part, so that the S3 driver takes the multipart path. */
export const BIG_SIZE = 11 * 1024 * 1024 + 7;
export const PART_SIZE = 5 * 1024 * 1024;

export const UNSAFE_KEYS = [
  '',
  '/etc/passwd',
  '../escape.mp4',
  'videos/../../escape.mp4',
  'videos/./clip.mp4',
  'videos//clip.mp4',
  'videos\\clip.mp4',
  'videos/clip name.mp4',
  'videos/clip.mp4?x=1',
];

/**
 * The behaviour every Storage driver shares. `makeStorage` runs once before the suite; keys are
 * unique per suite run, so a driver may share its backing store with other suites.
 */
export function describeStorageContract(
  name: string,
  makeStorage: () => Promise<StorageUnderTest>,
): void {
  describe(`Storage contract: ${name}`, () => {
    let under: StorageUnderTest | undefined;
    const storage = (): Storage => {
      if (!under) throw new Error('makeStorage did not run');
      return under.storage;
    };
    const run = randomBytes(4).toString('hex');
    const key = (rest: string) => `contract-${run}/${rest}`;
    const content = Buffer.from('0123456789abcdefghij');

    beforeAll(async () => {
      under = await makeStorage();
    });
    afterAll(async () => {
      await under?.close();
    });

    it('puts a Buffer and reads it back with its size and content type', async () => {
      const k = key('videos/clip.mp4');
      await storage().put(k, content, 'video/mp4');
      const info = await storage().stat(k);
      expect(info).toMatchObject({ size: content.length, contentType: 'video/mp4' });
      expect(info?.lastModified).toBeInstanceOf(Date);
      expect(Number.isNaN(info?.lastModified.getTime())).toBe(false);
      expect(await readAll(await storage().get(k))).toEqual(content);
    });

    it('puts a stream of unknown length', async () => {
      const k = key('avatars/a.webp');
      const data = randomBytes(200_000);
      await storage().put(k, streamOf(data, 7_000), 'image/webp');
      expect(await storage().stat(k)).toMatchObject({
        size: data.length,
        contentType: 'image/webp',
      });
      // Buffer.equals: a deep toEqual walks 200 000 elements one by one.
      expect((await readAll(await storage().get(k))).equals(data)).toBe(true);
    });

    it('stores an empty object', async () => {
      const k = key('captions/empty.vtt');
      await storage().put(k, Buffer.alloc(0), 'text/vtt');
      expect(await storage().stat(k)).toMatchObject({ size: 0, contentType: 'text/vtt' });
      expect((await readAll(await storage().get(k))).length).toBe(0);
    });

    it('replaces an object put again under the same key', async () => {
      const k = key('thumbs/t.jpg');
      await storage().put(k, Buffer.from('first version'), 'image/jpeg');
      await storage().put(k, Buffer.from('second'), 'image/jpeg');
      expect((await readAll(await storage().get(k))).toString()).toBe('second');
      expect((await storage().stat(k))?.size).toBe(6);
    });

    it('reads exact byte ranges', async () => {
      const k = key('videos/range.mp4');
      await storage().put(k, content, 'video/mp4');
      const range = async (start: number, end: number) =>
        (await readAll(await storage().get(k, { start, end }))).toString();
      expect(await range(5, 9)).toBe('56789');
      expect(await range(0, 0)).toBe('0');
      expect(await range(0, 1)).toBe('01');
      expect(await range(19, 19)).toBe('j');
      expect(await range(0, 19)).toBe(content.toString());
      // An end past the object is cut at its last byte, as HTTP ranges are.
      expect(await range(15, 100)).toBe('fghij');
    });

    it('answers null for stat and fails get for a missing key', async () => {
      const k = key('videos/missing.mp4');
      expect(await storage().stat(k)).toBeNull();
      // A driver may reject, or answer a stream that errors (local disk): both are failures.
      await expect((async () => readAll(await storage().get(k)))()).rejects.toThrow();
    });

    it('deletes, and deleting a missing key is not an error', async () => {
      const k = key('videos/gone.mp4');
      await storage().put(k, content, 'video/mp4');
      await storage().delete(k);
      expect(await storage().stat(k)).toBeNull();
      await expect(storage().delete(k)).resolves.toBeUndefined();
      await expect(storage().delete(key('never/was.mp4'))).resolves.toBeUndefined();
    });

    it('deletes every object under a prefix and nothing else', async () => {
      const base = key('videos/prefix-test');
      await storage().put(`${base}/hls/master.m3u8`, content, 'application/vnd.apple.mpegurl');
      await storage().put(`${base}/hls/360p/seg_1.m4s`, content, 'video/iso.segment');
      await storage().put(`${base}-sibling/keep.mp4`, content, 'video/mp4');
      await storage().deletePrefix(`${base}/`);
      expect(await storage().stat(`${base}/hls/master.m3u8`)).toBeNull();
      expect(await storage().stat(`${base}/hls/360p/seg_1.m4s`)).toBeNull();
      expect(await storage().stat(`${base}-sibling/keep.mp4`)).not.toBeNull();
      await expect(storage().deletePrefix(`${base}/`)).resolves.toBeUndefined();
      await expect(storage().deletePrefix('videos')).rejects.toThrow();
      await expect(storage().deletePrefix('../')).rejects.toThrow();
    });

    it('lists every object with its size', async () => {
      const base = key('videos/list-test');
      await storage().put(`${base}/hls/master.m3u8`, content, 'application/vnd.apple.mpegurl');
      await storage().put(`${base}/original.mp4`, Buffer.alloc(0), 'video/mp4');
      const listed = [];
      for await (const object of storage().list()) {
        if (object.key.startsWith(`${base}/`)) listed.push(object);
      }
      expect(listed.sort((x, y) => x.key.localeCompare(y.key))).toEqual([
        { key: `${base}/hls/master.m3u8`, size: content.length },
        { key: `${base}/original.mp4`, size: 0 },
      ]);
    });

    it('leaves no object behind when the source stream fails', async () => {
      const k = key('videos/broken.mp4');
      await expect(
        storage().put(k, failingStreamOf(randomBytes(100_000)), 'video/mp4'),
      ).rejects.toThrow();
      expect(await storage().stat(k)).toBeNull();
    });

    it('rejects unsafe keys in every operation', async () => {
      for (const bad of UNSAFE_KEYS) {
        await expect(storage().put(bad, content, 'video/mp4'), bad).rejects.toThrow(/Unsafe/);
        await expect(storage().stat(bad), bad).rejects.toThrow(/Unsafe/);
        await expect(storage().get(bad), bad).rejects.toThrow(/Unsafe/);
        await expect(storage().get(bad, { start: 0, end: 1 }), bad).rejects.toThrow(/Unsafe/);
        await expect(storage().delete(bad), bad).rejects.toThrow(/Unsafe/);
        expect(() => storage().publicUrl(bad), bad).toThrow(/Unsafe/);
      }
    });

    it('gives a public URL that ends with the key', () => {
      const k = key('avatars/u1.webp');
      const url = storage().publicUrl(k);
      expect(url.endsWith(`/${k}`)).toBe(true);
      expect(url.startsWith('/') || /^https?:\/\//.test(url)).toBe(true);
      // The database writes URLs as this prefix and the key (decision 0049).
      expect(storage().publicUrlPrefix() + k).toBe(url);
    });

    it('round-trips a stream larger than one 5 MiB part byte for byte', async () => {
      const k = key('videos/big.mp4');
      const data = randomBytes(BIG_SIZE);
      await storage().put(k, streamOf(data), 'video/mp4');
      expect(await storage().stat(k)).toMatchObject({ size: BIG_SIZE, contentType: 'video/mp4' });
      const back = await readAll(await storage().get(k));
      expect(back.length).toBe(BIG_SIZE);
      expect(sha256(back)).toBe(sha256(data));
      // A range across the first part boundary.
      const start = PART_SIZE - 10;
      const end = PART_SIZE + 9;
      const slice = await readAll(await storage().get(k, { start, end }));
      expect(slice.equals(data.subarray(start, end + 1))).toBe(true);
    });
  });
}

// --- s3rver -----------------------------------------------------------------------------------

/** The part of s3rver's API (an untyped CommonJS package) the tests use. */
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer?: Server;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  resetOnClose?: boolean;
}) => S3rverInstance;

export interface LocalS3 {
  /** Options for an S3Storage on this server (bucket already created). */
  options: S3StorageOptions;
  /** A raw client on the same server, to look at what the driver stored. */
  client: S3Client;
  /** `METHOD /path?query` of every request the server received. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * s3rver on a free port of 127.0.0.1, storing into a fresh temp folder, with `bucket` created
 * through the SDK. close() stops it, drops its connections and removes the folder.
 */
export async function startS3rver(bucket = 'kinora-test'): Promise<LocalS3> {
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;
  const directory = await mkdtemp(path.join(tmpdir(), 'kinora-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const requests: string[] = [];
  server.httpServer?.on('request', (req: { method?: string; url?: string }) => {
    requests.push(`${req.method} ${req.url}`);
  });
  const options: S3StorageOptions = {
    bucket,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } catch (error) {
    client.destroy();
    await server.close();
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  return {
    options,
    client,
    requests,
    async close() {
      client.destroy();
      const closing = server.close();
      server.httpServer?.closeAllConnections();
      await closing;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
