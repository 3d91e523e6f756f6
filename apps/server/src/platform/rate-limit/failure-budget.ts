import { AppError } from '../http/errors';
import type { LimitStore } from './limit-store';

/** "try again in 45 seconds" / "in 3 minutes": a wait a person can read. */
export function readableWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/** A 429 that says how long to wait, in its message and in Retry-After. */
export function rateLimited(what: string, waitMs: number): AppError {
  return new AppError('RATE_LIMITED', `${what}; try again in ${readableWait(waitMs)}`, undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))),
  });
}

/**
 * Lets a key (an address, an account) fail a number of times per window; once spent, further
 * attempts are refused with a 429 until the window ends. Only failures that `counts` accepts
 * are counted, so ordinary use is never limited by it.
 */
export class FailureBudget {
  constructor(
    private readonly store: LimitStore,
    private readonly options: {
      /** Names the keys in the store. */
      name: string;
      max: number;
      windowMs: number;
      counts: (error: unknown) => boolean;
      /** What the person is told, before "try again in ...". */
      message: string;
    },
  ) {}

  async run<T>(key: string, attempt: () => Promise<T>): Promise<T> {
    const storeKey = `${this.options.name}:${key}`;
    const spent = await this.store.peek(storeKey);
    if (spent.count >= this.options.max) throw rateLimited(this.options.message, spent.resetInMs);
    try {
      return await attempt();
    } catch (error) {
      if (this.options.counts(error)) await this.store.hit(storeKey, this.options.windowMs);
      throw error;
    }
  }
}
