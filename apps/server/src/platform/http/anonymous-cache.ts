import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';

type Headers = Record<string, string | number | string[]>;

interface Entry {
  /** Encoded once: sending a Buffer skips turning the text into bytes on every request. */
  body: Buffer;
  contentType: string;
  /** When the answer was computed, for the `Age` header. */
  stored: number;
  expires: number;
  /**
   * Every header Fastify and its plugins set on the answer, but the request id: what the front
   * path sends. Null when the computing request came from another origin, so its CORS headers
   * are not those of a request without `Origin`.
   */
  headers: Headers | null;
}

export interface AnonymousCacheOptions {
  /** Paths (without the query string) whose GET answers may be shared. */
  paths: RegExp[];
  /** How long one answer serves every visitor. */
  ttlMs: number;
  /** How much longer an expired answer may be sent while one request computes its successor. */
  staleMs: number;
  /** Memory bound: the oldest answers are dropped past this many bytes of bodies. */
  maxBytes: number;
  /** Names of the cookies that carry a session: a request with one is never served from here. */
  sessionCookies: string[];
  /**
   * Writes that leave the cache as it is: their only visible effect is a counter that may lag
   * for visitors (a counted view), and they happen on every playback.
   */
  lagging?: RegExp[];
  /** Whether the logged client address comes from `X-Forwarded-For`, as Fastify's `trustProxy`. */
  trustProxy: boolean;
}

export interface AnonymousCache {
  /**
   * Answers a request straight from memory, before Fastify builds anything for it, when it is a
   * visitor's read whose answer is kept and has headers to send; returns false otherwise, and
   * the request goes through Fastify as usual (where a miss is computed, or waits for the
   * request computing it).
   */
  serveFromMemory(request: IncomingMessage, response: ServerResponse): boolean;
}

/**
 * A few seconds of memory for public reads made without credentials (decision 0010). The home
 * listing, a video, a channel or a search look the same to every visitor, so one answer serves
 * them all for `ttlMs` (counters may lag by that much). When an answer expires, one request
 * computes the new one while the others keep receiving the previous one (for at most `staleMs`
 * more), so a popular page never sends a burst of identical queries to the database.
 *
 * Requests carrying a bearer token or a session cookie always reach the handlers. Any successful
 * write handled by this process empties the cache (except the `lagging` ones: a counted view),
 * so a visitor never sees an answer older than a change made through this process; changes
 * made elsewhere (another API process, a worker's job) and view counts show within `ttlMs`.
 *
 * A kept answer is sent in one of two ways, with the same bytes and headers (plus `Age`, as a
 * shared HTTP cache does): by `serveFromMemory`, called by the HTTP server before Fastify for
 * requests without `Origin` (nearly all: a browser sends none on same-origin reads), or by an
 * `onRequest` hook otherwise. Serving from memory skips Fastify's request objects, routing and
 * hooks, which were most of the CPU time of a kept answer (bench/README.md).
 */
