import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, registerUser, type RegisteredUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createVideo, eventually } from '../../../test/media-factories';
import { users } from '../db/schema';
import { clientAddress } from './anonymous-cache';

/**
 * The shared answer for visitors (decision 0010). A change written straight to the database,
 * as a worker's job or another API process would, shows to visitors only when their answer
 * expires; signed-in readers and any write through this process see it at once.
 */
/** Renames a user straight in the database, as a worker's job or another process would. */
const renameBehindTheServersBack = (t: TestApp, userId: string, fullname: string) =>
  t.database.db.update(users).set({ fullname }).where(eq(users.id, userId));

/** A write through the process: the user's own full name. */
const updateFullname = (t: TestApp, user: RegisteredUser, fullname: string) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/v1/users/update-details',
    headers: user.auth,
    payload: { fullname },
  });

describe('answers shared between visitors', () => {
  let t: TestApp;
  let owner: RegisteredUser;
  let other: RegisteredUser;

  const renameOwner = (fullname: string) => renameBehindTheServersBack(t, owner.userId, fullname);
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
    await renameOwner('Second Name');
    expect(await channelName()).toBe('First Name');
    expect(await channelName(other.auth)).toBe('Second Name');
    // The session cookie counts as signed in as much as the bearer token does.
    expect(
      await channelName({ cookie: cookieHeader({ accessToken: other.cookies.accessToken! }) }),
    ).toBe('Second Name');
  });

  it('keeps nothing across a write made through this process, and keeps it across a refused one', async () => {
    await renameOwner('Third Name');
    const refused = await updateFullname(t, other, '');
    expect(refused.statusCode).toBe(400);
    expect(await channelName()).not.toBe('Third Name');

    const accepted = await updateFullname(t, other, 'Someone Else');
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
    await renameOwner('Fifth Name');
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
    await renameOwner('Fourth Name');
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
      await renameBehindTheServersBack(uncached, person.userId, 'After');
      expect(await read()).toBe('After');
    } finally {
      await uncached.close();
    }
  });
});

/**
 * Over a real socket: the HTTP server answers kept answers before Fastify sees the request
 * (`serveFromMemory`), which `inject` never reaches. What it sends must be what Fastify sends.
 */
describe('answers sent from memory, over a socket', () => {
  let t: TestApp;
  let owner: RegisteredUser;
  let base: string;
  let logs = '';
  const allowedOrigin = 'http://allowed.example';

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs += chunk.toString();
        done();
      },
    });
    t = await createTestApp(
      { PUBLIC_CACHE_TTL: '5s', LOG_LEVEL: 'info', CORS_ORIGINS: allowedOrigin },
      { logStream: stream },
    );
    owner = await registerUser(t.app, { fullname: 'Socket Name' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t?.close());

  /** Empties the cache the way any write through the process does. */
  const write = async () => {
    expect((await updateFullname(t, owner, 'Socket Name')).statusCode).toBe(200);
  };
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, { headers });
  const headersOf = (res: Response) => {
    const all = Object.fromEntries(res.headers.entries());
    delete all['x-request-id'];
    delete all['date'];
    delete all['age'];
    return all;
  };
  const logLines = () =>
    logs
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  it('sends the same bytes and headers as the computed answer, with its own request id and an Age', async () => {
    await write();
    const path = `/api/v1/channels/${owner.userId}/videos?page=1&limit=5`;
    const computed = await get(path);
    const computedBody = await computed.text();
    expect(computed.status).toBe(200);
    expect(computed.headers.get('age')).toBeNull();

    const kept = await get(path);
    expect(kept.status).toBe(200);
    expect(await kept.text()).toBe(computedBody);
    expect(headersOf(kept)).toEqual(headersOf(computed));
    expect(kept.headers.get('age')).toMatch(/^[0-5]$/);
    expect(kept.headers.get('content-security-policy')).toContain("default-src 'self'");
    const id = kept.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(id).not.toBe(computed.headers.get('x-request-id'));

    // Logged like any request: the two lines, the path without its query string.
    const lines = logLines().filter((l) => l.reqId === id);
    expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect(lines[0]!.req).toMatchObject({
      id,
      method: 'GET',
      path: `/api/v1/channels/${owner.userId}/videos`,
    });
    expect(JSON.stringify(lines)).not.toContain('limit=5');
    expect(lines[1]).toMatchObject({ res: { statusCode: 200 } });
    expect(typeof lines[1]!.responseTime).toBe('number');
  });

  it('never answers a signed-in reader from memory', async () => {
    await write();
    const path = `/api/v1/channels/${owner.userId}`;
    const name = async (headers: Record<string, string> = {}) =>
      ((await (await get(path, headers)).json()) as { data: { channel: { fullname: string } } })
        .data.channel.fullname;
    expect(await name()).toBe('Socket Name');
    await renameBehindTheServersBack(t, owner.userId, 'Renamed Behind');
    expect(await name()).toBe('Socket Name');
    expect(await name(owner.auth)).toBe('Renamed Behind');
    expect(await name({ cookie: cookieHeader({ accessToken: owner.cookies.accessToken! }) })).toBe(
      'Renamed Behind',
    );
  });

  it('keeps CORS answers per origin: another origin gets its own headers, a plain visitor none', async () => {
    await write();
    const path = `/api/v1/channels/${owner.userId}`;
    const crossOrigin = await get(path, { origin: allowedOrigin });
    expect(crossOrigin.status).toBe(200);
    expect(crossOrigin.headers.get('access-control-allow-origin')).toBe(allowedOrigin);
    // Computed for another origin: a visitor without one must not receive that origin's headers.
    const plain = await get(path);
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
    expect(await plain.text()).toBe(await crossOrigin.text());
    // Kept answers still carry the CORS headers of the origin asking.
    const again = await get(path, { origin: allowedOrigin });
    expect(again.headers.get('age')).not.toBeNull();
    expect(again.headers.get('access-control-allow-origin')).toBe(allowedOrigin);
    const stranger = await get(path, { origin: 'http://stranger.example' });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('reports the client address as Fastify does, with and without trusted proxies', async () => {
    const probe = Fastify({ trustProxy: true });
    probe.get('/', async (request) => ({
      fastify: request.ip,
      ours: clientAddress(request.raw, true),
      peer: clientAddress(request.raw, false),
    }));
    try {
      for (const forwarded of [
        undefined,
        '203.0.113.7',
        '203.0.113.7, 10.0.0.2',
        ' 198.51.100.1 ,10.0.0.1,10.0.0.2',
        ', 192.0.2.5',
        '',
      ]) {
        const res = await probe.inject({
          url: '/',
          headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
        });
        const { fastify, ours, peer } = res.json<Record<string, string>>();
        expect(ours, String(forwarded)).toBe(fastify);
        expect(peer).toBe('127.0.0.1');
      }
    } finally {
      await probe.close();
    }
  });
});
