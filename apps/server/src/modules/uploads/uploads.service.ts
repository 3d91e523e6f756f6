import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
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

export type UploadOutcome =
  | { done: false; uploadId: string; receivedBytes: number; totalBytes: number }
  | { done: true; asset: MediaAssetRow };

const kindOfFolder: Record<UploadFolder, ResourceType> = { videos: 'video', thumbnails: 'image' };

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

  constructor(
    private readonly repo: UploadsRepository,
    private readonly storage: Storage,
    private readonly signer: UploadSigner,
    private readonly probeVideo: VideoProber,
    private readonly uploadsDir: string,
    readonly limits: UploadLimits,
  ) {}

  signUpload({ userId, folder }: { userId: string; folder: UploadFolder }) {
    return { ...this.signer.sign({ userId, folder }), folder };
  }

  maxBytesFor(kind: ResourceType): number {
    return kind === 'video' ? this.limits.videoMaxBytes : this.limits.imageMaxBytes;
  }

  tempPathFor(name: string): string {
    return path.join(this.uploadsDir, `${name}.incoming`);
  }

  async ensureUploadsDir(): Promise<void> {
    await mkdir(this.uploadsDir, { recursive: true });
  }

  /**
   * Takes one request's worth of an upload (the whole file, or one chunk of it) that the route
   * has already written to `file.path`. The file is consumed: moved, or deleted.
   */
  async receiveUpload(input: {
    resourceType: ResourceType;
    fields: SignedFields;
    file: { path: string; bytes: number };
    chunk: ChunkInfo | null;
  }): Promise<UploadOutcome> {
    try {
      const kind = kindOfFolder[input.fields.folder];
      if (input.resourceType !== kind) {
        throw badRequest(
          `Files for the ${input.fields.folder} folder go to the ${kind} upload endpoint`,
          [{ field: 'folder', message: `The ${input.fields.folder} folder takes ${kind} files` }],
        );
      }
      if (!this.signer.isAuthentic(input.fields)) {
        throw new AppError('UNAUTHENTICATED', 'Invalid upload signature');
      }
      if (input.chunk && input.chunk.end - input.chunk.start + 1 !== input.file.bytes) {
        throw badRequest('Content-Range does not match the size of the chunk');
      }
      const session = await this.openSession(kind, input.fields, input.chunk, input.file.bytes);
      return await this.withSessionLock(session.id, () =>
        this.applyChunk(session, input.file, input.chunk),
      );
    } finally {
      await rm(input.file.path, { force: true });
    }
  }

  private async openSession(
    kind: ResourceType,
    fields: SignedFields,
    chunk: ChunkInfo | null,
    bytes: number,
  ): Promise<UploadSessionRow> {
    const userId = userIdOfApiKey(fields.apiKey);
    if (!/^[0-9a-f-]{36}$/.test(userId))
      throw new AppError('UNAUTHENTICATED', 'Invalid upload signature');
    const hash = signatureHash(fields.signature);
    if (chunk) {
      const existing = await this.repo.findSession(userId, chunk.uploadId);
      if (existing) {
        if (existing.signatureHash !== hash) {
          throw new AppError('FORBIDDEN', 'This upload was started with another signature');
        }
        if (existing.totalBytes !== chunk.total) {
          throw badRequest('The total size changed during the upload');
        }
        return existing;
      }
      if (chunk.start !== 0) {
        throw new AppError(
          'NOT_FOUND',
          'No upload in progress with this id; start again from the first byte',
        );
      }
    }
    // Starting an upload: the signature must be fresh and unused.
    if (!this.signer.isFresh(fields.timestamp)) {
      throw new AppError('UNAUTHENTICATED', 'The upload signature has expired; ask for a new one');
    }
    const total = chunk ? chunk.total : bytes;
    if (total > this.maxBytesFor(kind)) {
      throw payloadTooLarge(
        `The file is larger than the ${formatBytes(this.maxBytesFor(kind))} limit`,
        'file',
      );
    }
    if (total === 0)
      throw badRequest('The file is empty', [{ field: 'file', message: 'No file provided' }]);
    if (await this.repo.isSignatureUsed(hash)) {
      throw new AppError('CONFLICT', 'This upload signature was already used; ask for a new one');
    }
    const created = await this.repo
      .createSession({
        userId,
        clientUploadId: chunk?.uploadId ?? randomUUID(),
        folder: fields.folder,
        kind,
        signatureHash: hash,
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

  private async applyChunk(
    session: UploadSessionRow,
    file: { path: string; bytes: number },
    chunk: ChunkInfo | null,
  ): Promise<UploadOutcome> {
    const partPath = path.join(this.uploadsDir, `${session.id}.part`);
    const received = session.receivedBytes;
    const start = chunk?.start ?? 0;
    if (start > received) {
      throw new AppError('CONFLICT', `Chunk out of order: resume from byte ${received}`);
    }
    const skip = received - start;
    let next = received;
    if (skip < file.bytes) {
      if (!chunk) {
        await rename(file.path, partPath);
      } else {
        const data = await readFile(file.path);
        const handle = await open(partPath, received === 0 ? 'w' : 'r+');
        try {
          await handle.write(data, skip, data.length - skip, received);
        } finally {
          await handle.close();
        }
      }
      next = received + (file.bytes - skip);
      if (next > session.totalBytes) throw badRequest('More bytes than the declared total');
      if (!(await this.repo.advanceSession(session.id, received, next))) {
        throw new AppError('CONFLICT', 'Another request is writing this upload; retry the chunk');
      }
    }
    if (next < session.totalBytes) {
      return {
        done: false,
        uploadId: session.clientUploadId,
        receivedBytes: next,
        totalBytes: session.totalBytes,
      };
    }
    return { done: true, asset: await this.finalize(session, partPath) };
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
      await rm(path.join(this.uploadsDir, `${session.id}.part`), { force: true });
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

function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${+(bytes / 1024 ** 3).toFixed(1)} GB`;
  return `${+(bytes / 1024 ** 2).toFixed(1)} MB`;
}
