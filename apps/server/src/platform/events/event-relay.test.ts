/**
 * The relay's lag as the metrics see it: a change published by one process arrives at another
 * through a real Redis with the age it had on arrival. Needs Redis (skipped without it, required
 * in CI as the cluster tests are).
 */
import { Redis } from 'ioredis';
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
    // Both leave as processes do, so the next tests hear no one but their own.
    for (const relay of relays.splice(0)) await relay.close();
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

  it('trusts briefly again when a process it heard falls silent and again when it is heard again, not when one says it is leaving', async () => {
    const quiet = { warn: () => undefined };
    const redis = { url: testRedisUrl, keyPrefix: prefix };
    const channel = `${prefix}domain-events`;
    const hearing: boolean[] = [];
    const relay = await connectEventRelay(
      redis,
      new DomainEvents(() => undefined),
      quiet,
      undefined,
      (now) => hearing.push(now),
      { heartbeatMs: 50, silenceMs: 200 },
    );
    relays.push(relay!);
    const other = new Redis(testRedisUrl);
    try {
      // A process that says it is going is forgotten: no gap is counted for it.
      await other.publish(channel, JSON.stringify({ from: 'leaver', name: 'relay.heartbeat' }));
      await other.publish(channel, JSON.stringify({ from: 'leaver', name: 'relay.leaving' }));
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(hearing).toEqual([true]);
      // One that is heard once and then never again (its publishing lost) is a gap.
      await other.publish(channel, JSON.stringify({ from: 'silent', name: 'relay.heartbeat' }));
      await vi.waitFor(() => expect(hearing).toEqual([true, false, true]), { timeout: 5_000 });
      // Counted once: the silent process is forgotten after its gap.
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(hearing).toEqual([true, false, true]);
      // Heard again: what it published while silent may be lost, and what was kept meanwhile
      // may miss it, so that is a gap too.
      // (It then leaves, so no later silence of its own is counted.)
      await other.publish(channel, JSON.stringify({ from: 'silent', name: 'relay.heartbeat' }));
      await other.publish(channel, JSON.stringify({ from: 'silent', name: 'relay.leaving' }));
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(hearing).toEqual([true, false, true, false, true]);
    } finally {
      other.disconnect();
    }
  });
});
