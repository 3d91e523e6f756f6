import { Redis } from 'ioredis';

/** A counter or a lock as read from the store. */
export interface Tally {
  count: number;
  /** Milliseconds until the key is forgotten; 0 when it does not exist. */
  resetInMs: number;
}

/**
 * Counters and locks for rate limits and sign-in throttles. Kept in the process's memory, or in
 * Redis when REDIS_URL is set so that every API process counts against the same limit (the
 * rate-limit plugin then uses the same Redis client, `redis`).
 */
export interface LimitStore {
  /** The Redis client behind the store, or null when it lives in memory. */
  readonly redis: Redis | null;
  /** Adds one to a counter that is forgotten `windowMs` after its first hit. */
  hit(key: string, windowMs: number): Promise<Tally>;
  /** Reads a counter or a lock without changing it. */
  peek(key: string): Promise<Tally>;
  /** Takes a lock for `ms` unless one is held: true when this call took it. */
  claim(key: string, ms: number): Promise<boolean>;
  delete(keys: string[]): Promise<void>;
  close(): Promise<void>;
}

const none: Tally = { count: 0, resetInMs: 0 };

export class MemoryLimitStore implements LimitStore {
  readonly redis = null;
  private readonly entries = new Map<string, { count: number; expiresAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(sweepEveryMs = 60_000) {
    // Expired keys are dropped on read too; the sweep keeps keys nobody reads again (one per
    // address or account tried) from piling up.
    this.sweeper = setInterval(() => this.sweep(), sweepEveryMs);
    this.sweeper.unref();
  }

  async hit(key: string, windowMs: number): Promise<Tally> {
    const now = Date.now();
    let entry = this.live(key, now);
    if (!entry) {
      entry = { count: 0, expiresAt: now + windowMs };
      this.entries.set(key, entry);
    }
    entry.count += 1;
    return { count: entry.count, resetInMs: entry.expiresAt - now };
  }

  async peek(key: string): Promise<Tally> {
    const now = Date.now();
    const entry = this.live(key, now);
    return entry ? { count: entry.count, resetInMs: entry.expiresAt - now } : none;
  }

  async claim(key: string, ms: number): Promise<boolean> {
    const now = Date.now();
    if (this.live(key, now)) return false;
    this.entries.set(key, { count: 1, expiresAt: now + ms });
    return true;
  }

  async delete(keys: string[]): Promise<void> {
    for (const key of keys) this.entries.delete(key);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.entries.clear();
  }

  private live(key: string, now: number) {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}

/** What the store does when Redis fails: told once per outage, so the log is not flooded. */
export interface StoreLog {
  error(details: { err: unknown }, message: string): void;
  info(message: string): void;
}

/**
 * Limits in Redis. The keys carry the configured prefix (ioredis adds it to every key, also
 * those of the rate-limit plugin's scripts). When Redis fails, a call is let through (counted
 * as nothing) rather than refused: an outage of the limit store must not stop people signing in
 * (decision 0014).
 */
export class RedisLimitStore implements LimitStore {
  readonly redis: Redis;
  private failing = false;

  constructor(
    options: { url: string; keyPrefix: string },
    private readonly log: StoreLog,
  ) {
    this.redis = new Redis(options.url, {
      keyPrefix: options.keyPrefix,
      // Connected by connect(), so that starting up can wait for it.
      lazyConnect: true,
      // While Redis is away a call fails at once (and is let through) instead of waiting for
      // the next reconnection; ioredis keeps reconnecting in the background.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
    });
    // ioredis reports every failed reconnection; the first of an outage is enough.
    this.redis.on('error', (err: unknown) => this.failed(err));
  }

  /** Connects; when Redis does not answer, the failure is logged and retried in the background. */
  async connect(): Promise<void> {
    await this.redis.connect().catch((err: unknown) => this.failed(err));
  }

  async hit(key: string, windowMs: number): Promise<Tally> {
    // The window starts with the first hit (SET NX) and INCR keeps its expiry.
    return this.run(async () => {
      const results = await this.redis
        .multi()
        .set(key, 0, 'PX', windowMs, 'NX')
        .incr(key)
        .pttl(key)
        .exec();
      return {
        count: Number(results?.[1]?.[1] ?? 0),
        resetInMs: Math.max(0, Number(results?.[2]?.[1] ?? 0)),
      };
    }, none);
  }

  async peek(key: string): Promise<Tally> {
    return this.run(async () => {
      const results = await this.redis.multi().get(key).pttl(key).exec();
      const count = Number(results?.[0]?.[1] ?? 0);
      const ttl = Number(results?.[1]?.[1] ?? 0);
      return count > 0 && ttl > 0 ? { count, resetInMs: ttl } : none;
    }, none);
  }

  async claim(key: string, ms: number): Promise<boolean> {
    // When Redis fails the caller goes on as if it had taken the lock.
    return this.run(async () => (await this.redis.set(key, 1, 'PX', ms, 'NX')) === 'OK', true);
  }

  async delete(keys: string[]): Promise<void> {
    if (keys.length > 0) await this.run(() => this.redis.del(...keys), 0);
  }

  async close(): Promise<void> {
    // QUIT waits for an answer: only ask a Redis that is there.
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => undefined);
    this.redis.disconnect();
  }

  /** Runs a command; when Redis fails, answers `fallback` (nothing counted). */
  private async run<T>(command: () => Promise<T>, fallback: T): Promise<T> {
    try {
      const value = await command();
      if (this.failing) {
        this.failing = false;
        this.log.info('rate-limit store (Redis) answers again');
      }
      return value;
    } catch (err) {
      this.failed(err);
      return fallback;
    }
  }

  private failed(err: unknown): void {
    if (this.failing) return;
    this.failing = true;
    this.log.error({ err }, 'rate-limit store (Redis) failed; limits are not enforced');
  }
}

/** The store the configuration asks for, connected (or logged as failing) before it answers. */
export async function createLimitStore(
  redis: { url: string; keyPrefix: string } | null,
  log: StoreLog,
): Promise<LimitStore> {
  if (!redis) return new MemoryLimitStore();
  const store = new RedisLimitStore(redis, log);
  await store.connect();
  return store;
}
