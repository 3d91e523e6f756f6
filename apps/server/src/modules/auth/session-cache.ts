import { decodeJwt } from 'jose';
import type { Actor } from '../../platform/http/router';

interface Known {
  actor: Actor;
  /** When the check that established it started. */
  checkedAt: number;
  /** The token's own expiry (ms): never trusted past it. */
  expiresAt: number;
  /**
   * Between three quarters and all of a lifetime: tokens first seen together (a restart, a
   * burst of sign-ins) are not all checked again in the same instant.
   */
  spread: number;
}

/** What revokes sessions tells the cache, so this process stops trusting them at once. */
export interface SessionRevocations {
  forgetSession(sessionId: string): void;
  forgetUserSessions(userId: string, exceptSessionId?: string): void;
}

/**
 * Access tokens seen recently whose session was active (decisions 0018, 0056). Checking a token
 * costs an HMAC and a database round trip; a signed-in client sends the same token on every
 * call, so for a while after a check the token stands for the same actor without either.
 *
 * How long depends on whether every revocation reaches this cache. Revocations made through
 * this process (logout, refresh-token reuse, a password change, a ban) reach it through
 * `SessionRevocations` at once, and those of other processes through the relayed
 * `sessions.ended` event (`forgetSessions`). While the cache hears every process (one process,
 * or the event relay subscribed), a check is trusted `heardTtlMs`; while it may miss some (the
 * relay down or not yet connected), `ttlMs`, and what was checked before it could miss them is
 * not trusted longer once it hears again. An expired token is never trusted (an entry lasts no
 * longer than its token's `exp`).
 */
export class SessionCache implements SessionRevocations {
  private readonly known = new Map<string, Known>();
  /** Moves on at every revocation: a check that started before one is not remembered. */
  private generation = 0;
  /**
   * Since when every revocation, wherever made, reaches this cache; null while some may not.
   * Checks made since then are trusted `heardTtlMs`, others `ttlMs`.
   */
  private hearingSince: number | null;

  constructor(
    options: {
      /** How long a check is trusted while revocations made elsewhere may be missed. */
      ttlMs?: number;
      /** How long while every revocation reaches the cache. */
      heardTtlMs?: number;
      /** Memory bound; the oldest tokens are dropped first. */
      maxEntries?: number;
      /** Whether every revocation reaches it from the start (one process: no relay needed). */
      hearsEveryProcess?: boolean;
    } = {},
  ) {
    this.ttlMs = options.ttlMs ?? 10_000;
    this.heardTtlMs = options.heardTtlMs ?? 5 * 60_000;
    this.maxEntries = options.maxEntries ?? 50_000;
    // Hearing from the start: every check it will make is heard.
    this.hearingSince = (options.hearsEveryProcess ?? true) ? Number.NEGATIVE_INFINITY : null;
  }
  private readonly ttlMs: number;
  private readonly heardTtlMs: number;
  private readonly maxEntries: number;

  /**
   * Whether the revocations of every other process reach this one now (the event relay's
   * subscription is up) or may be missed (it is down: a message published meanwhile is lost).
   */
  hearRevocations(hearing: boolean): void {
    if (!hearing) this.hearingSince = null;
    else if (this.hearingSince === null) this.hearingSince = Date.now();
  }

  /** The actor of a token checked recently enough, or undefined when it must be checked. */
  peek(token: string): Actor | undefined {
    const entry = this.known.get(token);
    if (!entry) return undefined;
    const heard = this.hearingSince !== null && entry.checkedAt > this.hearingSince;
    // A role change ends no session: without Redis, or when `npm run user:role` could not
    // reach the relay, no event says it. Staff are few, so their powers are asked for again
    // within seconds, whatever the cache hears.
    const long = heard && entry.actor.role === 'user';
    const lifetime = (long ? this.heardTtlMs : this.ttlMs) * entry.spread;
    if (Math.min(entry.checkedAt + lifetime, entry.expiresAt) > Date.now()) return entry.actor;
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
    const checkedAt = Date.now();
    const actor = await check();
    // A revocation during the check may have ended this very session: trust it next time only
    // after asking again.
    if (started === this.generation) this.remember(token, actor, checkedAt);
    return actor;
  }

  forgetSession(sessionId: string): void {
    this.forgetSessions([sessionId]);
  }

  /** Sessions ended by any process (the relayed `sessions.ended`). */
  forgetSessions(sessionIds: readonly string[]): void {
    this.generation += 1;
    const ended = new Set(sessionIds);
    for (const [token, entry] of this.known) {
      if (ended.has(entry.actor.sessionId)) this.known.delete(token);
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

  private remember(token: string, actor: Actor, checkedAt: number): void {
    // The token was verified by `check`, so its claims can be read without verifying again.
    const { exp } = decodeJwt(token);
    const expiresAt = exp === undefined ? checkedAt : exp * 1000;
    if (expiresAt <= Date.now()) return;
    this.known.delete(token);
    if (this.known.size >= this.maxEntries) {
      // Map order is insertion order: the first key is the token remembered longest ago.
      const oldest = this.known.keys().next();
      if (!oldest.done) this.known.delete(oldest.value);
    }
    this.known.set(token, { actor, checkedAt, expiresAt, spread: 0.75 + Math.random() * 0.25 });
  }
}
