import { decodeJwt } from 'jose';
import type { Actor } from '../../platform/http/router';

interface Known {
  actor: Actor;
  /** Until when the token may be trusted without asking the database again. */
  until: number;
}

/** What revokes sessions tells the cache, so this process stops trusting them at once. */
export interface SessionRevocations {
  forgetSession(sessionId: string): void;
  forgetUserSessions(userId: string, exceptSessionId?: string): void;
}

/**
 * Access tokens seen recently whose session was active (decision 0018). Checking a token costs
 * an HMAC and a database round trip; a signed-in client sends the same token on every call, so
 * within `ttlMs` of a check the token stands for the same actor without either.
 *
 * Revocations made through this process (logout, refresh-token reuse, a password change) reach
 * the cache through `SessionRevocations` and take effect at once. A session revoked by another
 * process keeps working here for at most `ttlMs`; an expired token never does (an entry lasts
 * no longer than its token's `exp`).
 */
export class SessionCache implements SessionRevocations {
  private readonly known = new Map<string, Known>();
  /** Moves on at every revocation: a check that started before one is not remembered. */
  private generation = 0;

  constructor(
    private readonly ttlMs = 10_000,
    /** Memory bound; the oldest tokens are dropped first. */
    private readonly maxEntries = 50_000,
  ) {}

  /** The actor of a token checked within `ttlMs`, or undefined when it must be checked. */
  peek(token: string): Actor | undefined {
    const entry = this.known.get(token);
    if (!entry) return undefined;
    if (entry.until > Date.now()) return entry.actor;
    this.known.delete(token);
    return undefined;
  }

  /**
   * The actor of a token: remembered, or established by `check` (which verifies the token and
   * asks the database; it throws for a bad token or an ended session, which is not kept).
   */
  async actorOf(token: string, check: () => Promise<Actor>): Promise<Actor> {
    const remembered = this.peek(token);
    if (remembered) return remembered;
    const started = this.generation;
    const actor = await check();
    // A revocation during the check may have ended this very session: trust it next time only
    // after asking again.
    if (started === this.generation) this.remember(token, actor);
    return actor;
  }

  forgetSession(sessionId: string): void {
    this.generation += 1;
    for (const [token, entry] of this.known) {
      if (entry.actor.sessionId === sessionId) this.known.delete(token);
    }
  }

  forgetUserSessions(userId: string, exceptSessionId?: string): void {
    this.generation += 1;
    for (const [token, entry] of this.known) {
      if (entry.actor.userId === userId && entry.actor.sessionId !== exceptSessionId) {
        this.known.delete(token);
      }
    }
  }

  private remember(token: string, actor: Actor): void {
    // The token was verified by `check`, so its claims can be read without verifying again.
    const { exp } = decodeJwt(token);
    const now = Date.now();
    // Between three quarters of the lifetime and all of it: tokens first seen together (a
    // restart, a burst of sign-ins) are not all checked again in the same instant.
    const lifetime = this.ttlMs * (0.75 + Math.random() * 0.25);
    const until = Math.min(now + lifetime, exp === undefined ? now : exp * 1000);
    if (until <= now) return;
    this.known.delete(token);
    if (this.known.size >= this.maxEntries) {
      // Map order is insertion order: the first key is the token remembered longest ago.
      const oldest = this.known.keys().next();
      if (!oldest.done) this.known.delete(oldest.value);
    }
    this.known.set(token, { actor, until });
  }
}
