import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/http/errors';
import { MemoryLimitStore } from '../../platform/rate-limit/limit-store';
import { LoginThrottle } from './login-throttle';

// The throttle on a real (in-memory) store, with waits short enough to be lived through.
const store = new MemoryLimitStore();
afterAll(async () => {
  await store.close();
});

const throttle = new LoginThrottle(store, {
  freeAttempts: 3,
  firstWaitMs: 200,
  maxWaitMs: 700,
  memoryMs: 60_000,
});
const wrong = () => Promise.reject(new AppError('INVALID_CREDENTIALS', 'Invalid'));
const right = () => Promise.resolve('user-id');

/** The status an attempt ends with. */
async function attempt(email: string, signIn: () => Promise<string>) {
  try {
    await throttle.attempt(email, signIn);
    return 200;
  } catch (error) {
    return error instanceof AppError ? error.statusCode : 500;
  }
}

describe('LoginThrottle', () => {
  it('doubles the wait after each failure beyond the free ones, up to the maximum', async () => {
    const email = 'ada@example.test';
    for (let i = 0; i < 3; i++) expect(await attempt(email, wrong)).toBe(401);
    // The third failure set a wait of 200 ms.
    expect(await attempt(email, right)).toBe(429);
    await sleep(250);
    expect(await attempt(email, wrong)).toBe(401);
    // The fourth: 400 ms; 100 ms later it still waits.
    await sleep(100);
    expect(await attempt(email, right)).toBe(429);
    await sleep(350);
    expect(await attempt(email, wrong)).toBe(401);
    // The fifth: 800 ms, capped at 700; 450 ms later it still waits.
    await sleep(450);
    expect(await attempt(email, right)).toBe(429);
    await sleep(300);
    expect(await attempt(email, right)).toBe(200);
    // Success forgot everything: three free failures again.
    for (let i = 0; i < 3; i++) expect(await attempt(email, wrong)).toBe(401);
  });

  it('says how long to wait, in the message and in Retry-After', async () => {
    const slow = new LoginThrottle(store, {
      freeAttempts: 1,
      firstWaitMs: 90_000,
      maxWaitMs: 900_000,
      memoryMs: 60_000,
    });
    await slow.attempt('grace@example.test', wrong).catch(() => undefined);
    const error = await slow.attempt('grace@example.test', right).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('RATE_LIMITED');
    expect((error as AppError).message).toBe(
      'Too many failed sign-ins for this account; try again in 90 seconds',
    );
    expect((error as AppError).headers).toEqual({ 'Retry-After': '90' });
  });
});
