import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, truncate } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { signatureHash } from '../../platform/auth/upload-signatures';
import { AppError, badRequest } from '../../platform/http/errors';
import { meteredBytes, type UploadFiles } from './upload-files';
import type { UploadFinalizer } from './upload-finalizer';
import { assertChunkSize, rangeMismatch, tooLarge, type ChunkInfo } from './upload-limits';
import type { ResourceType, SignedFields, UploadSignatures } from './upload-signatures';
import type { MediaAssetRow, UploadSessionRow, UploadsRepository } from './uploads.repository';

export type UploadOutcome =
  | { done: false; uploadId: string; receivedBytes: number; totalBytes: number }
  | { done: true; asset: MediaAssetRow };

/**
 * Upload sessions (`upload_sessions`): what has arrived of one upload, so that a resumable
 * upload goes up chunk by chunk, in order, each chunk resent as often as needed. A whole file
 * is a session of one chunk. The session ends when the finalizer records its asset.
 */
export class UploadSessions {
  /** Chunks of one upload are applied one at a time. */
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(
    private readonly repo: UploadsRepository,
    private readonly signatures: UploadSignatures,
    private readonly files: UploadFiles,
    private readonly finalizer: UploadFinalizer,
    private readonly maxBytesFor: (kind: ResourceType) => number,
  ) {}

  /** One chunk of a resumable upload, streamed into its session's part file. */
  async receiveChunk(
    kind: ResourceType,
    userId: string,
    fields: SignedFields,
    file: Readable,
    chunk: ChunkInfo,
    startedAt: Date,
  ): Promise<UploadOutcome> {
    assertChunkSize(chunk);
    const { session, created } = await this.openChunked(kind, userId, fields, chunk, startedAt);
    try {
      return await this.withLock(session.id, async () => {
        // Re-read under the lock: another request may have moved it on meanwhile.
        const current = (await this.repo.findSession(userId, chunk.uploadId)) ?? session;
        return this.applyChunk(current, file, chunk);
      });
    } catch (error) {
      // A first chunk that failed leaves no session behind to expire later.
      if (created) await this.discardIfEmpty(session);
      throw error;
    }
  }

  /** A whole file written aside becomes the upload's part file, then is checked and stored. */
  async storeWhole(
    kind: ResourceType,
    userId: string,
    fields: SignedFields,
    aside: { path: string; bytes: number },
  ): Promise<UploadOutcome> {
    if (aside.bytes === 0) {
      throw badRequest('No file provided', [{ field: 'file', message: 'No file provided' }]);
    }
    const session = await this.create(kind, userId, fields, randomUUID(), aside.bytes);
    const partPath = this.files.partPathOf(session.id);
    return this.files.using(partPath, async () => {
      await rename(aside.path, partPath);
      await this.repo.advanceSession(session.id, 0, aside.bytes);
      return { done: true, asset: await this.finalizer.finalize(session, partPath) };
    });
  }

  /** Removes uploads abandoned for longer than `olderThanSeconds`, with their partial files. */
  async deleteAbandoned({ olderThanSeconds }: { olderThanSeconds: number }): Promise<number> {
    const stale = await this.repo.staleSessions(new Date(Date.now() - olderThanSeconds * 1000));
    for (const session of stale) {
      const partPath = this.files.partPathOf(session.id);
      if (this.files.isInUse(partPath)) continue; // a chunk is arriving
      await rm(partPath, { force: true });
      await this.repo.deleteSession(session.id);
    }
    return stale.length;
  }

  /** The session a chunk belongs to; the first chunk opens it. */
  private async openChunked(
    kind: ResourceType,
    userId: string,
    fields: SignedFields,
    chunk: ChunkInfo,
    startedAt: Date,
  ): Promise<{ session: UploadSessionRow; created: boolean }> {
    const existing = await this.repo.findSession(userId, chunk.uploadId);
    if (existing) {
      if (existing.signatureHash !== signatureHash(fields.signature)) {
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
    this.signatures.assertFresh(fields, startedAt);
    await this.signatures.assertUnused(fields);
    return {
      session: await this.create(kind, userId, fields, chunk.uploadId, chunk.total),
      created: true,
    };
  }

  private async discardIfEmpty(session: UploadSessionRow): Promise<void> {
    const current = await this.repo.findSession(session.userId, session.clientUploadId);
    if (current && current.id === session.id && current.receivedBytes === 0) {
      await this.repo.deleteSession(session.id);
      await rm(this.files.partPathOf(session.id), { force: true });
    }
  }

  private async create(
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
    const partPath = this.files.partPathOf(session.id);
    const received = session.receivedBytes;
    if (chunk.start > received) {
      throw new AppError('CONFLICT', `Chunk out of order: resume from byte ${received}`);
    }
    const length = chunk.end - chunk.start + 1;
    const skip = received - chunk.start;
    return this.files.using(partPath, async (): Promise<UploadOutcome> => {
      let next = received;
      if (skip < length) {
        await mkdir(this.files.dir, { recursive: true });
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
      return { done: true, asset: await this.finalizer.finalize(session, partPath) };
    });
  }

  private async withLock<T>(sessionId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(sessionId) ?? Promise.resolve();
    const current = previous.catch(() => undefined).then(work);
    this.locks.set(sessionId, current);
    try {
      return await current;
    } finally {
      if (this.locks.get(sessionId) === current) this.locks.delete(sessionId);
    }
  }
}
