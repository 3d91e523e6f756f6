/**
 * Requests too long to serve, answered in the error envelope with the security headers every
 * other answer carries: an address over our limits (414) before any handler reads it, and what
 * Node's HTTP parser refuses itself (a request line or headers over its 16 KB: 414 or 431; a
 * header timeout: 408; bytes that are not HTTP: 400), which would otherwise get Fastify's bare
 * default body.
 */
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorEnvelope } from '@kinora/contract';
import type { FastifyInstance } from 'fastify';
import { errorEnvelope } from './error-handler';
import { AppError } from './errors';

/** The longest path served: ours stay under 200 characters (ids, names, media keys). */
export const maxPathLength = 2048;
/** The longest address with its query (100 ids of a watch-positions batch take about 4 KB). */
export const maxUrlLength = 8192;

export function isUrlTooLong(url: string): boolean {
  if (url.length > maxUrlLength) return true;
  const queryStart = url.indexOf('?');
  return (queryStart === -1 ? url.length : queryStart) > maxPathLength;
}

const uriTooLongMessage = 'The address is too long';

function answerHeaders(headers: Record<string, string>, body: string): Record<string, string> {
  return {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'x-request-id': randomUUID(),
    connection: 'close',
  };
}

/** Refuses an address over the limits (414) before any handler or plugin reads it. */
export function refuseLongUrls(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    done(isUrlTooLong(request.url) ? new AppError('URI_TOO_LONG', uriTooLongMessage) : undefined);
  });
}

interface ParserError extends Error {
  code?: string;
  /** The bytes Node's parser was reading when it gave up (a Buffer; typed loosely by Fastify). */
  rawPacket?: unknown;
}

/**
 * Node's parser counts the request line within its header limit: when the bytes it gave up on
 * hold no line end, or a first line over our address limit, the address is what is too long.
 */
function isRequestLineTooLong(rawPacket: unknown): boolean {
  if (!Buffer.isBuffer(rawPacket)) return false;
  const lineEnd = rawPacket.indexOf('\r\n');
  return lineEnd === -1 || lineEnd > maxUrlLength;
}

function envelopeOf(error: ParserError): ErrorEnvelope {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return isRequestLineTooLong(error.rawPacket)
        ? errorEnvelope(414, 'URI_TOO_LONG', uriTooLongMessage)
        : errorEnvelope(431, 'HEADERS_TOO_LARGE', 'The request headers are too large');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return errorEnvelope(408, 'REQUEST_TIMEOUT', 'The request took too long to arrive');
    default:
      return errorEnvelope(400, 'VALIDATION_FAILED', 'The request is not valid HTTP');
  }
}

/** Fastify's `clientErrorHandler`: what Node's parser refuses, in the envelope. */
export function clientErrorHandler(headers: Record<string, string>) {
  return (error: ParserError, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const envelope = envelopeOf(error);
    const body = JSON.stringify(envelope);
    const lines = Object.entries(answerHeaders(headers, body)).map(([k, v]) => `${k}: ${v}`);
    const status = envelope.statusCode;
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`,
      () => socket.destroy(),
    );
  };
}
