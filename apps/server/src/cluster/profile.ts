import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import {
  CreateBucketCommand,
  HeadBucketCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import pg from 'pg';
import { readService, render, type ServiceSpec } from './units';

/**
 * The scale-out profile on one machine (issue 23 item 1): nginx in front, API processes
 * (`--role api`), a worker (`--role worker`), PostgreSQL, Redis and S3-compatible storage (a
 * local stand-in, s3rver, unless one is configured). nginx and the processes are started from
 * the files in deploy/, rendered, so the samples there are what runs. `npm run cluster` and the
 * whole-profile test both start it here.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const deployDir = path.join(repoRoot, 'deploy');

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface ProfileOptions {
  /** Where the rendered files, logs, shared staging area and the stand-in's files go. */
  runDir: string;
  /** nginx's port (0: a free one). */
  port: number;
  /** The API processes' ports (0: free ones); two by default. */
  apiPorts?: number[];
  /**
   * Each process's own `/metrics` port (METRICS_PORT): the API processes' in order, then the
   * worker's; 0 or missing: free ones.
   */
  metricsPorts?: number[];
  databaseUrl: string;
  redisUrl: string;
  redisKeyPrefix: string;
  /** Storage to use; null starts the local stand-in (s3rver) with files under runDir/s3. */
  s3: S3Settings | null;
  /** TLS on a second port of the same server. */
  tls?: { port: number; certificate: string; key: string } | null;
  /** Added to every process's environment file (e.g. LOG_LEVEL, WEB_DIST_DIR). */
  env?: Record<string, string>;
}

export interface ManagedProcess {
  readonly name: string;
  /** The process's own address (API processes), bypassing nginx. */
  readonly base: string | null;
  /** Its Prometheus endpoint (its own METRICS_PORT), null for nginx. */
  readonly metrics: string | null;
  pid(): number | undefined;
  running(): boolean;
  start(): Promise<void>;
  /** The unit's stop signal (SIGTERM: a drain), then waits for the exit. */
  stop(): Promise<void>;
  /** SIGKILL: a crash. */
  kill(): Promise<void>;
  logFile: string;
}

export interface Profile {
  /** The address people use: nginx. */
  url: string;
  tlsUrl: string | null;
  apis: ManagedProcess[];
  worker: ManagedProcess;
  nginx: ManagedProcess;
  s3: S3Settings & { standIn: boolean };
  envFile: string;
  nginxConfig: string;
  stop(): Promise<void>;
}

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
}) => S3rverInstance;

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The nginx binary: on the PATH, or where Debian puts it. */
export function nginxBinary(): string | null {
  for (const candidate of ['nginx', '/usr/sbin/nginx']) {
    const found = spawnSync(candidate, ['-v'], { stdio: 'ignore' });
    if (found.status === 0) return candidate;
  }
  return null;
}

async function waitFor(what: string, check: () => Promise<boolean>, ms: number, log?: string) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) {
      const tail = log ? (await readFile(log, 'utf8').catch(() => '')).slice(-4000) : '';
      throw new Error(`${what} did not start in ${ms / 1000} s${tail ? `:\n${tail}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
}

const answers = (url: string) => () =>
  fetch(url, { signal: AbortSignal.timeout(2_000) }).then((r) => r.ok);

/** Creates the database when it is missing (connecting to the server's `postgres` one). */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`DATABASE_URL: unusual database name`);
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  try {
    await client.connect();
  } catch (error) {
    // No access to the server's own database: the named one must exist already.
    const direct = new pg.Client({ connectionString: databaseUrl });
    try {
      await direct.connect();
      return;
    } catch {
      throw new Error(`DATABASE_URL: PostgreSQL at ${url.host} does not answer`, { cause: error });
    } finally {
      await direct.end().catch(() => undefined);
    }
  }
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}

