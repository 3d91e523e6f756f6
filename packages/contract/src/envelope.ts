import { z } from 'zod';

/**
 * Every answer of /api/v1 is wrapped in this envelope (ARCHITECTURE.md §3).
 * The spec's client reads `data` (its "data.data").
 */
export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({
    statusCode: z.number().int(),
    data,
    message: z.string(),
    success: z.literal(true),
  });

export type Envelope<T> = {
  statusCode: number;
  data: T;
  message: string;
  success: true;
};

/** Stable, machine-readable error codes. Clients branch on these, never on messages. */
export const ErrorCode = z.enum([
  'VALIDATION_FAILED',
  'INVALID_JSON',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  /** The password was right and the account asks for a second factor: `data` is a `TwoFactorChallenge`. */
  'TWO_FACTOR_REQUIRED',
  'TOKEN_EXPIRED',
  'SESSION_REVOKED',
  'FORBIDDEN',
  /** A write from a page of another site (cross-site request forgery), refused. */
  'FOREIGN_ORIGIN',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'USERNAME_TAKEN',
  'EMAIL_TAKEN',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  /** The request's address (414) or its headers (431) are longer than the server reads. */
  'URI_TOO_LONG',
  'HEADERS_TOO_LARGE',
  /** The request's headers did not arrive in time (408). */
  'REQUEST_TIMEOUT',
  'RATE_LIMITED',
  /** This server sends no email (no SMTP_URL): an administrator prints reset links instead. */
  'EMAIL_NOT_CONFIGURED',
  /** Sign-in refused: a moderator banned the account (issue 21 item 5). */
  'ACCOUNT_BANNED',
  'INTERNAL',
  /** A form of an answer the server does not offer (an oEmbed format other than JSON). */
  'NOT_IMPLEMENTED',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const FieldError = z.object({
  /** Dotted path of the offending field, e.g. `email` or `avatar`. */
  field: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof FieldError>;

export const ErrorEnvelope = z.object({
  statusCode: z.number().int(),
  /** Null, or what a refusal points at (the existing conversation's `conversationId`, say). */
  data: z.record(z.string(), z.unknown()).nullable(),
  message: z.string(),
  success: z.literal(false),
  code: ErrorCode,
  errors: z.array(FieldError).optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** An empty success payload (logout, delete, ...). */
export const Empty = z.object({});
