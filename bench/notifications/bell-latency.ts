// The bell's speed (issue 21, Speed): "a comment posted by one of 1,000 connected followers
// reaches the video owner's bell in < 1 s". 1,000 followers of one channel and its owner, each
// signed in with their own session and token and each with a real socket.io client connected
// to a started API process; the followers comment on the owner's video at a steady rate over
// HTTP (`POST /api/v1/comments/{videoId}`), and the bench times each comment from its send and
// from its answer to `notifications_changed` at the owner's socket. Not a test. Run:
//
//   npx tsx bench/notifications/bell-latency.ts [--followers 1000] [--rate 20] [--duration 30] \
//     [--warmup 3] [--database kinora_bench_bell] [--fresh] [--drop] [--port 3421] \
//     [--admin-url postgres://postgres@127.0.0.1:5432/postgres] [--redis-url redis://127.0.0.1:6379]
//
// Setup is not measured and is done directly: set-based SQL for the accounts, the follows and the
// video; the server's own AuthService for the sessions and access tokens (as bench/chat/chat.ts).
// The server is `node --import tsx apps/server/src/main.ts --role api` with the worker's jobs in
// the same process (`--role all`), stopped at the end, also on failure or Ctrl-C.
//
// Matching: `notifications_changed` carries the owner's unread count, not the comment, and each
// comment on the video makes one entry and one event for its owner. The events are credited to
// the comments in the order they were sent (first event to the first comment not yet credited):
// a comment committed out of order is credited a neighbour's time, which moves single figures
// by the gap between two sends (50 ms at 20/s) but neither the event count nor the tail much.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { hashPassword } from '../../apps/server/src/platform/auth/passwords';
import { AccessTokens } from '../../apps/server/src/platform/auth/tokens';
import { DomainEvents } from '../../apps/server/src/platform/events/domain-events';
import { openDatabase } from '../../apps/server/src/platform/db/client';
import { AuthRepository, AuthService, SessionCache } from '../../apps/server/src/modules/auth';
import { integerOptions } from '../args';

const root = path.resolve(import.meta.dirname, '../..');

const { values: args } = parseArgs({
  options: {
    followers: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '20' },
    duration: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '3' },
    'admin-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    database: { type: 'string', default: 'kinora_bench_bell' },
    /** Drop and recreate the database first (only a database whose name contains `bench`). */
    fresh: { type: 'boolean', default: false },
    /** Drop the database at the end. */
    drop: { type: 'boolean', default: false },
    'redis-url': { type: 'string', default: 'redis://127.0.0.1:6379' },
    port: { type: 'string', default: '3421' },
  },
  strict: true,
});
const integer = integerOptions(args);
const followers = integer('followers', 1, 100_000);
const rate = integer('rate', 1, 2_000);
const duration = integer('duration', 1, 600);
const warmup = integer('warmup', 0, 120);
const port = integer('port', 1024, 65535);
const database = args.database!;
if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error('--database must be a plain name');
const databaseUrl = (() => {
  const url = new URL(args['admin-url']!);
  url.pathname = `/${database}`;
  return url.toString();
})();
const redisUrl = args['redis-url']!;
const redisPrefix = `kinora-bench-bell:${Date.now()}:${randomBytes(3).toString('hex')}:`;
const targetMs = 1_000;
const graceMs = 5_000;
const accessTtlSeconds = 6 * 3600;
const prefix = 'bell.bench';

let server: ChildProcess | null = null;
let dataDir: string | null = null;
const sockets: Socket[] = [];
let stopping = false;

async function admin(text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: args['admin-url'] });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

