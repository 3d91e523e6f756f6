import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Actor } from './router';

/**
 * The headers a kept answer is sent with, as `writeHead` takes them: name, value, name, value,
 * ... in the order Fastify set them, then the three each request sets (`x-request-id`, `age`,
 * `content-length`, their values written just before each send). An array is written out by
 * Node as it comes; an object spread anew for every request cost more than the rest of the
 * path in JavaScript (bench/README.md, decision 0071).
 */
type HeadLine = (string | number | string[])[];

/** Who is calling, as far as can be told from the headers without waiting. */
export type CallerIdentity =
  | { kind: 'visitor' }
  /** A token checked moments ago by the authenticator: it stands for this actor. */
  | { kind: 'signed-in'; actor: Actor }
  /** A token not checked recently (or a bad one): only the authenticator can tell. */
  | { kind: 'unchecked' };

/** Fields to write over a JSON answer's `data`: nested objects merge, anything else replaces. */
export interface AnswerPatch {
  readonly [field: string]: unknown;
}

/**
 * Whether a computed answer is also a signed-in person's (decision 0018), declared by the route
 * that computed it. Without a rule, an answer is shared between visitors only.
 */
export interface SharingRule {
  /** People whose answer differs from a visitor's: the owner of a video, of a channel. */
  notFor: readonly string[];
  /** Per-person fields: the kept answer holds a visitor's, a signed-in caller gets their own. */
  personal?: {
    /** The fields as a visitor sees them. */
    visitor: AnswerPatch;
    /** The caller's own fields, in one indexed lookup. */
    of(actor: Actor): Promise<AnswerPatch>;
  };
}

/** What the router tells the cache about an answer it is about to send. */
export interface AnswerDeclaration {
  /** Who the answer was computed for, as the route saw it: null for a visitor. */
  actor: Actor | null;
  /** Null when the route has no rule, or this answer holds something a visitor may not see. */
  sharing: SharingRule | null;
  /**
   * What the answer shows (`kept-tags.ts`): a change to any of these drops it. Null: the
   * route says nothing of what it shows, and its answer is not kept.
   */
  shows: readonly string[] | null;
  /**
   * Parts of the answer's text, in order, that other kept answers are likely to hold too (the
   * videos' cards of each person's history, `prewritten`): a person's own answer keeps each
   * such text once for every answer holding it (decision 0060).
   */
  sharedTexts?: readonly string[];
}

/**
 * Whether an actor sees what a visitor sees wherever no rule names them. A role that sees more
 * (a moderator sees drafts) never receives nor leaves a shared answer.
 */
export function seesWhatVisitorsSee(actor: Actor): boolean {
  return actor.role === 'user';
}

interface Entry {
  /**
   * Encoded once: sending a Buffer skips turning the text into bytes on every request. For a
   * person's own answer made of texts other answers hold (`AnswerDeclaration.sharedTexts`), the
   * body is kept as `pieces` instead, and is null.
   */
  body: Buffer | null;
  /** The body as its parts in order: its own bytes, and texts kept once for every answer. */
  pieces?: Pieces;
  /** The body's length in bytes. */
  length: number;
  contentType: string;
  /** When the answer was computed, for the `Age` header. */
  stored: number;
  expires: number;
  /**
   * Every header Fastify and its plugins set on the answer, but the request id and the length,
   * then the slots of those and of `age` (`HeadLine`): what the front path sends. Null when the
   * computing request came from another origin, so its CORS headers are not those of a request
   * without `Origin`.
   */
  head: HeadLine | null;
  /**
   * The one person this answer is for, when it is their own (a following feed): nobody else
   * receives it, visitors neither.
   */
  reader?: string;
  /** Who besides visitors may receive it; null: visitors only. */
  sharing: { notFor: ReadonlySet<string>; personal: SharingRule['personal'] } | null;
  /** What it shows: a change to any of these drops it. */
  tags: readonly string[];
  /**
   * The answer with each set of per-person fields seen so far merged in (`isSubscribed` true or
   * false): people share those too, so each is encoded once.
   */
  variants?: Map<string, Buffer>;
  /**
   * Each signed-in reader's answer, by user id, for as long as this answer is kept: their fields
   * are looked up once per kept answer and are as fresh as the rest of it (their own change
   * drops the answer).
   */
  readers?: Map<string, Buffer>;
}

