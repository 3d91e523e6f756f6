import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api-client';
import { cookieHeader, registerUser, type RegisteredUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createVideo, eventually, togglePublish } from '../../../test/media-factories';
import { tweets, users } from '../db/schema';
import { clientAddress, registerAnonymousCache, seesWhatVisitorsSee } from './anonymous-cache';

/**
 * The shared answers (decisions 0010, 0018 and 0025). A change written straight to the database,
 * without its event, shows to visitors and signed-in readers only when their answer expires; the
 * owner of what changed sees it at once, and a change made through the API drops the answers
 * that show it (`kept-tags.test.ts`).
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

describe('answers shared between people', () => {
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

  it('serves visitors and signed-in readers the answer of the last few seconds, and the owner a fresh one', async () => {
    expect(await channelName()).toBe('First Name');
    await renameOwner('Second Name');
    expect(await channelName()).toBe('First Name');
    // A channel's answer is the same for everyone but its owner (decision 0018), by bearer
    // token or session cookie alike.
    expect(await channelName(other.auth)).toBe('First Name');
    expect(
      await channelName({ cookie: cookieHeader({ accessToken: other.cookies.accessToken! }) }),
    ).toBe('First Name');
    expect(await channelName(owner.auth)).toBe('Second Name');
  });

  it("drops what a write through this process changed, and keeps the rest and a refused one's", async () => {
    await renameOwner('Third Name');
    const refused = await updateFullname(t, other, '');
    expect(refused.statusCode).toBe(400);
    expect(await channelName()).not.toBe('Third Name');

    // Another person's change leaves this channel's answer kept (decision 0025).
    const elsewhere = await updateFullname(t, other, 'Someone Else');
    expect(elsewhere.statusCode).toBe(200);
    expect(await channelName()).not.toBe('Third Name');

    const own = await updateFullname(t, owner, 'Third Name, Written');
    expect(own.statusCode).toBe(200);
    expect(await channelName()).toBe('Third Name, Written');
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
    expect(await views(other.auth)).toBe(0);
    expect(await views(owner.auth)).toBe(1);
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

  it('keeps a search answer for SEARCH_CACHE_TTL, longer than the others, until a change to what it shows', async () => {
    const searchy = await createTestApp({ PUBLIC_CACHE_TTL: '1s', SEARCH_CACHE_TTL: '60s' });
    try {
      const person = await registerUser(searchy.app, { fullname: 'Quokka Before' });
      const found = async () =>
        (await searchy.app.inject({ url: `/api/v1/search?query=${person.username}` }))
          .json<{ data: { channels: { _id: string; fullname: string }[] } }>()
          .data.channels.find((c) => c._id === person.userId)?.fullname;
      const channel = async () =>
        (await searchy.app.inject({ url: `/api/v1/channels/${person.userId}` })).json<{
          data: { channel: { fullname: string } };
        }>().data.channel.fullname;
      expect(await found()).toBe('Quokka Before');
      expect(await channel()).toBe('Quokka Before');
      await renameBehindTheServersBack(searchy, person.userId, 'Quokka After');
      // The channel's answer (1 s) expires; the search's (60 s) is still the one kept.
      await eventually(async () => ((await channel()) === 'Quokka After' ? true : undefined), {
        timeoutMs: 10_000,
        what: 'the channel answer to expire',
      });
      expect(await found()).toBe('Quokka Before');
      // A change to the person drops every kept answer that shows them, the search's too.
      await updateFullname(searchy, person, 'Quokka Written');
      expect(await found()).toBe('Quokka Written');
    } finally {
      await searchy.close();
    }
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

  /** A GET over a raw socket: the status line and header lines as sent, and the body's bytes. */
  const rawGet = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ lines: string[]; body: Buffer }>((resolve, reject) => {
      const { hostname, port } = new URL(base);
      const socket = connect(Number(port), hostname);
      const chunks: Buffer[] = [];
      const extra = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.on('connect', () =>
        socket.write(
          `GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\n${extra.join('')}Connection: close\r\n\r\n`,
        ),
      );
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('end', () => {
        const all = Buffer.concat(chunks);
        const split = all.indexOf('\r\n\r\n');
        resolve({
          lines: all.subarray(0, split).toString('latin1').split('\r\n'),
          body: all.subarray(split + 4),
        });
      });
    });
  const valueOf = (lines: string[], name: string) =>
    lines
      .find((line) => line.toLowerCase().startsWith(`${name}:`))
      ?.slice(name.length + 1)
      .trim();

  it('writes the bytes the computed answer had, its headers in their order, then its id, age and length (decision 0071)', async () => {
    const reader = await registerUser(t.app);
    for (const [path, headers] of [
      [`/api/v1/channels/${owner.userId}/videos?page=1&limit=3`, {}],
      [`/api/v1/channels/${owner.userId}`, {}],
      [`/api/v1/channels/${owner.userId}`, reader.auth],
    ] as const) {
      await write();
      const computed = await rawGet(path, headers);
      expect(computed.lines[0]).toBe('HTTP/1.1 200 OK');
      expect(valueOf(computed.lines, 'age')).toBeUndefined();
      // Twice from memory: the second sends what the first left in the kept answer's slots.
      for (let i = 0; i < 2; i++) {
        const kept = await rawGet(path, headers);
        const id = valueOf(kept.lines, 'x-request-id')!;
        const age = valueOf(kept.lines, 'age')!;
        expect(id).toMatch(/^[0-9a-f-]{36}$/);
        expect(age).toMatch(/^[0-5]$/);
        // As the kept answers were sent before (an object of the computed answer's headers, but
        // its id and length, then the request's id, age and length), and as Node ends them.
        const own = (line: string) => /^(x-request-id|content-length):/i.test(line);
        const ending = (line: string) => /^(date|connection|keep-alive):/i.test(line);
        expect(kept.lines).toEqual([
          ...computed.lines.filter((line) => !own(line) && !ending(line)),
          `x-request-id: ${id}`,
          `age: ${age}`,
          `content-length: ${kept.body.length}`,
          `Date: ${valueOf(kept.lines, 'date')}`,
          'Connection: close',
        ]);
        expect(kept.body.equals(computed.body)).toBe(true);
      }
    }
  });

  it('never sends a signed-out token a kept answer, shared, each reader’s or their own (decision 0071)', async () => {
    const reader = await registerUser(t.app);
    const video = await createVideo(t.app, owner, { title: 'Kept for readers' });
    const paths = {
      shared: `/api/v1/channels/${owner.userId}`,
      eachReader: `/api/v1/comments/${video._id}?page=1&limit=5`,
      own: '/api/v1/subscriptions/feed?limit=5',
      ownNotifications: '/api/v1/notifications?limit=5',
    };
    await write();
    for (const path of Object.values(paths)) {
      // Computed, then from memory (twice: the second with the reader's own bytes remembered).
      for (let i = 0; i < 3; i++) expect((await get(path, reader.auth)).status).toBe(200);
      expect((await get(path, reader.auth)).headers.get('age')).not.toBeNull();
    }
    const out = await callApi(t.app, 'logout', {
      headers: {
        ...reader.auth,
        cookie: cookieHeader({ refreshToken: reader.cookies.refreshToken! }),
      },
    });
    expect(out.statusCode).toBe(200);
    for (const [kind, path] of Object.entries(paths)) {
      for (const headers of [
        reader.auth,
        { cookie: cookieHeader({ accessToken: reader.cookies.accessToken! }) },
      ]) {
        const res = await get(path, headers);
        expect(res.headers.get('age'), kind).toBeNull();
        if (kind.startsWith('own')) expect(res.status).toBe(401);
        else {
          // A public read: answered as a visitor's, and told its token is no good.
          expect(res.status).toBe(200);
          expect(res.headers.get('x-auth-status')).not.toBeNull();
        }
      }
    }
  });

  it("answers signed-in readers from memory, each with their own subscription, and never the channel's owner", async () => {
    const reader = await registerUser(t.app);
    const subscriber = await registerUser(t.app);
    const toggled = await t.app.inject({
      method: 'POST',
      url: `/api/v1/subscriptions/toggle/${owner.userId}`,
      headers: subscriber.auth,
    });
    expect(toggled.statusCode).toBe(200);
    await write();
    const path = `/api/v1/channels/${owner.userId}`;
    const read = async (headers: Record<string, string> = {}) => {
      const res = await get(path, headers);
      expect(res.status).toBe(200);
      const { data } = (await res.json()) as {
        data: {
          channel: { fullname: string; isSubscribed: boolean };
          stats: { totalViews: number | null };
        };
      };
      return { ...data, age: res.headers.get('age') };
    };
    expect((await read()).channel.fullname).toBe('Socket Name');
    await renameBehindTheServersBack(t, owner.userId, 'Renamed Behind');

    // Twice each: the second time the token is known and the answer comes from memory.
    for (let i = 0; i < 2; i++) {
      const visitor = await read();
      expect(visitor.channel).toMatchObject({ fullname: 'Socket Name', isSubscribed: false });
      const theSubscriber = await read(subscriber.auth);
      expect(theSubscriber.channel).toMatchObject({ fullname: 'Socket Name', isSubscribed: true });
      expect(theSubscriber.age).not.toBeNull();
      expect(theSubscriber.stats.totalViews).toBeNull();
      const byCookie = await read({
        cookie: cookieHeader({ accessToken: reader.cookies.accessToken! }),
      });
      expect(byCookie.channel).toMatchObject({ fullname: 'Socket Name', isSubscribed: false });
      expect(byCookie.age).not.toBeNull();
      const theOwner = await read(owner.auth);
      expect(theOwner.channel.fullname).toBe('Renamed Behind');
      expect(theOwner.stats.totalViews).toBe(0);
      expect(theOwner.age).toBeNull();
    }
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

/**
 * Decision 0018: an answer holding anything of one person's (a draft, a channel's totals, their
 * subscription) is never sent to anyone else, whoever asks first and however the token is sent.
 */
describe('what is one person’s never reaches another', () => {
  let t: TestApp;
  let owner: RegisteredUser;
  let other: RegisteredUser;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_CACHE_TTL: '30s' });
    owner = await registerUser(t.app);
    other = await registerUser(t.app);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t?.close());

  /** Empties the cache the way any write through the process does. */
  const write = async () => {
    expect((await updateFullname(t, other, 'Some Name')).statusCode).toBe(200);
  };
  /** Through Fastify (inject) and through the HTTP server's front path (a socket). */
  const ways = {
    inject: async (url: string, headers: Record<string, string>) => {
      const res = await t.app.inject({ url, headers });
      return { status: res.statusCode, body: res.body };
    },
    socket: async (url: string, headers: Record<string, string>) => {
      const res = await fetch(`${base}${url}`, { headers });
      return { status: res.status, body: await res.text() };
    },
  };
  const visitor = {};
  /** The audit's header: a space before `=`, which the cookie parser reads as the same cookie. */
  const spacedCookie = (user: RegisteredUser) => ({
    cookie: `accessToken =${user.cookies.accessToken!}`,
  });

  for (const [way, call] of Object.entries(ways)) {
    describe(`through ${way}`, () => {
      const stats = async (headers: Record<string, string>) => {
        const res = await call(`/api/v1/channels/${owner.userId}`, headers);
        expect(res.status).toBe(200);
        return (
          JSON.parse(res.body) as {
            data: { stats: { totalViews: number | null; totalVideos: number } };
          }
        ).data.stats;
      };

      it("keeps a draft its owner's, whoever asks first and however the token is sent (defect k)", async () => {
        const video = await createVideo(t.app, owner);
        await togglePublish(t.app, owner, video._id);
        const url = `/api/v1/videos/${video._id}`;
        for (const first of [spacedCookie(owner), owner.auth, visitor, other.auth]) {
          await write();
          await call(url, first);
          expect((await call(url, spacedCookie(owner))).status).toBe(200);
          expect((await call(url, owner.auth)).status).toBe(200);
          expect((await call(url, visitor)).status).toBe(404);
          expect((await call(url, other.auth)).status).toBe(404);
          expect((await call(url, spacedCookie(other))).status).toBe(404);
        }
      });

      it("keeps a channel's totals its owner's, whoever asks first and however the token is sent (defect k)", async () => {
        for (const first of [spacedCookie(owner), owner.auth, visitor, other.auth]) {
          await write();
          await stats(first);
          for (const reader of [visitor, other.auth, spacedCookie(other)]) {
            expect((await stats(reader)).totalViews).toBeNull();
          }
          // The route sees the owner behind the spaced cookie: so does the cache.
          expect((await stats(spacedCookie(owner))).totalViews).not.toBeNull();
          expect((await stats(owner.auth)).totalViews).not.toBeNull();
        }
      });

      it("keeps the owner's drafts out of everyone else's listing of the owner's videos", async () => {
        const draft = await createVideo(t.app, owner, { title: 'Not yet' });
        await togglePublish(t.app, owner, draft._id);
        const url = `/api/v1/videos?userId=${owner.userId}&limit=50`;
        const titles = async (headers: Record<string, string>) => {
          const res = await call(url, headers);
          expect(res.status).toBe(200);
          return (JSON.parse(res.body) as { data: { videos: { _id: string }[] } }).data.videos.map(
            (v) => v._id,
          );
        };
        for (const first of [owner.auth, visitor, other.auth]) {
          await write();
          await titles(first);
          expect(await titles(owner.auth)).toContain(draft._id);
          expect(await titles(visitor)).not.toContain(draft._id);
          expect(await titles(other.auth)).not.toContain(draft._id);
        }
      });

      it("keeps each person's subscription theirs, also when a subscriber's answer was computed first", async () => {
        const subscriber = await registerUser(t.app);
        const toggled = await t.app.inject({
          method: 'POST',
          url: `/api/v1/subscriptions/toggle/${owner.userId}`,
          headers: subscriber.auth,
        });
        expect(toggled.statusCode).toBe(200);
        const isSubscribed = async (headers: Record<string, string>) => {
          const res = await call(`/api/v1/channels/${owner.userId}`, headers);
          expect(res.status).toBe(200);
          return (JSON.parse(res.body) as { data: { channel: { isSubscribed: boolean } } }).data
            .channel.isSubscribed;
        };
        for (const first of [subscriber.auth, visitor, other.auth]) {
          await write();
          await isSubscribed(first);
          expect(await isSubscribed(subscriber.auth)).toBe(true);
          expect(await isSubscribed(visitor)).toBe(false);
          expect(await isSubscribed(other.auth)).toBe(false);
          expect(await isSubscribed(subscriber.auth)).toBe(true);
        }
        // Their own change through this process shows at once, though their flag was kept.
        const untoggled = await t.app.inject({
          method: 'POST',
          url: `/api/v1/subscriptions/toggle/${owner.userId}`,
          headers: subscriber.auth,
        });
        expect(untoggled.statusCode).toBe(200);
        expect(await isSubscribed(subscriber.auth)).toBe(false);
        expect(await isSubscribed(other.auth)).toBe(false);
      });

      it("keeps a following feed its reader's alone, until their own change (decision 0024)", async () => {
        const follower = await registerUser(t.app);
        const stranger = await registerUser(t.app);
        const follow = async (user: RegisteredUser) => {
          const res = await t.app.inject({
            method: 'POST',
            url: `/api/v1/subscriptions/toggle/${owner.userId}`,
            headers: user.auth,
          });
          expect(res.statusCode).toBe(200);
        };
        await follow(follower);
        const posted = await t.app.inject({
          method: 'POST',
          url: '/api/v1/tweets',
          headers: owner.auth,
          payload: { content: `First post ${way}` },
        });
        expect(posted.statusCode).toBe(201);
        const feed = async (headers: Record<string, string>) => {
          const res = await call('/api/v1/tweets/feed?limit=10', headers);
          expect(res.status).toBe(200);
          return (JSON.parse(res.body) as { data: { tweets: { content: string }[] } }).data.tweets
            .map((tweet) => tweet.content)
            .filter((content) => content.endsWith(way));
        };
        for (const first of [follower.auth, stranger.auth]) {
          await write();
          await feed(first);
          expect(await feed(follower.auth)).toEqual([`First post ${way}`]);
          expect(await feed(stranger.auth)).toEqual([]);
          expect((await call('/api/v1/tweets/feed?limit=10', visitor)).status).toBe(401);
        }
        // Kept: a tweet written behind the server's back waits for the answer to expire...
        await t.database.db.insert(tweets).values({
          ownerId: owner.userId,
          content: `Second post ${way}`,
        });
        expect(await feed(follower.auth)).toEqual([`First post ${way}`]);
        expect(await feed(stranger.auth)).toEqual([]);
        // ...and a change of their own through this process shows at once.
        await follow(follower);
        expect(await feed(follower.auth)).toEqual([]);
        await follow(stranger);
        expect(await feed(stranger.auth)).toEqual([`Second post ${way}`, `First post ${way}`]);
      });
    });
  }

  it('never shares with a role that sees more than visitors (a moderator sees drafts)', () => {
    const actor = { userId: owner.userId, sessionId: 'session' };
    expect(seesWhatVisitorsSee({ ...actor, role: 'user' })).toBe(true);
    expect(seesWhatVisitorsSee({ ...actor, role: 'moderator' })).toBe(false);
    expect(seesWhatVisitorsSee({ ...actor, role: 'admin' })).toBe(false);
  });
});

