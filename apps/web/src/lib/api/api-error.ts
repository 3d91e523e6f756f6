import type { ErrorCode, FieldError } from '@kinora/contract';

/** The server's codes plus the two failures that happen before an answer is read. */
export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR' | 'BAD_RESPONSE';

interface ApiErrorInit {
  status: number;
  code: ApiErrorCode;
  message: string;
  /** Whether `message` is the server's own words (false: the client's words for the failure). */
  fromServer?: boolean;
  fieldErrors?: readonly FieldError[];
  retryAfterSeconds?: number | null;
  /** The error envelope's `data`: what the refusal points at (a two-factor challenge, say). */
  data?: Record<string, unknown> | null;
}

/** A failed call: the HTTP status (0 when the server was not reached), stable code and message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode;
  /**
   * Whether `message` is what the server said. False when it said nothing: no answer (network
   * down, timeout), an answer that is not ours (a proxy's 502 page), or an empty message.
   */
  readonly fromServer: boolean;
  readonly fieldErrors: readonly FieldError[];
  /** Seconds the server asked to wait (429 Retry-After), when given. */
  readonly retryAfterSeconds: number | null;
  /** What the refusal points at (the error envelope's `data`), null when nothing. */
  readonly data: Record<string, unknown> | null;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.fromServer = init.fromServer ?? false;
    this.fieldErrors = init.fieldErrors ?? [];
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
    this.data = init.data ?? null;
  }

  /** The server's message for one field, if it named that field. */
  fieldError(field: string): string | undefined {
    return this.fieldErrors.find((e) => e.field === field)?.message;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * What a screen says when a call failed: the server's own message when it gave one, else the
 * screen's text for that failure (the spec's words). So a network failure, a timeout or a 5xx
 * without a message reads 'Failed to delete video', never the client's generic words.
 *
 * @example
 *   onError: (error) => toast.error(messageOf(error, 'Failed to delete video'))
 */
export function messageOf(error: unknown, failureText: string): string {
  return isApiError(error) && error.fromServer ? error.message : failureText;
}

/**
 * The message of any thrown value, the client's words included, for the few screens whose spec
 * shows "the error's own message" (registration). Use {@link messageOf} everywhere else.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
