import { sessionMarkerCookie } from '@kinora/contract';
import { makeUser } from '../../testing/fixtures';
import { makeVideo, makeVideoPage } from '../../testing/video-fixtures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { actAsProduction } from '../../testing/contract-server';
import { ApiError, messageOf } from './api-error';
import { ContractMismatchError, contractMismatches } from './answer-check';
import { api, buildUrl, sessionEvents } from './client';
import { getAccessToken, mayHoldSession, setAccessToken } from './token-store';

/*
 * The one place where fetch is stubbed: these tests pin the client's own rules (envelope,
 * bearer header, refresh-once-and-retry, token lifecycle). Screens are tested against a real
 * HTTP server instead (src/testing/contract-server.ts).
 */

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };
const ok = (data: unknown, status = 200): Answer => ({
  status,
  body: { statusCode: status, data, message: 'OK', success: true },
});
const fail = (status: number, code: string, message: string, errors?: unknown): Answer => ({
  status,
  body: { statusCode: status, data: null, message, success: false, code, errors },
});

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  credentials: RequestCredentials | undefined;
}

/** A fetch that answers from a routing function and records every call. */
function stubFetch(route: (call: Call) => Answer | Promise<Answer>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call: Call = {
        url,
        method: init.method ?? 'GET',
        headers: (init.headers ?? {}) as Record<string, string>,
        body: init.body as string | undefined,
        credentials: init.credentials,
      };
      calls.push(call);
      const answer = await route(call);
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json', ...answer.headers },
      });
    }),
  );
  return calls;
}

const user = makeUser();

beforeEach(() => {
  vi.stubEnv('VITE_API_BASE', 'http://api.test/api/v1');
});
afterEach(() => {
  localStorage.clear();
});

describe('api()', () => {
  it('answers the envelope data, sends cookies and the stored bearer token', async () => {
    setAccessToken('tok-1');
    const calls = stubFetch(() => ok(user));

    await expect(api('currentUser')).resolves.toEqual(user);

    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      url: 'http://api.test/api/v1/users/current-user',
      method: 'GET',
      credentials: 'include',
    });
    expect(calls[0]?.headers.Authorization).toBe('Bearer tok-1');
  });

  it("also reads the token stored under 'token'", async () => {
    localStorage.setItem('token', 'legacy');
    const calls = stubFetch(() => ok(user));
    await api('currentUser');
    expect(calls[0]?.headers.Authorization).toBe('Bearer legacy');
  });

  it('sends JSON bodies and no Authorization header without a token', async () => {
    const calls = stubFetch(() => ok(user));
    await api('updateDetails', { body: { fullname: 'Ada King' } });
    expect(calls[0]?.method).toBe('PATCH');
    expect(calls[0]?.headers['Content-Type']).toBe('application/json');
    expect(calls[0]?.headers.Authorization).toBeUndefined();
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ fullname: 'Ada King' });
  });

  it('throws ApiError with status, code, message, field errors and Retry-After', async () => {
    stubFetch(() => ({
      ...fail(429, 'RATE_LIMITED', 'Too many attempts', [{ field: 'email', message: 'Slow down' }]),
      headers: { 'Retry-After': '30' },
    }));
    const error = await api('login', { body: { email: 'a@b.co', password: 'x' } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Too many attempts',
      retryAfterSeconds: 30,
    });
    expect((error as ApiError).fieldError('email')).toBe('Slow down');
  });

  it('turns a network failure into NETWORK_ERROR and a foreign answer into BAD_RESPONSE', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api('currentUser')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<!doctype html>', { status: 200 })),
    );
    await expect(api('currentUser')).rejects.toMatchObject({ status: 200, code: 'BAD_RESPONSE' });
  });

  it('stores the access token that login answers', async () => {
    stubFetch(() => ok({ user, accessToken: 'fresh' }));
    await api('login', { body: { email: 'ada@example.com', password: 'secret-pass' } });
    expect(getAccessToken()).toBe('fresh');
  });
});

