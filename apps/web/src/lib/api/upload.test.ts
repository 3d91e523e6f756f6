import { describe, expect, it } from 'vitest';
import { makeFile, makeUser } from '../../testing/fixtures';
import { deferred, withContractServer } from '../../testing/contract-server';
import { api } from './client';
import { getAccessToken, setAccessToken } from './token-store';

/* Multipart calls go through XMLHttpRequest (for upload progress), here against a real server. */
const server = withContractServer();

describe('multipart uploads', () => {
  it('sends the fields and files, caps progress at 90 until the server answers, then 100', async () => {
    const user = makeUser({ avatar: '/media/avatars/new.webp' });
    const answer = deferred<void>();
    server().on('changeAvatar', async () => {
      await answer.promise;
      return { data: user };
    });
    setAccessToken('tok');
    const progress: number[] = [];

    const call = api('changeAvatar', {
      files: { avatar: makeFile('me.png', 'image/png', 200_000) },
      onUploadProgress: (p) => progress.push(p),
    });
    await expect.poll(() => server().requestsTo('changeAvatar').length).toBe(1);
    expect(Math.max(...progress)).toBeLessThanOrEqual(90);

    answer.resolve();
    await expect(call).resolves.toEqual(user);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);

    const [request] = server().requestsTo('changeAvatar');
    expect(request?.method).toBe('PATCH');
    expect(request?.headers.authorization).toBe('Bearer tok');
    expect(request?.files.avatar).toMatchObject({
      name: 'me.png',
      type: 'image/png',
      size: 200_000,
    });
  });

  it('sends registration text fields beside the files and stores the issued token', async () => {
    const user = makeUser();
    server().on('register', () => ({ status: 201, data: { user, accessToken: 'issued' } }));

    await api('register', {
      body: {
        fullname: 'Ada Lovelace',
        username: 'ada',
        email: 'ada@example.com',
        password: 'pw-123456',
      },
      files: { avatar: makeFile('a.png', 'image/png'), coverImage: null },
    });

    const [request] = server().requestsTo('register');
    expect(request?.body).toEqual({
      fullname: 'Ada Lovelace',
      username: 'ada',
      email: 'ada@example.com',
      password: 'pw-123456',
    });
    expect(Object.keys(request?.files ?? {})).toEqual(['avatar']);
    expect(getAccessToken()).toBe('issued');
  });

  it('renews the session on a 401 and sends the upload again', async () => {
    setAccessToken('old');
    server().on('refreshToken', () => ({ data: { accessToken: 'new' } }));
    server().on('changeCoverImage', (req) =>
      req.headers.authorization === 'Bearer new'
        ? { data: makeUser() }
        : { status: 401, error: { code: 'TOKEN_EXPIRED', message: 'Token expired' } },
    );

    await api('changeCoverImage', { files: { coverImage: makeFile('c.jpg', 'image/jpeg') } });
    expect(server().requests.map((r) => r.name)).toEqual([
      'changeCoverImage',
      'refreshToken',
      'changeCoverImage',
    ]);
  });

  it('reports a server refusal as ApiError without reaching 100', async () => {
    server().on('changeAvatar', () => ({
      status: 413,
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'The file is too large' },
    }));
    const progress: number[] = [];
    await expect(
      api('changeAvatar', {
        files: { avatar: makeFile('big.png', 'image/png') },
        onUploadProgress: (p) => progress.push(p),
      }),
    ).rejects.toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    expect(progress).not.toContain(100);
  });
});
