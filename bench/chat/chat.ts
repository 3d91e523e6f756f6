// Chat speed (issue 13, Speed): 1,000 connected sockets in 500 conversations, on one API process
// and across two, messages sent at a fixed rate over HTTP and timed from the start of
// `POST /api/v1/messages/conversations/{id}/messages` to `new_message` at the other member's
// socket. Not a test. Run:
//
//   npx tsx bench/chat/chat.ts [--mode one|two|both] [--rate 200] [--duration 20] [--warmup 3] \
//     [--max] [--max-from 50] [--max-step 50] [--max-duration 10] [--people 1000] [--fresh] [--drop] \
//     [--admin-url postgres://postgres@127.0.0.1:5432/postgres] [--database kinora_bench_chat] \
//     [--redis-url redis://127.0.0.1:6379] [--port 3306] [--port-b 3316] [--cpu-prof <dir>]
//
// Setup is not measured and is done directly: set-based SQL for the accounts, the accepted
// requests, their conversations and first messages; the server's own AuthService for the
// sessions and access tokens. What is measured is the real path: the HTTP POST to a started
// server (`node --import tsx apps/server/src/main.ts --role api`, as `npm start -- --role api`
// runs it) and the socket.io delivery to a real client. The servers are stopped at the end,
// also on failure or Ctrl-C; the Redis keys under the run's prefix are deleted.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { Message } from '@kinora/contract';
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
    mode: { type: 'string', default: 'both' },
    rate: { type: 'string', default: '200' },
    duration: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    /** Raise the rate step by step until p99 passes the target or errors appear. */
    max: { type: 'boolean', default: false },
    'max-from': { type: 'string', default: '50' },
    'max-step': { type: 'string', default: '50' },
    'max-duration': { type: 'string', default: '10' },
    'max-limit': { type: 'string', default: '2000' },
    people: { type: 'string', default: '1000' },
    /** Keep-alive connections from the bench to each API process. */
    'http-connections': { type: 'string', default: '64' },
    'admin-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    database: { type: 'string', default: 'kinora_bench_chat' },
    /** Drop and recreate the database first (only a database whose name contains `bench`). */
    fresh: { type: 'boolean', default: false },
    /** Drop the database at the end. */
    drop: { type: 'boolean', default: false },
    'redis-url': { type: 'string', default: 'redis://127.0.0.1:6379' },
    port: { type: 'string', default: '3411' },
    'port-b': { type: 'string', default: '3412' },
    /** Write a V8 CPU profile of each server process into this folder (node --cpu-prof). */
    'cpu-prof': { type: 'string' },
    out: { type: 'string' },
  },
  strict: true,
});

const integer = integerOptions(args);

const rate = integer('rate', 1, 20_000);
const duration = integer('duration', 1, 600);
const warmup = integer('warmup', 0, 120);
const maxFrom = integer('max-from', 1, 20_000);
const maxStep = integer('max-step', 1, 5_000);
const maxDuration = integer('max-duration', 1, 120);
const maxLimit = integer('max-limit', 1, 20_000);
const people = integer('people', 2, 100_000);
const httpConnections = integer('http-connections', 1, 1_000);
const portA = integer('port', 1024, 65535);
const portB = integer('port-b', 1024, 65535);
if (people % 2 !== 0) throw new Error('--people must be even: two people per conversation');
const modes = args.mode === 'both' ? (['one', 'two'] as const) : [args.mode];
for (const mode of modes) {
  if (mode !== 'one' && mode !== 'two') throw new Error('--mode must be one, two or both');
}
const database = args.database!;
if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error('--database must be a plain name');
const databaseUrl = (() => {
  const url = new URL(args['admin-url']!);
  url.pathname = `/${database}`;
  return url.toString();
})();
const redisUrl = args['redis-url']!;
/** This run's Redis keys and the socket.io channel (the server puts its prefix on both). */
const redisPrefix = `kinora-bench-chat:${Date.now()}:${randomBytes(3).toString('hex')}:`;
/** Issue 13's targets for p99 at 200 messages/s. */
const targetP99Ms = { one: 100, two: 150 } as const;
/** Messages one sender may send per minute (messages.service.ts `messagesPerMinute`). */
const perSenderPerMinute = 60;
/** After the last POST, how long a message may still arrive before it counts as lost. */
const graceMs = 5_000;
/** After the last POST was sent, how long the bench waits for the unanswered ones. */
const drainMs = 60_000;
const accessTtlSeconds = 6 * 3600;
const password = 'kinora-bench';

