import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, truncate } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { UploadFolder } from '@kinora/contract';
import {
  signatureHash,
  userIdOfApiKey,
  type UploadSigner,
} from '../../platform/auth/upload-signatures';
import { uniqueViolation } from '../../platform/db/errors';
import { AppError, badRequest, payloadTooLarge } from '../../platform/http/errors';
import { processImage } from '../../platform/media/images';
import type { Storage } from '../../platform/storage/storage';
import type { MediaAssetRow, UploadSessionRow, UploadsRepository } from './uploads.repository';

export type ResourceType = 'image' | 'video';

/** What the server learns about a video file from its own probe. */
export interface VideoFacts {
  durationSeconds: number;
  width: number;
  height: number;
  formatName: string;
  videoCodec: string;
}
export type VideoProber = (filePath: string) => Promise<VideoFacts>;

export interface UploadLimits {
  videoMaxBytes: number;
  imageMaxBytes: number;
}

export interface SignedFields {
  apiKey: string;
  timestamp: number;
  signature: string;
  folder: UploadFolder;
}

/** One piece of a chunked upload, from the Content-Range and X-Unique-Upload-Id headers. */
export interface ChunkInfo {
  uploadId: string;
  start: number;
  end: number;
  total: number;
}

/**
 * A file that came before its signed fields, from a signed-in person (a client written for the
 * hosted provider appends the file first). It waits aside until the fields arrive, which must
 * then be signed for that same person.
 */
export interface EarlyFile {
  /** The signed-in person who sent it. */
  readonly userId: string;
  /** `<id>.incoming` in the uploads folder. */
  readonly path: string;
  readonly bytes: number;
  /** When the upload started: the signature's age is measured at that moment. */
  readonly startedAt: Date;
}

export type UploadOutcome =
  | { done: false; uploadId: string; receivedBytes: number; totalBytes: number }
  | { done: true; asset: MediaAssetRow };

const kindOfFolder: Record<UploadFolder, ResourceType> = { videos: 'video', thumbnails: 'image' };

/**
 * The largest chunk of a resumable upload. Our web client sends 8 MB chunks; the bound keeps a
 * single request's work (and a lost chunk's cost) small whatever a client asks.
 */
export const chunkMaxBytes = 64 * 1024 * 1024;

/**
 * Passes bytes through, dropping the first `skip` (a resent chunk overlapping what arrived),
 * counting what passed, and failing with `tooMany` as soon as more than `max` bytes came in:
 * the upload stops there, without reading the rest of the body.
 */
function meteredBytes(options: { skip: number; max: number; tooMany: () => Error }) {
  let seen = 0;
  const meter = new Transform({
    transform(data: Buffer, _encoding, done) {
      const from = seen;
      seen += data.length;
      if (seen > options.max) return done(options.tooMany());
      const keepFrom = Math.max(0, options.skip - from);
      done(null, keepFrom >= data.length ? undefined : data.subarray(keepFrom));
    },
  });
  return { meter, bytesSeen: () => seen };
}

/** Container names from ffprobe mapped to the extension the original is stored under. */
function extensionOf(facts: VideoFacts): string {
  if (facts.formatName.includes('mp4') || facts.formatName.includes('mov')) return 'mp4';
  if (facts.formatName.includes('webm') || facts.formatName.includes('matroska')) {
    return ['vp8', 'vp9', 'av1'].includes(facts.videoCodec) ? 'webm' : 'mkv';
  }
  return facts.formatName.split(',')[0]?.replace(/[^a-z0-9]/g, '') || 'bin';
}

const mimeOfExtension: Record<string, string> = {
  mp4: 'video/mp4',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
};

export class UploadsService {
  /** Chunks of one upload are applied one at a time. */
  private readonly sessionLocks = new Map<string, Promise<unknown>>();
  /** Files of the uploads dir that a request of this process is writing or reading now. */
  private readonly filesInUse = new Set<string>();

  constructor(
    private readonly repo: UploadsRepository,
    private readonly storage: Storage,
    private readonly signer: UploadSigner,
    private readonly probeVideo: VideoProber,
    uploadsDir: string,
    readonly limits: UploadLimits,
  ) {
    this.uploadsDir = path.resolve(uploadsDir);
  }
  /** Temporary files of uploads in progress: `<id>.incoming` (whole), `<session>.part` (chunked). */
  readonly uploadsDir: string;

  signUpload({ userId, folder }: { userId: string; folder: UploadFolder }) {
    return { ...this.signer.sign({ userId, folder }), folder };
  }

