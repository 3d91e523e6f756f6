import type { UploadChunkAck, UploadedAsset, UploadFolder } from '@kinora/contract';
import { api } from './api';

/*
 * The spec's upload media step (core §7): ask the API to sign an upload, then post the file
 * with that signature to the media host (Kinora itself, in the hosted provider's shape,
 * ARCHITECTURE.md §3). Big files go up in resumable chunks so a dropped connection costs one
 * chunk, not the whole file.
 */

export const mediaUploadMessages = {
  noFile: 'No file provided',
  signatureFailed: 'Failed to get signature from backend',
  uploadFailed: 'Cloudinary upload failed',
} as const;

/** Files above this size go up in chunks of this size; smaller ones in one request. */
export const CHUNK_SIZE = 8 * 1024 * 1024;

/** Waits before each new try of a failed request: three tries after the first, then give up. */
export const RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 4000];

/** A failed upload; `message` says what went wrong in words a person can act on. */
export class MediaUploadError extends Error {
  override readonly name = 'MediaUploadError';
  /** HTTP status of the refusal; 0 when no answer came. */
  readonly status: number;
  constructor(message: string, status = 0) {
    super(message);
    this.status = status;
  }
}

export interface UploadMediaOptions {
  folder: UploadFolder;
  /** Percent of the file sent, 0..99 while sending; 100 once the host answered the asset. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** Chunk size in bytes (tests use small ones). */
  chunkSize?: number;
  retryDelaysMs?: readonly number[];
}

/**
 * Uploads one file to the media host and answers the hosted asset (`url`, `public_id`,
 * `duration`...).
 *
 * @example
 *   const video = await uploadMedia(file, { folder: 'videos', onProgress: setPercent });
 *   await api('createVideo', { body: { title, description, videoPublicId: video.public_id } });
 */
export async function uploadMedia(
  file: Blob | null | undefined,
  options: UploadMediaOptions,
): Promise<UploadedAsset> {
  if (!file || file.size === 0) throw new MediaUploadError(mediaUploadMessages.noFile);
  const { folder, onProgress, signal } = options;
  const chunkSize = options.chunkSize ?? CHUNK_SIZE;
  const retryDelays = options.retryDelaysMs ?? RETRY_DELAYS_MS;

  const signed = await signUpload(folder, signal);
  const target: UploadTarget = {
    url: signed.uploadUrl || defaultUploadUrl(signed.cloudName, folder),
    fields: {
      api_key: signed.apiKey,
      timestamp: String(signed.timestamp),
      signature: signed.signature,
      folder,
    },
    fileName: file instanceof File ? file.name : 'upload',
  };

  let lastPercent = -1;
  const report = (sentBytes: number) => {
    // 100 is kept for the host's answer: after the last byte it still checks the file.
    const percent = Math.min(99, Math.floor((sentBytes / file.size) * 100));
    if (percent !== lastPercent) onProgress?.((lastPercent = percent));
  };
  report(0);

  const answer =
    file.size > chunkSize
      ? await sendInChunks(file, target, { chunkSize, retryDelays, report, signal })
      : await sendWhole(file, target, { retryDelays, report, signal });

  if (!isHostedAsset(answer)) throw new MediaUploadError(mediaUploadMessages.uploadFailed);
  onProgress?.(100);
  return answer;
}

async function signUpload(folder: UploadFolder, signal: AbortSignal | undefined) {
  try {
    const signed = await api('signUpload', { query: { folder }, signal });
    if (!signed?.signature || !signed.apiKey) throw new Error('Incomplete signature');
    return signed;
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new MediaUploadError(mediaUploadMessages.signatureFailed);
  }
}

/** The spec's check: a hosted asset has a url (and, for Kinora, a public id to name it by). */
function isHostedAsset(answer: Partial<UploadedAsset> | null): answer is UploadedAsset {
  return (
    !!answer &&
    typeof answer.url === 'string' &&
    answer.url !== '' &&
    typeof answer.public_id === 'string'
  );
}

function defaultUploadUrl(cloudName: string, folder: UploadFolder): string {
  return `/v1_1/${cloudName}/${folder === 'videos' ? 'video' : 'image'}/upload`;
}

interface UploadTarget {
  url: string;
  fields: Record<string, string>;
  fileName: string;
}

interface SendOptions {
  retryDelays: readonly number[];
  report: (sentBytes: number) => void;
  signal: AbortSignal | undefined;
}

/** One request holding the whole file; retried after a dropped connection or a 5xx. */
async function sendWhole(
  file: Blob,
  target: UploadTarget,
  { retryDelays, report, signal }: SendOptions,
): Promise<Partial<UploadedAsset> | null> {
  for (let failures = 0; ; failures++) {
    const outcome = await postPart(target, file, null, report, signal);
    if (outcome.kind === 'answer' && isSuccess(outcome.status)) {
      return outcome.body as Partial<UploadedAsset> | null;
    }
    await waitBeforeRetry(outcome, failures, retryDelays, signal);
  }
}

