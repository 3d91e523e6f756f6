import { randomBytes } from 'node:crypto';
import { authStatusHeader } from '@kinora/contract';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import {
  cookieHeader,
  cookiesOf,
  registerUser,
  uniqueSuffix,
  type RegisteredUser,
} from '../../../test/factories';
import { sessions } from '../../platform/db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const currentUser = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/v1/users/current-user', headers });

// As a browser on our page sends it: a cookie write must name its origin (decision 0017).
/** The session id an access token names (its `sid` claim, readable by anyone who holds it). */
const sessionIdOf = (accessToken: string): string =>
  JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()).sid;

/** Moves the session's last rotation back in time, as if `seconds` had passed since. */
const rotatedSecondsAgo = (sessionId: string, seconds: number) =>
  t.database.db
    .update(sessions)
    .set({ rotatedAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(eq(sessions.id, sessionId));

const refresh = (
  refreshToken: string,
  extraHeaders: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/users/refresh-token',
    headers: {
      cookie: cookieHeader({ refreshToken }),
      origin: t.config.publicUrl,
      ...extraHeaders,
    },
    payload: {},
    remoteAddress,
  });

describe('POST /users/refresh-token', () => {
  it('rotates the refresh token and issues a working access token, even with a stale bearer', async () => {
    const u = await registerUser(t.app);
    const res = await refresh(u.cookies.refreshToken!, {
      authorization: 'Bearer stale.token.here',
    });
    expect(res.statusCode).toBe(200);
    const next = cookiesOf(res.headers['set-cookie']);
    expect(next.refreshToken).toBeDefined();
    expect(next.refreshToken).not.toBe(u.cookies.refreshToken);
    const token: string = res.json().data.accessToken;
    expect((await currentUser({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
  });

  it('keeps the token it replaced working for a moment; reusing it later revokes the session', async () => {
    const u = await registerUser(t.app);
    const first = await refresh(u.cookies.refreshToken!);
    const rotated = cookiesOf(first.headers['set-cookie']).refreshToken!;
    const newAccess: string = first.json().data.accessToken;

    // Within the grace window the old token answers the same next token (a second tab).
    const again = await refresh(u.cookies.refreshToken!);
    expect(again.statusCode).toBe(200);
    expect(cookiesOf(again.headers['set-cookie']).refreshToken).toBe(rotated);

    // The new holder is seen using what the rotation issued, so it did receive it.
    expect((await currentUser({ authorization: `Bearer ${newAccess}` })).statusCode).toBe(200);
    await rotatedSecondsAgo(sessionIdOf(newAccess), 31);
    const reuse = await refresh(u.cookies.refreshToken!);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('SESSION_REVOKED');
    // Both the thief's copy and the rightful one are dead now.
    expect((await refresh(rotated)).statusCode).toBe(401);
    expect((await currentUser({ authorization: `Bearer ${newAccess}` })).statusCode).toBe(401);
  });

  it('keeps the token it replaced working while the answer of the rotation may have been lost', async () => {
    // A page left mid-refresh, or a dropped connection: the server rotated, the client never
    // received the new pair and still holds the old refresh token and access token.
    const u = await registerUser(t.app);
    const lost = await refresh(u.cookies.refreshToken!);
    const rotated = cookiesOf(lost.headers['set-cookie']).refreshToken!;
    const sessionId = sessionIdOf(u.accessToken);
    // The old access token keeps working, and using it confirms nothing.
    expect((await currentUser({ authorization: `Bearer ${u.accessToken}` })).statusCode).toBe(200);
    await rotatedSecondsAgo(sessionId, 20 * 60);

    // Long after the grace, the old token still answers the pair that was lost.
    const retried = await refresh(u.cookies.refreshToken!);
    expect(retried.statusCode).toBe(200);
    expect(cookiesOf(retried.headers['set-cookie']).refreshToken).toBe(rotated);
    const access: string = retried.json().data.accessToken;
    expect((await currentUser({ authorization: `Bearer ${access}` })).statusCode).toBe(200);

    // Now the pair is seen in use: the old token coming back after the grace is a copy.
    await rotatedSecondsAgo(sessionId, 31);
    const reuse = await refresh(u.cookies.refreshToken!);
    expect(reuse.json().code).toBe('SESSION_REVOKED');
    expect((await currentUser({ authorization: `Bearer ${access}` })).statusCode).toBe(401);
  });

  it('revokes the session when a token several rotations old comes back', async () => {
    const u = await registerUser(t.app);
    let token = u.cookies.refreshToken!;
    for (let i = 0; i < 3; i++) {
      const res = await refresh(token);
      expect(res.statusCode).toBe(200);
      token = cookiesOf(res.headers['set-cookie']).refreshToken!;
    }
    const reuse = await refresh(u.cookies.refreshToken!);
    expect(reuse.json().code).toBe('SESSION_REVOKED');
    expect((await refresh(token)).statusCode).toBe(401);
  });

  it('refuses a secret the session never issued without ending the session', async () => {
    const u = await registerUser(t.app);
    const guess = `${sessionIdOf(u.accessToken)}.${randomBytes(32).toString('base64url')}`;
    const res = await refresh(guess);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
    expect((await refresh(u.cookies.refreshToken!)).statusCode).toBe(200);
  });

  it('accepts the token in the body for clients without cookies, and refuses garbage', async () => {
    const u = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/refresh-token',
      payload: { refreshToken: u.cookies.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/refresh-token',
      payload: {},
    });
    expect(none.statusCode).toBe(401);
    const forged = await refresh(`${u.userId}.${'A'.repeat(43)}`);
    expect(forged.statusCode).toBe(401);
  });

  it('lets two concurrent refreshes with the same token both succeed, with one next token (two tabs)', async () => {
    // The race is decided by timing: try it many times (each round from its own address, to
    // stay below the per-address limit of the refresh call).
    for (let round = 0; round < 25; round++) {
      const u = await registerUser(t.app);
      const from = `192.0.2.${round + 1}`;
      const results = await Promise.all([
        refresh(u.cookies.refreshToken!, {}, from),
        refresh(u.cookies.refreshToken!, {}, from),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
      const next = results.map((r) => cookiesOf(r.headers['set-cookie']).refreshToken);
      expect(next[0]).toBe(next[1]);
      for (const r of results) {
        const auth = { authorization: `Bearer ${r.json().data.accessToken}` };
        expect((await currentUser(auth)).statusCode).toBe(200);
      }
      // Whichever answer the browser kept, the session goes on.
      expect((await refresh(next[0]!, {}, from)).statusCode).toBe(200);
    }
  });

  it('takes the refresh cookie with no body at all', async () => {
    const u = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/refresh-token',
      headers: {
        cookie: cookieHeader({ refreshToken: u.cookies.refreshToken! }),
        origin: t.config.publicUrl,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.accessToken).toEqual(expect.any(String));
  });

  it('clears the session cookies when the refresh fails', async () => {
    const res = await refresh(`${randomBytes(16).toString('hex')}.${'A'.repeat(43)}`);
    expect(res.statusCode).toBe(401);
    const cleared = ([] as string[]).concat(res.headers['set-cookie'] ?? []).join('\n');
    expect(cleared).toMatch(/accessToken=;/);
    expect(cleared).toMatch(/refreshToken=;/);
    expect(cleared).toMatch(/signedIn=;/);
  });
});

describe('POST /users/logout', () => {
  it('revokes the session: the access token and the refresh token stop working', async () => {
    const u = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/logout',
      headers: u.auth,
    });
    expect(res.statusCode).toBe(200);
    const cleared = ([] as string[]).concat(res.headers['set-cookie'] ?? []).join('\n');
    expect(cleared).toMatch(/accessToken=;/);
    expect(cleared).toMatch(/refreshToken=;/);
    expect(cleared).toMatch(/signedIn=;/);
    expect((await currentUser(u.auth)).statusCode).toBe(401);
    expect((await refresh(u.cookies.refreshToken!)).statusCode).toBe(401);
  });

  it('succeeds for a visitor or a stale token, so the client can always sign out', async () => {
    const visitor = await t.app.inject({ method: 'POST', url: '/api/v1/users/logout' });
    expect(visitor.statusCode).toBe(200);
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/logout',
      headers: { authorization: 'Bearer expired.or.forged' },
    });
    expect(stale.statusCode).toBe(200);
  });

  it('does not end a session for its id with a made-up secret', async () => {
    const u = await registerUser(t.app);
    const guess = `${sessionIdOf(u.accessToken)}.${randomBytes(32).toString('base64url')}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/logout',
      headers: { cookie: cookieHeader({ refreshToken: guess }), origin: t.config.publicUrl },
    });
    expect(res.statusCode).toBe(200);
    expect((await currentUser(u.auth)).statusCode).toBe(200);
    expect((await refresh(u.cookies.refreshToken!)).statusCode).toBe(200);
  });

  it('signs out by the refresh cookie alone', async () => {
    const u = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/logout',
      headers: {
        cookie: cookieHeader({ refreshToken: u.cookies.refreshToken! }),
        origin: t.config.publicUrl,
      },
    });
    expect(res.statusCode).toBe(200);
    expect((await currentUser(u.auth)).statusCode).toBe(401);
  });
});

describe('POST /users/change-password', () => {
  it('is refused to a visitor', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/change-password',
      payload: { oldPassword: 'x', newPassword: 'y'.repeat(10) },
    });
    expect(res.statusCode).toBe(401);
  });

  it('checks the current password, then signs out the other sessions', async () => {
    const u = await registerUser(t.app);
    const otherDevice = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: u.email, password: u.password },
    });
    const otherAuth = { authorization: `Bearer ${otherDevice.json().data.accessToken}` };

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/change-password',
      headers: u.auth,
      payload: { oldPassword: 'not it', newPassword: 'a brand new password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].field).toBe('oldPassword');

    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/change-password',
      headers: u.auth,
      payload: { oldPassword: u.password, newPassword: 'short' },
    });
    expect(weak.statusCode).toBe(400);

    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/change-password',
      headers: u.auth,
      payload: { oldPassword: u.password, newPassword: 'a brand new password' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await currentUser(u.auth)).statusCode).toBe(200);
    expect((await currentUser(otherAuth)).statusCode).toBe(401);

    const oldLogin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: u.email, password: u.password },
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: u.email, password: 'a brand new password' },
    });
    expect(newLogin.statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After once a client exceeds the login limit', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: '3' });
    try {
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/users/login',
          remoteAddress: '203.0.113.7',
          payload: { email: `x_${uniqueSuffix()}@example.test`, password: 'nope' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBeDefined();
      expect(blocked.json()).toMatchObject({ success: false, code: 'RATE_LIMITED', data: null });
      // Another client is not affected.
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        remoteAddress: '203.0.113.8',
        payload: { email: 'someone@example.test', password: 'nope' },
      });
      expect(other.statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

describe('a bad token on a public call (decision 0004)', () => {
  /** An access token of the user's session, signed right but expired a minute ago. */
  const expiredToken = (u: RegisteredUser) =>
    new SignJWT({ sid: sessionIdOf(u.accessToken) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(u.userId)
      .setIssuer('kinora')
      .setAudience('kinora-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(t.config.secrets.jwtSecret));

  const status = (channelId: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/v1/subscriptions/status/${channelId}`, headers });

  it("answers the visitor's answer with X-Auth-Status: invalid, by bearer or cookie", async () => {
    const channel = await registerUser(t.app);
    const viewer = await registerUser(t.app);
    const toggle = await t.app.inject({
      method: 'POST',
      url: `/api/v1/subscriptions/toggle/${channel.userId}`,
      headers: viewer.auth,
    });
    expect(toggle.statusCode).toBe(200);
    const signedIn = await status(channel.userId, viewer.auth);
    expect(signedIn.json().data.isSubscribed).toBe(true);
    expect(signedIn.headers['x-auth-status']).toBeUndefined();
    const visitor = await status(channel.userId);
    expect(visitor.json().data.isSubscribed).toBe(false);
    expect(visitor.headers['x-auth-status']).toBeUndefined();

    const expired = await expiredToken(viewer);
    const bad = {
      expired,
      forged: `${expired.slice(0, -4)}AAAA`,
      garbage: 'not.a.jwt',
    };
    for (const token of Object.values(bad)) {
      const ways: Record<string, string>[] = [
        { authorization: `Bearer ${token}` },
        { cookie: cookieHeader({ accessToken: token }) },
      ];
      for (const headers of ways) {
        const res = await status(channel.userId, headers);
        expect(res.statusCode).toBe(200);
        expect(res.headers[authStatusHeader.toLowerCase()]).toBe('invalid');
        expect(res.json().data).toEqual(visitor.json().data);
      }
    }
    // A call that needs a user still refuses the same token.
    const needsUser = await currentUser({ authorization: `Bearer ${expired}` });
    expect(needsUser.statusCode).toBe(401);
    expect(needsUser.json().code).toBe('TOKEN_EXPIRED');
  });

  it('treats the token of an ended session the same way', async () => {
    const u = await registerUser(t.app);
    await t.app.inject({ method: 'POST', url: '/api/v1/users/logout', headers: u.auth });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/videos', headers: u.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-auth-status']).toBe('invalid');
    expect((await currentUser(u.auth)).json().code).toBe('SESSION_REVOKED');
  });

  it('is not flagged on the session calls, which expect stale tokens', async () => {
    const u = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      headers: { authorization: 'Bearer not.a.jwt' },
      payload: { email: u.email, password: u.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-auth-status']).toBeUndefined();
  });
});

describe('sign-in throttle per account', () => {
  const login = (email: string, password: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      remoteAddress,
      payload: { email, password },
    });
  const address = (i: number) => `198.51.100.${i}`;

  it('makes an account wait after five failures, whatever the addresses', async () => {
    const u = await registerUser(t.app);
    for (let i = 1; i <= 5; i++) {
      expect((await login(u.email, 'wrong password', address(i))).statusCode).toBe(401);
    }
    // The right password from yet another address waits too; the spelling does not matter.
    const blocked = await login(` ${u.email.toUpperCase()} `, u.password, address(6));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(blocked.json().message).toMatch(/try again in \d+ seconds/);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(20);
    expect(retryAfter).toBeLessThanOrEqual(30);
    // Another account is not affected.
    const other = await registerUser(t.app);
    expect((await login(other.email, other.password, address(6))).statusCode).toBe(200);
  });

  it('lets at most five of thirty parallel guesses from thirty addresses reach the password check', async () => {
    const u = await registerUser(t.app);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(u.email, `guess ${i}`, address(100 + i))),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(25);
  });

  it('throttles unknown emails alike, so it does not tell which accounts exist', async () => {
    const email = `nobody_${uniqueSuffix()}@example.test`;
    for (let i = 1; i <= 5; i++) expect((await login(email, 'x', address(i))).statusCode).toBe(401);
    expect((await login(email, 'x', address(7))).statusCode).toBe(429);
  });

  it('forgets the failures once the right password is given', async () => {
    const u = await registerUser(t.app);
    for (let round = 0; round < 2; round++) {
      for (let i = 1; i <= 4; i++) {
        expect((await login(u.email, 'wrong password', address(i))).statusCode).toBe(401);
      }
      expect((await login(u.email, u.password, address(9))).statusCode).toBe(200);
    }
  });
});