  maxBytesFor(kind: ResourceType): number {
    return kind === 'video' ? this.limits.videoMaxBytes : this.limits.imageMaxBytes;
  }

  /**
   * The largest file an endpoint takes in any of its folders: what bounds a file that comes
   * before the fields naming its folder ('auto' takes either kind).
   */
  private largestFor(resourceType: ResourceType | 'auto'): number {
    const kinds: ResourceType[] = resourceType === 'auto' ? ['video', 'image'] : [resourceType];
    return Math.max(...kinds.map((kind) => this.maxBytesFor(kind)));
  }

  /** True while a request of this process uses the file (the crash-leftover cleanup asks). */
  isFileInUse(filePath: string): boolean {
    return this.filesInUse.has(path.resolve(filePath));
  }

  private tempPathFor(name: string): string {
    return path.join(this.uploadsDir, `${name}.incoming`);
  }

  private partPathOf(sessionId: string): string {
    return path.join(this.uploadsDir, `${sessionId}.part`);
  }

  /**
   * Checks the signed fields, before any byte of the file is read, and answers the user they
   * name. Refuses a file for the other kind's endpoint (400) and a signature this server did
   * not make for exactly these fields (401).
   */
  authenticate(input: { resourceType: ResourceType; fields: SignedFields }): { userId: string } {
    const kind = kindOfFolder[input.fields.folder];
    if (input.resourceType !== kind) {
      throw badRequest(
        `Files for the ${input.fields.folder} folder go to the ${kind} upload endpoint`,
        [{ field: 'folder', message: `The ${input.fields.folder} folder takes ${kind} files` }],
      );
    }
    const userId = userIdOfApiKey(input.fields.apiKey);
    if (!this.signer.isAuthentic(input.fields) || !/^[0-9a-f-]{36}$/.test(userId)) {
      throw new AppError('UNAUTHENTICATED', 'Invalid upload signature');
    }
    return { userId };
  }

  /**
   * Takes one request's worth of an upload (the whole file, or one chunk of it) as the stream
   * of its bytes. Every check that does not need the bytes comes first; the bytes then go
   * straight to disk, never whole into memory, and the stream stops as soon as it passes the
   * limit of the signature's folder (or the chunk bound). A refused upload leaves nothing.
   */
  async receiveUpload(input: {
    resourceType: ResourceType;
    fields: SignedFields;
    file: Readable;
    chunk: ChunkInfo | null;
  }): Promise<UploadOutcome> {
    const { userId } = this.authenticate(input);
    const kind = kindOfFolder[input.fields.folder];
    if (!input.chunk) return this.receiveWhole(kind, userId, input.fields, input.file);
    return this.receiveChunk(kind, userId, input.fields, input.file, input.chunk, new Date());
  }

  /**
   * Writes aside a file that came before its signed fields, for the signed-in person who sent
   * it (the route has checked the session and taken that person's upload slot). Until the
   * folder is known it is bounded by the largest limit of the endpoint's folders (413 as soon
   * as it passes it); a chunk is bounded by its Content-Range, checked before reading.
   * Whatever happens next, `discardEarlyFile` removes it.
   */
  async receiveEarlyFile(input: {
    userId: string;
    resourceType: ResourceType | 'auto';
    file: Readable;
    chunk: ChunkInfo | null;
  }): Promise<EarlyFile> {
    const startedAt = new Date();
    const largest = this.largestFor(input.resourceType);
    let bound = { max: largest, tooMany: () => tooLarge(largest) };
    if (input.chunk) {
      const length = assertChunkSize(input.chunk);
      if (input.chunk.total > largest) throw tooLarge(largest);
      bound = { max: length, tooMany: rangeMismatch };
    }
    const aside = await this.writeAside(input.file, bound);
    return { userId: input.userId, ...aside, startedAt };
  }

  /**
   * Finishes an upload whose file came first, once its signed fields have arrived: they must
   * be authentic (401) and signed for the person who sent the file (403), and the file within
   * the limit of their folder (413). The file is then taken as if it had come after them.
   */
  async completeEarlyUpload(input: {
    resourceType: ResourceType;
    fields: SignedFields;
    early: EarlyFile;
    chunk: ChunkInfo | null;
  }): Promise<UploadOutcome> {
    const { userId } = this.authenticate(input);
    const { early, fields } = input;
    if (userId !== early.userId) {
      throw new AppError('FORBIDDEN', 'This upload signature belongs to another account');
    }
    const kind = kindOfFolder[fields.folder];
    if (input.chunk) {
      return this.receiveChunk(
        kind,
        userId,
        fields,
        createReadStream(early.path),
        input.chunk,
        early.startedAt,
      );
    }
    const maxBytes = this.maxBytesFor(kind);
    if (early.bytes > maxBytes) throw tooLarge(maxBytes);
    this.assertFresh(fields, early.startedAt);
    if (await this.repo.isSignatureUsed(signatureHash(fields.signature))) throw signatureUsed();
    return this.storeWhole(kind, userId, fields, early);
  }

