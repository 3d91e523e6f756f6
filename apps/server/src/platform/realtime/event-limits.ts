/**
 * How many events a chat socket, and a person over all their sockets, may send (decision 0030).
 * A socket's own count lives in its process's memory and is checked synchronously as an event
 * arrives, before anything else (no parse, no store, no lookup); a person's is counted in the
 * rate limits' store (Redis when configured, so every API process counts one limit). A refused
 * event costs an `error_event`, and a socket that keeps going is disconnected.
 */
import type { LimitStore } from '../rate-limit/limit-store';

export interface SocketEventLimits {
  /** Events one socket may send in a window. */
  perSocket: number;
  /** Events one person may send in a window, over all their sockets on every process. */
  perPerson: number;
  windowMs: number;
  /** Refused events in one window after which the socket is disconnected. */
  refusalsBeforeDisconnect: number;
}

/**
 * A chat client joins and leaves a conversation on opening and leaving it, and announces each
 * message it posted (60 a minute at most): a few events a second at its busiest.
 */
export const socketEventLimits: SocketEventLimits = {
  perSocket: 30,
  perPerson: 60,
  windowMs: 10_000,
  refusalsBeforeDisconnect: 30,
};

/** One socket's events in the current window: taken and refused. */
export class SocketEventBudget {
  private windowEndsAt = 0;
  private taken = 0;
  private refused = 0;

  constructor(
    private readonly limits: SocketEventLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one event from the socket's allowance; false when it is spent for this window. */
  take(): boolean {
    this.roll();
    if (this.taken >= this.limits.perSocket) return false;
    this.taken += 1;
    return true;
  }

  /** Counts a refused event; true when the socket has kept going long enough to be ended. */
  refuse(): boolean {
    this.roll();
    this.refused += 1;
    return this.refused >= this.limits.refusalsBeforeDisconnect;
  }

  private roll(): void {
    const now = this.now();
    if (now < this.windowEndsAt) return;
    this.windowEndsAt = now + this.limits.windowMs;
    this.taken = 0;
    this.refused = 0;
  }
}

/** A person's events over all their sockets, counted in the shared store. */
export class PersonEventLimit {
  constructor(
    private readonly store: LimitStore,
    private readonly limits: SocketEventLimits,
  ) {}

  /** Counts one event of the person; false when it is one too many in the window. */
  async take(userId: string): Promise<boolean> {
    const tally = await this.store.hit(`socket-events:${userId}`, this.limits.windowMs);
    return tally.count <= this.limits.perPerson;
  }
}
