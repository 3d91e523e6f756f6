/**
 * `npm run cluster`: the scale-out profile on this machine (issue 23 item 1): nginx in front,
 * two API processes, one worker, PostgreSQL (`DATABASE_URL`, else the local server), Redis
 * (`REDIS_URL`, else the local one) and S3-compatible storage (`S3_ENDPOINT`, `S3_BUCKET`,
 * `S3_ACCESS_KEY_ID`, `S3_SECRET_ACCESS_KEY`; else a local stand-in). Prints where everything
 * is; Ctrl-C stops everything.
 *
 * When nginx, or PostgreSQL and Redis that it has to run itself, are not installed, it installs
 * them first (`scripts/install-system-deps.sh --cluster`, apt-get). When `DATABASE_URL` /
 * `REDIS_URL` are unset and nothing answers at 127.0.0.1:5432 / 6379, it runs its own
 * PostgreSQL and Redis in the run folder (`cluster/own-services.ts`), stopped with the rest.
 *
 * Options: --port N (nginx, default 8080), --api-ports A,B (default 3001,3002), --dir DIR
 * (default ./data-cluster), --metrics-ports A,B,W (each API process's and the worker's own
 * METRICS_PORT; default free ones), --tls-cert FILE --tls-key FILE [--tls-port N] (HTTPS,
 * default 8443), --own-services (run its own PostgreSQL and Redis for what DATABASE_URL /
 * REDIS_URL do not give, without looking at 5432 / 6379). Any LOG_LEVEL works: the launcher
 * watches ports, not log lines.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  portAnswers,
  postgresBinDir,
  redisBinary,
  startOwnPostgres,
  startOwnRedis,
  type OwnService,
} from './cluster/own-services';
import { nginxBinary, redisAnswers, startProfile, type S3Settings } from './cluster/profile';
import { localPostgres, runFolderNames } from './cluster/run-folder';

const say = (text: string) => process.stdout.write(`${text}\n`);

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function s3FromEnv(): S3Settings | null {
  const e = process.env;
  if (!e.S3_ENDPOINT && !e.S3_BUCKET) return null;
  const missing = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter(
    (k) => !e[k],
  );
  if (missing.length > 0) fail(`Set ${missing.join(', ')} too (or none of them for the stand-in)`);
  return {
    endpoint: e.S3_ENDPOINT!,
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION ?? 'us-east-1',
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
  };
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');
if (!existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
  say('Building the web app (first start)...');
  const build = spawnSync('npm', ['run', 'build', '-w', '@kinora/web'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (build.status !== 0) fail('The web app did not build');
}

const tlsCert = option('tls-cert');
const tlsKey = option('tls-key');
if (Boolean(tlsCert) !== Boolean(tlsKey)) fail('Give both --tls-cert and --tls-key, or neither');
const runDir = path.resolve(option('dir') ?? 'data-cluster');
const forceOwn = process.argv.includes('--own-services');
const ownPostgres = !process.env.DATABASE_URL && (forceOwn || !(await portAnswers(5432)));
const ownRedis =
  !process.env.REDIS_URL && (forceOwn || !(await redisAnswers('redis://127.0.0.1:6379')));

const toInstall = [
  nginxBinary() ? null : 'nginx',
  ownPostgres && !postgresBinDir() ? 'PostgreSQL' : null,
  ownRedis && !redisBinary() ? 'Redis' : null,
].filter(Boolean);
if (toInstall.length > 0) {
  say(`Installing ${toInstall.join(', ')} (bash scripts/install-system-deps.sh --cluster)...`);
  const installed = spawnSync('bash', ['scripts/install-system-deps.sh', '--cluster'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (installed.status !== 0) fail(`${toInstall.join(', ')} could not be installed`);
}

const own: OwnService[] = [];
// Its own PostgreSQL and Redis run in their own process groups (Ctrl-C reaches them through
// the launcher, after the API processes drained): should the launcher end any other way, they
// are told to stop as it exits.
process.on('exit', () => own.forEach((service) => service.signalStop()));
// A closed terminal or pipe must not end the launcher before it has stopped what it started.
process.stdout.on('error', () => undefined);
const stopOwn = async () => {
  for (const service of own.reverse()) await service.stop().catch(() => undefined);
  own.length = 0;
};
// Its own names on the shared local servers, so that two run folders never meet there.
const names = await runFolderNames(runDir);
let databaseUrl = process.env.DATABASE_URL ?? `${localPostgres}/${names.database}`;
let redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
try {
  if (ownPostgres) {
    say(`Starting its own PostgreSQL in ${path.join(runDir, 'postgres')}...`);
    const postgres = await startOwnPostgres(runDir);
    own.push(postgres);
    const url = new URL(postgres.url);
    url.pathname = '/kinora_cluster';
    databaseUrl = url.toString();
  }
  if (ownRedis) {
    say(`Starting its own Redis in ${path.join(runDir, 'redis')}...`);
    const redis = await startOwnRedis(runDir);
    own.push(redis);
    redisUrl = redis.url;
  }
} catch (error) {
  await stopOwn();
  fail(`The profile did not start: ${(error as Error).message}`);
}
const ownNote = (name: string) => {
  const service = own.find((s) => s.name === name);
  return service
    ? ` (its own, pid ${service.pid}, files in ${service.dir}, log ${service.logFile})`
    : '';
};

let profile;
try {
  profile = await startProfile({
    runDir,
    port: Number(option('port') ?? 8080),
    apiPorts: (option('api-ports') ?? '3001,3002').split(',').map(Number),
    metricsPorts: (option('metrics-ports') ?? '').split(',').filter(Boolean).map(Number),
    databaseUrl,
    redisUrl,
    redisKeyPrefix: process.env.REDIS_KEY_PREFIX ?? names.redisKeyPrefix,
    s3: s3FromEnv(),
    tls:
      tlsCert && tlsKey
        ? { port: Number(option('tls-port') ?? 8443), certificate: tlsCert, key: tlsKey }
        : null,
    env: {
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      // The address people use, when it is not nginx's own (a name, a proxy in front).
      ...(process.env.PUBLIC_URL ? { PUBLIC_URL: process.env.PUBLIC_URL } : {}),
    },
  });
} catch (error) {
  await stopOwn();
  fail(`The profile did not start: ${(error as Error).message}`);
}

const hidePassword = (url: string) => url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
const p = profile;
say(`
Kinora (scale-out profile) is running at ${p.url}${p.tlsUrl ? ` and ${p.tlsUrl}` : ''}

  nginx        ${p.url} (pid ${p.nginx.pid()}), config ${p.nginxConfig}
${p.apis.map((a, i) => `  api ${i + 1}        ${a.base} (pid ${a.pid()}), log ${a.logFile}\n               metrics ${a.metrics}`).join('\n')}
  worker       pid ${p.worker.pid()}, log ${p.worker.logFile}
               metrics ${p.worker.metrics}
  PostgreSQL   ${hidePassword(databaseUrl)}${ownNote('PostgreSQL')}
  Redis        ${hidePassword(redisUrl)}${ownNote('Redis')}
  storage      ${p.s3.endpoint}, bucket ${p.s3.bucket}${p.s3.standIn ? ` (local stand-in, files in ${path.join(runDir, 's3')})` : ''}
  environment  ${p.envFile} (every process's settings, as systemd's EnvironmentFile)
  health       ${p.apis[0]?.base}/livez and /readyz on each API process

Ctrl-C stops everything.`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  say(
    `\nStopping nginx, the API processes, the worker, the storage stand-in${own.length ? ` and its own ${own.map((s) => s.name).join(' and ')}` : ''}...`,
  );
  await p.stop();
  await stopOwn();
  say('Stopped.');
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