/**
 * Expired answers are recomputed a few at a time: many kept answers expiring together (people's
 * feeds, kept in the same second) must not each start their queries at once.
 */
describe('expired answers recomputed a few at a time', () => {
  it('sends an expired answer while as many others are being computed as may be at once', async () => {
    const app = Fastify();
    let version = 1;
    let hold: Promise<void> | null = null;
    const computed: string[] = [];
    const visitor = { kind: 'visitor' } as const;
    const cache = registerAnonymousCache(app, {
      paths: [/^\/item\/[^/]+$/],
      ttlMs: 40,
      staleMs: 60_000,
      maxRefreshing: 1,
      maxBytes: 1_000_000,
      identify: () => visitor,
      identifyRequest: () => Promise.resolve(visitor),
      trustProxy: false,
    });
    app.get<{ Params: { id: string } }>('/item/:id', async (request) => {
      computed.push(request.params.id);
      const answer = { data: { id: request.params.id, version } };
      if (hold) await hold;
      cache.declare(request, { actor: null, sharing: null, shows: ['item'] });
      return answer;
    });
    const read = async (id: string) => {
      const res = await app.inject({ url: `/item/${id}` });
      expect(res.statusCode).toBe(200);
      return res.json<{ data: { version: number } }>().data.version;
    };
    try {
      expect([await read('a'), await read('b')]).toEqual([1, 1]);
      await new Promise((resolve) => setTimeout(resolve, 60));
      version = 2;
      let release = () => {};
      hold = new Promise((resolve) => (release = resolve));
      computed.length = 0;

      const a = read('a'); // expired: this request computes its successor, and is held
      await eventually(async () => (computed.includes('a') ? true : undefined), {
        timeoutMs: 5_000,
        what: 'the first recompute to start',
      });
      // One recompute at a time: b's expired answer is sent as it is, nothing computed for it.
      expect(await read('b')).toBe(1);
      expect(computed).toEqual(['a']);

      release();
      hold = null;
      expect(await a).toBe(2);
      // Its turn now: the next reader of b computes it.
      expect(await read('b')).toBe(2);
      expect(computed).toEqual(['a', 'b']);
    } finally {
      await app.close();
    }
  });
});

