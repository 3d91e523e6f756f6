import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, registerUser, type RegisteredUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createVideo, eventually } from '../../../test/media-factories';
import { users } from '../db/schema';

/**
 * The shared answer for visitors (decision 0010). A change written straight to the database,
 * as a worker's job or another API process would, shows to visitors only when their answer
 * expires; signed-in readers and any write through this process see it at once.
 */
describe('answers shared between visitors', () => {
  let t: TestApp;
  let owner: RegisteredUser;
  let other: RegisteredUser;

  const renameBehindTheServersBack = (fullname: string) =>
    t.database.db.update(users).set({ fullname }).where(eq(users.id, owner.userId));
  const channelName = async (headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ url: `/api/v1/channels/${owner.userId}`, headers });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: { channel: { fullname: string } } }>().data.channel.fullname;
  };

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_CACHE_TTL: '5s' });
    owner = await registerUser(t.app, { fullname: 'First Name' });
    other = await registerUser(t.app);
  });
  afterAll(() => t?.close());

  it('serves visitors the answer of the last few seconds, and signed-in readers a fresh one', async () => {
    expect(await channelName()).toBe('First Name');
    await renameBehindTheServersBack('Second Name');
    expect(await channelName()).toBe('First Name');
    expect(await channelName(other.auth)).toBe('Second Name');
    // The session cookie counts as signed in as much as the bearer token does.
    expect(
      await channelName({ cookie: cookieHeader({ accessToken: other.cookies.accessToken! }) }),
    ).toBe('Second Name');
  });

  it('keeps nothing across a write made through this process, and keeps it across a refused one', async () => {
    await renameBehindTheServersBack('Third Name');
    const refused = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/update-details',
      headers: other.auth,
      payload: { fullname: '' },
    });
    expect(refused.statusCode).toBe(400);
    expect(await channelName()).not.toBe('Third Name');

    const accepted = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/update-details',
      headers: other.auth,
      payload: { fullname: 'Someone Else' },
    });
    expect(accepted.statusCode).toBe(200);
    expect(await channelName()).toBe('Third Name');
  });

  it('keeps answers across a counted view: visitors may see the count a few seconds behind', async () => {
    const video = await createVideo(t.app, owner);
    const views = async (headers: Record<string, string> = {}) =>
      (await t.app.inject({ url: `/api/v1/videos/${video._id}`, headers })).json<{
        data: { views: number };
      }>().data.views;
    expect(await views()).toBe(0);
    const stale = await channelName();
    await renameBehindTheServersBack('Fifth Name');
    expect(await channelName()).toBe(stale);

    const view = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/videos/${video._id}/views`,
      headers: other.auth,
      payload: {},
    });
    expect(view.json<{ data: { counted: boolean } }>().data.counted).toBe(true);
    expect(await views()).toBe(0);
    expect(await channelName()).toBe(stale);
    expect(await views(other.auth)).toBe(1);
  });

  it('does not keep error answers', async () => {
    const name = `ghost_${owner.userId.slice(0, 8)}`;
    expect((await t.app.inject({ url: `/api/v1/users/c/${name}` })).statusCode).toBe(404);
    await t.database.db.update(users).set({ username: name }).where(eq(users.id, owner.userId));
    expect((await t.app.inject({ url: `/api/v1/users/c/${name}` })).statusCode).toBe(200);
  });

  it('lets an answer expire', async () => {
    await renameBehindTheServersBack('Fourth Name');
    await eventually(async () => ((await channelName()) === 'Fourth Name' ? true : undefined), {
      timeoutMs: 10_000,
      what: 'the shared answer to expire',
    });
  });

  it('can be turned off', async () => {
    const uncached = await createTestApp({ PUBLIC_CACHE_TTL: '0s' });
    try {
      const person = await registerUser(uncached.app, { fullname: 'Before' });
      const read = async () =>
        (await uncached.app.inject({ url: `/api/v1/channels/${person.userId}` })).json<{
          data: { channel: { fullname: string } };
        }>().data.channel.fullname;
      expect(await read()).toBe('Before');
      await uncached.database.db
        .update(users)
        .set({ fullname: 'After' })
        .where(eq(users.id, person.userId));
      expect(await read()).toBe('After');
    } finally {
      await uncached.close();
    }
  });
});
