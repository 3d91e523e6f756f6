import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import {
  deleteRedisKeys,
  redisAvailable,
  testRedisUrl,
  uniqueRedisPrefix,
} from '../../../test/redis';
import { MemoryLimitStore, RedisLimitStore, type LimitStore, type StoreLog } from './limit-store';

const hasRedis = await redisAvailable();
const prefix = uniqueRedisPrefix();

function recordingLog() {
  const lines: string[] = [];
  const log: StoreLog = {
    error: (_details, message) => void lines.push(`error: ${message}`),
    info: (message) => void lines.push(`info: ${message}`),
  };
  return { log, lines };
}

const stores: LimitStore[] = [];
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
  if (hasRedis) await deleteRedisKeys(prefix);
});

function memoryStore(): LimitStore {
  const store = new MemoryLimitStore();
  stores.push(store);
  return store;
}

async function redisStore(): Promise<LimitStore> {
  const store = new RedisLimitStore({ url: testRedisUrl, keyPrefix: prefix }, recordingLog().log);
  stores.push(store);
  await store.connect();
  return store;
}

const kinds = [
  { name: 'memory', make: async () => memoryStore(), enabled: true },
  { name: 'Redis', make: redisStore, enabled: hasRedis },
];

describe.each(kinds)('$name limit store', ({ make, enabled }) => {
  it.runIf(enabled)('counts hits in a window that starts with the first hit', async () => {
    const store = await make();
    expect(await store.hit('a', 200)).toMatchObject({ count: 1 });
    const second = await store.hit('a', 200);
    expect(second.count).toBe(2);
    expect(second.resetInMs).toBeGreaterThan(0);
    expect(second.resetInMs).toBeLessThanOrEqual(200);
    expect(await store.peek('a')).toMatchObject({ count: 2 });
    expect(await store.peek('other')).toEqual({ count: 0, resetInMs: 0 });
    await sleep(250);
    expect(await store.peek('a')).toEqual({ count: 0, resetInMs: 0 });
    expect(await store.hit('a', 200)).toMatchObject({ count: 1 });
  });

  it.runIf(enabled)('lets one caller at a time take a lock, until it expires', async () => {
    const store = await make();
    const taken = await Promise.all([store.claim('lock', 200), store.claim('lock', 200)]);
    expect(taken.sort()).toEqual([false, true]);
    expect((await store.peek('lock')).resetInMs).toBeGreaterThan(0);
    await sleep(250);
    expect(await store.claim('lock', 200)).toBe(true);
    await store.delete(['lock']);
    expect(await store.claim('lock', 200)).toBe(true);
  });
});

describe.runIf(hasRedis)('Redis limit store', () => {
  it('shares counters between two clients (two processes) under the same prefix', async () => {
    const [a, b] = await Promise.all([redisStore(), redisStore()]);
    await a.hit('shared', 10_000);
    await b.hit('shared', 10_000);
    expect((await a.peek('shared')).count).toBe(2);
    expect(await a.claim('shared-lock', 10_000)).toBe(true);
    expect(await b.claim('shared-lock', 10_000)).toBe(false);
  });

  it('lets calls through and logs once when Redis does not answer', async () => {
    const { log, lines } = recordingLog();
    // Nothing listens on port 1: every command fails.
    const store = new RedisLimitStore({ url: 'redis://127.0.0.1:1', keyPrefix: prefix }, log);
    stores.push(store);
    await store.connect();
    expect(await store.hit('x', 1000)).toEqual({ count: 0, resetInMs: 0 });
    expect(await store.claim('x-lock', 1000)).toBe(true);
    expect(await store.peek('x')).toEqual({ count: 0, resetInMs: 0 });
    expect(lines.filter((l) => l.startsWith('error'))).toHaveLength(1);
  });
});
