import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  assertSafeKey,
  assertSafePrefix,
  contentTypeOf,
  isGrowingPlaylistKey,
  isSafeKey,
  type ByteRange,
  type ObjectInfo,
  type Storage,
  type StoredObject,
} from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, R2, Ceph, ...); unset for AWS S3 itself. */
  endpoint?: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO needs it). */
  forcePathStyle?: boolean;
  /** Both or neither; without them the SDK's default chain (env, profile, IAM role) applies. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /**
   * Where browsers fetch objects directly (a CDN or a public bucket), pointing at the bucket's
   * root: an object's URL is `${publicBaseUrl}/${prefix}/${key}`. Unset: objects are streamed
   * by Kinora's own /media/ route.
   */
  publicBaseUrl?: string;
  /** A folder inside the bucket that holds every object, e.g. `kinora`. */
  prefix?: string;
}

/**
 * Every key is unique to one upload (see media-routes.ts), so objects served straight from the
 * bucket or a CDN get the same long-lived caching as the /media/ route gives them.
 */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';
/**
 * Except a growing playlist (`event.m3u8`, decision 0054), stored again at the same key with
 * every segment: a bucket or CDN that serves it must ask again each time.
 */
const GROWING_CACHE_CONTROL = 'public, no-cache';

/** Media stored in an S3-compatible bucket (the scale-out profile). */
/** How many signed addresses a process keeps for reuse (a few MB at most). */
const signedKept = 10_000;

export class S3Storage implements Storage {
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly publicBaseUrl: string | undefined;
  /**
   * Addresses signed for reading, by lifetime and key, each reused while more than half its
   * life is left: signing costs more CPU than the rest of a media request (issue 23), and a
   * popular segment is asked for by every viewer. The oldest go first past `signedKept`.
   */
  private readonly signed = new Map<string, { url: URL; renewAt: number }>();

  constructor(options: S3StorageOptions) {
    if (!options.bucket) throw new Error('S3Storage: a bucket is required');
    if (!options.region) throw new Error('S3Storage: a region is required');
    if (Boolean(options.accessKeyId) !== Boolean(options.secretAccessKey)) {
      throw new Error('S3Storage: give both accessKeyId and secretAccessKey, or neither');
    }
    this.bucket = options.bucket;
    const prefix = (options.prefix ?? '').replace(/^\/+|\/+$/g, '');
    if (prefix) assertSafeKey(prefix);
    this.prefix = prefix ? `${prefix}/` : '';
    this.publicBaseUrl = options.publicBaseUrl?.replace(/\/+$/, '') || undefined;

    const config: S3ClientConfig = {
      region: options.region,
      forcePathStyle: options.forcePathStyle ?? false,
    };
    if (options.endpoint) {
      config.endpoint = options.endpoint;
      // S3-compatible servers often lag behind AWS's default integrity checksums (SDK >= 3.729):
      // some reject the headers, some store the aws-chunked framing as if it were the content.
      // Send and check checksums only where the operation requires them.
      config.requestChecksumCalculation = 'WHEN_REQUIRED';
      config.responseChecksumValidation = 'WHEN_REQUIRED';
    }
    if (options.accessKeyId && options.secretAccessKey) {
      config.credentials = {
        accessKeyId: options.accessKeyId,
        secretAccessKey: options.secretAccessKey,
      };
    }
    this.client = new S3Client(config);
  }

  /** The object's key in the bucket. */
  private objectKey(key: string): string {
    assertSafeKey(key);
    return this.prefix + key;
  }

