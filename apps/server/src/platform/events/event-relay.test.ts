/**
 * The relay's lag as the metrics see it: a change published by one process arrives at another
 * through a real Redis with the age it had on arrival. Needs Redis (skipped without it, required
 * in CI as the cluster tests are).
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  deleteRedisKeys,
  redisAvailable,
  testRedisUrl,
  uniqueRedisPrefix,
} from '../../../test/redis';
import { DomainEvents } from './domain-events';
import { connectEventRelay, type ConnectedRelay } from './event-relay';

const ready = await redisAvailable();

describe.skipIf(!ready)('the event relay', () => {
  const prefix = uniqueRedisPrefix();
  const relays: ConnectedRelay[] = [];
  afterAll(async () => {
    for (const relay of relays) await relay.close();
    await deleteRedisKeys(prefix);
  });

  it('tells the receiving process how old each change is when it arrives', async () => {
    const quiet = { warn: () => undefined };
    const redis = { url: testRedisUrl, keyPrefix: prefix };
    const a = new DomainEvents(() => undefined);
    const b = new DomainEvents(() => undefined);
    const ages: number[] = [];
    const heard: string[] = [];
    b.onAnyProcess('tweet.created', ({ tweetId }) => {
      heard.push(tweetId);
    });
    relays.push((await connectEventRelay(redis, a, quiet))!);
    relays.push((await connectEventRelay(redis, b, quiet, (age) => ages.push(age)))!);
    a.emit('tweet.created', { tweetId: 't1', authorId: 'u1' });
    await vi.waitFor(() => expect(heard).toEqual(['t1']), { timeout: 2_000 });
    expect(ages).toHaveLength(1);
    expect(ages[0]).toBeGreaterThanOrEqual(0);
    expect(ages[0]).toBeLessThan(1);
  });
  it('says when it hears the other processes: once subscribed, and no more once closed', async () => {
    const quiet = { warn: () => undefined };
    const redis = { url: testRedisUrl, keyPrefix: prefix };
    const hearing: boolean[] = [];
    const relay = await connectEventRelay(
      redis,
      new DomainEvents(() => undefined),
      quiet,
      undefined,
      (now) => hearing.push(now),
    );
    expect(hearing).toEqual([true]);
    await relay!.close();
    expect(hearing.at(-1)).toBe(false);
  });
});
