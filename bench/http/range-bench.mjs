// Range-request throughput: Kinora's /media route (the real server, started as `npm start`
// starts it) beside nginx serving the same 200 MB file, in the same run on the same machine.
// Each request asks for a random 1 MiB range, as video players do. Not a test: run with
// `node bench/http/range-bench.mjs` (needs nginx and wrk: apt-get install nginx wrk).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  rmSync,
  writeFileSync,
  openSync,
  writeSync,
  closeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const sizeBytes = 200 * 1024 * 1024;
const duration = process.env.BENCH_SECONDS ?? '15';
const connections = process.env.BENCH_CONNECTIONS ?? '16';
const work = mkdtempSync(path.join(tmpdir(), 'kinora-range-bench-'));
const dataDir = path.join(work, 'data');
const key = 'videos/bench/original.mp4';
const file = path.join(dataDir, 'media', key);
mkdirSync(path.dirname(file), { recursive: true });
const fd = openSync(file, 'w');
const block = randomBytes(1024 * 1024);
for (let written = 0; written < sizeBytes; written += block.length) writeSync(fd, block);
closeSync(fd);

const kinoraPort = 3391;
const nginxPort = 3392;
const waitFor = async (url) => {
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(url)
        .then((r) => r.ok)
        .catch(() => false)
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
};

function wrk(url) {
  const out = spawnSync(
    'wrk',
    [
      '-t',
      '2',
      '-c',
      connections,
      '-d',
      `${duration}s`,
      '--latency',
      '-s',
      path.join(import.meta.dirname, 'range-lua.lua'),
      url,
    ],
    { env: { ...process.env, BENCH_FILE_SIZE: String(sizeBytes) }, encoding: 'utf8' },
  );
  if (out.status !== 0) throw new Error(out.stderr);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out.stdout)[1]);
  const transfer = /Transfer\/sec:\s+([\d.]+)(\w+)/.exec(out.stdout);
  const unit = { KB: 1 / 1024, MB: 1, GB: 1024 }[transfer[2]] ?? 1;
  const p99 = /99%\s+([\d.]+\w+)/.exec(out.stdout)?.[1];
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out.stdout)?.[1] ?? '0';
  return { rps, mbPerSec: Number(transfer[1]) * unit, p99, non2xx: Number(non2xx) };
}

const kinora = spawn(
  process.execPath,
  ['--import', 'tsx', 'apps/server/src/main.ts', '--role', 'api'],
  {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(kinoraPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '',
    },
    stdio: 'inherit',
  },
);
const nginxConf = path.join(work, 'nginx.conf');
writeFileSync(
  nginxConf,
  `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
pid ${work}/nginx.pid;
error_log ${work}/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  client_body_temp_path ${work}/nginx-body;
  proxy_temp_path ${work}/nginx-proxy;
  fastcgi_temp_path ${work}/nginx-fastcgi;
  uwsgi_temp_path ${work}/nginx-uwsgi;
  scgi_temp_path ${work}/nginx-scgi;
  server {
    listen 127.0.0.1:${nginxPort};
    location /media/ { alias ${dataDir}/media/; }
  }
}
`,
);
const nginx = spawn('nginx', ['-c', nginxConf, '-g', 'daemon off;'], { stdio: 'inherit' });

try {
  await waitFor(`http://127.0.0.1:${kinoraPort}/api/v1/healthcheck`);
  await waitFor(`http://127.0.0.1:${nginxPort}/media/${key}`);
  // Warm the page cache and both servers, then alternate rounds so that a noisy neighbour
  // hurts both alike; the medians are compared.
  wrk(`http://127.0.0.1:${nginxPort}/media/${key}`);
  wrk(`http://127.0.0.1:${kinoraPort}/media/${key}`);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const runs = { nginx: [], kinora: [] };
  for (let i = 0; i < rounds; i++) {
    runs.nginx.push(wrk(`http://127.0.0.1:${nginxPort}/media/${key}`));
    runs.kinora.push(wrk(`http://127.0.0.1:${kinoraPort}/media/${key}`));
  }
  const median = (list) =>
    [...list].sort((a, b) => a.mbPerSec - b.mbPerSec)[Math.floor(list.length / 2)];
  const results = { nginx: median(runs.nginx), kinora: median(runs.kinora) };
  const ratio = results.kinora.mbPerSec / results.nginx.mbPerSec;
  console.log(
    `\nRandom 1 MiB ranges of a 200 MB file, ${connections} connections, ${rounds} alternating rounds of ${duration} s (wrk -t2), medians:`,
  );
  for (const [name, r] of Object.entries(results)) {
    console.log(
      `  ${name.padEnd(7)} ${r.rps.toFixed(0).padStart(6)} req/s  ${r.mbPerSec.toFixed(0).padStart(6)} MB/s  p99 ${r.p99}  non-2xx ${r.non2xx}`,
    );
  }
  console.log(
    `  every round (MB/s): nginx ${runs.nginx.map((r) => r.mbPerSec.toFixed(0)).join(', ')}; kinora ${runs.kinora.map((r) => r.mbPerSec.toFixed(0)).join(', ')}`,
  );
  console.log(`  Kinora / nginx throughput: ${(ratio * 100).toFixed(0)}% (target: at least 70%)`);
} finally {
  kinora.kill('SIGTERM');
  nginx.kill('SIGQUIT');
  await new Promise((r) => setTimeout(r, 1000));
  rmSync(work, { recursive: true, force: true });
}
