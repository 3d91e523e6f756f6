import type { FastifyInstance, FastifyRequest } from 'fastify';

interface Entry {
  /** Encoded once: sending a Buffer skips turning the text into bytes on every request. */
  body: Buffer;
  contentType: string;
  expires: number;
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
 */
export function registerAnonymousCache(app: FastifyInstance, options: AnonymousCacheOptions): void {
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

  const pathOf = (request: FastifyRequest) => request.url.split('?', 1)[0]!;
  const cacheable = (request: FastifyRequest) =>
    request.method === 'GET' &&
    request.headers.authorization === undefined &&
    !sessionCookie.test(request.headers.cookie ?? '') &&
    options.paths.some((p) => p.test(pathOf(request)));

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
    if (!cacheable(request)) return;
    const key = request.url;
    const now = Date.now();
    const entry = entries.get(key);
    const send = (e: Entry) => reply.header('content-type', e.contentType).send(e.body);
    if (entry && entry.expires > now) return send(entry);
    const pending = refreshing.get(key);
    if (pending) {
      if (entry && entry.expires + options.staleMs > now) return send(entry);
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
      reply.statusCode === 200 && typeof payload === 'string' && turn.generation === generation;
    const body = keep ? Buffer.from(payload) : null;
    if (!body || body.length > options.maxBytes) {
      release(request, null);
      return done(null, payload);
    }
    const entry: Entry = {
      body,
      contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      // Between three quarters of the lifetime and all of it: answers computed together (a
      // page's calls, a warm-up) do not all expire, and get recomputed, in the same instant.
      expires: Date.now() + options.ttlMs * (0.75 + Math.random() * 0.25),
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
    const path = pathOf(request);
    if (isWrite && reply.statusCode < 400 && !options.lagging?.some((p) => p.test(path))) {
      generation += 1;
      clear();
    }
    done();
  });
}
