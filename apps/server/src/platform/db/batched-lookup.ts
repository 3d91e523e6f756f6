/**
 * Lookups by key that arrive together go to the database as one statement (issue 18 item 4,
 * decision 0065).
 *
 * A single row read by its key (a video page's card) costs the database little to find; what
 * it costs is the statement around it: the round trip's socket writes and reads on both sides,
 * the backend's wake-up, bind, executor start and end, and in Node `pg`'s query object, its row
 * description and the pool's hand-over. With fifty connections asking at once, each event-loop
 * turn reads several such requests. Here the keys asked for in one turn wait for that turn's
 * end (`setImmediate`) and are read by one statement over all of them (`key = any($1)`); while
 * `maxInFlight` such statements are running, new keys wait for one of them to end and go in the
 * next, so the busier the server the larger each statement.
 *
 * Nothing is kept: every key is read by a statement sent after it was asked for, so an answer
 * is never older than the request. A key asked for twice in one turn is read once and both
 * callers get that row. A statement that fails fails each of its callers with the same error.
 *
 * A statement that has not answered after `timeoutMs` fails its callers and gives up its place
 * among the `maxInFlight`: a stuck statement (a lost connection, a backend that never answers)
 * stalls its own callers for that long, not every lookup of the process after it. Its late
 * answer, if one comes, is dropped. It still holds a connection of the pool until PostgreSQL
 * ends it (the pools set no `statement_timeout`), so such statements count against a second
 * bound: no new statement starts while `maxInFlight` of them are still running, and so at
 * most twice `maxInFlight` connections are ever taken by one lookup.
 */
export interface BatchedLookupOptions<K, R> {
  /** Reads the rows of the given keys (distinct), in any order; keys without a row are left out. */
  read(keys: K[]): Promise<R[]>;
  /** The key a row answers. */
  keyOf(row: R): K;
  /** The most keys in one statement. */
  maxBatch?: number;
  /** The most statements running at once; keys asked for meanwhile wait for the next. */
  maxInFlight?: number;
  /** How long a statement may run before its callers are failed and its place is given up. */
  timeoutMs?: number;
}

/** A lookup's statement ran past its `timeoutMs`. */
export class LookupTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`a batched lookup's statement did not answer within ${timeoutMs} ms`);
    this.name = 'LookupTimeoutError';
  }
}

interface Waiting<K, R> {
  key: K;
  resolve(row: R | null): void;
  reject(error: unknown): void;
}

export class BatchedLookup<K, R> {
  private readonly read: (keys: K[]) => Promise<R[]>;
  private readonly keyOf: (row: R) => K;
  private readonly maxBatch: number;
  private readonly maxInFlight: number;
  private readonly timeoutMs: number;
  private waiting: Waiting<K, R>[] = [];
  private inFlight = 0;
  /** Statements past their `timeoutMs` whose callers were failed, still running. */
  private abandoned = 0;
  private scheduled = false;

  constructor(options: BatchedLookupOptions<K, R>) {
    this.read = options.read;
    this.keyOf = options.keyOf;
    this.maxBatch = Math.max(1, options.maxBatch ?? 100);
    this.maxInFlight = Math.max(1, options.maxInFlight ?? 4);
    this.timeoutMs = Math.max(1, options.timeoutMs ?? 10_000);
  }

  /** The row of `key`, or null when there is none. */
  load(key: K): Promise<R | null> {
    return new Promise<R | null>((resolve, reject) => {
      this.waiting.push({ key, resolve, reject });
      this.schedule();
    });
  }

  /** Whether another statement may start now. */
  private hasRoom(): boolean {
    return this.inFlight < this.maxInFlight && this.abandoned < this.maxInFlight;
  }

  private schedule(): void {
    if (this.scheduled || !this.hasRoom()) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    while (this.waiting.length > 0 && this.hasRoom()) {
      const batch = this.waiting.splice(0, this.maxBatch);
      this.inFlight++;
      void this.send(batch);
    }
  }

  private async send(batch: Waiting<K, R>[]): Promise<void> {
    // Settled once: by the statement's answer or by the timeout, whichever comes first.
    let settled = false;
    const settle = () => {
      if (settled) return false;
      settled = true;
      clearTimeout(timer);
      this.inFlight--;
      if (this.waiting.length > 0) this.schedule();
      return true;
    };
    let timedOut = false;
    const timer: NodeJS.Timeout = setTimeout(() => {
      this.abandoned++;
      timedOut = true;
      if (!settle()) return;
      const error = new LookupTimeoutError(this.timeoutMs);
      for (const waiting of batch) waiting.reject(error);
    }, this.timeoutMs);
    // The statement ended, however late: its connection is back in the pool.
    const ended = () => {
      if (!timedOut) return;
      this.abandoned--;
      if (this.waiting.length > 0) this.schedule();
    };
    const keys = batch.length === 1 ? [batch[0]!.key] : [...new Set(batch.map((w) => w.key))];
    let rows: R[];
    try {
      rows = await this.read(keys);
    } catch (error) {
      ended();
      if (settle()) for (const waiting of batch) waiting.reject(error);
      return;
    }
    ended();
    if (!settle()) return;
    const byKey = new Map<K, R>();
    for (const row of rows) byKey.set(this.keyOf(row), row);
    for (const waiting of batch) waiting.resolve(byKey.get(waiting.key) ?? null);
  }
}