/** A change dropped while an answer is computed (decision 0025). */
describe('changes during a computation', () => {
  it('keeps no answer whose computation began before a change to what it shows', async () => {
    const app = Fastify();
    let version = 1;
    let hold: Promise<void> | null = null;
    const visitor = { kind: 'visitor' } as const;
    const cache = registerAnonymousCache(app, {
      paths: [/^\/item\/[^/]+$/],
      ttlMs: 60_000,
      staleMs: 60_000,
      maxRefreshing: 4,
      maxBytes: 1_000_000,
      identify: () => visitor,
      identifyRequest: () => Promise.resolve(visitor),
      trustProxy: false,
    });
    app.get<{ Params: { id: string } }>('/item/:id', async (request) => {
      // Read before the hold, as a query would be: what a change made meanwhile replaces.
      const answer = { data: { id: request.params.id, version } };
      if (hold) await hold;
      cache.declare(request, { actor: null, sharing: null, shows: [`item:${request.params.id}`] });
      return answer;
    });
    const read = async (id: string) => {
      const res = await app.inject({ url: `/item/${id}` });
      return {
        version: res.json<{ data: { version: number } }>().data.version,
        kept: !!res.headers.age,
      };
    };
    try {
      let release = () => {};
      hold = new Promise((resolve) => (release = resolve));
      const a = read('a');
      const b = read('b');
      await new Promise((resolve) => setTimeout(resolve, 20));
      // The change to a lands while both are computed with version 1.
      version = 2;
      cache.drop(['item:a']);
      release();
      hold = null;
      expect(await a).toEqual({ version: 1, kept: false });
      expect(await b).toEqual({ version: 1, kept: false });
      // b's answer showed nothing that changed: kept. a's was not: computed again.
      expect(await read('b')).toEqual({ version: 1, kept: true });
      expect(await read('a')).toEqual({ version: 2, kept: false });
      expect(await read('a')).toEqual({ version: 2, kept: true });
      expect(cache.size).toBe(2);
      // A later drop of a takes it alone.
      cache.drop(['item:a']);
      expect(cache.size).toBe(1);
    } finally {
      await app.close();
    }
  });
});