describe('answers checked against the contract', () => {
  // A user whose username is a number and whose email is missing: not a CurrentUser.
  const { email: _email, ...withoutEmail } = user;
  const drifted = { ...withoutEmail, username: 42 };

  it('fails loudly in tests and development: the call throws, names the fields, logs', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(() => ok(drifted));

    const error = await api('currentUser').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ContractMismatchError);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as ContractMismatchError).endpoint).toBe('currentUser');
    expect((error as Error).message).toMatch(/^The answer of currentUser does not match/);
    expect((error as Error).message).toMatch(/username: .*expected string/);
    expect((error as Error).message).toMatch(/email: /);
    expect(logged).toHaveBeenCalledWith((error as Error).message);
    // Kept for the test setup, which fails any test whose screen swallowed the error.
    expect(contractMismatches.splice(0)).toEqual([error]);
  });

  it('checks the answer of a renewal too', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setAccessToken('expired');
    stubFetch((call) => {
      if (call.url.endsWith('/users/refresh-token')) return ok({ token: 'renewed' });
      return fail(401, 'TOKEN_EXPIRED', 'Token expired');
    });
    // The mismatch itself is the failure (a renewal it spoiled does not end the session).
    await expect(api('currentUser')).rejects.toBeInstanceOf(ContractMismatchError);
    expect(contractMismatches.splice(0).map((e) => e.endpoint)).toEqual(['refreshToken']);
  });

  it('hands over a matching answer as it came', async () => {
    stubFetch(() => ok(user));
    await expect(api('currentUser')).resolves.toEqual(user);
    expect(contractMismatches).toEqual([]);
  });

  it('keeps the cast in production: the answer is handed over unchecked', async () => {
    actAsProduction();
    stubFetch(() => ok(drifted));
    await expect(api('currentUser')).resolves.toEqual(drifted);
    expect(contractMismatches).toEqual([]);
  });
});

describe('session renewal', () => {
  it('refreshes once on a 401 and repeats the call with the new token', async () => {
    setAccessToken('expired');
    const calls = stubFetch((call) => {
      if (call.url.endsWith('/users/refresh-token')) return ok({ accessToken: 'renewed' });
      return call.headers.Authorization === 'Bearer renewed'
        ? ok(user)
        : fail(401, 'TOKEN_EXPIRED', 'Token expired');
    });

    await expect(api('currentUser')).resolves.toEqual(user);

    expect(calls.map((c) => c.url.replace('http://api.test/api/v1', ''))).toEqual([
      '/users/current-user',
      '/users/refresh-token',
      '/users/current-user',
    ]);
    const refresh = calls[1];
    expect(refresh?.method).toBe('POST');
    expect(refresh?.body).toBe('{}');
    expect(getAccessToken()).toBe('renewed');
  });

  it('shares one refresh between concurrent 401s', async () => {
    setAccessToken('expired');
    let releaseRefresh!: () => void;
    const refreshGate = new Promise<void>((r) => {
      releaseRefresh = r;
    });
    const calls = stubFetch(async (call) => {
      if (call.url.endsWith('/users/refresh-token')) {
        await refreshGate;
        return ok({ accessToken: 'renewed' });
      }
      return call.headers.Authorization === 'Bearer renewed'
        ? ok(user)
        : fail(401, 'TOKEN_EXPIRED', 'Token expired');
    });

    const results = Promise.all([
      api('currentUser'),
      api('updateDetails', { body: { fullname: 'Ada' } }),
      api('currentUser'),
    ]);
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.url.endsWith('refresh-token'))).toHaveLength(1),
    );
    releaseRefresh();
    await expect(results).resolves.toHaveLength(3);

    expect(calls.filter((c) => c.url.endsWith('/users/refresh-token'))).toHaveLength(1);
    expect(calls).toHaveLength(3 + 1 + 3);
  });

  it('retries only once: a second 401 is thrown', async () => {
    setAccessToken('expired');
    const calls = stubFetch((call) =>
      call.url.endsWith('/users/refresh-token')
        ? ok({ accessToken: 'renewed' })
        : fail(401, 'UNAUTHENTICATED', 'You need to sign in'),
    );
    await expect(api('currentUser')).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(3);
  });

  it('when the refresh fails: throws the original 401, removes the token, reports expiry', async () => {
    setAccessToken('expired');
    const onExpired = vi.fn();
    sessionEvents.addEventListener('expired', onExpired);
    stubFetch((call) =>
      call.url.endsWith('/users/refresh-token')
        ? fail(401, 'SESSION_REVOKED', 'Session revoked')
        : fail(401, 'TOKEN_EXPIRED', 'Token expired'),
    );

    await expect(api('currentUser')).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
    expect(getAccessToken()).toBeNull();
    expect(onExpired).toHaveBeenCalledTimes(1);
    sessionEvents.removeEventListener('expired', onExpired);
  });

  // A navigation cancels the refresh, or the connection drops: the server may have rotated
  // the token and still takes the one before it (decision 0036), so the session stays.
  it.each([
    ['no answer', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a busy server', () => fail(503, 'UNAVAILABLE', '')],
    ['the rate limit', () => fail(429, 'RATE_LIMITED', 'Too many requests')],
  ] as const)('when the refresh gets %s: keeps the session and says why', async (_, refresh) => {
    setAccessToken('expired');
    document.cookie = `${sessionMarkerCookie}=1; Path=/`;
    const onExpired = vi.fn();
    sessionEvents.addEventListener('expired', onExpired);
    stubFetch((call) =>
      call.url.endsWith('/users/refresh-token')
        ? refresh()
        : fail(401, 'TOKEN_EXPIRED', 'Token expired'),
    );

    const failure = await api('currentUser').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).not.toBe(401);
    expect(getAccessToken()).toBe('expired');
    expect(mayHoldSession()).toBe(true);
    expect(onExpired).not.toHaveBeenCalled();
    sessionEvents.removeEventListener('expired', onExpired);
    document.cookie = `${sessionMarkerCookie}=; Max-Age=0; Path=/`;
  });

  it.each(['login', 'refreshToken'] as const)('never refreshes for %s itself', async (name) => {
    const calls = stubFetch(() => fail(401, 'INVALID_CREDENTIALS', 'Invalid email or password'));
    const call =
      name === 'login'
        ? api('login', { body: { email: 'ada@example.com', password: 'wrong' } })
        : api('refreshToken', { body: {} });
    await expect(call).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
  });
});

