import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, cookiesOf, registerUser } from '../../../test/factories';
import { callApi } from '../../../test/api-client';
import { createTestApp, type TestApp } from '../../../test/harness';
import { eventually } from '../../../test/media-factories';
import { AccessTokens } from '../../platform/auth/tokens';
import { sessions } from '../../platform/db/schema';
import { SessionCache } from './session-cache';

/**
 * Decision 0018: a token checked moments ago is trusted without a database round trip, and a
 * session ended through this process is refused at once.
 */
describe('sessions checked moments ago', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const currentUser = (headers: Record<string, string>) =>
    callApi(t.app, 'currentUser', { headers });
  const login = async (email: string, password: string) => {
    const res = await callApi(t.app, 'login', { body: { email, password } });
    expect(res.statusCode).toBe(200);
    return {
      auth: {
        authorization: `Bearer ${res.data.accessToken}`,
      },
      cookies: cookiesOf(res.headers['set-cookie']),
    };
  };

  it('refuses a logged-out session at once, though its token was just trusted', async () => {
    const user = await registerUser(t.app);
    expect((await currentUser(user.auth)).statusCode).toBe(200);
    const out = await callApi(t.app, 'logout', {
      headers: { ...user.auth, cookie: cookieHeader({ refreshToken: user.cookies.refreshToken! }) },
    });
    expect(out.statusCode).toBe(200);
    expect((await currentUser(user.auth)).statusCode).toBe(401);
    expect((await currentUser({ cookie: cookieHeader(user.cookies) })).statusCode).toBe(401);
  });

  it("signs the other devices out at once on a password change, and keeps this one's", async () => {
    const user = await registerUser(t.app);
    const laptop = await login(user.email, user.password);
    expect((await currentUser(laptop.auth)).statusCode).toBe(200);
    expect((await currentUser(user.auth)).statusCode).toBe(200);
    const changed = await callApi(t.app, 'changePassword', {
      as: user,
      body: { oldPassword: user.password, newPassword: 'another horse battery' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await currentUser(laptop.auth)).statusCode).toBe(401);
    expect((await currentUser(user.auth)).statusCode).toBe(200);
  });

  it('trusts a checked session without asking the database again; an ended one is refused as soon as its event arrives', async () => {
    const user = await registerUser(t.app);
    expect((await currentUser(user.auth)).statusCode).toBe(200);
    // As another API process would: ended in the database, not yet told to this one.
    const ended = await t.database.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.userId, user.userId))
      .returning({ id: sessions.id });
    // One process, no relay: the cache hears every revocation, so it does not ask again.
    expect((await currentUser(user.auth)).statusCode).toBe(200);
    // The other process's `sessions.ended`, as the relay hands it over (decision 0056).
    t.services.events.receiveFromAnotherProcess('sessions.ended', {
      sessionIds: ended.map((s) => s.id),
    });
    expect((await currentUser(user.auth)).statusCode).toBe(401);
  });

  it('asks again within seconds while revocations made elsewhere may be missed', async () => {
    const user = await registerUser(t.app);
    t.services.sessions.hearRevocations(false);
    try {
      expect((await currentUser(user.auth)).statusCode).toBe(200);
      await t.database.db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.userId, user.userId));
      await eventually(
        async () => ((await currentUser(user.auth)).statusCode === 401 ? true : undefined),
        { timeoutMs: 15_000, what: 'the revoked session to be refused' },
      );
    } finally {
      t.services.sessions.hearRevocations(true);
    }
  });
});

