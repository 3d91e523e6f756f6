import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../platform/db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import {
  cookieHeader,
  cookiesOf,
  pngImage,
  registerUser,
  uniqueSuffix,
} from '../../../test/factories';
import { multipart } from '../../../test/multipart';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const userCount = async () => (await t.database.db.select({ n: count() }).from(users))[0]!.n;

async function mediaFiles(): Promise<string[]> {
  const root = t.config.mediaDir;
  const out: string[] = [];
  for (const folder of await readdir(root).catch(() => [] as string[])) {
    for (const f of await readdir(path.join(root, folder))) out.push(`${folder}/${f}`);
  }
  return out;
}

async function registerForm(overrides: Record<string, unknown> = {}) {
  const suffix = uniqueSuffix();
  return {
    fullname: 'Ada Lovelace',
    username: `ada_${suffix}`,
    email: `ada_${suffix}@example.test`,
    password: 'analytical engine',
    avatar: await pngImage(),
    ...overrides,
  } as Parameters<typeof multipart>[0];
}

const register = (form: Parameters<typeof multipart>[0]) =>
  t.app.inject({ method: 'POST', url: '/api/v1/users/register', ...multipart(form) });

describe('POST /users/register', () => {
  it('creates the account, signs in, stores a re-encoded avatar and serves it with caching', async () => {
    const form = await registerForm({
      username: `Grace_${uniqueSuffix()}`,
      coverImage: await pngImage(1600, 400),
    });
    const res = await register(form);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ statusCode: 201, success: true, message: 'Account created' });
    expect(body.data.user.username).toBe((form.username as string).toLowerCase());
    expect(body.data.user).not.toHaveProperty('passwordHash');
    expect(body.data.user).not.toHaveProperty('password');
    expect(body.data.accessToken).toEqual(expect.any(String));
    const cookies = cookiesOf(res.headers['set-cookie']);
    expect(cookies.accessToken).toBe(body.data.accessToken);
    expect(cookies.refreshToken).toMatch(/^[0-9a-f-]{36}\./);
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).join('\n');
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    // The tokens stay httpOnly; only the marker that a session exists is readable by scripts.
    for (const line of ([] as string[]).concat(res.headers['set-cookie'] ?? [])) {
      if (line.startsWith('signedIn=')) {
        expect(line).toMatch(/^signedIn=1;/);
        expect(line).not.toMatch(/HttpOnly/);
      } else {
        expect(line).toMatch(/HttpOnly/);
      }
    }
    expect(cookies.signedIn).toBe('1');

    const avatarUrl: string = body.data.user.avatar;
    expect(avatarUrl).toMatch(/^\/media\/avatars\/.+\.webp$/);
    expect(body.data.user.coverImage).toMatch(/^\/media\/covers\/.+\.webp$/);
    const image = await t.app.inject({ method: 'GET', url: avatarUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toContain('immutable');
    expect(image.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
  });

  it('refuses a missing avatar, a non-image, an oversized file and bad fields, writing nothing', async () => {
    const before = await userCount();
    const filesBefore = await mediaFiles();

    const missing = await register(await registerForm({ avatar: undefined }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(missing.json().errors).toContainEqual({
      field: 'avatar',
      message: 'Avatar is required',
    });

    const fake = await register(
      await registerForm({
        avatar: {
          filename: 'cat.png',
          contentType: 'image/png',
          data: Buffer.from('not really a png'),
        },
      }),
    );
    expect(fake.statusCode).toBe(415);
    expect(fake.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(fake.json().errors[0].field).toBe('avatar');

    const huge = await register(
      await registerForm({
        avatar: {
          filename: 'big.png',
          contentType: 'image/png',
          data: Buffer.alloc(5 * 1024 * 1024 + 1),
        },
      }),
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Avatar file size must be less than 5MB',
    });

    const badFields = await register(
      await registerForm({
        username: 'no spaces!',
        email: 'not-an-email',
        password: 'short',
        fullname: '   ',
      }),
    );
    expect(badFields.statusCode).toBe(400);
    const fields = badFields.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['username', 'email', 'password', 'fullname']));

    const tooShort = await register(await registerForm({ username: 'ab' }));
    expect(tooShort.statusCode).toBe(400);

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/register',
      payload: { username: 'x' },
    });
    expect(json.statusCode).toBe(415);

    expect(await userCount()).toBe(before);
    expect(await mediaFiles()).toEqual(filesBefore);
  });

  it('answers 409 for a taken username or email, case-insensitively, and keeps no files', async () => {
    const first = await registerUser(t.app);
    const filesBefore = await mediaFiles();
    const sameName = await register(await registerForm({ username: first.username.toUpperCase() }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({
      code: 'USERNAME_TAKEN',
      message: 'This username is already taken',
    });
    const sameEmail = await register(await registerForm({ email: first.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({ code: 'EMAIL_TAKEN' });
    expect(await mediaFiles()).toEqual(filesBefore);
  });

  it('keeps exactly one account when the same username is registered concurrently', async () => {
    const username = `race_${uniqueSuffix()}`;
    const forms = await Promise.all(
      [1, 2, 3].map((i) => registerForm({ username, email: `race${i}_${username}@example.test` })),
    );
    const results = await Promise.all(forms.map(register));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409]);
  });
});

describe('POST /users/login', () => {
  it('answers data.accessToken and the user, and sets httpOnly cookies', async () => {
    const u = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: u.email.toUpperCase(), password: u.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({
      _id: u.userId,
      username: u.username,
      email: u.email,
    });
    expect(res.json().data.accessToken).toEqual(expect.any(String));
    expect(Object.keys(cookiesOf(res.headers['set-cookie']))).toEqual([
      'accessToken',
      'refreshToken',
      // The readable marker that a session may exist (decision 0028).
      'signedIn',
      // The known-device cookie (issue 20 k; known-devices.routes.test.ts).
      expect.stringMatching(/^kinoraDevice_/),
    ]);
  });

  it('gives one generic 401 for an unknown email and a wrong password', async () => {
    const u = await registerUser(t.app);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: u.email, password: 'wrong password' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: `nobody_${uniqueSuffix()}@example.test`, password: 'whatever' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid email or password',
    });
  });

  it('refuses malformed JSON and wrong types with 400', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ success: false, code: 'INVALID_JSON', data: null });
    const wrongTypes = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: 42, password: ['x'] },
    });
    expect(wrongTypes.statusCode).toBe(400);
    expect(wrongTypes.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('GET /users/current-user', () => {
  it('answers 401 to a visitor', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/users/current-user' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED', success: false });
  });

  it('knows the user by bearer token or by cookie', async () => {
    const u = await registerUser(t.app);
    const byBearer = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/current-user',
      headers: u.auth,
    });
    expect(byBearer.statusCode).toBe(200);
    expect(byBearer.json().data).toMatchObject({ _id: u.userId, email: u.email });
    const byCookie = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/current-user',
      headers: { cookie: cookieHeader({ accessToken: u.cookies.accessToken! }) },
    });
    expect(byCookie.json().data._id).toBe(u.userId);
  });

  it('refuses forged and expired tokens', async () => {
    const u = await registerUser(t.app);
    const claims = JSON.parse(Buffer.from(u.accessToken.split('.')[1]!, 'base64url').toString());
    const forged = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(u.userId)
      .setIssuer('kinora')
      .setAudience('kinora-api')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not the server secret, but long enough to look real'));
    const forgedRes = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/current-user',
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(forgedRes.statusCode).toBe(401);
    expect(forgedRes.json().code).toBe('UNAUTHENTICATED');

    const expired = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(u.userId)
      .setIssuer('kinora')
      .setAudience('kinora-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(t.config.secrets.jwtSecret));
    const expiredRes = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/current-user',
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(expiredRes.statusCode).toBe(401);
    expect(expiredRes.json().code).toBe('TOKEN_EXPIRED');

    const garbage = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/current-user',
      headers: { authorization: 'Bearer not.a.jwt' },
    });
    expect(garbage.statusCode).toBe(401);
  });
});

