import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { UploadFolder } from '@kinora/contract';
import type { UploadSigner } from '../../platform/auth/upload-signatures';
import { AppError } from '../../platform/http/errors';
import type { Storage } from '../../platform/storage/storage';
import { UploadFiles } from './upload-files';
import { UploadFinalizer, type VideoProber } from './upload-finalizer';
import {
  assertChunkSize,
  rangeMismatch,
  tooLarge,
  type ChunkInfo,
  type UploadLimits,
} from './upload-limits';
import { UploadSessions, type UploadOutcome } from './upload-sessions';
import {
  kindOfFolder,
  UploadSignatures,
  type ResourceType,
  type SignedFields,
} from './upload-signatures';
import type { MediaAssetRow, UploadsRepository } from './uploads.repository';

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

/**
 * The uploads of the spec's two steps, in the hosted provider's shape: what the upload route
 * and the videos module call. The parts are the signature check (`upload-signatures.ts`), the
 * uploads folder (`upload-files.ts`), the session a resumable upload goes up in
 * (`upload-sessions.ts`), and the content check and storing that end every upload
 * (`upload-finalizer.ts`).
 */
export class UploadsService {
  private readonly signatures: UploadSignatures;
  private readonly files: UploadFiles;
  private readonly sessions: UploadSessions;

  constructor(
    private readonly repo: UploadsRepository,
    storage: Storage,
    signer: UploadSigner,
    probeVideo: VideoProber,
    uploadsDir: string,
    readonly limits: UploadLimits,
  ) {
    this.signatures = new UploadSignatures(signer, repo);
    this.files = new UploadFiles(uploadsDir);
    this.sessions = new UploadSessions(
      repo,
      this.signatures,
      this.files,
      new UploadFinalizer(repo, storage, probeVideo),
      (kind) => this.maxBytesFor(kind),
    );
  }

  /** Temporary files of uploads in progress: `<id>.incoming` (whole), `<session>.part` (chunked). */
  get uploadsDir(): string {
    return this.files.dir;
  }

  signUpload({ userId, folder }: { userId: string; folder: UploadFolder }) {
    return this.signatures.sign({ userId, folder });
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
    return this.files.isInUse(filePath);
  }

  /**
   * Checks the signed fields, before any byte of the file is read, and answers the user they
   * name. Refuses a file for the other kind's endpoint (400) and a signature this server did
   * not make for exactly these fields (401).
   */
  authenticate(input: { resourceType: ResourceType; fields: SignedFields }): { userId: string } {
    return this.signatures.authenticate(input);
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
    const { userId } = this.signatures.authenticate(input);
    const kind = kindOfFolder[input.fields.folder];
    if (!input.chunk) return this.receiveWhole(kind, userId, input.fields, input.file);
    return this.sessions.receiveChunk(
      kind,
      userId,
      input.fields,
      input.file,
      input.chunk,
      new Date(),
    );
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
    const aside = await this.files.writeAside(input.file, bound);
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
    const { userId } = this.signatures.authenticate(input);
    const { early, fields } = input;
    if (userId !== early.userId) {
      throw new AppError('FORBIDDEN', 'This upload signature belongs to another account');
    }
    const kind = kindOfFolder[fields.folder];
    if (input.chunk) {
      return this.sessions.receiveChunk(
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
    this.signatures.assertFresh(fields, early.startedAt);
    await this.signatures.assertUnused(fields);
    return this.sessions.storeWhole(kind, userId, fields, early);
  }

  /** Removes an early file (a no-op once the upload it belonged to has taken it). */
  async discardEarlyFile(early: EarlyFile): Promise<void> {
    await this.files.discardAside(early.path);
  }

  /** A whole file in one request: it is written aside, then checked and stored. */
  private async receiveWhole(
    kind: ResourceType,
    userId: string,
    fields: SignedFields,
    file: Readable,
  ): Promise<UploadOutcome> {
    this.signatures.assertFresh(fields);
    await this.signatures.assertUnused(fields);
    const maxBytes = this.maxBytesFor(kind);
    const aside = await this.files.writeAside(file, {
      max: maxBytes,
      tooMany: () => tooLarge(maxBytes),
    });
    try {
      return await this.sessions.storeWhole(kind, userId, fields, aside);
    } finally {
      await this.files.discardAside(aside.path);
    }
  }

  /** Removes uploads abandoned for longer than `olderThanSeconds`, with their partial files. */
  async deleteAbandonedUploads(input: { olderThanSeconds: number }): Promise<number> {
    return this.sessions.deleteAbandoned(input);
  }

  async findOwnedAsset(input: {
    publicId: string;
    ownerId: string;
    kind: ResourceType;
  }): Promise<MediaAssetRow | null> {
    const asset = await this.repo.findAssetByPublicId(input.publicId);
    return asset && asset.ownerId === input.ownerId && asset.kind === input.kind ? asset : null;
  }
}
