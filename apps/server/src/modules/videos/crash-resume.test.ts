/**
 * A job survives a crash: the real server is started as a process, killed with SIGKILL in the
 * middle of a transcode, and started again on the same data folder; the video still becomes
 * ready. Embedded profile (PGlite file database): the restarted process knows it is the only
 * worker and takes the interrupted job back at once. PostgreSQL (TEST_DB=postgres): the killed
 * worker stops renewing its job's lease, which runs out (3 s here, 60 s by default) and the job
 * is retried, instead of staying active until a two-hour expiry. Either way the killed
 * server's ffmpeg dies with it, so the retry never runs beside it (issue 20, defect i).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { freePort } from '../../../test/free-port';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip, makeTempDir } from '../../platform/media/video/test-clips';
import pg from 'pg';
import { defaultPostgresUrl, testDatabaseKind } from '../../../test/harness';

const serverRoot = path.resolve(import.meta.dirname, '../../..');

async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The ffmpeg processes on this machine working on files under `dir` (Linux: from /proc). */
async function ffmpegsUnder(dir: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const argv = await readFile(`/proc/${entry}/cmdline`, 'utf8').then(
      (text) => text.split('\0'),
      () => [],
    );
    const isFfmpeg = argv[0] !== undefined && /(^|\/)ffmpeg$/.test(argv[0]);
    if (isFfmpeg && argv.some((arg) => arg.includes(dir))) pids.push(Number(entry));
  }
  return pids;
}

/** A fresh PostgreSQL database for the child processes; the server migrates it itself. */
async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? defaultPostgresUrl;
  const name = `kinora_crash_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

describe(`video processing across a crash (${testDatabaseKind()})`, () => {
  let database: { url: string; drop: () => Promise<void> } | null = null;
  let dataDir: { dir: string; cleanup: () => Promise<void> };
  let clipDir: { dir: string; cleanup: () => Promise<void> };
  let port: number;
  let server: ChildProcess | null = null;
  const base = () => `http://127.0.0.1:${port}`;

  const start = async () => {
    server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir.dir,
        PUBLIC_URL: base(),
        WEB_DIST_DIR: '',
        LOG_LEVEL: 'warn',
        JOB_LEASE: '3s',
        ...(database ? { DATABASE_URL: database.url } : {}),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitFor(
      'the server',
      async () => ((await fetch(`${base()}/api/v1/healthcheck`)).ok ? true : undefined),
      60_000,
    );
  };

  beforeAll(async () => {
    dataDir = await makeTempDir('crash');
    clipDir = await makeTempDir('crash-clip');
    port = await freePort();
    if (testDatabaseKind() === 'postgres') database = await createPostgresDatabase();
  });
  afterAll(async () => {
    server?.kill('SIGKILL');
    await dataDir.cleanup();
    await clipDir.cleanup();
    await database?.drop();
  });

  it('finishes the transcode after the server is killed mid-way and restarted', async () => {
    // Long enough at 720p that the transcode is still running when we pull the plug.
    const clip = await makeClip(clipDir.dir, { width: 1280, height: 720, seconds: 20 });
    await start();

    const form = new FormData();
    form.set('fullname', 'Crash Tester');
    form.set('username', 'crash_tester');
    form.set('email', 'crash@example.test');
    form.set('password', 'survives restarts');
    const sharp = (await import('sharp')).default;
    const avatar = await sharp({
      create: { width: 32, height: 32, channels: 3, background: '#123456' },
    })
      .png()
      .toBuffer();
    form.set('avatar', new Blob([avatar], { type: 'image/png' }), 'a.png');
    const registered = await fetch(`${base()}/api/v1/users/register`, {
      method: 'POST',
      body: form,
    });
    expect(registered.status).toBe(201);
    const token = ((await registered.json()) as { data: { accessToken: string } }).data.accessToken;
    const auth = { authorization: `Bearer ${token}` };

    const sign = (await (
      await fetch(`${base()}/api/v1/cloudinary/sign-upload?folder=videos`, { headers: auth })
    ).json()) as {
      signature: string;
      timestamp: number;
      apiKey: string;
    };
    const upload = new FormData();
    upload.set('api_key', sign.apiKey);
    upload.set('timestamp', String(sign.timestamp));
    upload.set('signature', sign.signature);
    upload.set('folder', 'videos');
    upload.set('file', new Blob([await readFile(clip)], { type: 'video/mp4' }), 'clip.mp4');
    const uploaded = await fetch(`${base()}/v1_1/kinora/video/upload`, {
      method: 'POST',
      body: upload,
    });
    expect(uploaded.status).toBe(200);
    const asset = (await uploaded.json()) as { public_id: string };

    const created = await fetch(`${base()}/api/v1/videos`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Crash course',
        description: 'Survives',
        videoPublicId: asset.public_id,
      }),
    });
    expect(created.status).toBe(201);
    const videoId = ((await created.json()) as { data: { _id: string } }).data._id;
    const status = async () =>
      (
        (await (await fetch(`${base()}/api/v1/videos/${videoId}`, { headers: auth })).json()) as {
          data: { status: string; processingProgress: number | null; hls: string | null };
        }
      ).data;

    await waitFor(
      'the transcode to start',
      async () => ((await status()).status === 'processing' ? true : undefined),
      60_000,
    );
    await waitFor(
      'ffmpeg to run',
      async () => ((await ffmpegsUnder(dataDir.dir)).length > 0 ? true : undefined),
      60_000,
    );
    server!.kill('SIGKILL');
    await new Promise((r) => server!.once('exit', r));
    server = null;
    // The killed server's ffmpeg dies with it (issue 20, defect i), within a few seconds.
    await waitFor(
      "the killed server's ffmpeg to be gone",
      async () => ((await ffmpegsUnder(dataDir.dir)).length === 0 ? true : undefined),
      3_000,
    );

    await start();
    // The retried job never runs beside another transcode of the same video.
    let mostAtOnce = 0;
    const done = await waitFor(
      'the video to become ready after the restart',
      async () => {
        mostAtOnce = Math.max(mostAtOnce, (await ffmpegsUnder(dataDir.dir)).length);
        const s = await status();
        if (s.status === 'failed') throw new Error('processing failed');
        return s.status === 'ready' ? s : undefined;
      },
      180_000,
    );
    expect(mostAtOnce).toBeLessThanOrEqual(1);
    expect(done.hls).toMatch(/master\.m3u8$/);
    const master = await fetch(`${base()}${done.hls}`);
    expect(master.status).toBe(200);
    expect(await master.text()).toContain('#EXT-X-STREAM-INF');
  }, 300_000);
});