export function registerAnonymousCache(
  app: FastifyInstance,
  options: AnonymousCacheOptions,
): AnonymousCache {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const refreshing = new Map<string, Promise<Entry | null>>();
  /** Moves on at every write: an answer computed before a write is not kept. */
  let generation = 0;
  /** The requests computing an answer: the generation they started in, and their waiters. */
  const computing = new WeakMap<
    FastifyRequest,
    { generation: number; finish: (entry: Entry | null) => void }
  >();
  /** Ends a computing request's turn, handing its waiters the answer (or none). */
  const release = (request: FastifyRequest, entry: Entry | null) => {
    computing.get(request)?.finish(entry);
    computing.delete(request);
  };
  const sessionCookie = new RegExp(
    `(?:^|;\\s*)(?:${options.sessionCookies.map((c) => c.replace(/\W/g, '\\$&')).join('|')})=[^;]`,
  );

  const pathOf = (url: string) => url.split('?', 1)[0]!;
  const cacheable = (method: string | undefined, url: string, headers: IncomingHttpHeaders) =>
    method === 'GET' &&
    headers.authorization === undefined &&
    !sessionCookie.test(headers.cookie ?? '') &&
    options.paths.some((p) => p.test(pathOf(url)));
  /** A kept answer that may be sent now: fresh, or stale while its successor is computed. */
  const usable = (key: string, now: number) => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expires > now) return entry;
    if (refreshing.has(key) && entry.expires + options.staleMs > now) return entry;
    return undefined;
  };
  const ageOf = (entry: Entry, now: number) => String(Math.floor((now - entry.stored) / 1000));

  const forget = (key: string) => {
    const old = entries.get(key);
    if (!old) return;
    bytes -= old.body.length;
    entries.delete(key);
  };
  const clear = () => {
    entries.clear();
    bytes = 0;
  };

  app.addHook('onRequest', async (request, reply) => {
    if (!cacheable(request.method, request.url, request.headers)) return;
    const key = request.url;
    const send = (e: Entry) =>
      reply.header('content-type', e.contentType).header('age', ageOf(e, Date.now())).send(e.body);
    const kept = usable(key, Date.now());
    if (kept) return send(kept);
    const pending = refreshing.get(key);
    if (pending) {
      const fresh = await pending;
      if (fresh) return send(fresh);
      return; // The computing request failed: this one computes its own answer.
    }
    // This request computes the answer; the others wait for it or get the previous one.
    refreshing.set(
      key,
      new Promise<Entry | null>((resolve) => {
        computing.set(request, {
          generation,
          finish: (e) => {
            refreshing.delete(key);
            resolve(e);
          },
        });
      }),
    );
  });

  // Callback-style hooks: they run on every response, and a callback costs no promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    const turn = computing.get(request);
    if (!turn) return done(null, payload);
    const keep =
      reply.statusCode === 200 &&
      typeof payload === 'string' &&
      turn.generation === generation &&
      reply.getHeader('set-cookie') === undefined;
    const body = keep ? Buffer.from(payload) : null;
    if (!body || body.length > options.maxBytes) {
      release(request, null);
      return done(null, payload);
    }
    const now = Date.now();
    const entry: Entry = {
      body,
      contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      stored: now,
      // Between three quarters of the lifetime and all of it: answers computed together (a
      // page's calls, a warm-up) do not all expire, and get recomputed, in the same instant.
      expires: now + options.ttlMs * (0.75 + Math.random() * 0.25),
      headers: request.headers.origin === undefined ? frontHeaders(reply.getHeaders()) : null,
    };
    forget(request.url);
    // Map order is insertion order: the first keys are the oldest answers.
    for (const key of entries.keys()) {
      if (bytes + body.length <= options.maxBytes) break;
      forget(key);
    }
    entries.set(request.url, entry);
    bytes += body.length;
    release(request, entry);
    done(null, body);
  });

  // A client that hangs up before the answer is ready must not leave its waiters waiting.
  app.addHook('onRequestAbort', (request, done) => {
    release(request, null);
    done();
  });

  app.addHook('onResponse', (request, reply, done) => {
    // A request that ended without sending (an aborted connection) releases its waiters.
    release(request, null);
    const isWrite = !['GET', 'HEAD', 'OPTIONS'].includes(request.method);
    if (
      isWrite &&
      reply.statusCode < 400 &&
      !options.lagging?.some((p) => p.test(pathOf(request.url)))
    ) {
      generation += 1;
      clear();
    }
    done();
  });

  return {
    serveFromMemory(request, response) {
      const url = request.url ?? '';
      if (
        request.headers.origin !== undefined ||
        !cacheable(request.method, url, request.headers)
      ) {
        return false;
      }
      const now = Date.now();
      const entry = usable(url, now);
      if (!entry?.headers) return false;
      const id = randomUUID();
      // The two lines Fastify writes for every request, with the same fields. (Fastify's logger
      // is the pino instance made from our options; its type only names the logging methods.)
      if ((app.log as Logger).isLevelEnabled('info')) {
        const started = performance.now();
        const log = app.log.child({ reqId: id });
        const req = {
          id,
          method: request.method,
          url,
          ip: clientAddress(request, options.trustProxy),
        };
        log.info({ req }, 'incoming request');
        response.once('finish', () => {
          const res = { statusCode: response.statusCode };
          log.info({ res, responseTime: performance.now() - started }, 'request completed');
        });
      }
      response.writeHead(200, {
        ...entry.headers,
        'x-request-id': id,
        age: ageOf(entry, now),
        'content-length': entry.body.length,
      });
      response.end(entry.body);
      return true;
    },
  };
}

/** The headers of a computed answer that every visitor may receive: not its id nor its length. */
function frontHeaders(headers: Record<string, string | number | string[] | undefined>): Headers {
  const kept: Headers = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    if (name === 'x-request-id' || name === 'content-length') continue;
    kept[name] = value;
  }
  return kept;
}

/**
 * The client's address as Fastify reports it: the peer, or, when proxies are trusted, the
 * first address of `X-Forwarded-For` (the one the first proxy saw).
 */
export function clientAddress(request: IncomingMessage, trustProxy: boolean): string | undefined {
  const peer = request.socket.remoteAddress;
  if (!trustProxy) return peer;
  const forwarded = request.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? ''))
    .split(',')
    .map((address) => address.trim())
    .find((address) => address !== '');
  return first ?? peer;
}
