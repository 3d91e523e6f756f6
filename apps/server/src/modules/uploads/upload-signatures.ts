import type { UploadFolder } from '@kinora/contract';
import {
  signatureHash,
  userIdOfApiKey,
  type UploadSigner,
} from '../../platform/auth/upload-signatures';
import { AppError, badRequest } from '../../platform/http/errors';
import type { UploadsRepository } from './uploads.repository';

export type ResourceType = 'image' | 'video';

export interface SignedFields {
  apiKey: string;
  timestamp: number;
  signature: string;
  folder: UploadFolder;
}

export const kindOfFolder: Record<UploadFolder, ResourceType> = {
  videos: 'video',
  thumbnails: 'image',
};

export const signatureUsed = () =>
  new AppError('CONFLICT', 'This upload signature was already used; ask for a new one');

/**
 * The signature is an upload's credential (decision 0008): made here for one user and folder,
 * checked before any byte of the file is read, fresh when the upload starts, used once.
 */
export class UploadSignatures {
  constructor(
    private readonly signer: UploadSigner,
    private readonly repo: UploadsRepository,
  ) {}

  sign({ userId, folder }: { userId: string; folder: UploadFolder }) {
    return { ...this.signer.sign({ userId, folder }), folder };
  }

  /**
   * Checks the signed fields and answers the user they name. Refuses a file for the other
   * kind's endpoint (400) and a signature this server did not make for exactly these fields
   * (401).
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

  /** Starting an upload (at `startedAt`, now by default): the signature must be fresh. */
  assertFresh(fields: SignedFields, startedAt = new Date()): void {
    if (!this.signer.isFresh(fields.timestamp, startedAt)) {
      throw new AppError('UNAUTHENTICATED', 'The upload signature has expired; ask for a new one');
    }
  }

  /** A signature makes one asset: one that already did is refused (409). */
  async assertUnused(fields: SignedFields): Promise<void> {
    if (await this.repo.isSignatureUsed(signatureHash(fields.signature))) throw signatureUsed();
  }
}