// ---------------------------------------------------------------------------------------------
// Processes

interface ApiProcess {
  name: 'A' | 'B';
  port: number;
  child: ChildProcess;
  agent: http.Agent;
}

const children: ChildProcess[] = [];
/** Processes the bench stopped itself: their exit is no news. */
const stopped = new WeakSet<ChildProcess>();
let stopping = false;
let dataDir: string | null = null;

function startApi(name: 'A' | 'B', port: number, secrets: Record<string, string>): ApiProcess {
  const profile = args['cpu-prof']
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args['cpu-prof'])}`]
    : [];
  const child = spawn(
    process.execPath,
    [...profile, '--import', 'tsx', 'apps/server/src/main.ts', '--role', 'api'],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir!,
        DATABASE_URL: databaseUrl,
        // Rate limits, sign-in throttles and the socket's broadcasts in Redis, under a prefix of
        // this run's, as every API process of a deployment would share them.
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: redisPrefix,
        // Both processes accept the tokens the bench signs, as a deployment's processes share
        // their secrets (README, Scaling out). A run outlasts the 15-minute default token.
        ...secrets,
        ACCESS_TOKEN_TTL: `${accessTtlSeconds}s`,
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: '',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  child.on('exit', (code, signal) => {
    if (!stopping && !stopped.has(child))
      console.error(`API process ${name} exited early (code ${code}, ${signal})`);
  });
  children.push(child);
  return {
    name,
    port,
    child,
    agent: new http.Agent({ keepAlive: true, maxSockets: httpConnections }),
  };
}

async function stopProcesses(list: ChildProcess[]): Promise<void> {
  await Promise.all(
    list.map(
      (child) =>
        new Promise<void>((resolve) => {
          stopped.add(child);
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
          child.once('exit', () => {
            clearTimeout(force);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}

async function deleteRedisKeys(): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

async function cleanUp(): Promise<void> {
  stopping = true;
  for (const socket of openSockets) socket.disconnect();
  await stopProcesses(children);
  await deleteRedisKeys().catch((error: unknown) => console.error('Redis clean-up:', error));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (args.drop) await admin(`drop database if exists ${database} with (force)`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers`);
    void cleanUp().then(() => process.exit(130));
  });
}

async function waitForHealth(port: number): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/v1/healthcheck`, {
      signal: AbortSignal.timeout(5_000),
    })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the API process on port ${port} did not answer within 60 s`);
}

// ---------------------------------------------------------------------------------------------
// Database: 1,000 accounts, 500 accepted requests and their conversations

async function admin(sql: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: args['admin-url'] });
  await client.connect();
  try {
    return await client.query(sql, values);
  } finally {
    await client.end();
  }
}

interface Person {
  index: number;
  userId: string;
  token: string;
}

interface Conversation {
  id: string;
  members: [Person, Person];
}

/**
 * Creates (or reuses) the database and its accounts. Person 2k-1 asked person 2k and was
 * accepted: one conversation per pair, holding the request's text as its first message, as
 * `PATCH /messages/requests/{id}` leaves it.
 */
