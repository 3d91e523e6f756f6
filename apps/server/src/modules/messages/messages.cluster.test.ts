/**
 * The chat across API processes (decision 0022): two real server processes on one PostgreSQL
 * database and one Redis, a socket.io client on each. A message POSTed through process A
 * reaches the member connected to process B live, as `new_message` in the conversation's room
 * and `unread_count` in their private room. Needs PostgreSQL and Redis: skipped when either does
 * not answer locally, required in CI.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import type { ResponseOf, ServerSocketEvents } from '@kinora/contract';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectOk } from '../../../test/api-client';
import { pngImage } from '../../../test/factories';
import { freePort } from '../../../test/free-port';
import { defaultPostgresUrl } from '../../../test/harness';
import {
  deleteRedisKeys,
  redisAvailable,
  testRedisUrl,
  uniqueRedisPrefix,
} from '../../../test/redis';
import { makeTempDir } from '../../platform/media/video/test-clips';
import type { SocketAck } from '../../platform/realtime/realtime';

const serverRoot = path.resolve(import.meta.dirname, '../../..');
const adminUrl = process.env.TEST_DATABASE_URL ?? defaultPostgresUrl;

/** True when PostgreSQL answers; in CI its absence is an error, not a reason to skip. */
async function postgresAvailable(): Promise<boolean> {
  const url = new URL(adminUrl);
  const reachable = await new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 5432) });
    socket.setTimeout(2_000);
    socket.once('connect', () => (socket.end(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
  if (!reachable && process.env.CI) {
    throw new Error(`PostgreSQL is required in CI but ${url.host} does not answer.`);
  }
  return reachable;
}

const ready = (await redisAvailable()) && (await postgresAvailable());

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(sql);
  await client.end();
}

interface Server {
  child: ChildProcess;
  base: string;
  output: () => string;
}

interface Person {
  userId: string;
  accessToken: string;
}

describe.skipIf(!ready)('chat across two API processes (PostgreSQL, Redis)', () => {
  const database = `kinora_cluster_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const redisPrefix = uniqueRedisPrefix();
  const servers: Server[] = [];
  const sockets: Socket[] = [];
  let dataDir: { dir: string; cleanup: () => Promise<void> };

  async function start(databaseUrl: string): Promise<Server> {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir.dir,
        PUBLIC_URL: base,
        WEB_DIST_DIR: '',
        LOG_LEVEL: 'warn',
        DATABASE_URL: databaseUrl,
        REDIS_URL: testRedisUrl,
        REDIS_KEY_PREFIX: redisPrefix,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    const server = { child, base, output: () => output };
    servers.push(server);
    const deadline = Date.now() + 40_000;
    for (;;) {
      const ok = await fetch(`${base}/api/v1/healthcheck`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return server;
      if (child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`server did not start:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  beforeAll(async () => {
    dataDir = await makeTempDir('cluster');
    await admin(`CREATE DATABASE ${database}`);
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    // One after the other: the first migrates the new database, the second finds it migrated.
    await start(url.toString());
    await start(url.toString());
  }, 90_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all(
      servers.map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await deleteRedisKeys(redisPrefix);
    await dataDir?.cleanup();
  }, 30_000);

  /** Where the typed test client sends a server's calls. */
  const at = (server: Server) => ({ baseUrl: server.base });

  async function register(server: Server): Promise<Person> {
    const username = `user_${randomBytes(4).toString('hex')}`;
    const form = new FormData();
    form.set('fullname', `User ${username}`);
    form.set('username', username);
    form.set('email', `${username}@example.test`);
    form.set('password', 'correct horse battery');
    const avatar = await pngImage();
    form.set('avatar', new Blob([avatar.data], { type: avatar.contentType }), avatar.filename);
    // Multipart, so not through the JSON client; its answer is read with the contract's type.
    const res = await fetch(`${server.base}/api/v1/users/register`, { method: 'POST', body: form });
    const text = await res.text();
    if (!res.ok) throw new Error(`register: ${res.status} ${text}`);
    const { data } = JSON.parse(text) as { data: ResponseOf<'register'> };
    return { userId: data.user._id, accessToken: data.accessToken };
  }

  async function connect(server: Server, person: Person): Promise<Socket> {
    const socket = io(server.base, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: person.accessToken },
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return socket;
  }

  function heard<E extends keyof ServerSocketEvents>(socket: Socket, event: E) {
    const got: ServerSocketEvents[E][] = [];
    socket.on(event as string, (payload: ServerSocketEvents[E]) => got.push(payload));
    return got;
  }

  it('a message POSTed through process A reaches a socket on process B live', async () => {
    const [a, b] = servers as [Server, Server];
    const [alice, bob] = await Promise.all([register(a), register(b)]);
    const request = await expectOk(at(a), 'sendMessageRequest', {
      as: alice,
      body: { receiverId: bob.userId, content: 'Hello, may we talk?' },
    });
    const { conversationId } = await expectOk(at(b), 'respondToMessageRequest', {
      params: { id: request._id },
      as: bob,
      body: { action: 'accept' },
    });

    // Bob is connected to process B only; Alice sends through process A.
    const bobSocket = await connect(b, bob);
    const bobMessages = heard(bobSocket, 'new_message');
    const bobUnread = heard(bobSocket, 'unread_count');
    const joined = (await bobSocket
      .timeout(5_000)
      .emitWithAck('join_conversation', conversationId)) as SocketAck;
    expect(joined).toEqual({ ok: true });

    const sent = await expectOk(at(a), 'sendMessage', {
      params: { id: conversationId! },
      as: alice,
      body: { content: 'Across the processes' },
    });
    await vi.waitFor(() => expect(bobMessages).toEqual([sent]), { timeout: 5_000 });
    await vi.waitFor(
      () => expect(bobUnread.at(-1)).toEqual({ total: 1, conversationId, unreadCount: 1 }),
      { timeout: 5_000 },
    );
  }, 30_000);
});
