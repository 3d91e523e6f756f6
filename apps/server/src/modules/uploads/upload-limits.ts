import { badRequest, payloadTooLarge } from '../../platform/http/errors';

export interface UploadLimits {
  videoMaxBytes: number;
  imageMaxBytes: number;
}

/** One piece of a chunked upload, from the Content-Range and X-Unique-Upload-Id headers. */
export interface ChunkInfo {
  uploadId: string;
  start: number;
  end: number;
  total: number;
}

/**
 * The largest chunk of a resumable upload. Our web client sends 8 MB chunks; the bound keeps a
 * single request's work (and a lost chunk's cost) small whatever a client asks.
 */
export const chunkMaxBytes = 64 * 1024 * 1024;

export const tooLarge = (maxBytes: number) =>
  payloadTooLarge(`The file is larger than the ${formatBytes(maxBytes)} limit`, 'file');

/** Refuses a chunk over the bound before reading it; answers its length. */
export function assertChunkSize(chunk: ChunkInfo): number {
  const length = chunk.end - chunk.start + 1;
  if (length > chunkMaxBytes) {
    throw payloadTooLarge(`A chunk is at most ${formatBytes(chunkMaxBytes)}`, 'file');
  }
  return length;
}

export const rangeMismatch = () => badRequest('Content-Range does not match the size of the chunk');

function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${+(bytes / 1024 ** 3).toFixed(1)} GB`;
  return `${+(bytes / 1024 ** 2).toFixed(1)} MB`;
}
