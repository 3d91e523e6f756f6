import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { uniqueViolation } from '../../platform/db/errors';
import { processImage } from '../../platform/media/images';
import type { Storage } from '../../platform/storage/storage';
import { signatureUsed } from './upload-signatures';
import type { MediaAssetRow, UploadSessionRow, UploadsRepository } from './uploads.repository';

/** What the server learns about a video file from its own probe. */
export interface VideoFacts {
  durationSeconds: number;
  width: number;
  height: number;
  formatName: string;
  videoCodec: string;
  /** Whether the file plays in browsers as it is, and its codecs (issue 22); unknown if absent. */
  playback?: { playable: boolean; codecs: string | null };
}
export type VideoProber = (filePath: string) => Promise<VideoFacts>;

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

type AssetFacts = Pick<
  MediaAssetRow,
  | 'mimeType'
  | 'format'
  | 'bytes'
  | 'width'
  | 'height'
  | 'durationSeconds'
  | 'browserPlayable'
  | 'codecs'
>;

/**
 * The last step of every upload: a received file's content is checked (ffprobe for a video,
 * sharp for an image), stored, and recorded as a media asset in the transaction that ends its
 * session. Anything refused leaves nothing behind.
 */
export class UploadFinalizer {
  constructor(
    private readonly repo: UploadsRepository,
    private readonly storage: Storage,
    private readonly probeVideo: VideoProber,
  ) {}

  async finalize(session: UploadSessionRow, partPath: string): Promise<MediaAssetRow> {
    const assetId = randomUUID();
    let key: string | null = null;
    try {
      let facts: AssetFacts;
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
          browserPlayable: probe.playback?.playable ?? null,
          codecs: probe.playback?.codecs ?? null,
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
          browserPlayable: null,
          codecs: null,
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
      if (uniqueViolation(error) === 'media_assets_signature_hash_key') throw signatureUsed();
      throw error;
    } finally {
      await rm(partPath, { force: true });
    }
  }
}
