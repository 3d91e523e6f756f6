import { describe, expect, it } from 'vitest';
import { MemoryLimitStore } from '../rate-limit/limit-store';
import { PersonEventLimit, SocketEventBudget, type SocketEventLimits } from './event-limits';

const limits: SocketEventLimits = {
  perSocket: 3,
  perPerson: 4,
  windowMs: 1_000,
  refusalsBeforeDisconnect: 2,
};

describe('SocketEventBudget', () => {
  it('takes the allowance, then refuses; the socket is to be ended at the refusals’ limit; a new window starts afresh', () => {
    let now = 10_000;
    const budget = new SocketEventBudget(limits, () => now);
    expect([budget.take(), budget.take(), budget.take(), budget.take()]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(budget.refuse()).toBe(false);
    expect(budget.refuse()).toBe(true);

    now += 999;
    expect(budget.take()).toBe(false);
    now += 1;
    expect(budget.take()).toBe(true);
    // Refusals of the window before are forgotten too.
    expect(budget.refuse()).toBe(false);
  });
});

describe('PersonEventLimit', () => {
  it('counts one person’s events over all their sockets, apart from anyone else’s', async () => {
    const store = new MemoryLimitStore();
    const limit = new PersonEventLimit(store, limits);
    const taken = [];
    for (let i = 0; i < 5; i++) taken.push(await limit.take('alice'));
    expect(taken).toEqual([true, true, true, true, false]);
    expect(await limit.take('bob')).toBe(true);
    await store.close();
  });
});
