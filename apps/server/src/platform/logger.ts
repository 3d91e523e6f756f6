import type { FastifyServerOptions } from 'fastify';
import pino from 'pino';
import type { Config } from './config/config';
import { queryFailureOf } from './db/errors';

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/**
 * Errors as logged. A failed query keeps its SQL text, PostgreSQL's code and where it was
 * called from; its message and parameters are left out, as they carry the values (a failed
 * register once logged the email and the password hash).
 */
export function serializeError(error: unknown): LoggedError {
  const failure = queryFailureOf(error);
  if (!failure) return pino.stdSerializers.err(error as Error);
  const { message, stack } = error as Partial<Error>;
  return {
    type: error instanceof Error ? error.constructor.name : 'Error',
    message: 'Database query failed',
    ...failure,
    stack: framesOf(stack, message),
  };
}

/** The "at ..." lines of a stack, without the message it starts with. */
function framesOf(stack: string | undefined, message: string | undefined): string {
  if (!stack) return '';
  const start = message ? stack.indexOf(message) : -1;
  const rest = start >= 0 ? stack.slice(start + message!.length) : stack;
  return rest
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

/**
 * Request logs carry the method, the path (never the query string), the status and a request
 * id. Bodies are never logged; credentials are redacted wherever they might appear.
 */
export function loggerOptions(
  level: Config['logLevel'],
  stream?: NodeJS.WritableStream,
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.oldPassword',
        '*.newPassword',
        '*.accessToken',
        '*.refreshToken',
        '*.signature',
      ],
      censor: '[redacted]',
    },
    serializers: {
      err: serializeError,
      req: (req: { method: string; url: string; id: string; ip?: string }) => ({
        id: req.id,
        method: req.method,
        path: req.url.split('?')[0],
        ip: req.ip,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
}
