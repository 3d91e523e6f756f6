/**
 * The real Redis that development and CI machines run at 127.0.0.1:6379 (or TEST_REDIS_URL).
 * Each test file takes keys under its own prefix and deletes them after. Without a Redis the
 * tests that need one are skipped, except in CI, where they must run.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';

export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** True when Redis answers; in CI its absence is an error, not a reason to skip. */
export async function redisAvailable(): Promise<boolean> {
  const url = new URL(testRedisUrl);
  const reachable = await new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 6379) });
    socket.setTimeout(2_000);
    socket.once('connect', () => (socket.end(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
  if (!reachable && process.env.CI) {
    throw new Error(`Redis is required in CI but ${url.host} does not answer.`);
  }
  return reachable;
}

/** A key prefix that belongs to one test file. */
export function uniqueRedisPrefix(): string {
  return `kinora-test:${Date.now()}:${randomBytes(4).toString('hex')}:`;
}

/** Deletes every key under the prefix; answers how many there were. */
export async function deleteRedisKeys(prefix: string): Promise<number> {
  const redis = new Redis(testRedisUrl, { lazyConnect: true });
  try {
    let cursor = '0';
    let deleted = 0;
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) deleted += await redis.del(...keys);
    } while (cursor !== '0');
    return deleted;
  } finally {
    redis.disconnect();
  }
}