describe('a public call answered as a visitor (X-Auth-Status: invalid)', () => {
  // Pages of videos whose one title says whose answer it is.
  const pages = {
    visitor: makeVideoPage([makeVideo({ title: 'visitor' })]),
    ada: makeVideoPage([makeVideo({ title: 'ada' })]),
  };
  const page = (owner: keyof typeof pages) => pages[owner];
  const visitorAnswer: Answer = { ...ok(page('visitor')), headers: { 'X-Auth-Status': 'invalid' } };

  it('renews the session once and repeats the call, for the signed-in answer', async () => {
    setAccessToken('expired');
    const calls = stubFetch((call) => {
      if (call.url.endsWith('/users/refresh-token')) return ok({ accessToken: 'renewed' });
      return call.headers.Authorization === 'Bearer renewed' ? ok(page('ada')) : visitorAnswer;
    });

    await expect(api('listVideos')).resolves.toEqual(page('ada'));

    expect(calls.map((c) => c.url.replace('http://api.test/api/v1', ''))).toEqual([
      '/videos',
      '/users/refresh-token',
      '/videos',
    ]);
    expect(getAccessToken()).toBe('renewed');
  });

  it('keeps the visitor answer and reports the session over when it cannot be renewed', async () => {
    setAccessToken('revoked');
    const onExpired = vi.fn();
    sessionEvents.addEventListener('expired', onExpired);
    const calls = stubFetch((call) =>
      call.url.endsWith('/users/refresh-token')
        ? fail(401, 'SESSION_REVOKED', 'Session revoked')
        : visitorAnswer,
    );

    await expect(api('listVideos')).resolves.toEqual(page('visitor'));

    expect(calls).toHaveLength(2);
    expect(getAccessToken()).toBeNull();
    expect(onExpired).toHaveBeenCalledTimes(1);
    sessionEvents.removeEventListener('expired', onExpired);
  });

  it('shares one renewal between concurrent calls, and never renews twice for one call', async () => {
    setAccessToken('expired');
    const calls = stubFetch((call) =>
      call.url.endsWith('/users/refresh-token') ? ok({ accessToken: 'renewed' }) : visitorAnswer,
    );
    await expect(Promise.all([api('listVideos'), api('listVideos')])).resolves.toEqual([
      page('visitor'),
      page('visitor'),
    ]);
    expect(calls.filter((c) => c.url.endsWith('/users/refresh-token'))).toHaveLength(1);
    expect(calls).toHaveLength(2 + 1 + 2);
  });

  it('keeps the visitor answer when the repeated call fails', async () => {
    setAccessToken('expired');
    let videoCalls = 0;
    stubFetch((call) => {
      if (call.url.endsWith('/users/refresh-token')) return ok({ accessToken: 'renewed' });
      videoCalls += 1;
      return videoCalls === 1 ? visitorAnswer : fail(503, 'INTERNAL', 'Down for a moment');
    });
    await expect(api('listVideos')).resolves.toEqual(page('visitor'));
  });

  it('is ignored on the session calls', async () => {
    const calls = stubFetch(() => ({
      ...ok({ user, accessToken: 'fresh' }),
      headers: { 'X-Auth-Status': 'invalid' },
    }));
    await api('login', { body: { email: 'ada@example.com', password: 'secret-pass' } });
    expect(calls).toHaveLength(1);
    expect(getAccessToken()).toBe('fresh');
  });
});