describe('sign-up "already taken" answers per address', () => {
  it('keeps answering EMAIL_TAKEN, ten times an hour per address, then 429', async () => {
    const limited = await createTestApp();
    try {
      const taken = await registerUser(limited.app);
      const { multipart } = await import('../../../test/multipart');
      const { pngImage } = await import('../../../test/factories');
      const avatar = await pngImage();
      const register = (email: string, remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/users/register',
          remoteAddress,
          ...multipart({
            fullname: 'Probe',
            username: `probe_${uniqueSuffix()}`,
            email,
            password: 'long enough password',
            avatar,
          }),
        });
      for (let i = 0; i < 10; i++) {
        const res = await register(taken.email, '203.0.113.50');
        expect(res.statusCode).toBe(409);
        expect(res.json().code).toBe('EMAIL_TAKEN');
      }
      const spent = await register(`fresh_${uniqueSuffix()}@example.test`, '203.0.113.50');
      expect(spent.statusCode).toBe(429);
      expect(spent.json().code).toBe('RATE_LIMITED');
      expect(Number(spent.headers['retry-after'])).toBeGreaterThan(3000);
      // Another address signs up, and its answer for a taken email is still the real one.
      expect((await register(taken.email, '203.0.113.51')).json().code).toBe('EMAIL_TAKEN');
      expect(
        (await register(`new_${uniqueSuffix()}@example.test`, '203.0.113.51')).statusCode,
      ).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
