import { rateLimited } from '../../platform/rate-limit/failure-budget';
import type { LimitStore } from '../../platform/rate-limit/limit-store';
import { accountKeyOf } from './known-devices';

export interface LoginThrottleOptions {
  /** Sign-ins an account may fail before it has to wait. */
  freeAttempts: number;
  /** The first wait; every further failure doubles it, up to `maxWaitMs`. */
  firstWaitMs: number;
  maxWaitMs: number;
  /** Failures are forgotten this long after the first of them. */
  memoryMs: number;
}

export const defaultLoginThrottle: LoginThrottleOptions = {
  freeAttempts: 5,
  firstWaitMs: 30_000,
  maxWaitMs: 15 * 60_000,
  memoryMs: 12 * 60 * 60_000,
};

/**
 * Slows password guessing against one account, whatever addresses the guesses come from (the
 * per-address rate limit does not see a guesser with many addresses). Keyed by the normalised
 * email, hashed so the store holds no addresses, and applied to unknown emails alike so the
 * throttle does not tell which accounts exist.
 *
 * It throttles, it does not lock the owner out: a sign-in from a device the account signed in
 * on before (`KnownDevices`) skips the account's wait and spends a budget of its own, the same
 * number of failures; a known device that spends it is a stranger again until it signs in.
 */
export class LoginThrottle {
  constructor(
    private readonly store: LimitStore,
    private readonly options: LoginThrottleOptions = defaultLoginThrottle,
  ) {}

  /**
   * Runs one sign-in attempt. An attempt counts as a failure from the moment it starts, so a
   * burst sent in parallel cannot slip through before the first failures are recorded; from the
   * `freeAttempts`-th on, each attempt takes a lock that the next one has to wait out, twice as
   * long each time. Success forgets the failures.
   */
  async attempt<T>(
    email: string,
    signIn: () => Promise<T>,
    /** The device id a valid device cookie of this account proves, if the request has one. */
    knownDevice: string | null = null,
  ): Promise<T> {
    const account = accountKeyOf(email);
    const failuresKey = `login:${account}:failures`;
    const waitKey = `login:${account}:wait`;
    const { freeAttempts, firstWaitMs, maxWaitMs, memoryMs } = this.options;

    if (knownDevice) {
      // Counted from the start, as below, so a burst cannot pass the device's budget. The
      // account's failures stay: its owner signing in gives guessers elsewhere nothing back.
      const deviceKey = `login-device:${knownDevice}:failures`;
      if ((await this.store.hit(deviceKey, memoryMs)).count <= freeAttempts) {
        const result = await signIn();
        await this.store.delete([deviceKey]);
        return result;
      }
    }

    const waiting = await this.store.peek(waitKey);
    if (waiting.resetInMs > 0) throw this.refused(waiting.resetInMs);
    const { count } = await this.store.hit(failuresKey, memoryMs);
    if (count >= freeAttempts) {
      const waitMs = Math.min(maxWaitMs, firstWaitMs * 2 ** (count - freeAttempts));
      // Another attempt took the lock since the check above: this one waits too.
      if (!(await this.store.claim(waitKey, waitMs))) {
        throw this.refused((await this.store.peek(waitKey)).resetInMs);
      }
    }
    const result = await signIn();
    await this.store.delete([failuresKey, waitKey]);
    return result;
  }

  private refused(waitMs: number) {
    return rateLimited('Too many failed sign-ins for this account', waitMs);
  }
}
