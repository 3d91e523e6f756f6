import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { registerUser } from '../../../test/factories';
import {
  deleteRedisKeys,
  redisAvailable,
  testRedisUrl,
  uniqueRedisPrefix,
} from '../../../test/redis';

// Two API processes of one deployment: two apps (each on its own database) sharing one Redis
// under one key prefix, as REDIS_URL makes them.
const hasRedis = await redisAvailable();
const prefix = uniqueRedisPrefix();

describe.runIf(hasRedis)('rate limits shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: prefix, AUTH_RATE_LIMIT: '3' };
    [a, b] = await Promise.all([createTestApp(env), createTestApp(env)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await deleteRedisKeys(prefix);
  });

  const login = (app: TestApp, remoteAddress: string, email = 'nobody@example.test') =>
    app.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      remoteAddress,
      payload: { email, password: 'not the password' },
    });

  it('counts one per-address limit across both processes', async () => {
    const from = '203.0.113.20';
    expect((await login(a, from)).statusCode).toBe(401);
    expect((await login(b, from)).statusCode).toBe(401);
    expect((await login(a, from)).statusCode).toBe(401);
    // The fourth attempt in the minute, on the other process: refused.
    const blocked = await login(b, from);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('RATE_LIMITED');
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await login(a, from)).statusCode).toBe(429);
    // Another address is not affected.
    expect((await login(b, '203.0.113.21')).statusCode).toBe(401);
  });

  it('counts the sign-in throttle of an account across both processes', async () => {
    const email = `throttled_${Date.now()}@example.test`;
    for (let i = 0; i < 5; i++) {
      const app = i % 2 === 0 ? a : b;
      expect((await login(app, `198.51.100.${30 + i}`, email)).statusCode).toBe(401);
    }
    expect((await login(b, '198.51.100.40', email)).statusCode).toBe(429);
    expect((await login(a, '198.51.100.41', email)).statusCode).toBe(429);
  });

  it('keeps its keys under the prefix in Redis', async () => {
    const { Redis } = await import('ioredis');
    const redis = new Redis(testRedisUrl);
    try {
      const keys = await redis.keys(`${prefix}*`);
      expect(keys.some((k) => k.startsWith(`${prefix}rate-limit:`))).toBe(true);
      expect(keys.some((k) => k.startsWith(`${prefix}login:`))).toBe(true);
    } finally {
      redis.disconnect();
    }
  });

  it('signs people in and up as usual', async () => {
    const u = await registerUser(a.app);
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: u.email, password: u.password },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('rate limits without a reachable Redis', () => {
  it('let sign-in through rather than fail', async () => {
    // Nothing listens on port 1: every command to the store fails.
    const broken = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1', AUTH_RATE_LIMIT: '3' });
    try {
      const u = await registerUser(broken.app);
      for (let i = 0; i < 7; i++) {
        const res = await broken.app.inject({
          method: 'POST',
          url: '/api/v1/users/login',
          payload: { email: u.email, password: i < 6 ? 'wrong password' : u.password },
        });
        expect(res.statusCode).toBe(i < 6 ? 401 : 200);
      }
    } finally {
      await broken.close();
    }
  });
});
