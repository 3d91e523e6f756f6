/**
 * Several real server processes (`src/main.ts`) on one new PostgreSQL database and one Redis,
 * as the scale-out profile runs them, for tests of what crosses processes (decisions 0022 and
 * 0025). The database, the Redis keys and the data folder are removed afterwards. Needs
 * PostgreSQL and Redis: `clusterAvailable()` says whether both answer (in CI their absence is
 * an error, not a reason to skip).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { makeTempDir } from '../src/platform/media/video/test-clips';
import { pngImage } from './factories';
import { freePort } from './free-port';
import { defaultPostgresUrl } from './database-kind';
import { deleteRedisKeys, redisAvailable, testRedisUrl, uniqueRedisPrefix } from './redis';

const serverRoot = path.resolve(import.meta.dirname, '..');
const adminUrl = process.env.TEST_DATABASE_URL ?? defaultPostgresUrl;

/** True when PostgreSQL answers; in CI its absence is an error, not a reason to skip. */
export async function postgresAvailable(): Promise<boolean> {
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

/** Whether both PostgreSQL and Redis answer here. */
export async function clusterAvailable(): Promise<boolean> {
  return (await redisAvailable()) && (await postgresAvailable());
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(sql);
  await client.end();
}

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  output: () => string;
}

export interface Person {
  userId: string;
  accessToken: string;
}

export interface Cluster {
  servers: ServerProcess[];
  stop(): Promise<void>;
}

/**
 * Starts `count` processes one after the other (the first migrates the new database, the
 * others find it migrated), each with `env` added to its environment.
 */
export async function startCluster(
  name: string,
  count: number,
  env: Record<string, string> = {},
): Promise<Cluster> {
  const database = `kinora_${name}_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const redisPrefix = uniqueRedisPrefix();
  const dataDir = await makeTempDir(name);
  await admin(`CREATE DATABASE ${database}`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const servers: ServerProcess[] = [];
  const stop = async () => {
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
    await dataDir.cleanup();
  };
  try {
    for (let i = 0; i < count; i++) {
      servers.push(
        await startServer({
          DATA_DIR: dataDir.dir,
          DATABASE_URL: url.toString(),
          REDIS_URL: testRedisUrl,
          REDIS_KEY_PREFIX: redisPrefix,
          ...env,
        }),
      );
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { servers, stop };
}

async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      WEB_DIST_DIR: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const server = { child, base, output: () => output };
  const deadline = Date.now() + 40_000;
  for (;;) {
    const ok = await fetch(`${base}/api/v1/healthcheck`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return server;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Calls the API of one process over HTTP; answers the envelope's data, throws on a refusal. */
export async function callServer<T>(
  server: Pick<ServerProcess, 'base'>,
  method: string,
  route: string,
  who: Person | null,
  body?: { form: FormData } | { json: unknown } | { raw: Buffer; headers: Record<string, string> },
): Promise<T> {
  const headers: Record<string, string> = {};
  if (who) headers.authorization = `Bearer ${who.accessToken}`;
  let payload: FormData | string | Uint8Array | undefined;
  if (body && 'json' in body) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body.json);
  } else if (body && 'form' in body) payload = body.form;
  else if (body && 'raw' in body) {
    Object.assign(headers, body.headers);
    payload = new Uint8Array(body.raw);
  }
  const url = route.startsWith('/v1_1/')
    ? `${server.base}${route}`
    : `${server.base}/api/v1${route}`;
  const res = await fetch(url, { method, headers, body: payload });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${text}`);
  const parsed = JSON.parse(text) as { data?: T };
  // The upload endpoint answers in the hosted provider's shape, without an envelope.
  return (parsed.data ?? parsed) as T;
}

/** Registers a new person through one process. */
export async function registerOn(server: Pick<ServerProcess, 'base'>): Promise<Person> {
  const username = `user_${randomBytes(4).toString('hex')}`;
  const form = new FormData();
  form.set('fullname', `User ${username}`);
  form.set('username', username);
  form.set('email', `${username}@example.test`);
  form.set('password', 'correct horse battery');
  const avatar = await pngImage();
  form.set('avatar', new Blob([avatar.data], { type: avatar.contentType }), avatar.filename);
  const data = await callServer<{ user: { _id: string }; accessToken: string }>(
    server,
    'POST',
    '/users/register',
    null,
    { form },
  );
  return { userId: data.user._id, accessToken: data.accessToken };
}