/**
 * A person's own answers made of texts other people's hold too (the videos' cards of each
 * person's history): each such text kept once (decision 0060), the bytes sent unchanged.
 */
describe('texts shared between people’s own answers', () => {
  it('keeps each shared text once, sends the same bytes from memory and through Fastify, and lets go of them', async () => {
    const app = Fastify();
    const actorOf = (headers: Record<string, unknown>) => {
      const reader = headers['x-reader'];
      return typeof reader === 'string'
        ? ({
            kind: 'signed-in',
            actor: { userId: reader, role: 'user', sessionId: `s-${reader}` },
          } as const)
        : ({ kind: 'visitor' } as const);
    };
    const cache = registerAnonymousCache(app, {
      paths: [],
      personalPaths: [/^\/mine$/],
      ttlMs: 60_000,
      staleMs: 60_000,
      maxRefreshing: 4,
      // Room for one reader's answer kept whole (about 30 KB), not two; with their cards kept
      // once, for both.
      maxBytes: 45_000,
      identify: (headers) => actorOf(headers),
      identifyRequest: (request) => Promise.resolve(actorOf(request.headers)),
      trustProxy: false,
    });
    // Three cards of 10 KB, with characters of one to four bytes in UTF-8.
    const cards = ['a', 'b', 'c'].map((id) => `{"_id":"${id}","title":"${'é🎬x'.repeat(1_428)}"`);
    let computed = 0;
    app.get('/mine', (request, reply) => {
      computed += 1;
      const reader = String(request.headers['x-reader']);
      const order = reader === 'ann' ? [0, 1, 2] : [2, 0, 1];
      const shown = order.map((i) => cards[i]!);
      const text = `[${shown.map((card) => `${card},"reader":"${reader}"}`).join(',')}]`;
      cache.declare(request, {
        actor: { userId: reader, role: 'user', sessionId: `s-${reader}` },
        sharing: null,
        shows: [`history:${reader}`],
        sharedTexts: shown,
      });
      return reply
        .type('application/json; charset=utf-8')
        .send(`{"statusCode":200,"data":${text},"success":true}`);
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const overSocket = async (reader: string) => {
      const res = await fetch(`${base}/mine`, { headers: { 'x-reader': reader } });
      expect(res.status).toBe(200);
      return { body: await res.text(), kept: res.headers.get('age') !== null };
    };
    const throughFastify = async (reader: string) => {
      const res = await app.inject({ url: '/mine', headers: { 'x-reader': reader } });
      expect(res.statusCode).toBe(200);
      return { body: res.body, kept: res.headers.age !== undefined };
    };
    try {
      const ann = await overSocket('ann');
      const ben = await overSocket('ben');
      expect([ann.kept, ben.kept, computed]).toEqual([false, false, 2]);
      const annData = JSON.parse(ann.body) as { data: { _id: string; reader: string }[] };
      expect(annData.data.map((e) => [e._id, e.reader])).toEqual([
        ['a', 'ann'],
        ['b', 'ann'],
        ['c', 'ann'],
      ]);
      // Both kept, each sent from memory (the parts written as one) and through Fastify (the
      // parts joined) with the computed bytes; nothing computed again.
      expect(await overSocket('ann')).toEqual({ body: ann.body, kept: true });
      expect(await overSocket('ben')).toEqual({ body: ben.body, kept: true });
      expect(await throughFastify('ann')).toEqual({ body: ann.body, kept: true });
      expect(await throughFastify('ben')).toEqual({ body: ben.body, kept: true });
      expect(computed).toBe(2);
      expect(cache.size).toBe(2);

      // Ann's answer dropped: Ben's still holds the cards.
      cache.drop(['history:ann']);
      expect(cache.size).toBe(1);
      expect(await overSocket('ben')).toEqual({ body: ben.body, kept: true });
      expect(await overSocket('ann')).toEqual({ body: ann.body, kept: false });
      expect(computed).toBe(3);
      cache.drop(['history:ann', 'history:ben']);
      expect(cache.size).toBe(0);
      // Everything let go of: a reader's answer of 30 KB fits again with the room left.
      expect(await overSocket('ben')).toEqual({ body: ben.body, kept: false });
      expect(await overSocket('ben')).toEqual({ body: ben.body, kept: true });
    } finally {
      await app.close();
    }
  });
});
