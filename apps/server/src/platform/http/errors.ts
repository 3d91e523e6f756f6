import type { ErrorCode, FieldError } from '@kinora/contract';

const statusOf: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  TWO_FACTOR_REQUIRED: 401,
  TOKEN_EXPIRED: 401,
  SESSION_REVOKED: 401,
  FORBIDDEN: 403,
  FOREIGN_ORIGIN: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  USERNAME_TAKEN: 409,
  EMAIL_TAKEN: 409,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  URI_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  RATE_LIMITED: 429,
  EMAIL_NOT_CONFIGURED: 409,
  ACCOUNT_BANNED: 403,
  INTERNAL: 500,
  NOT_IMPLEMENTED: 501,
};

/**
 * The one error type services throw. It carries what the client may see; anything else that
 * is thrown becomes a 500 whose details stay in the log.
 */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusOf[code];
  }

  /** What the refusal points at, sent in the envelope's `data` (null otherwise). */
  data: Record<string, unknown> | null = null;

  withData(data: Record<string, unknown>): this {
    this.data = data;
    return this;
  }
}

export const badRequest = (message: string, fieldErrors?: FieldError[]) =>
  new AppError('VALIDATION_FAILED', message, fieldErrors);
export const unauthenticated = (message = 'You need to sign in to do that') =>
  new AppError('UNAUTHENTICATED', message);
export const forbidden = (message = 'You are not allowed to do that') =>
  new AppError('FORBIDDEN', message);
export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const conflict = (code: 'USERNAME_TAKEN' | 'EMAIL_TAKEN' | 'CONFLICT', message: string) =>
  new AppError(code, message);
export const tooManyRequests = (message: string) => new AppError('RATE_LIMITED', message);
export const payloadTooLarge = (message: string, field?: string) =>
  new AppError('PAYLOAD_TOO_LARGE', message, field ? [{ field, message }] : undefined);
export const unsupportedMedia = (message: string, field?: string) =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', message, field ? [{ field, message }] : undefined);
