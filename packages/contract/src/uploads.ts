import { z } from 'zod';

export const UploadFolder = z.enum(['videos', 'thumbnails']);
export type UploadFolder = z.infer<typeof UploadFolder>;

export const SignUploadQuery = z.object({ folder: UploadFolder });

/**
 * What the hosted provider's sign step answers. The spec's client reads these fields at the
 * top level of the body, so the server places them there as well as under `data`.
 */
export const SignUploadResult = z.object({
  signature: z.string(),
  timestamp: z.number().int(),
  apiKey: z.string(),
  cloudName: z.string(),
  folder: UploadFolder,
  /** Where to post the file, on the page's own origin: `/v1_1/{cloudName}/{image|video}/upload`. */
  uploadUrl: z.string(),
});
export type SignUploadResult = z.infer<typeof SignUploadResult>;

/** The upload endpoint's answer, in the provider's field names (not wrapped in the envelope). */
export const UploadedAsset = z.object({
  asset_id: z.string(),
  public_id: z.string(),
  url: z.string(),
  secure_url: z.string(),
  resource_type: z.enum(['image', 'video']),
  format: z.string(),
  bytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Seconds, for videos; null for images. */
  duration: z.number().nullable(),
  folder: UploadFolder,
  created_at: z.string(),
});
export type UploadedAsset = z.infer<typeof UploadedAsset>;

/** Answer to an intermediate chunk of a chunked upload. */
export const UploadChunkAck = z.object({
  done: z.literal(false),
  upload_id: z.string(),
  bytes_received: z.number().int(),
  total_bytes: z.number().int(),
});
export type UploadChunkAck = z.infer<typeof UploadChunkAck>;
