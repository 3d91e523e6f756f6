import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngImage, registerUser, type RegisteredUser } from '../../../test/factories';
import {
  createTestApp,
  createTestDatabase,
  type TestApp,
  type TestDatabase,
} from '../../../test/harness';
import { createVideo, filesUnder, uploadAsset } from '../../../test/media-factories';
import { multipart } from '../../../test/multipart';
import { installErrorHandler } from './error-handler';
import { nulByteErrors } from './nul-bytes';

const nul = 'a\u0000b';

/** The answer every NUL byte gets: a 400 in the envelope that names the field. */
function expectNulRefused(res: LightMyRequestResponse, field: string): void {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json<{ code: string; success: boolean; errors: { field: string }[] }>();
  expect(body).toMatchObject({ code: 'VALIDATION_FAILED', success: false });
  expect(body.errors.map((e) => e.field)).toContain(field);
}

describe('a NUL byte in user text', () => {
  let t: TestApp;
  let user: RegisteredUser;
  let videoId: string;
  beforeAll(async () => {
    t = await createTestApp();
    user = await registerUser(t.app);
    videoId = (await createVideo(t.app, user))._id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('is refused in the full name of a register form, and nothing is stored', async () => {
    const mediaBefore = await filesUnder(t.config.mediaDir);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/register',
      ...multipart({
        fullname: nul,
        username: 'nul_register',
        email: 'nul.register@example.test',
        password: 'correct horse battery',
        avatar: await pngImage(),
      }),
    });
    expectNulRefused(res, 'fullname');
    expect(await filesUnder(t.config.mediaDir)).toEqual(mediaBefore);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: 'nul.register@example.test', password: 'correct horse battery' },
    });
    expect(login.statusCode).toBe(401);
  });

  it.each(['fullname', 'bio'])('is refused in %s of update-details', async (field) => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/update-details',
      headers: user.auth,
      payload: { [field]: nul },
    });
    expectNulRefused(res, field);
  });

  it.each(['title', 'description'])('is refused in the %s of a new video', async (field) => {
    const asset = await uploadAsset(t.app, user, 'video');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/videos',
      headers: user.auth,
      payload: {
        title: 'A fine title',
        description: 'A fine description',
        videoPublicId: asset.public_id,
        [field]: nul,
      },
    });
    expectNulRefused(res, field);
  });

  it('is refused in a video edit and in a comment', async () => {
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/videos/${videoId}`,
      headers: user.auth,
      payload: { title: nul },
    });
    expectNulRefused(edit, 'title');
    const comment = await t.app.inject({
      method: 'POST',
      url: `/api/v1/comments/${videoId}`,
      headers: user.auth,
      payload: { content: nul },
    });
    expectNulRefused(comment, 'content');
  });

  it('is refused in a search, a channel name in the path, and a media path', async () => {
    expectNulRefused(
      await t.app.inject({ method: 'GET', url: '/api/v1/search?query=a%00b' }),
      'query',
    );
    expectNulRefused(await t.app.inject({ method: 'GET', url: '/api/v1/users/c/%00' }), 'name');
    expectNulRefused(await t.app.inject({ method: 'GET', url: '/media/a%00b' }), '*');
  });

  it('is refused deep in a JSON body and in a field name', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/update-details',
      headers: user.auth,
      payload: { bio: 'fine', extra: { list: ['ok', nul] } },
    });
    expectNulRefused(res, 'extra.list.1');
    expect(nulByteErrors({ ['na\u0000me']: 'x' })).toEqual([
      { field: 'body', message: 'A field name contains a NUL character' },
    ]);
  });

  it('leaves text without NUL bytes alone', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/update-details',
      headers: user.auth,
      payload: { bio: 'Tabs\tand\nnew lines, \u00e9 and \u{1f3ac} are fine' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('text the database cannot store, reaching it past the guards', () => {
  let database: TestDatabase;
  const app = Fastify({ logger: false });
  installErrorHandler(app);
  app.get('/store', async () => {
    await database.handle.db.execute(sql`select ${nul}::text`);
    return { stored: true };
  });
  app.get('/store-json', async () => {
    await database.handle.db.execute(sql`select ${'{"a":"\\u0000"}'}::jsonb ->> 'a'`);
    return { stored: true };
  });
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it.each(['/store', '/store-json'])('answers %s with a 400, not a 500', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', success: false });
  });
});
