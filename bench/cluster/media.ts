// Media bytes served per second through the scale-out profile (issue 23, speed): nginx in
// front, the API processes deciding who may see the file and answering an X-Accel-Redirect,
// nginx fetching it from the bucket (the s3rver stand-in) into its cache and serving it; beside
// a plain nginx serving the same file from disk, in the same run on the same machine. Two
// shapes: a whole 2 MiB file (an HLS segment, as players fetch them) and random 1 MiB ranges of
// a 64 MiB original (as a player seeks in a progressive file). Not a test. Run:
//
//   flock /tmp/kinora-heavy.lock npx tsx bench/cluster/media.ts [--seconds 5] [--rounds 2] \
//     [--connections 8] [--api-processes 2] [--database-url postgres://.../kinora_bench_media]
//
// The profile is started by `startProfile`, as `npm run cluster` starts it, on its own database
// (dropped and made again; its name must contain "bench"). The files are put into the bucket
// directly under `bench/` (no video row: public to anyone, as a published video's files): how
// a file reached the bucket does not change how it is served.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import { freePort, startProfile, type Profile } from '../../apps/server/src/cluster/profile';
import { integerOptions } from '../args';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '2' },
    connections: { type: 'string', default: '8' },
    'api-processes': { type: 'string', default: '2' },
    'database-url': {
      type: 'string',
      default: 'postgres://postgres@127.0.0.1:5432/kinora_bench_media',
    },
    'redis-url': { type: 'string', default: 'redis://127.0.0.1:6379' },
  },
  strict: true,
});
const integer = integerOptions(args);
const seconds = integer('seconds', 1, 120);
const rounds = integer('rounds', 1, 10);
const connections = integer('connections', 1, 256);
const apiProcesses = integer('api-processes', 1, 4);
const databaseUrl = args['database-url']!;
const databaseName = new URL(databaseUrl).pathname.slice(1);
if (!databaseName.includes('bench')) throw new Error('--database-url: the name must contain bench');

const segmentBytes = 2 * 1024 * 1024;
const originalBytes = 64 * 1024 * 1024;
const work = mkdtempSync(path.join(os.tmpdir(), 'kinora-media-bench-'));
// nginx's workers (www-data when started as root) read below it.
chmodSync(work, 0o755);
const files = path.join(work, 'files', 'bench');
mkdirSync(files, { recursive: true });
const segment = randomBytes(segmentBytes);
writeFileSync(path.join(files, 'segment.m4s'), segment);
{
  const block = randomBytes(1024 * 1024);
  writeFileSync(
    path.join(files, 'original.mp4'),
    Buffer.concat(Array.from({ length: originalBytes / block.length }, () => block)),
  );
}
const rangeScript = path.join(import.meta.dirname, '../http/range-lua.lua');

async function admin(text: string): Promise<void> {
  const url = new URL(databaseUrl);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** CPU seconds (user + system) of processes and their children's threads, from /proc. */
function cpuSeconds(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    const file = `/proc/${pid}/stat`;
    if (!existsSync(file)) continue;
    try {
      const fields = readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      // Ended meanwhile.
    }
  }
  return total;
}