  /** Removes an early file (a no-op once the upload it belonged to has taken it). */
  async discardEarlyFile(early: EarlyFile): Promise<void> {
    await this.discardAside(early.path);
  }

  /** One chunk of a resumable upload, streamed into its session's part file. */
  private async receiveChunk(
    kind: ResourceType,
    userId: string,
    fields: SignedFields,
    file: Readable,
    chunk: ChunkInfo,
    startedAt: Date,
  ): Promise<UploadOutcome> {
    assertChunkSize(chunk);
    const { session, created } = await this.openChunkedSession(
      kind,
      userId,
      fields,
      chunk,
      startedAt,
    );
    try {
      return await this.withSessionLock(session.id, async () => {
        // Re-read under the lock: another request may have moved it on meanwhile.
        const current = (await this.repo.findSession(userId, chunk.uploadId)) ?? session;
        return this.applyChunk(current, file, chunk);
      });
    } catch (error) {
      // A first chunk that failed leaves no session behind to expire later.
      if (created) await this.discardSessionIfEmpty(session);
      throw error;
    }
  }

  /** A whole file in one request: it is written aside, then checked and stored. */
  private async receiveWhole(
    kind: ResourceType,
    userId: string,
    fields: SignedFields,
    file: Readable,
  ): Promise<UploadOutcome> {
    this.assertFresh(fields);
    if (await this.repo.isSignatureUsed(signatureHash(fields.signature))) throw signatureUsed();
    const maxBytes = this.maxBytesFor(kind);
    const aside = await this.writeAside(file, { max: maxBytes, tooMany: () => tooLarge(maxBytes) });
    try {
      return await this.storeWhole(kind, userId, fields, aside);
    } finally {
      await this.discardAside(aside.path);
    }
  }

  /**
   * Streams a file to a new `<id>.incoming`, failing with `tooMany` (and keeping nothing) as
   * soon as more than `max` bytes came. The file stays in use until `discardAside`.
   */
  private async writeAside(
    file: Readable,
    bound: { max: number; tooMany: () => Error },
  ): Promise<{ path: string; bytes: number }> {
    await mkdir(this.uploadsDir, { recursive: true });
    const tempPath = this.tempPathFor(randomUUID());
    this.filesInUse.add(tempPath);
    const out = createWriteStream(tempPath);
    try {
      const { meter, bytesSeen } = meteredBytes({ skip: 0, ...bound });
      await pipeline(file, meter, out);
      return { path: tempPath, bytes: bytesSeen() };
    } catch (error) {
      // A file stream destroyed while its file was still being opened opens it afterwards:
      // wait for it to close, so what is removed next is really the last of it.
      if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
      await this.discardAside(tempPath);
      throw error;
    }
  }

  private async discardAside(tempPath: string): Promise<void> {
    await rm(tempPath, { force: true });
    this.filesInUse.delete(tempPath);
  }

  /** A whole file written aside becomes the upload's part file, then is checked and stored. */
  private async storeWhole(
    kind: ResourceType,
    userId: string,
    fields: SignedFields,
    aside: { path: string; bytes: number },
  ): Promise<UploadOutcome> {
    if (aside.bytes === 0) {
      throw badRequest('No file provided', [{ field: 'file', message: 'No file provided' }]);
    }
    const session = await this.createSession(kind, userId, fields, randomUUID(), aside.bytes);
    const partPath = this.partPathOf(session.id);
    this.filesInUse.add(partPath);
    try {
      await rename(aside.path, partPath);
      await this.repo.advanceSession(session.id, 0, aside.bytes);
      return { done: true, asset: await this.finalize(session, partPath) };
    } finally {
      this.filesInUse.delete(partPath);
    }
  }

