import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendLocalFile } from './send-local-file';
import { isGrowingPlaylistKey, type ByteRange, type Storage } from './storage';

type RangeResult = { kind: 'none' } | { kind: 'ok'; range: ByteRange } | { kind: 'unsatisfiable' };

/** Parses a single `bytes=` range (RFC 9110 §14.1.2); several ranges are served whole. */
export function parseRange(header: string | undefined, size: number): RangeResult {
  if (!header) return { kind: 'none' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return { kind: 'none' };
  const [, startText = '', endText = ''] = match;
  if (startText === '' && endText === '') return { kind: 'unsatisfiable' };
  if (startText === '') {
    const suffix = Number(endText);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'ok', range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(startText);
  const end = endText === '' ? size - 1 : Math.min(Number(endText), size - 1);
  if (start >= size || end < start) return { kind: 'unsatisfiable' };
  return { kind: 'ok', range: { start, end } };
}

/** Decides, per request, whether a stored file may be served (a draft's only to its owner). */
export interface MediaAccess {
  /** `public`: anyone, cacheable by a CDN; `private`: this requester only; `hidden`: 404. */
  accessOf(key: string, request: FastifyRequest): Promise<'public' | 'private' | 'hidden'>;
}

const everyone: MediaAccess = { accessOf: () => Promise.resolve('public') };

/**
 * A proxy in front fetches public files from the bucket itself (nginx's X-Accel-Redirect):
 * this process answers with the internal location `${prefix}${path of a signed URL}` and no
 * body, and the proxy streams the bytes from storage (the scale-out profile, issue 23).
 */
export interface MediaAccel {
  prefix: string;
  signedUrl: (key: string) => Promise<URL>;
}

/** Of a public file: every key is unique to one upload, so a URL's content never changes. */
const immutable = 'public, max-age=31536000, immutable';
/**
 * Of a growing playlist (`event.m3u8`, decision 0054): its content changes with every segment
 * ffmpeg writes, so every cache asks again (an unchanged one answers 304 to its ETag).
 */
const revalidate = 'public, no-cache';

/**
 * Serves stored media under /media/ with byte ranges (206). Public files are cached for long,
 * except a growing playlist, which is asked for afresh each time and served by this process
 * (never through the proxy's cache); a draft's files go to their owner alone, never into a
 * shared cache, and are a 404 to anyone else.
 */
export async function registerMediaRoutes(
  app: FastifyInstance,
  storage: Storage,
  access: MediaAccess = everyone,
  accel: MediaAccel | null = null,
): Promise<void> {
  const send = async (reply: FastifyReply, key: string, range: ByteRange) => {
    if (storage.localPathOf && range.end >= range.start) {
      // Local files are read into reused buffers and written straight to the socket.
      if (await sendLocalFile(reply, storage.localPathOf(key), range)) return reply;
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    return reply.send(await storage.get(key, range));
  };
  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = (request.params as { '*': string })['*'];
    const visibility = await access.accessOf(key, request);
    if (visibility === 'hidden') {
      // Not stored by caches either: once published, the same URL must answer.
      return reply
        .code(404)
        .header('Cache-Control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('Not found');
    }
    const growing = isGrowingPlaylistKey(key);
    // A growing playlist is a few hundred bytes asked for every few seconds while it grows:
    // served from here, so that nginx's media cache (keyed by the storage path) never holds it.
    if (visibility === 'public' && accel && !growing) {
      let signed: URL;
      try {
        signed = await accel.signedUrl(key);
      } catch {
        return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      }
      // The proxy keeps this answer's Cache-Control; the bytes, type and ranges are storage's.
      return reply
        .header('Cache-Control', immutable)
        .header('X-Accel-Redirect', `${accel.prefix}${signed.pathname}${signed.search}`)
        .send();
    }
    let info;
    try {
      info = await storage.stat(key);
    } catch {
      info = null; // an unsafe key is simply not there
    }
    if (!info) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    const etag = `"${info.size.toString(16)}-${info.lastModified.getTime().toString(16)}"`;
    reply
      .header('Accept-Ranges', 'bytes')
      .header(
        'Cache-Control',
        visibility === 'public' ? (growing ? revalidate : immutable) : 'private, no-cache',
      )
      .header('ETag', etag)
      .header('Last-Modified', info.lastModified.toUTCString())
      .header('X-Content-Type-Options', 'nosniff')
      .type(info.contentType);
    if (request.headers['if-none-match'] === etag) {
      return reply.code(304).send();
    }
    const range = parseRange(request.headers.range, info.size);
    if (range.kind === 'unsatisfiable') {
      return reply.code(416).header('Content-Range', `bytes */${info.size}`).send();
    }
    if (range.kind === 'ok') {
      const { start, end } = range.range;
      reply
        .code(206)
        .header('Content-Range', `bytes ${start}-${end}/${info.size}`)
        .header('Content-Length', String(end - start + 1));
      if (request.method === 'HEAD') return reply.send();
      return send(reply, key, range.range);
    }
    reply.header('Content-Length', String(info.size));
    if (request.method === 'HEAD') return reply.send();
    return send(reply, key, { start: 0, end: info.size - 1 });
  };
  app.get('/media/*', { logLevel: 'warn' }, serve);
}
