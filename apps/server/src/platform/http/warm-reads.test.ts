import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createVideo } from '../../../test/media-factories';
import { nobodyId, warmHomeUrl, warmHotReads } from './warm-reads';

/**
 * The reads a start answers to itself before serving (issue 18 item 5): every one answered,
 * nothing written, and the answers read afterwards the same as without the warm-up.
 */
describe('warming the hottest reads at start', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Nothing kept, as a start with PUBLIC_CACHE_TTL=0s: every warm read is computed.
    t = await createTestApp({ PUBLIC_CACHE_TTL: '0s' });
    const owner = await registerUser(t.app);
    await createVideo(t.app, owner, { title: 'Warm one' });
    await createVideo(t.app, owner, { title: 'Warm two' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the home, its videos, their comments and channels, and the feed, each in turn', async () => {
    const before = await t.app.inject({ url: warmHomeUrl });
    const asked: string[] = [];
    const result = await warmHotReads(t.app, {
      connections: 2,
      rounds: 2,
      followedFeed: async (userId) => {
        asked.push(userId);
        return t.services.subscriptions.videoFeed({ limit: 20, actor: { userId, role: 'user' } });
      },
    });
    expect(result.failed).toEqual({});
    // The home: once per connection, then the rounds; the two videos' reads each round.
    expect(result.answered).toEqual({
      home: 2 + 2 * 2,
      video: 2 * 2,
      comments: 2 * 2,
      'channel-videos': 2 * 2,
      'subs-feed': 2 * 2,
    });
    expect(new Set(asked)).toEqual(new Set([nobodyId]));
    // Nothing was written: the views and the home read the same as before.
    const after = await t.app.inject({ url: warmHomeUrl });
    expect(after.json()).toEqual(before.json());
  });

  it('reports what could not be read and goes on', async () => {
    const result = await warmHotReads(t.app, {
      connections: 1,
      rounds: 1,
      followedFeed: () => Promise.reject(new Error('no feed here')),
    });
    expect(result.failed).toEqual({ 'subs-feed': 1 });
    expect(result.answered.home).toBe(2);
  });
});