/**
 * The file in chunks, each with `Content-Range` and the same `X-Unique-Upload-Id`. The next
 * chunk always starts where the host says it has got to, so after a dropped connection the
 * upload resumes from the last acknowledged byte instead of the beginning.
 */
async function sendInChunks(
  file: Blob,
  target: UploadTarget,
  { chunkSize, retryDelays, report, signal }: SendOptions & { chunkSize: number },
): Promise<Partial<UploadedAsset> | null> {
  const uploadId = randomUploadId();
  const total = file.size;
  let offset = 0;
  let failures = 0;
  for (;;) {
    const end = Math.min(offset + chunkSize, total) - 1;
    const chunk = file.slice(offset, end + 1);
    const start = offset;
    const outcome = await postPart(
      target,
      chunk,
      { 'Content-Range': `bytes ${start}-${end}/${total}`, 'X-Unique-Upload-Id': uploadId },
      (sent) => report(start + sent),
      signal,
    );

    if (outcome.kind === 'answer' && isSuccess(outcome.status)) {
      if (!isChunkAck(outcome.body)) return outcome.body as Partial<UploadedAsset> | null;
      offset = Math.max(0, Math.min(outcome.body.bytes_received, total));
      failures = 0;
      report(offset);
      continue;
    }
    // The host has fewer bytes than this chunk assumed: it says where to resume from.
    const resumeAt = outcome.kind === 'answer' ? resumeByteOf(outcome) : null;
    if (resumeAt !== null && failures < retryDelays.length) {
      offset = Math.min(resumeAt, total - 1);
      failures++;
      report(offset);
      continue;
    }
    await waitBeforeRetry(outcome, failures, retryDelays, signal);
    failures++;
  }
}

type PartOutcome = { kind: 'answer'; status: number; body: unknown } | { kind: 'networkError' };

const isSuccess = (status: number) => status >= 200 && status < 300;

function isChunkAck(body: unknown): body is UploadChunkAck {
  return (
    !!body &&
    typeof body === 'object' &&
    (body as { done?: unknown }).done === false &&
    typeof (body as { bytes_received?: unknown }).bytes_received === 'number'
  );
}

function resumeByteOf(outcome: { status: number; body: unknown }): number | null {
  if (outcome.status !== 409) return null;
  const match = /resume from byte (\d+)/i.exec(messageOf(outcome.body) ?? '');
  return match ? Number(match[1]) : null;
}

/** Is this failure worth another try? Dropped connections, 5xx and 429 are; refusals are not. */
function isTransient(outcome: PartOutcome): boolean {
  return outcome.kind === 'networkError' || outcome.status >= 500 || outcome.status === 429;
}

/** Waits the next backoff delay, or throws when the failure is final or the tries are used up. */
async function waitBeforeRetry(
  outcome: PartOutcome,
  failures: number,
  retryDelays: readonly number[],
  signal: AbortSignal | undefined,
): Promise<void> {
  const delay = retryDelays[failures];
  if (!isTransient(outcome) || delay === undefined) throw errorOf(outcome);
  await sleep(delay, signal);
}

function errorOf(outcome: PartOutcome): MediaUploadError {
  if (outcome.kind === 'networkError') {
    return new MediaUploadError(
      'The connection to the server was lost during the upload. Check your connection and try again.',
    );
  }
  return new MediaUploadError(
    messageOf(outcome.body) ?? mediaUploadMessages.uploadFailed,
    outcome.status,
  );
}

/** The host's error text: Kinora's envelope `message`, or the provider's `error.message`. */
function messageOf(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const { message, error } = body as { message?: unknown; error?: { message?: unknown } };
  if (typeof message === 'string' && message) return message;
  if (error && typeof error.message === 'string' && error.message) return error.message;
  return null;
}

/**
 * Posts one multipart part with XMLHttpRequest (fetch cannot report upload progress).
 * `onSent` gets the bytes of `blob` sent so far. No answer at all is a `networkError`.
 */
function postPart(
  target: UploadTarget,
  blob: Blob,
  headers: Record<string, string> | null,
  onSent: (bytes: number) => void,
  signal: AbortSignal | undefined,
): Promise<PartOutcome> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    // The signed fields go first: the host checks them before it reads the file.
    const form = new FormData();
    for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
    form.append('file', blob, target.fileName);

    const xhr = new XMLHttpRequest();
    xhr.open('POST', target.url);
    for (const [name, value] of Object.entries(headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      // The request also carries the form's boundaries and fields: scale to the blob itself.
      if (event.lengthComputable && event.total > 0) {
        onSent(Math.round((event.loaded / event.total) * blob.size));
      }
    });

    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);

    xhr.addEventListener('load', () => {
      settle();
      resolve({ kind: 'answer', status: xhr.status, body: parseJson(xhr.responseText) });
    });
    xhr.addEventListener('error', () => {
      settle();
      resolve({ kind: 'networkError' });
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(abortError());
    });
    xhr.send(form);
  });
}

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled', 'AbortError');
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * 32 random hex digits naming one chunked upload. `getRandomValues` rather than `randomUUID`:
 * the latter exists only on https or localhost, and a self-hosted server may be neither.
 */
function randomUploadId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