/** Whether Redis answers at this URL (a TCP connection and a PING). */
export async function redisAnswers(redisUrl: string): Promise<boolean> {
  const url = new URL(redisUrl);
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 6379) });
    socket.setTimeout(2_000);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => (socket.end(), resolve(data.toString().startsWith('+PONG'))));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

async function startStandIn(dir: string): Promise<{ s3: S3Settings; close: () => Promise<void> }> {
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;
  await mkdir(dir, { recursive: true });
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir });
  const { port } = await server.run();
  return {
    s3: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'kinora',
      region: 'us-east-1',
      // s3rver's fixed credentials.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    },
    close: () => server.close(),
  };
}

/** Creates the bucket on the stand-in; on a real service a missing bucket is an error. */
async function ensureBucket(s3: S3Settings, create: boolean): Promise<void> {
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
  try {
    await client.send(new HeadBucketCommand({ Bucket: s3.bucket }));
  } catch (error) {
    const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : null;
    if (status === 404 && create) await client.send(new CreateBucketCommand({ Bucket: s3.bucket }));
    else if (status === 404)
      throw new Error(`S3_BUCKET: the bucket "${s3.bucket}" does not exist`, { cause: error });
    else throw new Error(`S3_ENDPOINT: ${s3.endpoint} does not answer`, { cause: error });
  } finally {
    client.destroy();
  }
}

function managed(
  name: string,
  base: string | null,
  metrics: string | null,
  logFile: string,
  spec: () => Promise<ServiceSpec>,
  /** Whether it is up; `logFrom` is where this start's output begins in the log file. */
  ready: (logFrom: number) => Promise<boolean>,
): ManagedProcess {
  let child: ChildProcess | null = null;
  const exited = () => !child || child.exitCode !== null || child.signalCode !== null;
  const ended = (c: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (c.exitCode !== null || c.signalCode !== null) return resolve();
      c.once('exit', () => resolve());
    });
  let stopSignal: NodeJS.Signals = 'SIGTERM';
  return {
    name,
    base,
    metrics,
    logFile,
    pid: () => child?.pid,
    running: () => !exited(),
    async start() {
      const unit = await spec();
      stopSignal = unit.killSignal;
      const logFrom = await stat(logFile).then(
        (info) => info.size,
        () => 0,
      );
      const out = createWriteStream(logFile, { flags: 'a' });
      child = spawn(unit.command, unit.args, {
        cwd: unit.workingDirectory,
        // The unit's environment only (and PATH), as systemd gives it.
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...unit.environment },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.pipe(out, { end: false });
      child.stderr?.pipe(out, { end: false });
      const started = child;
      await waitFor(
        name,
        async () => {
          if (started.exitCode !== null) throw new Error(`${name} exited`);
          return ready(logFrom);
        },
        60_000,
        logFile,
      ).catch(async (error: unknown) => {
        started.kill('SIGKILL');
        await ended(started);
        throw error;
      });
    },
    async stop() {
      if (!child || exited()) return;
      const c = child;
      c.kill(stopSignal);
      await ended(c);
    },
    async kill() {
      if (!child || exited()) return;
      const c = child;
      c.kill('SIGKILL');
      await ended(c);
    },
  };
}

function hostPort(endpoint: string): string {
  const url = new URL(endpoint);
  return `${url.hostname}:${url.port || (url.protocol === 'https:' ? 443 : 80)}`;
}

