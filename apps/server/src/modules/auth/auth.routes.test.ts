import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { cookieHeader, cookiesOf, registerUser, uniqueSuffix } from '../../../test/factories';

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
const refresh = (refreshToken: string, extraHeaders: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/users/refresh-token',
    headers: {
      cookie: cookieHeader({ refreshToken }),
      origin: t.config.publicUrl,
      ...extraHeaders,
    },
    payload: {},
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

  it('revokes the session when an old refresh token is used again', async () => {
    const u = await registerUser(t.app);
    const first = await refresh(u.cookies.refreshToken!);
    const rotated = cookiesOf(first.headers['set-cookie']).refreshToken!;
    const newAccess: string = first.json().data.accessToken;

    const reuse = await refresh(u.cookies.refreshToken!);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('SESSION_REVOKED');
    // Both the thief's copy and the rightful one are dead now.
    expect((await refresh(rotated)).statusCode).toBe(401);
    expect((await currentUser({ authorization: `Bearer ${newAccess}` })).statusCode).toBe(401);
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

  it('lets only one of two concurrent refreshes with the same token win', async () => {
    const u = await registerUser(t.app);
    const results = await Promise.all([
      refresh(u.cookies.refreshToken!),
      refresh(u.cookies.refreshToken!),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
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