  /** The session a chunk belongs to; the first chunk opens it. */
  private async openChunkedSession(
    kind: ResourceType,
    userId: string,
    fields: SignedFields,
    chunk: ChunkInfo,
    startedAt: Date,
  ): Promise<{ session: UploadSessionRow; created: boolean }> {
    const hash = signatureHash(fields.signature);
    const existing = await this.repo.findSession(userId, chunk.uploadId);
    if (existing) {
      if (existing.signatureHash !== hash) {
        throw new AppError('FORBIDDEN', 'This upload was started with another signature');
      }
      if (existing.totalBytes !== chunk.total) {
        throw badRequest('The total size changed during the upload');
      }
      return { session: existing, created: false };
    }
    if (chunk.start !== 0) {
      throw new AppError(
        'NOT_FOUND',
        'No upload in progress with this id; start again from the first byte',
      );
    }
    this.assertFresh(fields, startedAt);
    if (await this.repo.isSignatureUsed(hash)) throw signatureUsed();
    return {
      session: await this.createSession(kind, userId, fields, chunk.uploadId, chunk.total),
      created: true,
    };
  }

  /** Starting an upload (at `startedAt`, now by default): the signature must be fresh. */
  private assertFresh(fields: SignedFields, startedAt = new Date()): void {
    if (!this.signer.isFresh(fields.timestamp, startedAt)) {
      throw new AppError('UNAUTHENTICATED', 'The upload signature has expired; ask for a new one');
    }
  }

  private async discardSessionIfEmpty(session: UploadSessionRow): Promise<void> {
    const current = await this.repo.findSession(session.userId, session.clientUploadId);
    if (current && current.id === session.id && current.receivedBytes === 0) {
      await this.repo.deleteSession(session.id);
      await rm(this.partPathOf(session.id), { force: true });
    }
  }

  private async createSession(
    kind: ResourceType,
    userId: string,
    fields: SignedFields,
    clientUploadId: string,
    total: number,
  ): Promise<UploadSessionRow> {
    const maxBytes = this.maxBytesFor(kind);
    if (total > maxBytes) throw tooLarge(maxBytes);
    if (total === 0)
      throw badRequest('The file is empty', [{ field: 'file', message: 'No file provided' }]);
    const created = await this.repo
      .createSession({
        userId,
        clientUploadId,
        folder: fields.folder,
        kind,
        signatureHash: signatureHash(fields.signature),
        totalBytes: total,
      })
      .catch((error: unknown) => {
        // The api key names no user (a foreign key violation): the signature cannot be ours.
        if ((error as { cause?: { code?: string } }).cause?.code === '23503') {
          throw new AppError('UNAUTHENTICATED', 'Invalid upload signature');
        }
        throw error;
      });
    if (!created)
      throw new AppError('CONFLICT', 'This upload signature is already in use by another upload');
    return created;
  }

  /**
   * Writes one chunk into the session's part file at the position the server has reached,
   * streaming: the bytes a resent chunk repeats are skipped, and the received count moves on
   * only once the whole chunk is on disk.
   */
  private async applyChunk(
    session: UploadSessionRow,
    file: Readable,
    chunk: ChunkInfo,
  ): Promise<UploadOutcome> {
    const partPath = this.partPathOf(session.id);
    const received = session.receivedBytes;
    if (chunk.start > received) {
      throw new AppError('CONFLICT', `Chunk out of order: resume from byte ${received}`);
    }
    const length = chunk.end - chunk.start + 1;
    const skip = received - chunk.start;
    let next = received;
    this.filesInUse.add(partPath);
    try {
      if (skip < length) {
        await mkdir(this.uploadsDir, { recursive: true });
        const { meter, bytesSeen } = meteredBytes({ skip, max: length, tooMany: rangeMismatch });
        await pipeline(
          file,
          meter,
          createWriteStream(partPath, { flags: received === 0 ? 'w' : 'r+', start: received }),
        );
        if (bytesSeen() !== length) throw rangeMismatch();
        next = chunk.end + 1;
        if (!(await this.repo.advanceSession(session.id, received, next))) {
          throw new AppError('CONFLICT', 'Another request is writing this upload; retry the chunk');
        }
      } else {
        // Everything in this chunk arrived before: read it through, keep nothing.
        const { meter, bytesSeen } = meteredBytes({
          skip: length,
          max: length,
          tooMany: rangeMismatch,
        });
        await pipeline(file, meter);
        if (bytesSeen() !== length) throw rangeMismatch();
      }
      if (next < session.totalBytes) {
        return {
          done: false,
          uploadId: session.clientUploadId,
          receivedBytes: next,
          totalBytes: session.totalBytes,
        };
      }
      // A failed earlier attempt may have written past what was received.
      await truncate(partPath, session.totalBytes);
      return { done: true, asset: await this.finalize(session, partPath) };
    } finally {
      this.filesInUse.delete(partPath);
    }
  }

