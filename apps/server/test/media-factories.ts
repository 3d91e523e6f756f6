/**
 * Media helpers for integration tests: clips made once per process with ffmpeg's synthetic
 * sources, the two upload steps (sign, then post the file in the hosted provider's shape,
 * whole or in chunks) and video creation, all through the real endpoints.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type {
  SignUploadResult,
  UploadedAsset,
  UploadFolder,
  Video,
  VideoVisibility,
} from '@kinora/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { makeClip, makeTempDir, type ClipOptions } from '../src/platform/media/video/test-clips';
import { expectOk } from './api-client';
import { pngImage, type RegisteredUser } from './factories';
import { multipart, type FilePart } from './multipart';

export type ResourceType = 'image' | 'video';

const clips = new Map<string, Promise<FilePart>>();

/**
 * An MP4 clip (H.264, AAC unless silent) made once per process for each set of options; the
 * file is read into memory and its folder removed at once.
 */
export function clip(options: Partial<ClipOptions> = {}): Promise<FilePart> {
  const full: ClipOptions = {
    width: 320,
    height: 180,
    seconds: 2,
    framesPerSecond: 15,
    ...options,
  };
  const key = JSON.stringify(full);
  let made = clips.get(key);
  if (!made) {
    made = (async () => {
      const temp = await makeTempDir('test-clip');
      try {
        const file = await makeClip(temp.dir, full);
        return { filename: 'clip.mp4', contentType: 'video/mp4', data: await readFile(file) };
      } finally {
        await temp.cleanup();
      }
    })();
    clips.set(key, made);
  }
  return made;
}

export const folderOfKind: Record<ResourceType, UploadFolder> = {
  video: 'videos',
  image: 'thumbnails',
};

/** Step one: GET /cloudinary/sign-upload as this user. */
export async function signUpload(
  app: FastifyInstance,
  user: RegisteredUser,
  folder: UploadFolder,
): Promise<SignUploadResult> {
  return expectOk(app, 'signUpload', { as: user, query: { folder } });
}

/** The signed fields a client posts with the file. */
export interface UploadFields {
  apiKey: string;
  timestamp: number;
  signature: string;
  folder: string;
}

export const uploadPath = (resourceType: ResourceType | 'auto', cloud = 'kinora') =>
  `/v1_1/${cloud}/${resourceType}/upload`;

/** Step two: POST the file (or one chunk of it) with the signed fields, as a browser would. */
export function postUpload(
  app: FastifyInstance,
  input: {
    resourceType: ResourceType | 'auto';
    fields: UploadFields;
    file?: FilePart;
    /** Sent as Content-Range and X-Unique-Upload-Id. */
    chunk?: { start: number; end: number; total: number; uploadId: string };
  },
): Promise<LightMyRequestResponse> {
  // The signed fields come before the file, as the endpoint requires.
  const body = multipart({
    api_key: input.fields.apiKey,
    timestamp: String(input.fields.timestamp),
    signature: input.fields.signature,
    folder: input.fields.folder,
    file: input.file,
  });
  return app.inject({
    method: 'POST',
    url: uploadPath(input.resourceType),
    payload: body.payload,
    headers: {
      ...body.headers,
      ...(input.chunk
        ? {
            'content-range': `bytes ${input.chunk.start}-${input.chunk.end}/${input.chunk.total}`,
            'x-unique-upload-id': input.chunk.uploadId,
          }
        : {}),
    },
  });
}

/** The byte range of chunk `index` when `size` bytes are cut into `count` nearly equal chunks. */
export function chunkRange(size: number, count: number, index: number) {
  const chunkSize = Math.ceil(size / count);
  const start = index * chunkSize;
  const end = Math.min(size, start + chunkSize) - 1;
  return { start, end };
}

/** One chunk of `file` as its own file part, as a client slicing a Blob sends it. */
export function sliceFile(file: FilePart, start: number, end: number): FilePart {
  return { ...file, filename: 'blob', data: file.data.subarray(start, end + 1) };
}

/** Signs and uploads a file whole; throws unless the server accepts it. */
export async function uploadAsset(
  app: FastifyInstance,
  user: RegisteredUser,
  kind: ResourceType,
  file?: FilePart,
): Promise<UploadedAsset> {
  const signed = await signUpload(app, user, folderOfKind[kind]);
  const res = await postUpload(app, {
    resourceType: kind,
    fields: signed,
    file: file ?? (kind === 'video' ? await clip() : await pngImage(160, 90)),
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json<UploadedAsset>();
}

/** Uploads a file in `count` chunks under one signature; answers the last chunk's response. */
export async function uploadInChunks(
  app: FastifyInstance,
  user: RegisteredUser,
  kind: ResourceType,
  file: FilePart,
  count: number,
  uploadId: string,
): Promise<LightMyRequestResponse[]> {
  const signed = await signUpload(app, user, folderOfKind[kind]);
  const answers: LightMyRequestResponse[] = [];
  for (let i = 0; i < count; i++) {
    const { start, end } = chunkRange(file.data.length, count, i);
    answers.push(
      await postUpload(app, {
        resourceType: kind,
        fields: signed,
        file: sliceFile(file, start, end),
        chunk: { start, end, total: file.data.length, uploadId },
      }),
    );
  }
  return answers;
}

/** POST /videos as this user: uploads a clip (and a thumbnail when asked) first. */
export async function createVideo(
  app: FastifyInstance,
  user: RegisteredUser,
  options: {
    title?: string;
    description?: string;
    file?: FilePart;
    withThumbnail?: boolean;
  } = {},
): Promise<Video> {
  const video = await uploadAsset(app, user, 'video', options.file);
  const thumbnail = options.withThumbnail ? await uploadAsset(app, user, 'image') : null;
  return expectOk(app, 'createVideo', {
    as: user,
    body: {
      title: options.title ?? 'A test video',
      description: options.description ?? 'Made by a test',
      videoPublicId: video.public_id,
      ...(thumbnail ? { thumbnailPublicId: thumbnail.public_id } : {}),
    },
  });
}

/** Makes a video a draft (or published again) through the toggle call. */
export async function togglePublish(
  app: FastifyInstance,
  user: RegisteredUser,
  videoId: string,
): Promise<Video> {
  return expectOk(app, 'togglePublish', { params: { id: videoId }, as: user });
}

/** Sets a video's level (decision 0039) through the API. */
export async function setVisibility(
  app: FastifyInstance,
  user: RegisteredUser,
  videoId: string,
  visibility: VideoVisibility,
  publishAt?: string,
): Promise<Video> {
  return expectOk(app, 'setVideoVisibility', {
    params: { id: videoId },
    as: user,
    body: { visibility, ...(publishAt ? { publishAt } : {}) },
  });
}

/** Every file below `dir`, as paths relative to it; none when the folder does not exist. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

/** Polls until `check` answers a value (not undefined) or `timeoutMs` passes. */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  { timeoutMs = 60_000, intervalMs = 250, what = 'condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