  async put(key: string, data: Buffer | Readable, contentType: string): Promise<void> {
    const Key = this.objectKey(key);
    // Upload sends one PutObject when the data fits in one part (5 MiB), otherwise a multipart
    // upload with a few parts in flight; a stream's length need not be known.
    try {
      const upload = new Upload({
        client: this.client,
        params: {
          Bucket: this.bucket,
          Key,
          Body: data,
          ContentType: contentType || contentTypeOf(key),
          CacheControl: isGrowingPlaylistKey(key) ? GROWING_CACHE_CONTROL : CACHE_CONTROL,
        },
      });
      await upload.done();
    } catch (error) {
      // Release the source (an open file, a request body) that the failed upload left unread.
      if (!Buffer.isBuffer(data)) data.destroy();
      throw error;
    }
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    const Key = this.objectKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key }));
      return {
        size: head.ContentLength ?? 0,
        contentType: head.ContentType || contentTypeOf(key),
        lastModified: head.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const Key = this.objectKey(key);
    if (range && !isValidRange(range)) {
      throw new RangeError(`Invalid byte range ${range.start}-${range.end}`);
    }
    const out = await this.client.send(
      new GetObjectCommand({
        Bucket: this.bucket,
        Key,
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    if (!(out.Body instanceof Readable)) {
      throw new Error('S3Storage: the response body is not a Node stream');
    }
    return range ? exactRange(out.Body, range, out.ContentRange, out.ContentLength) : out.Body;
  }

  async delete(key: string): Promise<void> {
    const Key = this.objectKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key }));
    } catch (error) {
      // S3 answers 204 for a missing key; some compatible servers answer 404.
      if (!isNotFound(error)) throw error;
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertSafePrefix(prefix);
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: this.prefix + prefix,
          ContinuationToken: token,
        }),
      );
      // One by one: DeleteObjects needs checksums that some compatible servers lack.
      for (const object of page.Contents ?? []) {
        if (object.Key)
          await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: object.Key }));
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async *list(): AsyncGenerator<StoredObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: this.prefix || undefined,
          ContinuationToken: token,
        }),
      );
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(this.prefix.length);
        if (key && isSafeKey(key)) yield { key, size: object.Size ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  close(): void {
    this.destroy();
  }

  /** The bucket answers to these credentials (readiness; a missing bucket stops a start). */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : null;
      throw new Error(
        status === 404
          ? `S3_BUCKET: the bucket "${this.bucket}" does not exist`
          : status === 403
            ? `S3_ACCESS_KEY_ID: no access to the bucket "${this.bucket}"`
            : `S3_ENDPOINT: the storage does not answer (${(error as Error).message})`,
        { cause: error },
      );
    }
  }

  /**
   * A signed address for reading the object for a few minutes, the way a proxy in front fetches
   * it (X-Accel-Redirect, see media-routes.ts): the bytes go from the bucket to the proxy,
   * never through this process.
   */
  async signedGetUrl(key: string, expiresInSeconds = 300): Promise<URL> {
    const id = `${expiresInSeconds}:${key}`;
    const now = Date.now();
    const kept = this.signed.get(id);
    if (kept && kept.renewAt > now) return new URL(kept.url);
    const url = new URL(
      await getSignedUrl(
        this.client,
        new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
        { expiresIn: expiresInSeconds },
      ),
    );
    this.signed.delete(id);
    if (this.signed.size >= signedKept) this.signed.delete(this.signed.keys().next().value!);
    this.signed.set(id, { url, renewAt: now + expiresInSeconds * 500 });
    return new URL(url);
  }

  publicUrl(key: string): string {
    const objectKey = this.objectKey(key);
    return this.publicBaseUrl ? `${this.publicBaseUrl}/${objectKey}` : `/media/${key}`;
  }

  publicUrlPrefix(): string {
    return this.publicBaseUrl ? `${this.publicBaseUrl}/${this.prefix}` : '/media/';
  }

  /** Closes the client's pooled connections; call on shutdown. */
  destroy(): void {
    this.client.destroy();
  }
}

function isValidRange({ start, end }: ByteRange): boolean {
  return Number.isSafeInteger(start) && Number.isSafeInteger(end) && start >= 0 && end >= start;
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NotFound' ||
      error.name === 'NoSuchKey' ||
      error.$metadata.httpStatusCode === 404)
  );
}

/**
 * The body holding exactly the requested bytes. Servers may clamp a range's end to the object's
 * size, which is fine, but some S3-compatible servers answer a different range than asked (s3rver
 * answers `bytes=0-0` with the whole object); the media route has already promised a
 * Content-Length, so cut the body down to the range rather than send bytes it did not announce.
 */
function exactRange(
  body: Readable,
  range: ByteRange,
  contentRange: string | undefined,
  contentLength: number | undefined,
): Readable {
  const match = /^bytes (\d+)-(\d+)\//.exec(contentRange ?? '');
  // Without a Content-Range the server sent the whole object.
  const sentStart = match ? Number(match[1]) : 0;
  const sentEnd = match ? Number(match[2]) : (contentLength ?? Infinity) - 1;
  if (sentStart === range.start && sentEnd <= range.end) return body;
  if (sentStart > range.start) {
    body.destroy();
    throw new Error(`S3Storage: asked for bytes ${range.start}-, got ${contentRange ?? 'all'}`);
  }
  return Readable.from(slice(body, range.start - sentStart, range.end - range.start + 1), {
    objectMode: false,
  });
}

async function* slice(source: Readable, skip: number, limit: number): AsyncGenerator<Buffer> {
  let toSkip = skip;
  let left = limit;
  // Leaving the loop early (enough bytes, or the reader gave up) destroys the source.
  for await (const chunk of source as AsyncIterable<Buffer>) {
    let part = chunk;
    if (toSkip > 0) {
      const dropped = Math.min(toSkip, part.length);
      part = part.subarray(dropped);
      toSkip -= dropped;
    }
    if (part.length === 0) continue;
    if (part.length >= left) {
      yield part.subarray(0, left);
      return;
    }
    left -= part.length;
    yield part;
  }
}