  /** Checks the content, stores it, and records the asset. Anything refused leaves nothing behind. */
  private async finalize(session: UploadSessionRow, partPath: string): Promise<MediaAssetRow> {
    const assetId = randomUUID();
    let key: string | null = null;
    try {
      let facts: Pick<
        MediaAssetRow,
        'mimeType' | 'format' | 'bytes' | 'width' | 'height' | 'durationSeconds'
      >;
      if (session.kind === 'video') {
        const probe = await this.probeVideo(partPath);
        const ext = extensionOf(probe);
        key = `videos/${assetId}/original.${ext}`;
        await this.storage.put(
          key,
          createReadStream(partPath),
          mimeOfExtension[ext] ?? 'application/octet-stream',
        );
        facts = {
          mimeType: mimeOfExtension[ext] ?? 'application/octet-stream',
          format: ext,
          bytes: session.totalBytes,
          width: probe.width,
          height: probe.height,
          durationSeconds: probe.durationSeconds,
        };
      } else {
        const image = await processImage(await readFile(partPath), 'thumbnail', 'file');
        key = `thumbnails/${assetId}.webp`;
        await this.storage.put(key, image.data, image.contentType);
        facts = {
          mimeType: image.contentType,
          format: image.format,
          bytes: image.data.length,
          width: image.width,
          height: image.height,
          durationSeconds: null,
        };
      }
      return await this.repo.completeUpload(session.id, {
        id: assetId,
        publicId: `${session.folder}/${assetId}`,
        ownerId: session.userId,
        kind: session.kind,
        folder: session.folder,
        storageKey: key,
        signatureHash: session.signatureHash,
        ...facts,
      });
    } catch (error) {
      if (key) await this.storage.delete(key);
      await this.repo.deleteSession(session.id);
      if (uniqueViolation(error) === 'media_assets_signature_hash_key') {
        throw new AppError('CONFLICT', 'This upload signature was already used; ask for a new one');
      }
      throw error;
    } finally {
      await rm(partPath, { force: true });
    }
  }

  /** Removes uploads abandoned for longer than `olderThanSeconds`, with their partial files. */
  async deleteAbandonedUploads({
    olderThanSeconds,
  }: {
    olderThanSeconds: number;
  }): Promise<number> {
    const stale = await this.repo.staleSessions(new Date(Date.now() - olderThanSeconds * 1000));
    for (const session of stale) {
      if (this.filesInUse.has(this.partPathOf(session.id))) continue; // a chunk is arriving
      await rm(this.partPathOf(session.id), { force: true });
      await this.repo.deleteSession(session.id);
    }
    return stale.length;
  }

  async findOwnedAsset(input: {
    publicId: string;
    ownerId: string;
    kind: ResourceType;
  }): Promise<MediaAssetRow | null> {
    const asset = await this.repo.findAssetByPublicId(input.publicId);
    return asset && asset.ownerId === input.ownerId && asset.kind === input.kind ? asset : null;
  }

  private async withSessionLock<T>(sessionId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.sessionLocks.get(sessionId) ?? Promise.resolve();
    const current = previous.catch(() => undefined).then(work);
    this.sessionLocks.set(sessionId, current);
    try {
      return await current;
    } finally {
      if (this.sessionLocks.get(sessionId) === current) this.sessionLocks.delete(sessionId);
    }
  }
}

const signatureUsed = () =>
  new AppError('CONFLICT', 'This upload signature was already used; ask for a new one');
const tooLarge = (maxBytes: number) =>
  payloadTooLarge(`The file is larger than the ${formatBytes(maxBytes)} limit`, 'file');
/** Refuses a chunk over the bound before reading it; answers its length. */
function assertChunkSize(chunk: ChunkInfo): number {
  const length = chunk.end - chunk.start + 1;
  if (length > chunkMaxBytes) {
    throw payloadTooLarge(`A chunk is at most ${formatBytes(chunkMaxBytes)}`, 'file');
  }
  return length;
}
const rangeMismatch = () => badRequest('Content-Range does not match the size of the chunk');

function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${+(bytes / 1024 ** 3).toFixed(1)} GB`;
  return `${+(bytes / 1024 ** 2).toFixed(1)} MB`;
}