/** deploy/nginx/kinora.conf.template filled in for this machine (the profile, the benches). */
export async function renderNginxConfig(o: {
  runDir: string;
  port: number;
  apiPorts: number[];
  s3Endpoint: string;
  accelPrefix: string;
  uploadMaxBody: number;
  tls: { port: number; certificate: string; key: string } | null;
}): Promise<string> {
  const tls = o.tls
    ? [
        `    listen 127.0.0.1:${o.tls.port} ssl http2;`,
        `    ssl_certificate ${o.tls.certificate};`,
        `    ssl_certificate_key ${o.tls.key};`,
        '    ssl_protocols TLSv1.2 TLSv1.3;',
        '    ssl_session_cache shared:kinora_tls:10m;',
      ].join('\n')
    : '';
  return render(await readFile(path.join(deployDir, 'nginx', 'kinora.conf.template'), 'utf8'), {
    NGINX_USER: process.getuid?.() === 0 ? 'user www-data;' : '',
    RUN_DIR: o.runDir,
    NGINX_MIME_TYPES: '/etc/nginx/mime.types',
    API_SERVERS: o.apiPorts.map((p) => `    server 127.0.0.1:${p} max_fails=0;`).join('\n'),
    S3_HOSTPORT: hostPort(o.s3Endpoint),
    S3_SCHEME: new URL(o.s3Endpoint).protocol.replace(':', ''),
    LISTEN: `127.0.0.1:${o.port}`,
    TLS: tls,
    TLS_LISTEN_NOTE: o.tls ? `port ${o.tls.port}` : 'the port given',
    UPLOAD_MAX_BODY: String(o.uploadMaxBody),
    ACCEL_PREFIX: o.accelPrefix,
  });
}