/** A body as parts: its own bytes (views of one Buffer) and texts shared with other answers. */
interface Pieces {
  parts: readonly Buffer[];
  /** The shared texts it holds, to let go of when it is forgotten. */
  texts: readonly string[];
  /** The bytes that are its own (the shared texts are counted once, where they are kept). */
  ownBytes: number;
}

export interface AnonymousCacheOptions {
  /** Paths (without the query string) whose GET answers may be shared. */
  paths: RegExp[];
  /**
   * Paths whose GET answers are each one signed-in person's own (the following feeds): kept
   * for that person alone, under their id and the whole URL, for as long and with the same
   * rules as the shared ones (tagged `reader:<id>` besides what they show). A visitor's or an
   * unchecked token's request always reaches the handlers.
   */
  personalPaths?: RegExp[];
  /**
   * Paths whose GET answers are shared between visitors and each signed-in person's own (they
   * hold per-person fields in lists: a comment's `isLiked`; or a reader may see more: a
   * playlist's owner its drafts): a visitor's answer is kept as on `paths`, a signed-in
   * person's as on `personalPaths`.
   */
  eachReaderPaths?: RegExp[];
  /** How long one answer serves every visitor. */
  ttlMs: number;
  /**
   * Longer lifetimes for some paths (search): answers that cost much to compute and whose
   * readers do not need them to the second. The first pattern that matches wins.
   */
  lifetimes?: { path: RegExp; ttlMs: number }[];
  /** How long one person's own answer (a personal path's, or a reader's on `eachReaderPaths`) lives. */
  personalTtlMs?: number;
  /**
   * Longer lifetimes for some personal paths (a person's history: decision 0064), over
   * `personalTtlMs`. The first pattern that matches wins.
   */
  personalLifetimes?: { path: RegExp; ttlMs: number }[];
  /** How much longer an expired answer may be sent while one request computes its successor. */
  staleMs: number;
  /**
   * How many answers may be computed at once while an expired answer waits its turn: past it,
   * the expired answer is sent (within `staleMs`) and a later request computes its successor.
   * A burst of expiries (many people's feeds, kept together) then never runs more queries at
   * once than this, so PostgreSQL's backends do not crowd the process serving everyone else
   * off the CPU. An answer nobody holds is always computed.
   */
  maxRefreshing: number;
  /** Memory bound: the oldest answers are dropped past this many bytes of bodies. */
  maxBytes: number;
  /**
   * Who is calling, from the raw headers: the authenticator's own rule for finding the token,
   * with the app's cookie parser, so "visitor" here means what it means to the route.
   */
  identify(headers: IncomingHttpHeaders): CallerIdentity;
  /**
   * The same, in Fastify's hook, where waiting is possible: a token not checked moments ago is
   * checked, so a signed-in caller is told apart from a bad token without computing an answer.
   */
  identifyRequest(request: FastifyRequest): Promise<CallerIdentity>;
  /** Whether the logged client address comes from `X-Forwarded-For`, as Fastify's `trustProxy`. */
  trustProxy: boolean;
  /** Told of each read that may be kept: sent from a kept answer (hit) or computed (miss). */
  onLookup?: (result: 'hit' | 'miss') => void;
}