describe('PATCH /users/update-details', () => {
  it('answers 401 to a visitor and writes nothing', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/update-details',
      payload: { fullname: 'Mallory' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('updates the signed-in user only', async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/update-details',
      headers: owner.auth,
      payload: { fullname: '  Ada King  ', email: `NEW_${owner.email}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ fullname: 'Ada King', email: `new_${owner.email}` });
    const otherNow = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/current-user',
      headers: other.auth,
    });
    expect(otherNow.json().data.fullname).not.toBe('Ada King');
  });

  it('answers 409 for a taken email and 400 for bad input', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const taken = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/update-details',
      headers: a.auth,
      payload: { email: b.email },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('EMAIL_TAKEN');
    const empty = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/update-details',
      headers: a.auth,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    const wrongType = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/update-details',
      headers: a.auth,
      payload: { fullname: 12 },
    });
    expect(wrongType.statusCode).toBe(400);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/current-user',
      headers: a.auth,
    });
    expect(me.json().data.email).toBe(a.email);
  });
});

describe('PATCH /users/change-avatar and /users/change-coverImage', () => {
  it('replace the image and delete the old file', async () => {
    const u = await registerUser(t.app);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/current-user',
      headers: u.auth,
    });
    const oldAvatar: string = me.json().data.avatar;

    const visitor = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/change-avatar',
      ...multipart({ avatar: await pngImage() }),
    });
    expect(visitor.statusCode).toBe(401);

    const body = multipart({ avatar: await pngImage(300, 200, '#ff0000') });
    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/change-avatar',
      payload: body.payload,
      headers: { ...body.headers, ...u.auth },
    });
    expect(changed.statusCode).toBe(200);
    const newAvatar: string = changed.json().data.avatar;
    expect(newAvatar).not.toBe(oldAvatar);
    expect((await t.app.inject({ method: 'GET', url: oldAvatar })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: newAvatar })).statusCode).toBe(200);

    const cover = multipart({ coverImage: await pngImage(1200, 300) });
    const coverRes = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/change-coverImage',
      payload: cover.payload,
      headers: { ...cover.headers, ...u.auth },
    });
    expect(coverRes.statusCode).toBe(200);
    expect(coverRes.json().data.coverImage).toMatch(/^\/media\/covers\//);
  });

  it('refuses a non-image and an oversized cover with nothing changed', async () => {
    const u = await registerUser(t.app);
    const before = (
      await t.app.inject({ method: 'GET', url: '/api/v1/users/current-user', headers: u.auth })
    ).json().data;
    const text = multipart({
      avatar: { filename: 'a.jpg', contentType: 'image/jpeg', data: Buffer.from('<svg/>') },
    });
    const notImage = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/change-avatar',
      payload: text.payload,
      headers: { ...text.headers, ...u.auth },
    });
    expect(notImage.statusCode).toBe(415);
    const big = multipart({
      coverImage: {
        filename: 'c.png',
        contentType: 'image/png',
        data: Buffer.alloc(10 * 1024 * 1024 + 1),
      },
    });
    const tooBig = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/change-coverImage',
      payload: big.payload,
      headers: { ...big.headers, ...u.auth },
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('Cover image file size must be less than 10MB');
    const missing = multipart({});
    const none = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/change-avatar',
      payload: missing.payload,
      headers: { ...missing.headers, ...u.auth },
    });
    expect(none.statusCode).toBe(400);
    const after = (
      await t.app.inject({ method: 'GET', url: '/api/v1/users/current-user', headers: u.auth })
    ).json().data;
    expect(after.avatar).toBe(before.avatar);
    expect(after.coverImage).toBe(before.coverImage);
  });
});
