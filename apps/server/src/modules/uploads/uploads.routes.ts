import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { endpoints, UploadFolder } from '@kinora/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, badRequest, payloadTooLarge } from '../../platform/http/errors';
import type { Router } from '../../platform/http/router';
import type { Storage } from '../../platform/storage/storage';
import { presentChunkAck, presentUploadedAsset } from './uploads.presenter';
import type { ChunkInfo, ResourceType, UploadsService } from './uploads.service';

export const cloudName = 'kinora';

const UploadFields = z.object({
  api_key: z.string({ message: 'api_key is required' }).min(1).max(100),
  timestamp: z.coerce.number({ message: 'timestamp is required' }).int(),
  signature: z
    .string({ message: 'signature is required' })
    .regex(/^[0-9a-f]{64}$/, 'signature is not valid'),
  folder: UploadFolder,
});

const UploadParams = z.object({
  cloudName: z.literal(cloudName),
  resourceType: z.enum(['image', 'video', 'auto']),
});

/** `Content-Range: bytes 0-5999999/22744253` with `X-Unique-Upload-Id`, as the provider chunks. */
function chunkOf(headers: Record<string, string | string[] | undefined>): ChunkInfo | null {
  const range = headers['content-range'];
  const uploadId = headers['x-unique-upload-id'];
  if (range === undefined && uploadId === undefined) return null;
  const match = typeof range === 'string' ? /^bytes (\d+)-(\d+)\/(\d+)$/.exec(range.trim()) : null;
  if (!match || typeof uploadId !== 'string' || !/^[\w.-]{1,100}$/.test(uploadId)) {
    throw badRequest(
      'A chunked upload needs Content-Range (bytes start-end/total) and X-Unique-Upload-Id',
    );
  }
  const [start, end, total] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (end < start || end >= total) throw badRequest('Content-Range is not a valid byte range');
  return { uploadId, start, end, total };
}

export function registerUploadRoutes(
  router: Router,
  app: FastifyInstance,
  deps: { uploads: UploadsService; storage: Storage; publicUrl: string },
): void {
  const { uploads } = deps;

  router.route(endpoints.signUpload, {
    message: 'Upload signed',
    handler: async ({ actor, query }) => {
      const signed = uploads.signUpload({ userId: actor.userId, folder: query.folder });
      const resource = query.folder === 'videos' ? 'video' : 'image';
      return {
        ...signed,
        cloudName,
        // Relative: the page posts to the origin it was loaded from, whatever name it used.
        uploadUrl: `/v1_1/${cloudName}/${resource}/upload`,
      };
    },
  });

  // Step two, in the provider's shape: no login, the signature is the credential.
  app.post('/v1_1/:cloudName/:resourceType/upload', async (request, reply) => {
    const params = UploadParams.safeParse(request.params);
    if (!params.success) throw new AppError('ROUTE_NOT_FOUND', 'No such upload endpoint');
    if (!request.isMultipart()) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Uploads take a multipart/form-data body');
    }
    const chunk = chunkOf(request.headers);
    const declaredKind: ResourceType = params.data.resourceType === 'image' ? 'image' : 'video';
    const maxBytes = uploads.maxBytesFor(declaredKind);
    if (chunk && chunk.total > maxBytes) {
      throw payloadTooLarge('The file is larger than the upload limit', 'file');
    }

    await uploads.ensureUploadsDir();
    const tempPath = uploads.tempPathFor(randomUUID());
    const fields: Record<string, string> = {};
    let received: { path: string; bytes: number } | null = null;
    try {
      for await (const part of request.parts({
        limits: { fileSize: maxBytes, files: 1, fields: 10 },
      })) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file') {
            part.file.resume();
            throw badRequest(`Unexpected file field "${part.fieldname}"`);
          }
          let bytes = 0;
          part.file.on('data', (c: Buffer) => (bytes += c.length));
          try {
            await pipeline(part.file, createWriteStream(tempPath));
          } catch (error) {
            if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
              throw payloadTooLarge('The file is larger than the upload limit', 'file');
            }
            throw error;
          }
          received = { path: tempPath, bytes };
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
      if (!received || received.bytes === 0) {
        throw badRequest('No file provided', [{ field: 'file', message: 'No file provided' }]);
      }
      const parsed = UploadFields.safeParse(fields);
      if (!parsed.success) {
        const errors = parsed.error.issues.map((i) => ({
          field: i.path.join('.'),
          message: i.message,
        }));
        throw badRequest(errors[0]!.message, errors);
      }
      const resourceType: ResourceType =
        params.data.resourceType === 'auto'
          ? parsed.data.folder === 'videos'
            ? 'video'
            : 'image'
          : params.data.resourceType;
      const outcome = await uploads.receiveUpload({
        resourceType,
        fields: {
          apiKey: parsed.data.api_key,
          timestamp: parsed.data.timestamp,
          signature: parsed.data.signature,
          folder: parsed.data.folder,
        },
        file: received,
        chunk,
      });
      return reply
        .code(200)
        .send(
          outcome.done
            ? presentUploadedAsset(outcome.asset, deps.storage, deps.publicUrl)
            : presentChunkAck(outcome),
        );
    } finally {
      await rm(tempPath, { force: true });
    }
  });
}