describe('SessionCache', () => {
  const tokens = new AccessTokens('a test secret of enough length for HS256', 2);
  const claims = { userId: '5f0c2a4e-7d1b-4c3a-9e8f-0a1b2c3d4e5f', sessionId: 'a-session' };
  const actor = { ...claims, role: 'user' as const };
  /** The authenticator's check: verifies the token; counts how often it is asked. */
  const counted = (token: string) => {
    const calls = { n: 0 };
    return {
      calls,
      check: async () => (calls.n++, { ...(await tokens.verify(token)), role: 'user' as const }),
    };
  };

  it('checks a token once within its lifetime, and again after it', async () => {
    const cache = new SessionCache({ ttlMs: 300, heardTtlMs: 300 });
    const token = await tokens.sign(claims);
    const { calls, check } = counted(token);
    expect(await cache.actorOf(token, check)).toEqual(actor);
    expect(await cache.actorOf(token, check)).toEqual(actor);
    expect(calls.n).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(cache.peek(token)).toBeUndefined();
    await cache.actorOf(token, check);
    expect(calls.n).toBe(2);
  });

  it("never trusts a token past its own expiry, however long the cache's lifetime", async () => {
    const cache = new SessionCache({ heardTtlMs: 60_000 });
    const token = await tokens.sign(claims);
    await cache.actorOf(token, counted(token).check);
    expect(cache.peek(token)).toEqual(actor);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect(cache.peek(token)).toBeUndefined();
  });

  it('forgets revoked sessions, and a check that a revocation overtook', async () => {
    const cache = new SessionCache({ heardTtlMs: 60_000 });
    const token = await tokens.sign(claims);
    await cache.actorOf(token, counted(token).check);
    cache.forgetSession(actor.sessionId);
    expect(cache.peek(token)).toBeUndefined();

    // The session is revoked while its check is on the way: the answer is not remembered.
    await cache.actorOf(token, async () => {
      const verified = await tokens.verify(token);
      cache.forgetSession(actor.sessionId);
      return { ...verified, role: 'user' as const };
    });
    expect(cache.peek(token)).toBeUndefined();

    const other = await tokens.sign({ ...claims, sessionId: 'another-session' });
    await cache.actorOf(token, counted(token).check);
    await cache.actorOf(other, counted(other).check);
    cache.forgetUserSessions(actor.userId, 'another-session');
    expect(cache.peek(token)).toBeUndefined();
    expect(cache.peek(other)).toBeDefined();
  });

  it('stays within its bound, dropping the tokens remembered longest ago', async () => {
    const cache = new SessionCache({ heardTtlMs: 60_000, maxEntries: 2 });
    const [a, b, c] = await Promise.all(
      ['s1', 's2', 's3'].map((sessionId) => tokens.sign({ ...actor, sessionId })),
    );
    for (const token of [a!, b!, c!]) await cache.actorOf(token, counted(token).check);
    expect(cache.peek(a!)).toBeUndefined();
    expect(cache.peek(b!)).toBeDefined();
    expect(cache.peek(c!)).toBeDefined();
  });

  it('trusts a check longer while it hears every revocation, and only briefly otherwise', async () => {
    const cache = new SessionCache({ ttlMs: 100, heardTtlMs: 60_000 });
    const token = await tokens.sign(claims);
    const { calls, check } = counted(token);
    await cache.actorOf(token, check);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(cache.peek(token)).toEqual(actor);
    expect(calls.n).toBe(1);

    // The relay dropped: what was checked may have been revoked unheard since.
    cache.hearRevocations(false);
    expect(cache.peek(token)).toBeUndefined();
    await cache.actorOf(token, check);
    expect(calls.n).toBe(2);
    // Hearing again does not make a check made while deaf trusted for long.
    cache.hearRevocations(true);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(cache.peek(token)).toBeUndefined();
    await cache.actorOf(token, check);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(cache.peek(token)).toEqual(actor);
    expect(calls.n).toBe(3);
  });

  it('asks again within seconds for staff, whose role may change without an event', async () => {
    const cache = new SessionCache({ ttlMs: 100, heardTtlMs: 60_000 });
    const token = await tokens.sign(claims);
    let calls = 0;
    const check = async () => (
      calls++,
      { ...(await tokens.verify(token)), role: 'moderator' as const }
    );
    await cache.actorOf(token, check);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(cache.peek(token)).toBeUndefined();
    await cache.actorOf(token, check);
    expect(calls).toBe(2);
  });

  it('starts deaf when other processes exist and no relay has said it hears them', async () => {
    const cache = new SessionCache({ ttlMs: 100, heardTtlMs: 60_000, hearsEveryProcess: false });
    const token = await tokens.sign(claims);
    await cache.actorOf(token, counted(token).check);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(cache.peek(token)).toBeUndefined();
  });

  it('forgets the sessions another process ended', async () => {
    const cache = new SessionCache();
    const [a, b] = await Promise.all(
      ['s1', 's2'].map((sessionId) => tokens.sign({ ...claims, sessionId })),
    );
    await cache.actorOf(a!, counted(a!).check);
    await cache.actorOf(b!, counted(b!).check);
    cache.forgetSessions(['s1']);
    expect(cache.peek(a!)).toBeUndefined();
    expect(cache.peek(b!)).toBeDefined();
  });
});
