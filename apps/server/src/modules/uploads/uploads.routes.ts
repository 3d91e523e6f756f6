import { endpoints, UploadFolder } from '@kinora/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, badRequest } from '../../platform/http/errors';
import { asMalformedMultipart, wellFormedParts, type Router } from '../../platform/http/router';
import type { Storage } from '../../platform/storage/storage';
import { presentChunkAck, presentUploadedAsset } from './uploads.presenter';
import { UploadSlots } from './upload-slots';
import type { ChunkInfo } from './upload-limits';
import type { UploadOutcome } from './upload-sessions';
import type { ResourceType, SignedFields } from './upload-signatures';
import type { UploadsService } from './uploads.service';

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

const signedFieldNames = ['api_key', 'timestamp', 'signature', 'folder'] as const;

/** True when every signed field has arrived (valid or not). */
const hasSignedFields = (fields: Record<string, string>) =>
  signedFieldNames.every((name) => name in fields);

const fieldsFirst = 'Send api_key, timestamp, signature and folder before the file';

/** The signed fields, which must all have arrived before the file part. */
function signedFieldsOf(fields: Record<string, string>): SignedFields {
  const parsed = UploadFields.safeParse(fields);
  if (parsed.success) {
    return {
      apiKey: parsed.data.api_key,
      timestamp: parsed.data.timestamp,
      signature: parsed.data.signature,
      folder: parsed.data.folder,
    };
  }
  const errors = parsed.error.issues.map((i) => ({
    field: i.path.join('.'),
    message: i.message,
  }));
  if (!hasSignedFields(fields)) throw missingFields(fields, fieldsFirst);
  throw badRequest(errors[0]!.message, errors);
}

/** The 400 for signed fields that have not arrived, each named. */
function missingFields(fields: Record<string, string>, prefix: string) {
  const missing = signedFieldNames.filter((name) => !(name in fields));
  return badRequest(
    `${prefix} (missing: ${missing.join(', ')})`,
    missing.map((field) => ({ field, message: `${field} is required` })),
  );
}

/** The kind of file an upload is: the endpoint's, or for 'auto' the signature's folder's. */
function resourceTypeOf(endpoint: ResourceType | 'auto', signed: SignedFields): ResourceType {
  if (endpoint !== 'auto') return endpoint;
  return signed.folder === 'videos' ? 'video' : 'image';
}

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

  // Step two, in the provider's shape: no login, the signature is the credential. The signed
  // fields must come before the file, so a body without a valid signature is refused before it
  // is read, whoever sends it (decisions 0015 and 0032).
  const slots = new UploadSlots();
  app.post('/v1_1/:cloudName/:resourceType/upload', async (request, reply) => {
    const params = UploadParams.safeParse(request.params);
    if (!params.success) throw new AppError('ROUTE_NOT_FOUND', 'No such upload endpoint');
    if (!request.isMultipart()) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Uploads take a multipart/form-data body');
    }
    const release: (() => void)[] = [];
    try {
      const chunk = chunkOf(request.headers);
      release.push(slots.takeForAddress(request.ip));
      let outcome: UploadOutcome | null = null;
      const fields: Record<string, string> = {};
      for await (const part of wellFormedParts(
        request.parts({ limits: { fileSize: Infinity, files: 1, fields: 10 } }),
      )) {
        if (part.type !== 'file') {
          if (typeof part.value === 'string') fields[part.fieldname] = part.value;
          continue;
        }
        if (part.fieldname !== 'file')
          throw badRequest(`Unexpected file field "${part.fieldname}"`);
        // The signed fields come first, from everyone: the file is not read before the
        // signature is checked (decisions 0015 and 0032).
        if (!hasSignedFields(fields)) throw missingFields(fields, fieldsFirst);
        const signed = signedFieldsOf(fields);
        const resourceType = resourceTypeOf(params.data.resourceType, signed);
        const { userId } = uploads.authenticate({ resourceType, fields: signed });
        release.push(slots.takeForUser(userId));
        outcome = await uploads.receiveUpload({
          resourceType,
          fields: signed,
          file: part.file,
          chunk,
        });
      }
      if (!outcome) {
        signedFieldsOf(fields); // missing signed fields say so before the missing file
        throw badRequest('No file provided', [{ field: 'file', message: 'No file provided' }]);
      }
      return reply
        .code(200)
        .send(
          outcome.done
            ? presentUploadedAsset(outcome.asset, deps.storage, deps.publicUrl)
            : presentChunkAck(outcome),
        );
    } catch (error) {
      // Refused before the body was read through: close the connection rather than read
      // (or wait for) the rest of a body nobody will keep.
      if (!request.raw.complete) reply.header('connection', 'close');
      // The file's bytes are read in the service: a body cut short shows up there.
      throw asMalformedMultipart(error);
    } finally {
      for (const free of release) free();
    }
  });
}
