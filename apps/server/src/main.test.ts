/**
 * The process as `npm start` runs it: it refuses bad configuration (a missing bucket, a Redis
 * that does not answer, secrets or storage that differ from the other processes' on the same
 * database), serves, degrades while Redis is lost and recovers when it returns, and on SIGTERM
 * closes the HTTP server, the job queue and the database, then exits 0.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { freePort } from '../test/free-port';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable } from '../test/cluster';
import { redisAnswers } from './cluster/profile';
import { defaultPostgresUrl } from '../test/harness';
import { makeTempDir } from './platform/media/video/test-clips';
import { startS3rver } from './platform/storage/storage.contract';

const serverRoot = path.resolve(import.meta.dirname, '..');

function startServer(env: Record<string, string>, args: string[] = []) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], {
    cwd: serverRoot,
    env: { ...process.env, HOST: '127.0.0.1', WEB_DIST_DIR: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, exited, output: () => output };
}

/** Polls `check` until it holds; throws with the process's output after `ms` (not an assertion of speed). */
async function until(
  what: string,
  check: () => Promise<boolean>,
  output: () => string,
  ms = 60_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} did not happen:\n${output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const statusOf = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(5_000) }).then(
    (r) => r.status,
    () => 0,
  );

const adminUrl = process.env.TEST_DATABASE_URL ?? defaultPostgresUrl;

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A new PostgreSQL database for one test; `drop()` removes it. */
async function newDatabase(name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const database = `kinora_${name}_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${database}`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return {
    url: url.toString(),
    drop: () => admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`),
  };
}

async function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exit = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exit;
}

const hasPostgres = await postgresAvailable();
const redisServer = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;

describe('main', () => {
  let data: { dir: string; cleanup: () => Promise<void> };
  beforeAll(async () => {
    data = await makeTempDir('main');
  });
  afterAll(async () => {
    await data.cleanup();
  });

  it('refuses to start with invalid configuration, naming the problem', async () => {
    const server = startServer({ DATA_DIR: data.dir, PORT: 'not-a-port' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT');
  });

  it('a worker whose bucket is missing stops at start, naming S3_BUCKET', async () => {
    const s3 = await startS3rver();
    try {
      const server = startServer(
        {
          DATA_DIR: data.dir,
          STORAGE_DRIVER: 's3',
          S3_BUCKET: 'no-such-bucket',
          S3_ENDPOINT: s3.options.endpoint!,
          S3_FORCE_PATH_STYLE: 'true',
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
        },
        ['--role', 'worker'],
      );
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain('S3_BUCKET: the bucket "no-such-bucket" does not exist');
    } finally {
      await s3.close();
    }
  }, 60_000);

  it('a Redis that does not answer at start stops the process, naming REDIS_URL', async () => {
    const port = await freePort();
    const server = startServer({
      DATA_DIR: data.dir,
      PORT: String(await freePort()),
      REDIS_URL: `redis://127.0.0.1:${port}`,
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(`REDIS_URL: Redis at 127.0.0.1:${port} does not answer`);
  }, 60_000);

  it.runIf(redisServer)(
    'Redis lost mid-run: the process keeps serving, readiness names redis, and it recovers when Redis returns',
    async () => {
      const redisPort = await freePort();
      const redisDir = await makeTempDir('main-redis');
      const startRedis = async () => {
        const child = spawn(
          'redis-server',
          ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
          { cwd: redisDir.dir, stdio: 'ignore' },
        );
        await until(
          'redis-server start',
          () => redisAnswers(`redis://127.0.0.1:${redisPort}`),
          () => '',
          20_000,
        );
        return child;
      };
      let redis = await startRedis();
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const server = startServer({
        DATA_DIR: data.dir,
        PORT: String(port),
        PUBLIC_URL: base,
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        LOG_LEVEL: 'info',
      });
      try {
        await until('ready', async () => (await statusOf(`${base}/readyz`)) === 200, server.output);

        await stopped(redis);
        await until(
          'readiness naming redis',
          async () => {
            const answer = await fetch(`${base}/readyz`);
            const body = (await answer.json()) as { failing?: string[] };
            return answer.status === 503 && (body.failing ?? []).includes('redis');
          },
          server.output,
        );
        // Degraded as the README says: limits are lifted (not an error), the log says so.
        expect(await statusOf(`${base}/livez`)).toBe(200);
        expect(await statusOf(`${base}/api/v1/healthcheck`)).toBe(200);
        const signIn = await fetch(`${base}/api/v1/users/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'nobody@example.org', password: 'not the password' }),
        });
        expect(signIn.status).toBe(401);
        await until(
          'the outage in the log',
          () => Promise.resolve(server.output().includes('limits are not enforced')),
          server.output,
        );

        redis = await startRedis();
        await until(
          'ready again',
          async () => (await statusOf(`${base}/readyz`)) === 200,
          server.output,
        );
        await fetch(`${base}/api/v1/users/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'nobody@example.org', password: 'not the password' }),
        });
        await until(
          'limits counted in Redis again',
          () => Promise.resolve(server.output().includes('rate-limit store (Redis) answers again')),
          server.output,
        );
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
      } finally {
        server.child.kill('SIGKILL');
        await stopped(redis);
        await redisDir.cleanup();
      }
    },
    120_000,
  );

  describe.runIf(hasPostgres)('processes sharing one database', () => {
    it('one whose JWT_SECRET differs stops at start naming it; ACCEPT_NEW_SECRETS records the new one', async () => {
      const database = await newDatabase('secrets');
      const first = await freePort();
      const a = startServer({
        DATA_DIR: data.dir,
        PORT: String(first),
        DATABASE_URL: database.url,
        JWT_SECRET: 'a'.repeat(40),
      });
      try {
        await until(
          'first process',
          async () => (await statusOf(`http://127.0.0.1:${first}/readyz`)) === 200,
          a.output,
        );
        const b = startServer({
          DATA_DIR: data.dir,
          PORT: String(await freePort()),
          DATABASE_URL: database.url,
          JWT_SECRET: 'b'.repeat(40),
        });
        expect(await b.exited).toBe(1);
        expect(b.output()).toContain(
          'JWT_SECRET: differs from the one the other processes on this database use',
        );
        // The same DATA_DIR: the secrets made there are shared, so only JWT_SECRET is named.
        expect(b.output()).not.toContain('UPLOAD_SIGNING_SECRET:');
        expect(b.output()).not.toContain('b'.repeat(40));
        await stopped(a.child);

        // Rotation: every process stopped, the new secret everywhere, the first one accepts it.
        const second = await freePort();
        const rotated = startServer({
          DATA_DIR: data.dir,
          PORT: String(second),
          DATABASE_URL: database.url,
          JWT_SECRET: 'b'.repeat(40),
          ACCEPT_NEW_SECRETS: 'true',
        });
        await until(
          'the rotated process',
          async () => (await statusOf(`http://127.0.0.1:${second}/readyz`)) === 200,
          rotated.output,
        );
        await stopped(rotated.child);
        const old = startServer({
          DATA_DIR: data.dir,
          PORT: String(await freePort()),
          DATABASE_URL: database.url,
          JWT_SECRET: 'a'.repeat(40),
        });
        expect(await old.exited).toBe(1);
        expect(old.output()).toContain('JWT_SECRET: differs');
      } finally {
        await stopped(a.child);
        await database.drop();
      }
    }, 180_000);

    it('a worker on local files while the API processes use the bucket stops at start, naming the storage settings', async () => {
      const database = await newDatabase('storage');
      const s3 = await startS3rver();
      const bucket = {
        STORAGE_DRIVER: 's3',
        S3_BUCKET: s3.options.bucket,
        S3_ENDPOINT: s3.options.endpoint!,
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      };
      const port = await freePort();
      const api = startServer(
        { DATA_DIR: data.dir, PORT: String(port), DATABASE_URL: database.url, ...bucket },
        ['--role', 'api'],
      );
      try {
        await until(
          'the API process',
          async () => (await statusOf(`http://127.0.0.1:${port}/readyz`)) === 200,
          api.output,
        );
        const worker = startServer(
          { DATA_DIR: data.dir, DATABASE_URL: database.url, STORAGE_DRIVER: 'local' },
          ['--role', 'worker'],
        );
        expect(await worker.exited).toBe(1);
        expect(worker.output()).toContain(
          `STORAGE_DRIVER, DATA_DIR (local files in ${path.join(data.dir, 'media')}): not the storage the other processes on this database use`,
        );
        // The same bucket: the worker starts.
        const good = startServer(
          { DATA_DIR: data.dir, DATABASE_URL: database.url, LOG_LEVEL: 'info', ...bucket },
          ['--role', 'worker'],
        );
        await until(
          'the worker with the bucket',
          () => Promise.resolve(good.output().includes('job workers started')),
          good.output,
        );
        good.child.kill('SIGTERM');
        expect(await good.exited).toBe(0);
      } finally {
        await stopped(api.child);
        await s3.close();
        await database.drop();
      }
    }, 180_000);
  });

  it('shuts down gracefully on SIGTERM and starts again on the same data', async () => {
    for (let run = 0; run < 2; run++) {
      const port = await freePort();
      const server = startServer({ DATA_DIR: data.dir, PORT: String(port) });
      const deadline = Date.now() + 60_000;
      for (;;) {
        const ok = await fetch(`http://127.0.0.1:${port}/api/v1/healthcheck`)
          .then((r) => r.ok)
          .catch(() => false);
        if (ok) break;
        if (Date.now() > deadline) throw new Error(`server did not start:\n${server.output()}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
  }, 120_000);
});
