import type { UploadChunkAck, UploadedAsset } from '@kinora/contract';
import type { Storage } from '../../platform/storage/storage';
import type { MediaAssetRow } from './uploads.repository';

const absolute = (url: string, publicUrl: string) =>
  /^https?:\/\//.test(url) ? url : `${publicUrl}${url}`;

/** The upload answer in the hosted provider's field names. */
export function presentUploadedAsset(
  asset: MediaAssetRow,
  storage: Storage,
  publicUrl: string,
): UploadedAsset {
  const url = absolute(storage.publicUrl(asset.storageKey), publicUrl);
  return {
    asset_id: asset.id,
    public_id: asset.publicId,
    url,
    secure_url: url.replace(/^http:\/\/(?!localhost|127\.0\.0\.1)/, 'https://'),
    resource_type: asset.kind,
    format: asset.format,
    bytes: asset.bytes,
    width: asset.width,
    height: asset.height,
    duration: asset.durationSeconds,
    folder: asset.folder as UploadedAsset['folder'],
    created_at: asset.createdAt.toISOString(),
  };
}

export function presentChunkAck(outcome: {
  uploadId: string;
  receivedBytes: number;
  totalBytes: number;
}): UploadChunkAck {
  return {
    done: false,
    upload_id: outcome.uploadId,
    bytes_received: outcome.receivedBytes,
    total_bytes: outcome.totalBytes,
  };
}
