import type { Readable } from 'node:stream';
import type { UploadFolder } from '@kinora/contract';
import type { UploadSigner } from '../../platform/auth/upload-signatures';
import type { Storage } from '../../platform/storage/storage';
import { UploadFiles } from './upload-files';
import { UploadFinalizer, type VideoProber } from './upload-finalizer';
import { tooLarge, type ChunkInfo, type UploadLimits } from './upload-limits';
import { UploadSessions, type UploadOutcome } from './upload-sessions';
import {
  kindOfFolder,
  UploadSignatures,
  type ResourceType,
  type SignedFields,
} from './upload-signatures';
import type { MediaAssetRow, UploadsRepository } from './uploads.repository';

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