async function prepareDatabase(jwtSecret: string): Promise<Conversation[]> {
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
          `select count(*) as n from users where username like 'chat.bench%'`,
        )
      ).rows[0]!.n,
    );
    if (count !== 0 && count !== people) {
      throw new Error(`${database} holds ${count} bench accounts, not ${people}: use --fresh`);
    }
    if (count === 0) {
      const passwordHash = await hashPassword(password);
      await client.query('begin');
      await client.query(
        `insert into users (username, email, fullname, password_hash)
         select 'chat.bench' || n, 'chat.bench' || n || '@example.com', 'Chat Bench ' || n, $1
         from generate_series(1, $2::int) n`,
        [passwordHash, people],
      );
      await client.query(
        `create temporary table bench_pairs on commit drop as
         select a.id as sender_id, b.id as receiver_id, n,
                now() - interval '1 day' - n * interval '1 second' as asked_at
         from generate_series(1, $1::int, 2) n
         join users a on a.username = 'chat.bench' || n
         join users b on b.username = 'chat.bench' || (n + 1)`,
        [people],
      );
      await client.query(
        `insert into message_requests (sender_id, recipient_id, content, status, created_at, responded_at)
         select sender_id, receiver_id, 'Hello, may we talk? (' || n || ')', 'accepted', asked_at,
                asked_at + interval '1 minute'
         from bench_pairs`,
      );
      await client.query(
        `insert into conversations (user_low_id, user_high_id, created_at, updated_at)
         select least(sender_id, receiver_id), greatest(sender_id, receiver_id),
                asked_at + interval '1 minute', asked_at
         from bench_pairs`,
      );
      await client.query(
        `insert into conversation_participants (conversation_id, user_id, joined_at)
         select c.id, u, c.created_at
         from conversations c cross join lateral (values (c.user_low_id), (c.user_high_id)) m(u)
         join bench_pairs p on least(p.sender_id, p.receiver_id) = c.user_low_id`,
      );
      await client.query(
        `insert into messages (conversation_id, sender_id, content, created_at)
         select c.id, p.sender_id, 'Hello, may we talk? (' || p.n || ')', p.asked_at
         from bench_pairs p
         join conversations c on c.user_low_id = least(p.sender_id, p.receiver_id)
                             and c.user_high_id = greatest(p.sender_id, p.receiver_id)`,
      );
      await client.query('commit');
      await client.query('analyze');
    }
    // Sessions of earlier runs are of no use (their tokens were signed with another secret).
    await client.query(
      `delete from sessions where user_id in (select id from users where username like 'chat.bench%')`,
    );
    const { rows } = await client.query<{ id: string; low: string; high: string }>(
      `select c.id, low.username as low, high.username as high
       from conversations c
       join users low on low.id = c.user_low_id
       join users high on high.id = c.user_high_id
       where low.username like 'chat.bench%'
       order by c.created_at desc, c.id`,
    );
    const ids = new Map(
      (
        await client.query<{ id: string; username: string }>(
          `select id, username from users where username like 'chat.bench%'`,
        )
      ).rows.map((r) => [r.username, r.id]),
    );
    // Sessions made by the server's own AuthService, their tokens signed as login signs them.
    const auth = new AuthService(
      new AuthRepository(handle.db, new SessionCache()),
      new AccessTokens(jwtSecret, accessTtlSeconds),
      86_400,
      jwtSecret,
      // Nothing here ends a session: no one listens.
      new DomainEvents(() => undefined),
    );
    const tokens = new Map<string, string>();
    const queue = [...ids.values()];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
          const issued = await auth.startSession({ userId: id, userAgent: 'kinora-bench-chat' });
          tokens.set(id, issued.accessToken);
        }
      }),
    );
    const personOf = (username: string): Person => {
      const userId = ids.get(username)!;
      return {
        index: Number(username.slice('chat.bench'.length)),
        userId,
        token: tokens.get(userId)!,
      };
    };
    const conversations = rows.map((r): Conversation => ({
      id: r.id,
      members: [personOf(r.low), personOf(r.high)],
    }));
    console.log(
      `  database ${database}: ${ids.size} accounts, ${conversations.length} conversations, ` +
        `${tokens.size} sessions (${((performance.now() - started) / 1000).toFixed(1)} s, ` +
        `${count === 0 ? 'created' : 'reused'})`,
    );
    return conversations;
  } finally {
    await client.end();
    await handle.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Sockets and messages

const openSockets: Socket[] = [];

interface Sent {
  /** performance.now() when the POST started. */
  t0: number;
  /** When the bench meant to send it (open loop): t0 minus this is the bench's own lag. */
  scheduled: number;
  receiverId: string;
  status?: number | 'error';
  postMs?: number;
  deliveredMs?: number;
}

/** The run a message belongs to, and its number in it: the text carries both. */
let phase = '';
let ledger: Sent[] = [];
/** The POSTs of the last run, answered or not. */
let leftOver: Promise<unknown> = Promise.resolve();

function heardAt(person: Person, message: Message): void {
  if (message.sender._id === person.userId) return; // the sender's own devices hear it too
  const match = /^bench ([a-z0-9-]+) (\d+)$/.exec(message.content);
  if (!match || match[1] !== phase) return;
  const sent = ledger[Number(match[2])];
  if (!sent || sent.receiverId !== person.userId || sent.deliveredMs !== undefined) return;
  sent.deliveredMs = performance.now() - sent.t0;
}

async function connectAll(
  conversations: Conversation[],
  homeOf: (conversation: number, member: 0 | 1) => ApiProcess,
): Promise<void> {
  const started = performance.now();
  const jobs = conversations.flatMap((c, i) =>
    c.members.map((person, m) => ({ person, conversationId: c.id, home: homeOf(i, m as 0 | 1) })),
  );
  let refused = 0;
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      for (let job = jobs.shift(); job !== undefined; job = jobs.shift()) {
        const socket = io(`http://127.0.0.1:${job.home.port}`, {
          path: '/socket.io',
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
          auth: { token: job.person.token },
        });
        openSockets.push(socket);
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', resolve);
          socket.once('connect_error', reject);
        });
        const person = job.person;
        socket.on('new_message', (message: Message) => heardAt(person, message));
        const ack = (await socket
          .timeout(30_000)
          .emitWithAck('join_conversation', job.conversationId)) as { ok: boolean };
        if (!ack.ok) refused++;
      }
    }),
  );
  if (refused > 0) throw new Error(`${refused} sockets could not join their conversation`);
  console.log(
    `  ${openSockets.length} sockets connected and joined ` +
      `(${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
}

async function disconnectAll(): Promise<void> {
  for (const socket of openSockets.splice(0)) socket.disconnect();
  await new Promise((r) => setTimeout(r, 500));
}

function post(api: ApiProcess, conversationId: string, token: string, content: string) {
  return new Promise<number>((resolve) => {
    const body = JSON.stringify({ content });
    const request = http.request(
      {
        host: '127.0.0.1',
        port: api.port,
        method: 'POST',
        path: `/api/v1/messages/conversations/${conversationId}/messages`,
        agent: api.agent,
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

// ---------------------------------------------------------------------------------------------
// One run at a fixed rate

interface RunFigures {
  label: string;
  offeredRate: number;
  seconds: number;
  sent: number;
  delivered: number;
  lost: number;
  statuses: Record<string, number>;
  achievedRate: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  postP50: number;
  postP99: number;
  /** How late the bench itself started POSTs against the schedule (its own load). */
  scheduleLagP99: number;
  benchLoopDelayP99: number;
  /** CPU ms per message of the API processes, their PostgreSQL backends, the bench. */
  cpuMsPerMessage: { api: number; postgres: number; bench: number };
  loadAverage: string;
  /**
   * The whole machine's CPU over the run, in % of all cores' time (Linux /proc/stat): busy
   * (everyone's, the run's processes included), waiting for I/O, and stolen by the hypervisor
   * for other VMs. The load average counts this machine's runnable processes; it does not show
   * the time other VMs took from it.
   */
  machine: { busy: number; iowait: number; steal: number } | null;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** CPU seconds (user + system) of processes, from /proc (Linux), as bench/load/load.ts reads it. */
function cpuSeconds(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    const file = `/proc/${pid}/stat`;
    if (!existsSync(file)) continue;
    try {
      const fields = readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      // The process ended between the check and the read.
    }
  }
  return total;
}

async function backendPids(stats: pg.Client): Promise<number[]> {
  const { rows } = await stats.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  return rows.map((r) => r.pid);
}

/**
 * A wait that does not keep the bench alive: the bounds raced against the POSTs would otherwise
 * hold the process (and the machine's bench lock) for minutes after its last run.
 */
const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

/** The machine's CPU time counters (jiffies, all cores), or null off Linux. */
function machineTimes(): { total: number; idle: number; iowait: number; steal: number } | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    // cpu  user nice system idle iowait irq softirq steal guest guest_nice
    const f = line.trim().split(/\s+/).slice(1, 9).map(Number);
    return { total: f.reduce((a, b) => a + b, 0), idle: f[3]!, iowait: f[4]!, steal: f[7]! };
  } catch {
    return null;
  }
}

function machineShare(
  before: ReturnType<typeof machineTimes>,
  after: ReturnType<typeof machineTimes>,
): RunFigures['machine'] {
  if (!before || !after || after.total <= before.total) return null;
  const total = after.total - before.total;
  const pct = (n: number) => (100 * n) / total;
  const idle = after.idle - before.idle;
  const iowait = after.iowait - before.iowait;
  return {
    busy: pct(total - idle - iowait - (after.steal - before.steal)),
    iowait: pct(iowait),
    steal: pct(after.steal - before.steal),
  };
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/**
 * Sends `messageRate` messages a second for `seconds`, open loop: each message is due at its
 * own time from the start, whatever the earlier ones are doing, so a slow server does not lower
 * the offered rate. Message i goes to conversation i mod 500, from its two members in turn (each
 * of the 1,000 people sends rate × 60 / 1,000 a minute: 12 at 200/s, under the server's 60), each
 * posted through the sender's own process.
 */
async function runAt(
  label: string,
  messageRate: number,
  seconds: number,
  conversations: Conversation[],
  homeOf: (conversation: number, member: 0 | 1) => ApiProcess,
  apis: ApiProcess[],
  stats: pg.Client,
): Promise<RunFigures> {
  // POSTs a previous run left unanswered would be charged to this one: they end first.
  await Promise.race([leftOver, delay(180_000)]);
  phase = `${label.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}-${Date.now().toString(36)}`;
  ledger = [];
  const total = Math.round(messageRate * seconds);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const apiPids = apis.map((a) => a.child.pid!);
  const pgPidsBefore = await backendPids(stats);
  const cpu0 = {
    api: cpuSeconds(apiPids),
    pg: cpuSeconds(pgPidsBefore),
    bench: process.cpuUsage(),
  };
  const machine0 = machineTimes();
  loop.enable();
  const pending: Promise<void>[] = [];
  const start = performance.now();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      const due = Math.min(total, Math.floor(((now - start) / 1000) * messageRate) + 1);
      while (ledger.length < due) {
        const seq = ledger.length;
        const c = seq % conversations.length;
        const from = (Math.floor(seq / conversations.length) % 2) as 0 | 1;
        const conversation = conversations[c]!;
        const sender = conversation.members[from];
        const receiver = conversation.members[from === 0 ? 1 : 0];
        const sent: Sent = {
          t0: performance.now(),
          scheduled: start + (seq / messageRate) * 1000,
          receiverId: receiver.userId,
        };
        ledger.push(sent);
        pending.push(
          post(homeOf(c, from), conversation.id, sender.token, `bench ${phase} ${seq}`).then(
            (status) => {
              sent.status = status < 0 ? 'error' : status;
              sent.postMs = performance.now() - sent.t0;
            },
          ),
        );
      }
      if (ledger.length >= total) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });
  const sendingEnded = performance.now();
  // An overloaded server may hold thousands of POSTs: those unanswered a minute after the last
  // one was sent count as unanswered ('none'), so a run ends in bounded time.
  leftOver = Promise.all(pending);
  await Promise.race([leftOver, delay(drainMs)]);
  // Messages still on their way get a grace period, then count as lost.
  const deadline = performance.now() + graceMs;
  while (
    performance.now() < deadline &&
    ledger.some((s) => s.status === 201 && s.deliveredMs === undefined)
  ) {
    await new Promise((r) => setTimeout(r, 50));
  }
  loop.disable();
  const machine = machineShare(machine0, machineTimes());
  const pgPids = [...new Set([...pgPidsBefore, ...(await backendPids(stats))])];
  const benchCpu = process.cpuUsage(cpu0.bench);
  const cpu = {
    api: cpuSeconds(apiPids) - cpu0.api,
    pg: cpuSeconds(pgPids) - cpu0.pg,
    bench: (benchCpu.user + benchCpu.system) / 1e6,
  };

  const statuses: Record<string, number> = {};
  for (const s of ledger) {
    const status = String(s.status ?? 'none');
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
  const delivered = ledger.filter((s) => s.deliveredMs !== undefined);
  const latencies = delivered.map((s) => s.deliveredMs!).sort((a, b) => a - b);
  const posts = ledger
    .filter((s) => s.postMs !== undefined)
    .map((s) => s.postMs!)
    .sort((a, b) => a - b);
  const lags = ledger.map((s) => Math.max(0, s.t0 - s.scheduled)).sort((a, b) => a - b);
  const lastDelivery = Math.max(...delivered.map((s) => s.t0 + s.deliveredMs!), sendingEnded);
  const span = (lastDelivery - start) / 1000;
  const perMessage = (cpuSecondsSpent: number) => (cpuSecondsSpent * 1000) / ledger.length;
  return {
    label,
    offeredRate: messageRate,
    seconds,
    sent: ledger.length,
    delivered: delivered.length,
    lost: ledger.filter((s) => s.status === 201 && s.deliveredMs === undefined).length,
    statuses,
    achievedRate: delivered.length / span,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    postP50: percentile(posts, 50),
    postP99: percentile(posts, 99),
    scheduleLagP99: percentile(lags, 99),
    benchLoopDelayP99: loop.percentile(99) / 1e6,
    cpuMsPerMessage: {
      api: perMessage(cpu.api),
      postgres: perMessage(cpu.pg),
      bench: perMessage(cpu.bench),
    },
    loadAverage: loadAverage(),
    machine,
  };
}

const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(n < 10 ? 2 : 1) : '-');

function describe(r: RunFigures, target: number): string {
  const statuses = Object.entries(r.statuses)
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ');
  const verdict = passes(r, target) ? 'PASS' : 'FAIL';
  return (
    `  ${r.label}: offered ${r.offeredRate}/s for ${r.seconds} s; sent ${r.sent}, delivered ` +
    `${r.delivered}, lost ${r.lost}, achieved ${r.achievedRate.toFixed(1)}/s; HTTP ${statuses}\n` +
    `    POST -> new_message at the other member: p50 ${f1(r.p50)}  p95 ${f1(r.p95)}  ` +
    `p99 ${f1(r.p99)}  max ${f1(r.max)} ms  (target p99 < ${target} ms: ${verdict})\n` +
    `    POST answered: p50 ${f1(r.postP50)}  p99 ${f1(r.postP99)} ms; bench lag p99 ` +
    `${f1(r.scheduleLagP99)} ms, its event-loop delay p99 ${f1(r.benchLoopDelayP99)} ms\n` +
    `    CPU ms per message: API ${f1(r.cpuMsPerMessage.api)}, PostgreSQL ` +
    `${f1(r.cpuMsPerMessage.postgres)}, bench ${f1(r.cpuMsPerMessage.bench)}; ` +
    `load average ${r.loadAverage}` +
    (r.machine
      ? `\n    machine CPU over the run: busy ${r.machine.busy.toFixed(0)}%, iowait ` +
        `${r.machine.iowait.toFixed(1)}%, steal ${r.machine.steal.toFixed(1)}% of ${os.cpus().length} cores`
      : '')
  );
}

function passes(r: RunFigures, target: number): boolean {
  const ok = r.statuses['201'] ?? 0;
  return (
    r.p99 < target &&
    ok === r.sent &&
    r.lost === 0 &&
    r.delivered === r.sent &&
    r.achievedRate >= r.offeredRate * 0.95
  );
}

// ---------------------------------------------------------------------------------------------

interface ModeResult {
  mode: 'one' | 'two';
  run: RunFigures;
  max?: { steps: RunFigures[]; sustained: number | null };
}

async function measureMode(
  mode: 'one' | 'two',
  conversations: Conversation[],
  secrets: Record<string, string>,
): Promise<ModeResult> {
  const target = targetP99Ms[mode];
  console.log(
    `\n${mode === 'one' ? 'One API process' : 'Two API processes (A and B)'}, ` +
      `load average ${loadAverage()}`,
  );
  const apis =
    mode === 'one'
      ? [startApi('A', portA, secrets)]
      : [startApi('A', portA, secrets), startApi('B', portB, secrets)];
  // Two processes start one after the other: the first finds the database migrated already.
  for (const api of apis) await waitForHealth(api.port);
  // Across two processes every conversation has one member on each: a message is posted
  // through its sender's process and heard on the other one's.
  const homeOf = (_conversation: number, member: 0 | 1) =>
    mode === 'one' ? apis[0]! : apis[member]!;
  const stats = new pg.Client({ connectionString: databaseUrl });
  await stats.connect();
  try {
    await connectAll(conversations, homeOf);
    if (warmup > 0) {
      await runAt('warm-up', rate, warmup, conversations, homeOf, apis, stats);
      await new Promise((r) => setTimeout(r, 1_000));
    }
    const run = await runAt(`${rate}/s`, rate, duration, conversations, homeOf, apis, stats);
    console.log(describe(run, target));
    const result: ModeResult = { mode, run };
    if (args.max) {
      const steps: RunFigures[] = [];
      let sustained: number | null = null;
      for (let r = maxFrom; r <= maxLimit; r += maxStep) {
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        const step = await runAt(`max ${r}/s`, r, maxDuration, conversations, homeOf, apis, stats);
        steps.push(step);
        console.log(describe(step, target));
        if (!passes(step, target)) break;
        sustained = r;
      }
      result.max = { steps, sustained };
      console.log(
        `  sustained maximum: ${sustained === null ? `below ${maxFrom}` : sustained} messages/s ` +
          `(p99 < ${target} ms, no errors, no loss, achieved >= 95% of offered)`,
      );
    }
    return result;
  } finally {
    await stats.end();
    await disconnectAll();
    await stopProcesses(apis.map((a) => a.child));
    for (const api of apis) api.agent.destroy();
  }
}

async function main(): Promise<void> {
  const cpus = os.cpus();
  console.log(
    `Chat benchmark ${new Date().toISOString()}\n  ${cpus.length} x ${cpus[0]?.model ?? '?'}, ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; ` +
      `load average ${loadAverage()}\n  ${people} people, ${people / 2} conversations, ` +
      `${rate} messages/s for ${duration} s (warm-up ${warmup} s); each person sends ` +
      `${((rate * 60) / people).toFixed(1)} a minute (the server allows ${perSenderPerMinute})`,
  );
  if ((rate * 60) / people > perSenderPerMinute) {
    console.log(`  warning: above the per-sender limit, expect 429 answers`);
  }
  const jwtSecret = randomBytes(48).toString('base64url');
  const secrets = {
    JWT_SECRET: jwtSecret,
    UPLOAD_SIGNING_SECRET: randomBytes(48).toString('base64url'),
  };
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'kinora-bench-chat-'));
  const conversations = await prepareDatabase(jwtSecret);
  const results: ModeResult[] = [];
  for (const mode of modes as ('one' | 'two')[]) {
    results.push(await measureMode(mode, conversations, secrets));
  }

  console.log(`\nSummary (load average now ${loadAverage()})\n`);
  console.log(
    '| run | offered/s | achieved/s | sent | delivered | lost | non-201 | p50 ms | p95 ms | p99 ms | max ms | target | verdict |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const { mode, run, max } of results) {
    const target = targetP99Ms[mode];
    const row = (label: string, r: RunFigures) =>
      `| ${label} | ${r.offeredRate} | ${r.achievedRate.toFixed(1)} | ${r.sent} | ${r.delivered} | ` +
      `${r.lost} | ${r.sent - (r.statuses['201'] ?? 0)} | ${f1(r.p50)} | ${f1(r.p95)} | ` +
      `${f1(r.p99)} | ${f1(r.max)} | p99 < ${target} | ${passes(r, target) ? 'PASS' : 'FAIL'} |`;
    console.log(row(mode === 'one' ? 'one process' : 'two processes', run));
    for (const step of max?.steps ?? []) console.log(row(`${mode}: ${step.label}`, step));
  }
  if (args.out) {
    writeFileSync(
      args.out,
      JSON.stringify({ date: new Date().toISOString(), people, rate, duration, results }, null, 2),
    );
  }
}

try {
  await main();
} finally {
  await cleanUp();
}