async function cleanUp(): Promise<void> {
  stopping = true;
  for (const socket of sockets) socket.disconnect();
  const child = server;
  if (child && child.exitCode === null && child.signalCode === null) {
    await new Promise<void>((resolve) => {
      const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }
  const redis = new Redis(redisUrl, { lazyConnect: true });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } catch (error) {
    console.error('Redis clean-up:', error);
  } finally {
    redis.disconnect();
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (args.drop) await admin(`drop database if exists ${database} with (force)`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the server`);
    void cleanUp().then(() => process.exit(130));
  });
}

interface Person {
  userId: string;
  token: string;
}

/** The owner, the followers and the video: created once, reused by later runs. */
async function prepare(
  jwtSecret: string,
): Promise<{ owner: Person; followers: Person[]; videoId: string }> {
  const started = performance.now();
  const exists = (await admin(`select 1 from pg_database where datname = $1`, [database])).rowCount;
  if (exists && args.fresh) {
    if (!database.includes('bench')) throw new Error('--fresh drops only a database named *bench*');
    await admin(`drop database ${database} with (force)`);
  }
  if (!exists || args.fresh) await admin(`create database ${database}`);
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await handle.migrate();
    const count = Number(
      (
        await client.query<{ n: string }>(
          `select count(*) as n from users where username like '${prefix}%'`,
        )
      ).rows[0]!.n,
    );
    if (count !== 0 && count !== followers + 1) {
      throw new Error(
        `${database} holds ${count} bench accounts, not ${followers + 1}: use --fresh`,
      );
    }
    if (count === 0) {
      const passwordHash = await hashPassword('kinora-bench');
      await client.query('begin');
      await client.query(
        `insert into users (username, email, fullname, password_hash)
         select '${prefix}' || n, '${prefix}' || n || '@example.com', 'Bell Bench ' || n, $1
         from generate_series(0, $2::int) n`,
        [passwordHash, followers],
      );
      await client.query(
        `insert into subscriptions (subscriber_id, channel_id)
         select f.id, o.id from users f, users o
         where o.username = '${prefix}0' and f.username like '${prefix}%' and f.id <> o.id`,
      );
      await client.query(
        `insert into videos (owner_id, title, description, is_published)
         select id, 'The video everyone comments on', '', true from users
         where username = '${prefix}0'`,
      );
      await client.query('commit');
      await client.query('analyze');
    }
    // Sessions of earlier runs are of no use (their tokens were signed with another secret);
    // nor are earlier runs' comments and entries, which would only make the owner's list longer.
    await client.query(
      `delete from sessions where user_id in (select id from users where username like '${prefix}%')`,
    );
    const { rows } = await client.query<{ id: string; username: string; video_id: string }>(
      `select u.id, u.username, v.id as video_id from users u
       join videos v on v.owner_id = (select id from users where username = '${prefix}0')
       where u.username like '${prefix}%'`,
    );
    const auth = new AuthService(
      new AuthRepository(handle.db, new SessionCache()),
      new AccessTokens(jwtSecret, accessTtlSeconds),
      86_400,
      jwtSecret,
      new DomainEvents(() => undefined),
    );
    const people = new Map<string, Person>();
    const queue = [...rows];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let row = queue.shift(); row !== undefined; row = queue.shift()) {
          const issued = await auth.startSession({
            userId: row.id,
            userAgent: 'kinora-bench-bell',
          });
          people.set(row.username, { userId: row.id, token: issued.accessToken });
        }
      }),
    );
    const owner = people.get(`${prefix}0`)!;
    people.delete(`${prefix}0`);
    console.log(
      `  database ${database}: ${people.size} followers and the owner, ${people.size + 1} ` +
        `sessions (${((performance.now() - started) / 1000).toFixed(1)} s, ` +
        `${count === 0 ? 'created' : 'reused'})`,
    );
    return { owner, followers: [...people.values()], videoId: rows[0]!.video_id };
  } finally {
    await client.end();
    await handle.close();
  }
}

function startServer(secrets: Record<string, string>): ChildProcess {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/main.ts', '--role', 'all'],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir!,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: redisPrefix,
        ...secrets,
        ACCESS_TOKEN_TTL: `${accessTtlSeconds}s`,
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: '',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`the server exited early (code ${code}, ${signal})`);
  });
  return child;
}

async function waitForHealth(): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/v1/healthcheck`, {
      signal: AbortSignal.timeout(5_000),
    })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server on port ${port} did not answer within 60 s`);
}

async function connect(person: Person): Promise<Socket> {
  const socket = io(`http://127.0.0.1:${port}`, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token: person.token },
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function postComment(videoId: string, token: string, content: string): Promise<number> {
  return new Promise<number>((resolve) => {
    const body = JSON.stringify({ content });
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/v1/comments/${videoId}`,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.once('end', () => resolve(response.statusCode ?? 0));
        response.once('error', () => resolve(-1));
      },
    );
    request.setTimeout(30_000, () => request.destroy(new Error('timeout')));
    request.once('error', () => resolve(-1));
    request.end(body);
  });
}

interface Sent {
  t0: number;
  answeredAt?: number;
  status?: number;
  heardAt?: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

let ledger: Sent[] = [];
let credited = 0;

async function runAt(label: string, seconds: number, people: Person[], videoId: string) {
  ledger = [];
  credited = 0;
  const total = Math.round(rate * seconds);
  const pending: Promise<void>[] = [];
  const start = performance.now();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate) + 1);
      while (ledger.length < due) {
        const seq = ledger.length;
        // Followers in turn: each comments rate × 60 / followers times a minute.
        const author = people[seq % people.length]!;
        const sent: Sent = { t0: performance.now() };
        ledger.push(sent);
        pending.push(
          postComment(videoId, author.token, `bench ${label} comment ${seq}`).then((status) => {
            sent.status = status;
            sent.answeredAt = performance.now();
          }),
        );
      }
      if (ledger.length >= total) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });
  await Promise.all(pending);
  const deadline = performance.now() + graceMs;
  const created = () => ledger.filter((s) => s.status === 201).length;
  while (performance.now() < deadline && credited < created()) {
    await new Promise((r) => setTimeout(r, 50));
  }
  const statuses: Record<string, number> = {};
  for (const s of ledger) statuses[String(s.status)] = (statuses[String(s.status)] ?? 0) + 1;
  const heard = ledger.filter((s) => s.heardAt !== undefined);
  const fromSend = heard.map((s) => s.heardAt! - s.t0).sort((a, b) => a - b);
  const fromAnswer = heard
    .map((s) => Math.max(0, s.heardAt! - s.answeredAt!))
    .sort((a, b) => a - b);
  const posts = ledger.map((s) => s.answeredAt! - s.t0).sort((a, b) => a - b);
  return { label, sent: ledger.length, heard: heard.length, statuses, fromSend, fromAnswer, posts };
}

const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(n < 10 ? 2 : 1) : '-');
const line = (xs: number[]) =>
  `p50 ${f1(percentile(xs, 50))}  p95 ${f1(percentile(xs, 95))}  p99 ${f1(percentile(xs, 99))}  ` +
  `max ${f1(xs.at(-1) ?? Number.NaN)} ms`;

async function main(): Promise<void> {
  const cpus = os.cpus();
  console.log(
    `Bell latency benchmark ${new Date().toISOString()}\n  ${cpus.length} x ${cpus[0]?.model ?? '?'}, ` +
      `Node ${process.version}; load average ${loadAverage()}\n  ${followers} followers ` +
      `commenting ${rate}/s for ${duration} s (warm-up ${warmup} s) on one video of their channel`,
  );
  const jwtSecret = randomBytes(48).toString('base64url');
  const secrets = {
    JWT_SECRET: jwtSecret,
    UPLOAD_SIGNING_SECRET: randomBytes(48).toString('base64url'),
  };
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'kinora-bench-bell-'));
  const { owner, followers: people, videoId } = await prepare(jwtSecret);
  server = startServer(secrets);
  await waitForHealth();
  const started = performance.now();
  const ownerSocket = await connect(owner);
  ownerSocket.on('notifications_changed', () => {
    const now = performance.now();
    const sent = ledger[credited];
    if (sent) {
      sent.heardAt = now;
      credited++;
    }
  });
  const queue = [...people];
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      for (let p = queue.shift(); p !== undefined; p = queue.shift()) await connect(p);
    }),
  );
  console.log(
    `  ${sockets.length} sockets connected, each its own session ` +
      `(${((performance.now() - started) / 1000).toFixed(1)} s); load average ${loadAverage()}`,
  );
  if (warmup > 0) {
    await runAt('warm-up', warmup, people, videoId);
    await new Promise((r) => setTimeout(r, 1_000));
  }
  const r = await runAt('run', duration, people, videoId);
  const p99 = percentile(r.fromSend, 99);
  const ok = r.statuses['201'] === r.sent && r.heard === r.sent && p99 < targetMs;
  console.log(
    `\n  sent ${r.sent}, heard at the owner's bell ${r.heard}; HTTP ` +
      `${Object.entries(r.statuses)
        .map(([s, n]) => `${s}: ${n}`)
        .join(', ')}\n` +
      `  send -> owner's notifications_changed:   ${line(r.fromSend)}\n` +
      `  answer -> owner's notifications_changed: ${line(r.fromAnswer)}\n` +
      `  POST answered:                           ${line(r.posts)}\n` +
      `  target < ${targetMs} ms (p99 and max from send): ${ok && (r.fromSend.at(-1) ?? Infinity) < targetMs ? 'PASS' : 'FAIL'}; ` +
      `load average ${loadAverage()}`,
  );
}

try {
  await main();
} finally {
  await cleanUp();
}