export interface AnonymousCache {
  /**
   * Answers a request straight from memory, before Fastify builds anything for it, when it is a
   * read whose kept answer this caller may receive and that has headers to send; otherwise
   * calls `passOn`, and the request goes through Fastify as usual (where a miss is computed, or
   * waits for the request computing it).
   */
  serveFromMemory(
    request: IncomingMessage,
    response: ServerResponse,
    passOn: (request: IncomingMessage, response: ServerResponse) => void,
  ): void;
  /** Called by the router before it sends a GET's answer: who it is for, and who may share it. */
  declare(request: FastifyRequest, declaration: AnswerDeclaration): void;
  /**
   * Drops every kept answer that shows any of `tags` (a change event's, `kept-tags.ts`), and
   * keeps none being computed while the change happened.
   */
  drop(tags: readonly string[]): void;
  /** How many answers are kept (for tests and metrics). */
  readonly size: number;
}

/**
 * A few seconds of memory for public reads (decisions 0010 and 0018). The home listing, a
 * video, a channel or a search look the same to every visitor, so one answer serves them all
 * for `ttlMs` (counters may lag by that much). When an answer expires, one request computes
 * the new one while the others keep receiving the previous one (for at most `staleMs` more), so
 * a popular page never sends a burst of identical queries to the database.
 *
 * Signed-in people receive a kept answer too when the route that computed it declared a
 * `SharingRule` and does not name them (a video's owner gets their own answer, which may be a
 * draft); per-person fields (`isSubscribed`) are looked up for each of them and merged in. A
 * request whose token was not checked moments ago always reaches the handlers. An answer is
 * kept only when the route's own view of the caller (`declare`) agrees with what was told
 * from the headers, and one computed for a signed-in person only when its rule allows it; the
 * per-person fields are then set back to a visitor's before it is kept.
 *
 * Each kept answer is tagged with what it shows (a video, a person, a channel's list; declared
 * by its route), and a change drops only the answers tagged with what it changed (`drop`,
 * called on the domain events of every process: decision 0025), so a saved watch position or
 * a like on one video leaves home and every other page kept. Counters that no event drops
 * (view counts, the counts on listing cards) show within `ttlMs`.
 *
 * A kept answer is sent in one of two ways, with the same bytes and headers (plus `Age`, as a
 * shared HTTP cache does): by `serveFromMemory`, called by the HTTP server before Fastify for
 * requests without `Origin` (nearly all: a browser sends none on same-origin reads), or by an
 * `onRequest` hook otherwise. Serving from memory skips Fastify's request objects, routing and
 * hooks, which were most of the CPU time of a kept answer (bench/README.md).
 */
type AnswerKind = 'shared' | 'personal' | 'each reader';