/** Starts the whole profile; `stop()` ends every part it started. */
export async function startProfile(options: ProfileOptions): Promise<Profile> {
  const nginx = nginxBinary();
  if (!nginx) throw new Error('nginx is not installed: bash scripts/install-system-deps.sh');
  if (!(await redisAnswers(options.redisUrl))) {
    throw new Error(`REDIS_URL: Redis at ${new URL(options.redisUrl).host} does not answer`);
  }
  await ensureDatabase(options.databaseUrl);
  const runDir = path.resolve(options.runDir);
  await mkdir(runDir, { recursive: true });
  // nginx's workers (www-data when started as root) read and write below it.
  await chmod(runDir, 0o755);

  const cleanups: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    cleanups.length = 0;
  };
  try {
    let s3: S3Settings;
    let standIn = false;
    if (options.s3) {
      s3 = options.s3;
      await ensureBucket(s3, false);
    } else {
      const local = await startStandIn(path.join(runDir, 's3'));
      cleanups.push(local.close);
      s3 = local.s3;
      standIn = true;
      await ensureBucket(s3, true);
    }

    const port = options.port || (await freePort());
    const apiPorts = await Promise.all(
      (options.apiPorts ?? [0, 0]).map(async (p) => p || freePort()),
    );
    const metricsPorts = await Promise.all(
      [...apiPorts, 'worker'].map(async (_, i) => options.metricsPorts?.[i] || freePort()),
    );
    const workerMetricsPort = metricsPorts[apiPorts.length]!;
    // Each process's own settings, beside the shared file (the units' optional EnvironmentFile).
    for (const [i, p] of apiPorts.entries()) {
      await writeFile(path.join(runDir, `api-${p}.env`), `METRICS_PORT=${metricsPorts[i]}\n`);
    }
    await writeFile(path.join(runDir, 'worker.env'), `METRICS_PORT=${workerMetricsPort}\n`);
    const publicUrl = `http://127.0.0.1:${port}`;
    const accelPrefix = '/_storage';
    const secretsFile = path.join(runDir, 'secrets.json');
    const secrets = {
      JWT_SECRET: randomBytes(48).toString('base64url'),
      UPLOAD_SIGNING_SECRET: randomBytes(48).toString('base64url'),
      AUTHENTICATOR_KEY: randomBytes(48).toString('base64url'),
      ...(existsSync(secretsFile)
        ? (JSON.parse(await readFile(secretsFile, 'utf8')) as Record<string, string>)
        : {}),
    };
    await writeFile(secretsFile, JSON.stringify(secrets), { mode: 0o600 });
    const env: Record<string, string> = {
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: options.redisUrl,
      REDIS_KEY_PREFIX: options.redisKeyPrefix,
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_REGION: s3.region,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      MEDIA_ACCEL_REDIRECT: accelPrefix,
      PUBLIC_URL: options.tls ? `https://127.0.0.1:${options.tls.port}` : publicUrl,
      TRUST_PROXY: 'true',
      DATA_DIR: path.join(runDir, 'data'),
      // Every API process on this machine shares it; on several machines, a shared mount.
      UPLOAD_STAGING_DIR: path.join(runDir, 'staging'),
      ...secrets,
      ...options.env,
    };
    const envFile = path.join(runDir, 'kinora.env');
    await writeFile(
      envFile,
      Object.entries(env)
        .map(([k, v]) => `${k}=${v}`)
        .join('\n') + '\n',
      { mode: 0o600 },
    );
    const unitValues = {
      APP_DIR: repoRoot,
      ENV_FILE: envFile,
      INSTANCE_ENV_DIR: runDir,
      NODE: process.execPath,
    };
    const unit = async (file: string, instance = '') => {
      const text = render(
        await readFile(path.join(deployDir, 'systemd', file), 'utf8'),
        unitValues,
      );
      await writeFile(path.join(runDir, file.replace('@', `@${instance}`)), text);
      return readService(text, instance);
    };

    const apis = apiPorts.map((p, i) =>
      managed(
        `api ${p}`,
        `http://127.0.0.1:${p}`,
        `http://127.0.0.1:${metricsPorts[i]}/metrics`,
        path.join(runDir, `api-${p}.log`),
        () => unit('kinora-api@.service', String(p)),
        answers(`http://127.0.0.1:${p}/readyz`),
      ),
    );
    const workerLog = path.join(runDir, 'worker.log');
    const workerMetrics = `http://127.0.0.1:${workerMetricsPort}/metrics`;
    const worker = managed(
      'worker',
      null,
      workerMetrics,
      workerLog,
      () => unit('kinora-worker.service'),
      // A worker has no public port: it opens its metrics listener once its jobs run.
      answers(workerMetrics),
    );
    for (const api of apis) cleanups.push(() => api.stop());
    cleanups.push(() => worker.stop());
    // The first migrates the new database; the others find it migrated.
    await apis[0]!.start();
    await Promise.all([...apis.slice(1).map((a) => a.start()), worker.start()]);

    const nginxConfig = path.join(runDir, 'nginx.conf');
    const config = await renderNginxConfig({
      runDir,
      port,
      apiPorts,
      s3Endpoint: s3.endpoint,
      accelPrefix,
      // The video limit and room for the multipart framing around the file.
      uploadMaxBody: Number(env.UPLOAD_MAX_VIDEO_BYTES ?? 2 * 1024 ** 3) + 1024 * 1024,
      tls: options.tls ?? null,
    });
    await writeFile(nginxConfig, config);
    const nginxLog = path.join(runDir, 'nginx.log');
    const check = spawnSync(
      nginx,
      ['-t', '-q', '-c', nginxConfig, '-e', path.join(runDir, 'nginx-error.log')],
      {
        encoding: 'utf8',
      },
    );
    if (check.status !== 0) throw new Error(`nginx refused its configuration:\n${check.stderr}`);
    const front = managed(
      'nginx',
      null,
      null,
      nginxLog,
      () =>
        Promise.resolve({
          workingDirectory: runDir,
          environment: {},
          command: nginx,
          args: ['-c', nginxConfig, '-e', path.join(runDir, 'nginx-error.log')],
          // A fast stop: a graceful one would wait for every open socket.
          killSignal: 'SIGTERM',
        }),
      answers(`${publicUrl}/readyz`),
    );
    cleanups.push(() => front.stop());
    await front.start();
    return {
      url: publicUrl,
      tlsUrl: options.tls ? `https://127.0.0.1:${options.tls.port}` : null,
      apis,
      worker,
      nginx: front,
      s3: { ...s3, standIn },
      envFile,
      nginxConfig,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
