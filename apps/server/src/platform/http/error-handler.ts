import type { ErrorCode, ErrorEnvelope, FieldError } from '@kinora/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isUnstorableText } from '../db/errors';
import { AppError } from './errors';

function errorEnvelope(
  statusCode: number,
  code: ErrorCode,
  message: string,
  errors?: FieldError[],
  data: Record<string, unknown> | null = null,
): ErrorEnvelope {
  return { statusCode, data, message, success: false, code, ...(errors ? { errors } : {}) };
}

const fieldOf = (instancePath: string, context: string | undefined): string => {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path || (context === 'body' ? 'body' : (context ?? 'request'));
};

/** Errors that Fastify and its plugins raise for bad requests, mapped to our vocabulary. */
const frameworkErrors: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: 'INVALID_JSON',
    message: 'The request body is not valid JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'INVALID_JSON',
    message: 'The request body is empty but its type is JSON',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The request body is too large',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'This content type is not accepted here',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'VALIDATION_FAILED',
    message: 'The Content-Length header does not match the body',
  },
  FST_REQ_FILE_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The file is too large' },
  FST_PARTS_LIMIT: { code: 'PAYLOAD_TOO_LARGE', message: 'Too many parts in the form' },
  FST_FILES_LIMIT: { code: 'PAYLOAD_TOO_LARGE', message: 'Too many files in the form' },
  FST_FIELDS_LIMIT: { code: 'PAYLOAD_TOO_LARGE', message: 'Too many fields in the form' },
  FST_PROTO_VIOLATION: {
    code: 'VALIDATION_FAILED',
    message: 'The form contains a forbidden field name',
  },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'This call takes a multipart/form-data body',
  },
};

/**
 * The one place errors become responses. Known errors keep their status and message; anything
 * unexpected is logged in full and answered with a 500 that shows no internals.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .code(error.statusCode)
        .send(
          errorEnvelope(error.statusCode, error.code, error.message, error.fieldErrors, error.data),
        );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext;
      const errors = error.validation.map((v) => ({
        field: fieldOf(v.instancePath, context),
        message: v.message ?? 'Invalid value',
      }));
      const first = errors[0];
      const message = first ? first.message : 'The request is not valid';
      return reply.code(400).send(errorEnvelope(400, 'VALIDATION_FAILED', message, errors));
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.code === 'FST_STATIC_FORBIDDEN_PATH') {
      // The web app's files refuse a path they cannot look up (a name over the file system's
      // 255 bytes, `..`): no such file, so the page or a 404, as for any other missing file.
      return reply.callNotFound();
    }
    const mapped = fastifyError.code ? frameworkErrors[fastifyError.code] : undefined;
    if (mapped) {
      const status =
        mapped.code === 'PAYLOAD_TOO_LARGE'
          ? 413
          : mapped.code === 'UNSUPPORTED_MEDIA_TYPE'
            ? 415
            : 400;
      return reply.code(status).send(errorEnvelope(status, mapped.code, mapped.message));
    }
    if (fastifyError.statusCode === 429) {
      return reply
        .code(429)
        .send(errorEnvelope(429, 'RATE_LIMITED', 'Too many attempts; wait a moment and try again'));
    }
    if (
      typeof fastifyError.statusCode === 'number' &&
      fastifyError.statusCode >= 400 &&
      fastifyError.statusCode < 500
    ) {
      // Other client errors raised by Fastify itself (bad URL encoding, unsupported method...).
      request.log.info({ err: error }, 'client error');
      return reply
        .code(fastifyError.statusCode)
        .send(
          errorEnvelope(fastifyError.statusCode, 'VALIDATION_FAILED', 'The request is not valid'),
        );
    }
    if (isUnstorableText(error)) {
      // The request guards refuse NUL bytes first; this catches text that reaches the
      // database some other way, which is still the request's fault and not a 500.
      request.log.info({ err: error }, 'client error');
      return reply
        .code(400)
        .send(
          errorEnvelope(
            400,
            'VALIDATION_FAILED',
            'The request contains text that cannot be stored',
          ),
        );
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .code(500)
      .send(errorEnvelope(500, 'INTERNAL', 'Something went wrong on our side; please try again'));
  });
}

export const longPathPartMessage = 'A part of the path is longer than any id or name';

/**
 * Answers the errors Fastify raises while it looks up the route, before any hook has run (a
 * path parameter over `maxParamLength`, a parameter that is not valid percent-encoding): the
 * envelope, with the headers every other answer gets from the onRequest hook.
 */
export function answerRoutingError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
  headers: Record<string, string>,
): void {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? longPathPartMessage : 'The path is not valid';
  void reply
    .code(400)
    .headers(headers)
    .header('X-Request-Id', request.id)
    .send(errorEnvelope(400, 'VALIDATION_FAILED', message));
}

export { errorEnvelope };
