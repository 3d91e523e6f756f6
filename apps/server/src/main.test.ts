/**
 * The process as `npm start` runs it: it refuses bad configuration (a missing bucket too), serves, and on SIGTERM
 * closes the HTTP server, the job queue and the database, then exits 0.
 */
import { spawn } from 'node:child_process';
import { freePort } from '../test/free-port';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