describe("messageOf: the server's message, else the screen's text for the failure", () => {
  const text = 'Failed to delete video';
  const failure = () => api('deleteVideo', { params: { id: 'v1' } }).catch((e: unknown) => e);

  it('shows what the server said', async () => {
    stubFetch(() => fail(403, 'FORBIDDEN', 'You can only delete your own videos'));
    const error = await failure();
    expect(error).toMatchObject({
      fromServer: true,
      message: 'You can only delete your own videos',
    });
    expect(messageOf(error, text)).toBe('You can only delete your own videos');
  });

  it('says the text when no answer came (network down)', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await failure();
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR', fromServer: false });
    expect(messageOf(error, text)).toBe(text);
  });

  it('says the text for a 5xx with an empty message, which keeps a readable message', async () => {
    stubFetch(() => fail(503, 'INTERNAL', '  '));
    const error = await failure();
    expect(error).toMatchObject({ status: 503, fromServer: false });
    expect((error as ApiError).message).toBe('Request failed (HTTP 503).');
    expect(messageOf(error, text)).toBe(text);
  });

  it("says the text for an answer that is not the server's (a proxy's 502 page)", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    const error = await failure();
    expect(error).toMatchObject({ status: 502, fromServer: false });
    expect(messageOf(error, text)).toBe(text);
  });

  it('says the text for anything thrown that is not a failed call', () => {
    expect(messageOf(new DOMException('signal timed out', 'TimeoutError'), text)).toBe(text);
    expect(messageOf(new Error('x is undefined'), text)).toBe(text);
  });
});

describe('logout', () => {
  it('removes the stored token when the call succeeds', async () => {
    setAccessToken('tok');
    stubFetch(() => ok({}));
    await api('logout');
    expect(getAccessToken()).toBeNull();
  });

  it('removes the stored token even when the call fails', async () => {
    setAccessToken('tok');
    localStorage.setItem('token', 'legacy');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api('logout')).rejects.toBeInstanceOf(ApiError);
    expect(getAccessToken()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('buildUrl', () => {
  it('fills path parameters and drops empty query values', () => {
    expect(buildUrl('/videos/:id', { id: 'a b' }, { page: 2, q: undefined, tag: ['x', 'y'] })).toBe(
      'http://api.test/api/v1/videos/a%20b?page=2&tag=x&tag=y',
    );
  });

  it('defaults to /api/v1 on the same origin', () => {
    vi.stubEnv('VITE_API_BASE', '');
    expect(buildUrl('/users/login')).toBe('/api/v1/users/login');
  });

  it('refuses a missing path parameter', () => {
    expect(() => buildUrl('/videos/:id', {})).toThrow('Missing path parameter "id"');
  });
});
