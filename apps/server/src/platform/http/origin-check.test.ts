import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../../../test/api-client';
import {
  cookieHeader,
  pngImage,
  registerUser,
  uniqueSuffix,
  type RegisteredUser,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createVideo, signUpload, uploadPath } from '../../../test/media-factories';
import { multipart } from '../../../test/multipart';

/** The page of the dev server, allowed besides PUBLIC_URL. */
const devOrigin = 'http://localhost:5173';

let t: TestApp;
let viewer: RegisteredUser;
let creator: RegisteredUser;
let videoId: string;
/** What the viewer's browser sends with every request to this host. */
let viewerCookies: string;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://localhost:3000', CORS_ORIGINS: devOrigin });
  viewer = await registerUser(t.app);
  creator = await registerUser(t.app);
  videoId = (await createVideo(t.app, creator))._id;
  viewerCookies = cookieHeader(viewer.cookies);
});
afterAll(async () => {
  await t.close();
});

const subscribe = (headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/subscriptions/toggle/${creator.userId}`,
    headers,
  });

const isSubscribed = async () =>
  (
    await expectOk(t.app, 'subscriptionStatus', {
      params: { channelId: creator.userId },
      as: viewer,
    })
  ).isSubscribed;

const isLiked = async () =>
  (await expectOk(t.app, 'videoLikeStatus', { params: { id: videoId }, as: viewer })).isLiked;

function expectRefused(res: LightMyRequestResponse): void {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json()).toMatchObject({ code: 'FOREIGN_ORIGIN', success: false, data: null });
}

describe('cross-site request forgery', () => {
  it('refuses the audit attack: a page on another port subscribes and likes with the cookie', async () => {
    const attacker = { cookie: viewerCookies, origin: 'http://localhost:8080' };
    expectRefused(await subscribe(attacker));
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/likes/video/${videoId}/toggle`,
        headers: attacker,
      }),
    );
    expect(await isSubscribed()).toBe(false);
    expect(await isLiked()).toBe(false);
  });

  it.each([
    ['another scheme', { origin: 'https://localhost:3000' }],
    ['another port', { origin: 'http://localhost:3001' }],
    ['another host', { origin: 'http://127.0.0.1:3000' }],
    ['an opaque origin', { origin: 'null' }],
    ['a foreign Referer and no Origin', { referer: 'http://localhost:8080/attack.html' }],
    ['a Referer that is not a URL', { referer: 'not a url' }],
    ['neither Origin nor Referer', {}],
  ])('refuses a cookie write with %s', async (_label, headers) => {
    expectRefused(await subscribe({ cookie: viewerCookies, ...headers }));
    expect(await isSubscribed()).toBe(false);
  });

  it('refuses every write method, on the refresh cookie alone too', async () => {
    const attacker = { cookie: viewerCookies, origin: 'http://localhost:8080' };
    for (const [method, url] of [
      ['PATCH', '/api/v1/users/update-details'],
      ['PUT', '/api/v1/users/update-details'],
      ['DELETE', `/api/v1/videos/${videoId}`],
    ] as const) {
      expectRefused(await t.app.inject({ method, url, headers: attacker, payload: { bio: 'x' } }));
    }
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/users/logout',
        headers: { cookie: cookieHeader({ refreshToken: viewer.cookies.refreshToken! }) },
      }),
    );
    const video = await t.app.inject({ method: 'GET', url: `/api/v1/videos/${videoId}` });
    expect(video.statusCode).toBe(200);
  });

  it('refuses a foreign page posting to the upload endpoint with the cookie', async () => {
    const signed = await signUpload(t.app, viewer, 'thumbnails');
    const form = multipart({
      api_key: signed.apiKey,
      timestamp: String(signed.timestamp),
      signature: signed.signature,
      folder: signed.folder,
      file: await pngImage(),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: uploadPath('image'),
      payload: form.payload,
      headers: { ...form.headers, cookie: viewerCookies, origin: 'http://localhost:8080' },
    });
    expectRefused(res);
  });

  it('refuses a foreign page signing someone in (login CSRF), even without cookies', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      headers: { origin: 'http://localhost:8080' },
      payload: { email: viewer.email, password: viewer.password },
    });
    expectRefused(res);
  });
});

describe('writes that are not forged', () => {
  it.each([
    ['PUBLIC_URL as Origin', { origin: 'http://localhost:3000' }],
    ['the dev server (CORS_ORIGINS) as Origin', { origin: devOrigin }],
    ['a Referer of our page and no Origin', { referer: 'http://localhost:3000/watch/1?t=3' }],
    // The site reached under another name than PUBLIC_URL: the request's own origin.
    ['its own host as Origin', { origin: 'http://192.168.1.5:3000', host: '192.168.1.5:3000' }],
  ])('accepts a cookie write with %s', async (_label, headers) => {
    const on = await subscribe({ cookie: viewerCookies, ...headers });
    expect(on.statusCode, on.body).toBe(200);
    expect(await isSubscribed()).toBe(true);
    const off = await subscribe({ cookie: viewerCookies, ...headers });
    expect(off.statusCode).toBe(200);
    expect(await isSubscribed()).toBe(false);
  });

  it('does not trust a foreign Origin that only matches the Host of another name', async () => {
    expectRefused(
      await subscribe({
        cookie: viewerCookies,
        origin: 'http://192.168.1.5:3000',
        host: 'localhost:3000',
      }),
    );
  });

  it('leaves bearer calls alone, with or without the cookie and Origin', async () => {
    for (const headers of [
      viewer.auth,
      { ...viewer.auth, cookie: viewerCookies },
      { ...viewer.auth, origin: 'http://localhost:8080' },
    ]) {
      const res = await subscribe(headers);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await isSubscribed()).toBe(true);
    await subscribe(viewer.auth);
  });

  it('leaves reads alone, whatever their origin', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/current-user',
      headers: { cookie: viewerCookies, origin: 'http://localhost:8080' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('leaves clients without cookies or Origin alone (scripts, the spec client)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: viewer.email, password: viewer.password },
    });
    expect(res.statusCode).toBe(200);
  });

  it('lets our own page sign in, register and refresh while it holds stale cookies', async () => {
    const stale = {
      cookie: cookieHeader({ accessToken: 'stale.access.token', refreshToken: 'stale.refresh' }),
      origin: 'http://localhost:3000',
    };
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      headers: stale,
      payload: { email: viewer.email, password: viewer.password },
    });
    expect(login.statusCode, login.body).toBe(200);

    const username = `fresh_${uniqueSuffix()}`;
    const form = multipart({
      fullname: 'Fresh Person',
      username,
      email: `${username}@example.test`,
      password: 'correct horse battery',
      avatar: await pngImage(),
    });
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/register',
      payload: form.payload,
      headers: { ...form.headers, ...stale },
    });
    expect(register.statusCode, register.body).toBe(201);

    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/refresh-token',
      headers: {
        cookie: cookieHeader({ refreshToken: viewer.cookies.refreshToken! }),
        origin: 'http://localhost:3000',
      },
      payload: {},
    });
    expect(refresh.statusCode, refresh.body).toBe(200);
  });
});