/** An nginx master's worker processes. */
function nginxPids(master: number | undefined): number[] {
  if (!master) return [];
  const children = readFileSync(`/proc/${master}/task/${master}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
  return [master, ...children];
}

interface Run {
  rps: number;
  mbPerSec: number;
  p99: string;
  non2xx: number;
  /** CPU ms per request: nginx, the API processes. */
  nginxMs: number;
  apiMs: number;
}

function wrk(url: string, range: boolean, pids: { nginx: number[]; api: number[] }): Run {
  const nginx0 = cpuSeconds(pids.nginx);
  const api0 = cpuSeconds(pids.api);
  const out = spawnSync(
    'wrk',
    [
      '-t2',
      `-c${connections}`,
      `-d${seconds}s`,
      '--latency',
      ...(range ? ['-s', rangeScript] : []),
      url,
    ],
    { env: { ...process.env, BENCH_FILE_SIZE: String(originalBytes) }, encoding: 'utf8' },
  );
  if (out.status !== 0) throw new Error(out.stderr);
  const requests = Number(/(\d+) requests in/.exec(out.stdout)?.[1] ?? 0);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out.stdout)?.[1] ?? 0);
  const transfer = /Transfer\/sec:\s+([\d.]+)(\w+)/.exec(out.stdout);
  const unit = { KB: 1 / 1024, MB: 1, GB: 1024 }[transfer?.[2] ?? 'MB'] ?? 1;
  return {
    rps,
    mbPerSec: Number(transfer?.[1] ?? 0) * unit,
    p99: /99%\s+([\d.]+\w+)/.exec(out.stdout)?.[1] ?? '-',
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out.stdout)?.[1] ?? 0),
    nginxMs: requests ? ((cpuSeconds(pids.nginx) - nginx0) * 1000) / requests : 0,
    apiMs: requests ? ((cpuSeconds(pids.api) - api0) * 1000) / requests : 0,
  };
}

async function bodyHash(url: string): Promise<{ sha: string; cache: string | null }> {
  const answer = await fetch(url);
  if (!answer.ok) throw new Error(`${url}: ${answer.status}`);
  const sha = createHash('sha256')
    .update(Buffer.from(await answer.arrayBuffer()))
    .digest('hex');
  return { sha, cache: answer.headers.get('x-cache') };
}

let profile: Profile | null = null;
let direct: ChildProcess | null = null;
try {
  await admin(`drop database if exists ${databaseName} with (force)`);
  const started = Date.now();
  profile = await startProfile({
    runDir: path.join(work, 'profile'),
    port: 0,
    apiPorts: Array.from({ length: apiProcesses }, () => 0),
    databaseUrl,
    redisUrl: args['redis-url']!,
    redisKeyPrefix: `kinora-bench-media-${randomBytes(4).toString('hex')}:`,
    s3: null,
    env: { LOG_LEVEL: 'warn', WEB_DIST_DIR: '' },
  });
  const startSeconds = (Date.now() - started) / 1000;
  const s3 = new S3Client({
    region: profile.s3.region,
    endpoint: profile.s3.endpoint,
    forcePathStyle: true,
    credentials: {
      accessKeyId: profile.s3.accessKeyId,
      secretAccessKey: profile.s3.secretAccessKey,
    },
  });
  for (const [name, type] of [
    ['segment.m4s', 'video/iso.segment'],
    ['original.mp4', 'video/mp4'],
  ] as const) {
    await s3.send(
      new PutObjectCommand({
        Bucket: profile.s3.bucket,
        Key: `bench/${name}`,
        Body: readFileSync(path.join(files, name)),
        ContentType: type,
      }),
    );
  }
  s3.destroy();

  const directPort = await freePort();
  const conf = path.join(work, 'direct.conf');
  writeFileSync(
    conf,
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes auto;
pid ${work}/direct.pid;
error_log ${work}/direct-error.log warn;
daemon off;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log ${work}/direct-access.log;
  sendfile on;
  tcp_nopush on;
  client_body_temp_path ${work}/d-body;
  proxy_temp_path ${work}/d-proxy;
  fastcgi_temp_path ${work}/d-fastcgi;
  uwsgi_temp_path ${work}/d-uwsgi;
  scgi_temp_path ${work}/d-scgi;
  server {
    listen 127.0.0.1:${directPort};
    location /media/ { alias ${path.join(work, 'files')}/; }
  }
}
`,
  );
  direct = spawn('nginx', ['-c', conf], { stdio: 'inherit' });
  const directBase = `http://127.0.0.1:${directPort}`;
  for (let i = 0; ; i++) {
    const ok = await fetch(`${directBase}/media/bench/segment.m4s`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (i > 100) throw new Error('the direct nginx did not start');
    await new Promise((r) => setTimeout(r, 100));
  }

  // The same bytes both ways; through the profile, the second fetch comes from nginx's cache.
  const want = createHash('sha256').update(segment).digest('hex');
  const first = await bodyHash(`${profile.url}/media/bench/segment.m4s`);
  const second = await bodyHash(`${profile.url}/media/bench/segment.m4s`);
  const plain = await bodyHash(`${directBase}/media/bench/segment.m4s`);
  if (first.sha !== want || second.sha !== want || plain.sha !== want) {
    throw new Error('a body differs from the file');
  }
  await bodyHash(`${profile.url}/media/bench/original.mp4`);

  const pids = {
    profile: {
      nginx: nginxPids(profile.nginx.pid()),
      api: profile.apis.map((a) => a.pid()!).filter(Boolean),
    },
    direct: { nginx: nginxPids(direct.pid), api: [] },
  };
  const shapes = [
    { name: '2 MiB segment, whole', file: 'segment.m4s', range: false },
    { name: '1 MiB ranges of a 64 MiB original', file: 'original.mp4', range: true },
  ];
  const results: { shape: string; way: string; runs: Run[] }[] = [];
  for (const shape of shapes) {
    const ways = [
      { way: 'profile', url: `${profile.url}/media/bench/${shape.file}`, pids: pids.profile },
      { way: 'direct', url: `${directBase}/media/bench/${shape.file}`, pids: pids.direct },
    ];
    // A short warm-up of each, then alternating rounds (a neighbour hurts both alike).
    for (const w of ways) wrk(w.url, shape.range, w.pids);
    const rows = ways.map((w) => ({ shape: shape.name, way: w.way, runs: [] as Run[] }));
    for (let r = 0; r < rounds; r++) {
      for (const [i, w] of ways.entries()) rows[i]!.runs.push(wrk(w.url, shape.range, w.pids));
    }
    results.push(...rows);
  }

  const median = (runs: Run[]) =>
    [...runs].sort((a, b) => a.mbPerSec - b.mbPerSec)[Math.floor(runs.length / 2)]!;
  console.log(
    `\nMedia through the profile (nginx, ${apiProcesses} API process(es), S3 stand-in; started in ` +
      `${startSeconds.toFixed(1)} s) against nginx serving the same file from disk; wrk -t2 ` +
      `-c${connections}, ${rounds} alternating rounds of ${seconds} s, medians; ` +
      `${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; ` +
      `cache: first fetch ${first.cache}, second ${second.cache}\n`,
  );
  console.log(
    '| shape | way | req/s | MB/s | p99 | non-2xx | CPU ms/req nginx | CPU ms/req API | every round MB/s |',
  );
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const row of results) {
    const m = median(row.runs);
    console.log(
      `| ${row.shape} | ${row.way} | ${m.rps.toFixed(0)} | ${m.mbPerSec.toFixed(0)} | ${m.p99} | ${m.non2xx} | ` +
        `${m.nginxMs.toFixed(3)} | ${row.way === 'profile' ? m.apiMs.toFixed(3) : '-'} | ` +
        `${row.runs.map((r) => r.mbPerSec.toFixed(0)).join(', ')} |`,
    );
  }
  for (const shape of shapes) {
    const [through, plainRow] = results.filter((r) => r.shape === shape.name);
    console.log(
      `${shape.name}: profile / direct = ${((median(through!.runs).mbPerSec / median(plainRow!.runs).mbPerSec) * 100).toFixed(0)}%`,
    );
  }
} finally {
  direct?.kill('SIGTERM');
  await profile?.stop();
  await admin(`drop database if exists ${databaseName} with (force)`).catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
}