export function registerAnonymousCache(
  app: FastifyInstance,
  options: AnonymousCacheOptions,
): AnonymousCache {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  /**
   * Texts several kept answers hold (the videos' cards of people's histories), each encoded
   * once and counted once in `bytes`, with how many kept answers hold it (decision 0060).
   */
  const texts = new Map<string, { bytes: Buffer; holders: number }>();
  /**
   * `payload` as parts: the shared texts, found in order, kept once; the rest its own. Null
   * when a text is not where it should be (the answer is then kept whole).
   */
  const piecesOf = (payload: string, shared: readonly string[]): Pieces | null => {
    const bounds: number[] = [];
    let at = 0;
    for (const text of shared) {
      const start = payload.indexOf(text, at);
      if (start < 0) return null;
      at = start + text.length;
      bounds.push(start, at);
    }
    // Its own bytes, encoded at once, then viewed between the shared texts.
    let own = '';
    const ownLengths: number[] = [];
    let from = 0;
    for (let i = 0; i < bounds.length; i += 2) {
      const segment = payload.slice(from, bounds[i]);
      own += segment;
      ownLengths.push(Buffer.byteLength(segment));
      from = bounds[i + 1]!;
    }
    const tail = payload.slice(from);
    own += tail;
    ownLengths.push(Buffer.byteLength(tail));
    const ownBytes = Buffer.from(own);
    const parts: Buffer[] = [];
    let offset = 0;
    shared.forEach((text, i) => {
      const length = ownLengths[i]!;
      if (length > 0) parts.push(ownBytes.subarray(offset, offset + length));
      offset += length;
      let kept = texts.get(text);
      if (!kept) {
        texts.set(text, (kept = { bytes: Buffer.from(text), holders: 0 }));
        bytes += kept.bytes.length;
      }
      kept.holders += 1;
      parts.push(kept.bytes);
    });
    if (ownLengths.at(-1)! > 0) parts.push(ownBytes.subarray(offset));
    bytes += ownBytes.length;
    return { parts, texts: shared, ownBytes: ownBytes.length };
  };
  /** Lets go of a forgotten answer's shared texts, and of its own bytes in the count. */
  const releasePieces = (pieces: Pieces) => {
    bytes -= pieces.ownBytes;
    for (const text of pieces.texts) {
      const kept = texts.get(text);
      if (!kept) continue;
      kept.holders -= 1;
      if (kept.holders === 0) {
        texts.delete(text);
        bytes -= kept.bytes.length;
      }
    }
  };
  /** An entry's body as one Buffer (a body kept as parts is joined). */
  const wholeBody = (entry: Entry): Buffer =>
    entry.body ?? Buffer.concat(entry.pieces!.parts, entry.length);
  const refreshing = new Map<string, Promise<Entry | null>>();
  /** Where each tag's answers are kept. */
  const tagged = new Map<string, Set<string>>();
  /**
   * Drops made while answers were being computed: an answer that began before a drop of what
   * it shows may hold what the change replaced, and is not kept. Numbered in order; pruned to
   * those newer than the oldest computation still running.
   */
  let dropCount = 0;
  let recentDrops: { number: number; tags: readonly string[] }[] = [];
  /** How many computations started after each drop number are running. */
  const runningSince = new Map<number, number>();
  /** The requests computing an answer: the drop number they started at, and their waiters. */
  const computing = new WeakMap<
    FastifyRequest,
    {
      key: string;
      /** For one person's own answer, their id. */
      reader: string | undefined;
      /**
       * For a signed-in caller of an each-reader path, where the answer is kept instead when
       * its rule shares it with them (it is then everyone's, their own fields set back).
       */
      sharedKey: string | undefined;
      startedAt: number;
      identity: CallerIdentity;
      finish: (entry: Entry | null) => void;
    }
  >();
  /** What the router declared about the answer of each request computing one. */
  const declared = new WeakMap<FastifyRequest, AnswerDeclaration>();
  /** Ends a computing request's turn, handing its waiters the answer (or none). */
  const release = (request: FastifyRequest, entry: Entry | null) => {
    const turn = computing.get(request);
    if (!turn) return;
    computing.delete(request);
    const left = (runningSince.get(turn.startedAt) ?? 1) - 1;
    if (left > 0) runningSince.set(turn.startedAt, left);
    else runningSince.delete(turn.startedAt);
    if (runningSince.size === 0) recentDrops = [];
    else {
      const oldest = Math.min(...runningSince.keys());
      if (recentDrops.length > 0 && recentDrops[0]!.number <= oldest) {
        recentDrops = recentDrops.filter((d) => d.number > oldest);
      }
    }
    turn.finish(entry);
  };
  /** Whether a change to any of `tags` was dropped after drop number `since`. */
  const changedSince = (since: number, tags: readonly string[]) => {
    if (since === dropCount) return false;
    const shown = new Set(tags);
    return recentDrops.some((d) => d.number > since && d.tags.some((tag) => shown.has(tag)));
  };

  const pathOf = (url: string) => url.split('?', 1)[0]!;
  const lifetimeOf = (url: string) =>
    options.lifetimes?.find((l) => l.path.test(pathOf(url)))?.ttlMs ?? options.ttlMs;
  const personalLifetimeOf = (url: string) =>
    options.personalLifetimes?.find((l) => l.path.test(pathOf(url)))?.ttlMs ??
    options.personalTtlMs ??
    lifetimeOf(url);
  /**
   * Which kind of kept answer a GET of `url` has: shared, each reader's own, visitors' shared
   * and each signed-in reader's own, or none.
   */
  const kindOf = (method: string | undefined, url: string): AnswerKind | null => {
    if (method !== 'GET') return null;
    const path = pathOf(url);
    if (options.paths.some((p) => p.test(path))) return 'shared';
    if (options.personalPaths?.some((p) => p.test(path))) return 'personal';
    return options.eachReaderPaths?.some((p) => p.test(path)) ? 'each reader' : null;
  };
  /**
   * `kindOf` of a GET, remembered by URL: the front path asks it of every request, and the
   * patterns are a dozen regular expressions. Bounded: URLs of at most 512 characters, 10,000
   * of them (past that it starts again), so strangers' long URLs cannot fill the memory.
   */
  const kindsOfGets = new Map<string, AnswerKind | null>();
  const kindOfGet = (url: string): AnswerKind | null => {
    if (url.length > 512) return kindOf('GET', url);
    let kind = kindsOfGets.get(url);
    if (kind === undefined) {
      kind = kindOf('GET', url);
      if (kindsOfGets.size >= 10_000) kindsOfGets.clear();
      kindsOfGets.set(url, kind);
    }
    return kind;
  };
  /**
   * Where this caller's answer to `url` is kept: the URL for a shared answer, the person's id
   * and the URL for their own (a line break never appears in a URL); null when it is not kept.
   */
  const keyOf = (
    kind: AnswerKind,
    url: string,
    identity: CallerIdentity,
  ): { key: string; reader: string | undefined } | null => {
    if (kind === 'shared') return { key: url, reader: undefined };
    if (kind === 'each reader' && identity.kind === 'visitor')
      return { key: url, reader: undefined };
    if (identity.kind !== 'signed-in') return null;
    const reader = identity.actor.userId;
    return { key: `${reader}\n${url}`, reader };
  };
  /**
   * For a signed-in caller of an each-reader path, the shared answer when its route's rule lets
   * them receive it (decision 0058: a video's comments with their own likes merged in); else
   * undefined, and their own answer is looked for.
   */
  const sharedFor = (kind: AnswerKind, url: string, identity: CallerIdentity, now: number) => {
    if (kind !== 'each reader' || identity.kind !== 'signed-in') return undefined;
    const entry = usable(url, now);
    return entry && entry.reader === undefined && entry.sharing && mayReceive(entry, identity)
      ? entry
      : undefined;
  };
  /**
   * A kept answer that may be sent now: fresh, or stale while its successor is computed or
   * while as many others are being computed as may be at once.
   */
  const usable = (key: string, now: number) => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expires > now) return entry;
    if (entry.expires + options.staleMs <= now) return undefined;
    return refreshing.has(key) || refreshing.size >= options.maxRefreshing ? entry : undefined;
  };
  /** Whether this caller's answer is the kept one (with their own fields merged in). */
  const mayReceive = (entry: Entry, identity: CallerIdentity) => {
    if (entry.reader !== undefined) {
      return identity.kind === 'signed-in' && identity.actor.userId === entry.reader;
    }
    if (identity.kind === 'visitor') return true;
    if (identity.kind === 'unchecked' || !entry.sharing) return false;
    return seesWhatVisitorsSee(identity.actor) && !entry.sharing.notFor.has(identity.actor.userId);
  };
  /** The kept bytes, or for a signed-in caller of an answer with per-person fields, theirs. */
  const bodyFor = async (key: string, entry: Entry, identity: CallerIdentity): Promise<Buffer> => {
    const personal = entry.sharing?.personal;
    if (identity.kind !== 'signed-in' || !personal || !entry.body) return wholeBody(entry);
    const known = entry.readers?.get(identity.actor.userId);
    if (known) return known;
    const fields = await personal.of(identity.actor);
    const variant = JSON.stringify(fields);
    entry.variants ??= new Map();
    let body = entry.variants.get(variant);
    if (!body) {
      body = Buffer.from(withData(entry.body.toString(), fields));
      // A few variants at most (the fields are flags); the bound guards against a rule whose
      // fields are not.
      if (entry.variants.size < 16 && entries.get(key) === entry) {
        entry.variants.set(variant, body);
        bytes += body.length;
      }
    }
    // Bounded: past that many readers of one answer, the others are looked up each time.
    if (entries.get(key) === entry && (entry.readers?.size ?? 0) < 10_000) {
      (entry.readers ??= new Map()).set(identity.actor.userId, body);
    }
    return body;
  };
  const ageOf = (entry: Entry, now: number) => String(Math.floor((now - entry.stored) / 1000));

  const forget = (key: string) => {
    const old = entries.get(key);
    if (!old) return;
    if (old.pieces) releasePieces(old.pieces);
    else bytes -= old.length;
    for (const variant of old.variants?.values() ?? []) bytes -= variant.length;
    entries.delete(key);
    for (const tag of old.tags) {
      const keys = tagged.get(tag);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) tagged.delete(tag);
    }
  };

  /**
   * Sends a kept answer from memory (`serveFromMemory`): one function for every request, so
   * none makes a closure of its own.
   */
  const sendKept = (
    request: IncomingMessage,
    response: ServerResponse,
    url: string,
    entry: Entry,
    body: Buffer | Pieces,
    now: number,
  ) => {
    options.onLookup?.('hit');
    const id = randomUUID();
    // The two lines Fastify writes for every request, with the same fields. (Fastify's logger
    // is the pino instance made from our options; its type only names the logging methods.)
    if ((app.log as Logger).isLevelEnabled('info')) logKept(request, response, url, id);
    const whole = Buffer.isBuffer(body);
    // The request's own values in the entry's last three slots: `writeHead` reads them at once
    // and keeps nothing of the array, so the next request may write over them.
    const head = entry.head!;
    const last = head.length - 1;
    head[last - 4] = id;
    head[last - 2] = ageOf(entry, now);
    head[last] = whole ? body.length : entry.length;
    response.writeHead(200, head);
    // The parts joined: one copy costs less than a hundred writes through the response.
    response.end(whole ? body : Buffer.concat(body.parts, entry.length));
  };
  const logKept = (request: IncomingMessage, response: ServerResponse, url: string, id: string) => {
    const started = performance.now();
    const log = app.log.child({ reqId: id });
    const req = { id, method: request.method, url, ip: clientAddress(request, options.trustProxy) };
    log.info({ req }, 'incoming request');
    response.once('finish', () => {
      const res = { statusCode: response.statusCode };
      log.info({ res, responseTime: performance.now() - started }, 'request completed');
    });
  };

  app.addHook('onRequest', async (request, reply) => {
    const kind = kindOf(request.method, request.url);
    if (kind === null) return;
    const identity = await options.identifyRequest(request);
    if (identity.kind === 'unchecked') return;
    const place = keyOf(kind, request.url, identity);
    if (place === null) return;
    const { key, reader } = place;
    const send = async (e: Entry, r: FastifyReply) => {
      const body = await bodyFor(key, e, identity);
      return r.header('content-type', e.contentType).header('age', ageOf(e, Date.now())).send(body);
    };
    const shared = sharedFor(kind, request.url, identity, Date.now());
    if (shared) {
      options.onLookup?.('hit');
      const body = await bodyFor(request.url, shared, identity);
      return reply
        .header('content-type', shared.contentType)
        .header('age', ageOf(shared, Date.now()))
        .send(body);
    }
    const kept = usable(key, Date.now());
    if (kept) {
      // Someone the answer is not for (its owner) computes their own, and keeps nothing.
      const receives = mayReceive(kept, identity);
      options.onLookup?.(receives ? 'hit' : 'miss');
      return receives ? send(kept, reply) : undefined;
    }
    const pending = refreshing.get(key);
    if (pending) {
      const fresh = await pending;
      const receives = fresh !== null && mayReceive(fresh, identity);
      options.onLookup?.(receives ? 'hit' : 'miss');
      if (fresh && receives) return send(fresh, reply);
      return; // The computing request kept nothing this caller may receive: it computes its own.
    }
    options.onLookup?.('miss');
    // This request computes the answer; the others wait for it or get the previous one.
    refreshing.set(
      key,
      new Promise<Entry | null>((resolve) => {
        runningSince.set(dropCount, (runningSince.get(dropCount) ?? 0) + 1);
        computing.set(request, {
          key,
          reader,
          sharedKey: kind === 'each reader' && reader !== undefined ? request.url : undefined,
          startedAt: dropCount,
          identity,
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
    const declaration = declared.get(request);
    // A signed-in reader's answer of an each-reader path is everyone's when its rule shares it
    // with them.
    const sharedInstead =
      turn.sharedKey !== undefined && declaration
        ? keptSharing(turn.identity, declaration)
        : undefined;
    const keyKept = sharedInstead ? turn.sharedKey! : turn.key;
    // One person's own answer is kept when the route computed it for the person the headers
    // name; a shared one as its route's rule says.
    const reader =
      !sharedInstead && turn.reader !== undefined && declaration?.actor?.userId === turn.reader
        ? turn.reader
        : undefined;
    const sharing = sharedInstead
      ? sharedInstead
      : turn.reader !== undefined || !declaration
        ? undefined
        : keptSharing(turn.identity, declaration);
    const tags =
      declaration && declaration.shows !== null
        ? reader === undefined
          ? declaration.shows
          : [...declaration.shows, `reader:${reader}`]
        : null;
    const keep =
      (sharing !== undefined || reader !== undefined) &&
      tags !== null &&
      reply.statusCode === 200 &&
      typeof payload === 'string' &&
      !changedSince(turn.startedAt, tags) &&
      reply.getHeader('set-cookie') === undefined;
    let body: Buffer | null = null;
    let length = 0;
    if (keep) {
      // A signed-in caller's own fields give way to a visitor's in what everyone receives.
      const visitorFields = declaration?.actor && sharing ? sharing.personal?.visitor : undefined;
      if (visitorFields) body = Buffer.from(withData(payload, visitorFields));
      else if (reader === undefined || !declaration?.sharedTexts) body = Buffer.from(payload);
      length = body ? body.length : Buffer.byteLength(payload);
    }
    if (!keep || !tags || length > options.maxBytes) {
      release(request, null);
      return done(null, payload);
    }
    forget(keyKept);
    // One person's own answer made of texts other answers hold: those are kept once.
    const pieces = body ? null : piecesOf(payload, declaration!.sharedTexts!);
    if (!body && !pieces) body = Buffer.from(payload);
    if (body) bytes += body.length;
    const now = Date.now();
    const entry: Entry = {
      body,
      ...(pieces ? { pieces } : {}),
      length,
      contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      stored: now,
      // Between three quarters of the lifetime and all of it: answers computed together (a
      // page's calls, a warm-up) do not all expire, and get recomputed, in the same instant.
      expires:
        now +
        (reader === undefined ? lifetimeOf(request.url) : personalLifetimeOf(request.url)) *
          (0.75 + Math.random() * 0.25),
      head: request.headers.origin === undefined ? frontHead(reply.getHeaders()) : null,
      ...(reader === undefined ? {} : { reader }),
      sharing: sharing
        ? { notFor: new Set(sharing.notFor.map(lowerCase)), personal: sharing.personal }
        : null,
      tags,
    };
    // Map order is insertion order: the first keys are the oldest answers. (The new answer's
    // bytes are counted already, and its shared texts held: forgetting others keeps them.)
    for (const key of entries.keys()) {
      if (bytes <= options.maxBytes) break;
      forget(key);
    }
    entries.set(keyKept, entry);
    for (const tag of tags) {
      let keys = tagged.get(tag);
      if (!keys) tagged.set(tag, (keys = new Set()));
      keys.add(keyKept);
    }
    release(request, entry);
    // The caller receives what was computed for them, their own fields included.
    done(null, (declaration?.actor && reader === undefined) || !body ? payload : body);
  });

  // A client that hangs up before the answer is ready must not leave its waiters waiting.
  app.addHook('onRequestAbort', (request, done) => {
    release(request, null);
    done();
  });

  app.addHook('onResponse', (request, _reply, done) => {
    // A request that ended without sending (an aborted connection) releases its waiters.
    release(request, null);
    done();
  });

  return {
    declare(request, declaration) {
      if (computing.has(request)) declared.set(request, declaration);
    },

    drop(tags) {
      dropCount += 1;
      if (runningSince.size > 0) recentDrops.push({ number: dropCount, tags });
      for (const tag of tags) {
        const keys = tagged.get(tag);
        if (!keys) continue;
        for (const key of [...keys]) forget(key);
      }
    },

    get size() {
      return entries.size;
    },

    serveFromMemory(request, response, passOn) {
      if (request.method !== 'GET' || request.headers.origin !== undefined)
        return passOn(request, response);
      const url = request.url ?? '';
      const kind = kindOfGet(url);
      if (kind === null) return passOn(request, response);
      const identity = options.identify(request.headers);
      const now = Date.now();
      const shared = sharedFor(kind, url, identity, now);
      const key = shared ? url : keyOf(kind, url, identity)?.key;
      if (key === undefined) return passOn(request, response);
      const entry = shared ?? usable(key, now);
      if (!entry?.head || !mayReceive(entry, identity)) return passOn(request, response);
      if (identity.kind !== 'signed-in' || !entry.sharing?.personal || !entry.body) {
        return sendKept(request, response, url, entry, entry.body ?? entry.pieces!, now);
      }
      const known = entry.readers?.get(identity.actor.userId);
      if (known) return sendKept(request, response, url, entry, known, now);
      // The caller's own fields: a lookup. If it fails, Fastify answers the request as usual.
      bodyFor(key, entry, identity)
        .then(
          (body) => sendKept(request, response, url, entry, body, now),
          () => passOn(request, response),
        )
        .catch((error: unknown) => {
          app.log.error({ err: error }, 'sending a kept answer failed');
          response.destroy();
        });
    },
  };
}

/**
 * With whom a computed answer may be kept: `null` for visitors only, undefined for nobody. The
 * route's view of the caller must agree with the headers', so a request the two read
 * differently is never kept.
 */
function keptSharing(
  identity: CallerIdentity,
  { actor, sharing }: AnswerDeclaration,
): SharingRule | null | undefined {
  if (actor === null) return identity.kind === 'visitor' ? sharing : undefined;
  if (identity.kind !== 'signed-in' || identity.actor.userId !== actor.userId) return undefined;
  if (!sharing || !seesWhatVisitorsSee(actor)) return undefined;
  return sharing.notFor.some((id) => lowerCase(id) === actor.userId) ? undefined : sharing;
}

const lowerCase = (id: string) => id.toLowerCase();

/** `patch` written over `data`: nested plain objects merge, anything else replaces. */
function merged(data: AnswerPatch, patch: AnswerPatch): AnswerPatch {
  const result: Record<string, unknown> = { ...data };
  for (const [field, value] of Object.entries(patch)) {
    const current = result[field];
    result[field] = isPlainObject(current) && isPlainObject(value) ? merged(current, value) : value;
  }
  return result;
}

const isPlainObject = (value: unknown): value is AnswerPatch =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A JSON envelope with `patch` written over its `data`. */
function withData(payload: string, patch: AnswerPatch): string {
  const envelope = JSON.parse(payload) as { data: AnswerPatch };
  return JSON.stringify({ ...envelope, data: merged(envelope.data, patch) });
}

/**
 * The headers of a computed answer that every visitor may receive (not its id nor its length),
 * then the slots of the request id, the age and the length (`HeadLine`).
 */
function frontHead(headers: Record<string, string | number | string[] | undefined>): HeadLine {
  const head: HeadLine = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    // Each request's own: written in the slots at the end (a computed answer has no `age`).
    if (name === 'x-request-id' || name === 'content-length' || name === 'age') continue;
    head.push(name, value);
  }
  head.push('x-request-id', '', 'age', '', 'content-length', 0);
  return head;
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
