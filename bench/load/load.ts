// Load benchmark of the read calls people make most, as visitors and signed in, against a
// seeded PostgreSQL database (bench/seed/seed.ts), beside a bare Fastify route measured in the
// same run on the same machine. Not a test. Run:
//
//   npx tsx bench/load/load.ts --database-url postgres://postgres@127.0.0.1:5432/kinora_bench \
//     [--duration 15] [--connections 50] [--threads 2] [--rounds 1] [--warmup 5] \
//     [--data-dir /tmp/kinora-bench-data] [--only home,search] [--out results.json] \
//     [--people 100] [--followers 100]
//
// It starts the real server (`--role api`) and the bare server as separate processes on
// loopback, signs in seeded accounts, checks that every path it will request answers 2xx, warms
// both up, then runs wrk against each target in turn and prints requests/s and p50/p95/p99
// beside the targets of issue 4 item 7 (visitors) and issue 10 item 5 (signed in). Both servers
// are stopped at the end, also on failure or Ctrl-C.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { topics } from '../seed/words';
import { integerOptions } from '../args';

const root = path.resolve(import.meta.dirname, '../..');

const { values: args } = parseArgs({
  options: {
    'database-url': {
      type: 'string',
      default: 'postgres://postgres@127.0.0.1:5432/kinora_bench',
    },
    'data-dir': { type: 'string', default: '/tmp/kinora-bench-data' },
    duration: { type: 'string', default: '15' },
    warmup: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    threads: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '1' },
    'kinora-port': { type: 'string', default: '3401' },
    'trivial-port': { type: 'string', default: '3402' },
    /** Another checkout of the project to start instead of this one (to measure a change). */
    'server-root': { type: 'string', default: root },
    /** How many seeded accounts sign in; their tokens rotate over the signed-in calls. */
    people: { type: 'string', default: '100' },
    /**
     * How many of the people following the most channels sign in for the following feeds (the
     * seeder's heavy followers: 1,000 channels each by default).
     */
    followers: { type: 'string', default: '100' },
    only: { type: 'string' },
    out: { type: 'string' },
  },
  strict: true,
});

const integer = integerOptions(args);

const duration = integer('duration', 1, 600);
const warmup = integer('warmup', 0, 120);
const connections = integer('connections', 1, 1000);
const threads = integer('threads', 1, 64);
const rounds = integer('rounds', 1, 20);
const people = integer('people', 1, 1000);
const followers = integer('followers', 1, 1000);
const kinoraPort = integer('kinora-port', 1024, 65535);
const trivialPort = integer('trivial-port', 1024, 65535);
const databaseUrl = args['database-url']!;
const serverRoot = path.resolve(args['server-root']!);

/** Words people search for, a two-word query, a prefix, two typos and a channel name. */
const searchQueries = [
  'guitar',
  'pasta recipe',
  'travel',
  'workout',
  'mountain hiking',
  'linux',
  'chess',
  'sourdough',
  'tutor',
  'moutain',
  'giutar lesson',
  'maria',
];

/**
 * A long tail of distinct queries (two words of one topic), to show what a search costs when
 * nothing about it was asked recently. Informational: the target is the list above.
 */
const tailQueries = Object.values(topics)
  .flatMap((words) =>
    words.flatMap((a, i) => words.filter((_, j) => j !== i).map((b) => `${a} ${b}`)),
  )
  .filter((_, i) => i % 7 === 0)
  .slice(0, 2000);

interface Target {
  name: string;
  label: string;
  port: number;
  paths: string[];
  /** How many paths the pre-check requests (all by default). */
  checked?: number;
  /** Targets of the issue; the floor rows have none and are shown for reading the others. */
  goals?: { minRatio: number; maxP99Ms?: number; maxP95Ms?: number };
  /** Measured right after a run of the bare route, which its ratio is taken against. */
  paired?: boolean;
  /** Every request carries the access token of one of the signed-in accounts, in turn. */
  signedIn?: boolean;
  /** Whose tokens: the `--people` sample (default) or the heavy followers (`--followers`). */
  tokens?: 'people' | 'followers';
  /**
   * A following feed: its paths are the first page and, once the followers have signed in,
   * the page after each follower's first page (by the `nextCursor` it answered), in turn.
   */
  feed?: { path: string };
}

interface Figures {
  requests: number;
  duration_us: number;
  bytes: number;
  p50_us: number;
  p75_us: number;
  p90_us: number;
  p95_us: number;
  p99_us: number;
  max_us: number;
  mean_us: number;
  non2xx: number;
  connect_errors: number;
  read_errors: number;
  write_errors: number;
  timeouts: number;
  /** CPU time spent per answered request by the server process and by its database backends. */
  nodeCpuMsPerRequest?: number;
  pgCpuMsPerRequest?: number;
  /** Requests/s of the bare route in the run just before this one (paired targets). */
  bareRps?: number;
}

const children: ChildProcess[] = [];
let work: string | null = null;

/** The server's own V8 flags (`apps/server/node-flags`), as `npm start` passes them. */
function serverNodeFlags(): string[] {
  const file = path.join(serverRoot, 'apps/server/node-flags');
  return existsSync(file) ? readFileSync(file, 'utf8').split(/\s+/).filter(Boolean) : [];
}

function startProcess(name: string, argv: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, argv, {
    cwd: serverRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`${name} exited early (code ${code}, signal ${signal})`);
  });
  children.push(child);
  return child;
}

let stopping = false;
const stopHooks: (() => Promise<void>)[] = [];
async function stopAll(): Promise<void> {
  stopping = true;
  for (const hook of stopHooks) await hook().catch(() => undefined);
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
          child.once('exit', () => {
            clearTimeout(force);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
  if (work) rmSync(work, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers`);
    void stopAll().then(() => process.exit(130));
  });
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(5_000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within 60 s`);
}

/**
 * Waits until the real server answers its healthcheck quickly again: a slow call leaves a
 * backlog of queries behind when wrk stops, which must not be charged to the next target.
 */
async function settle(): Promise<void> {
  const deadline = Date.now() + 180_000;
  let quick = 0;
  while (quick < 3 && Date.now() < deadline) {
    const t0 = performance.now();
    const ok = await fetch(`http://127.0.0.1:${kinoraPort}/api/v1/healthcheck`, {
      signal: AbortSignal.timeout(10_000),
    })
      .then((r) => r.ok)
      .catch(() => false);
    quick = ok && performance.now() - t0 < 100 ? quick + 1 : 0;
    await new Promise((r) => setTimeout(r, 200));
  }
  if (quick < 3) throw new Error('The server did not settle within 3 minutes');
}

async function sampleTargets(): Promise<Target[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // md5 order: a fixed, well-mixed sample, the same in every run on the same seed.
    const videos = await client.query<{ id: string }>(
      `select id from videos where is_published order by md5(id::text) limit 2000`,
    );
    const channels = await client.query<{ id: string }>(
      `select id from users order by md5(id::text) limit 1000`,
    );
    if (videos.rows.length === 0) {
      throw new Error('The database has no published video: run bench/seed/seed.ts first');
    }
    const goals = { minRatio: 0.3, maxP99Ms: 50 };
    const targets: Target[] = [
      { name: 'trivial', label: 'bare Fastify GET /ping', port: trivialPort, paths: ['/ping'] },
      {
        name: 'floor',
        label: 'Kinora GET /api/v1/healthcheck (select 1)',
        port: kinoraPort,
        paths: ['/api/v1/healthcheck'],
        // Issue 10 item 5: the whole plugin stack must not cost most of the time.
        goals: { minRatio: 0.35 },
        paired: true,
      },
      {
        name: 'home',
        label: 'GET /api/v1/videos limit 100 by views',
        port: kinoraPort,
        paths: ['/api/v1/videos?page=1&limit=100&sortBy=views&sortType=desc'],
        goals,
        paired: true,
      },
      {
        name: 'video',
        label: `GET /api/v1/videos/{id} (${videos.rows.length} ids)`,
        port: kinoraPort,
        paths: videos.rows.map((r) => `/api/v1/videos/${r.id}`),
        goals,
        paired: true,
      },
      {
        name: 'search',
        label: `GET /api/v1/search?query= (${searchQueries.length} queries)`,
        port: kinoraPort,
        paths: searchQueries.map((q) => `/api/v1/search?query=${encodeURIComponent(q)}`),
        goals: { ...goals, maxP95Ms: 50 },
        paired: true,
      },
      {
        name: 'tail',
        label: `GET /api/v1/search?query= (${tailQueries.length} distinct queries, info)`,
        port: kinoraPort,
        paths: tailQueries.map((q) => `/api/v1/search?query=${encodeURIComponent(q)}`),
        checked: 40,
      },
      {
        name: 'channel',
        label: `GET /api/v1/channels/{id} (${channels.rows.length} ids)`,
        port: kinoraPort,
        paths: channels.rows.map((r) => `/api/v1/channels/${r.id}`),
        goals,
        paired: true,
      },
    ];
    // The same calls made by signed-in people (issue 10 item 5): the spec's client sends its
    // token on every call, so this is what every signed-in person gets.
    const signedIn = ['home', 'video', 'search', 'channel'].map((name): Target => {
      const visitor = targets.find((t) => t.name === name)!;
      return {
        ...visitor,
        name: `${name}-in`,
        label: `signed in: ${visitor.label}`,
        signedIn: true,
      };
    });
    // Issue 12: the following feeds of people who follow 1,000 channels. Their answers are
    // each person's own (kept for them alone, decision 0024); half the requests ask for the
    // first page, half for the next.
    const feeds: Target[] = [
      {
        name: 'subs-feed',
        label: 'signed in, following 1,000: GET /api/v1/subscriptions/feed?limit=20 (+ cursor)',
        path: '/api/v1/subscriptions/feed?limit=20',
      },
      {
        name: 'tweets-feed',
        label: 'signed in, following 1,000: GET /api/v1/tweets/feed?limit=10 (+ cursor)',
        path: '/api/v1/tweets/feed?limit=10',
      },
    ].map(({ name, label, path }) => ({
      name,
      label,
      port: kinoraPort,
      paths: [path],
      goals,
      paired: true,
      signedIn: true,
      tokens: 'followers',
      feed: { path },
    }));
    // The tweets page's first view: the channels one follows that tweet, most recent first
    // (reported beside the feeds; the issue names no target of its own for it).
    const tweetingChannels: Target = {
      name: 'tweets-channels',
      label: 'signed in, following 1,000: GET /api/v1/tweets/channels?page=1&limit=20',
      port: kinoraPort,
      paths: ['/api/v1/tweets/channels?page=1&limit=20'],
      paired: true,
      signedIn: true,
      tokens: 'followers',
    };
    return [...targets, ...signedIn, ...feeds, tweetingChannels];
  } finally {
    await client.end();
  }
}

/**
 * Signs in `people` seeded accounts (a fixed md5-ordered sample, password `kinora-bench`) and
 * answers their access tokens. The server is started with a login rate limit and token
 * lifetime fit for a benchmark (see main).
 */
async function signIn(rows: { email: string }[]): Promise<string[]> {
  const tokens: string[] = [];
  const queue = [...rows];
  const worker = async () => {
    for (let row = queue.shift(); row !== undefined; row = queue.shift()) {
      const response = await fetch(`http://127.0.0.1:${kinoraPort}/api/v1/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: row.email, password: 'kinora-bench' }),
        signal: AbortSignal.timeout(60_000),
      });
      const body = (await response.json()) as { data?: { accessToken?: string } };
      if (!response.ok || !body.data?.accessToken) {
        throw new Error(`Signing in ${row.email} answered ${response.status}`);
      }
      tokens.push(body.data.accessToken);
    }
  };
  // Password hashing is deliberately slow: two at a time keeps the machine usable.
  await Promise.all(Array.from({ length: 2 }, worker));
  return tokens;
}

async function accounts(which: 'people' | 'followers'): Promise<{ email: string }[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    if (which === 'people') {
      return (
        await client.query<{ email: string }>(
          `select email from users order by md5(email) limit $1`,
          [people],
        )
      ).rows;
    }
    // The people who follow the most channels (the seeder's heavy followers), md5 order
    // among equals.
    const { rows } = await client.query<{ email: string; follows: number }>(
      `select u.email, f.follows from users u
       join (select subscriber_id, count(*)::int as follows from subscriptions
             group by subscriber_id) f on f.subscriber_id = u.id
       order by f.follows desc, md5(u.email) limit $1`,
      [followers],
    );
    const counts = rows.map((r) => r.follows);
    console.log(
      `  ${rows.length} followers sign in, following ${Math.min(...counts)} to ` +
        `${Math.max(...counts)} channels each`,
    );
    return rows;
  } finally {
    await client.end();
  }
}

/**
 * Each follower's first page of a feed, by its own token: the next page's path (its
 * `nextCursor`), which the feed's runs ask for beside the first page.
 */
async function cursorPaths(target: Target, tokens: string[]): Promise<string[]> {
  const next: string[] = [];
  for (const token of tokens) {
    const response = await fetch(`http://127.0.0.1:${target.port}${target.feed!.path}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(60_000),
    });
    const body = (await response.json()) as { data?: { nextCursor?: string | null } };
    if (!response.ok) throw new Error(`${target.feed!.path} answered ${response.status}`);
    const cursor = body.data?.nextCursor;
    if (cursor) next.push(`${target.feed!.path}&cursor=${encodeURIComponent(cursor)}`);
  }
  // A database seeded before issue 12 has no tweets and no heavy followers: the row still
  // runs, on first pages alone, and says so.
  if (next.length < tokens.length) {
    console.log(
      `  ${target.name}: ${tokens.length - next.length} of ${tokens.length} followers have ` +
        `no next page (seeded without --tweets or --heavy-followers?)`,
    );
  }
  return next;
}

/** Requests every path once (8 at a time): all must answer 2xx. Also a first warm-up. */
async function checkPaths(
  target: Target,
  tokens: string[],
): Promise<{ bytes: number; note: string }> {
  let bytes = 0;
  const found: string[] = [];
  const queue = target.paths.slice(0, target.checked ?? target.paths.length);
  let asked = 0;
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const token = target.signedIn ? tokens[asked++ % tokens.length] : undefined;
      const response = await fetch(`http://127.0.0.1:${target.port}${path}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
        signal: AbortSignal.timeout(120_000),
      });
      const body = await response.text();
      if (response.status < 200 || response.status > 299) {
        throw new Error(`${path} answered ${response.status}: ${body.slice(0, 300)}`);
      }
      bytes += body.length;
      if (target.name === 'search' || target.name === 'search-in') {
        const data = (JSON.parse(body) as { data: { totalVideos: number; totalChannels: number } })
          .data;
        found.push(`${decodeURIComponent(path.split('=')[1]!)}: ${data.totalVideos}`);
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  const note = found.length > 0 ? `videos found per query: ${found.join(', ')}` : '';
  return {
    bytes: Math.round(bytes / Math.min(target.paths.length, target.checked ?? Infinity)),
    note,
  };
}

function wrk(target: Target, seconds: number): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'wrk',
      [
        ...['-t', String(threads), '-c', String(connections), '-d', `${seconds}s`],
        // A slow call's latency is recorded up to 30 s instead of being dropped at wrk's 2 s.
        ...['--timeout', '30s', '--latency', '-s', path.join(import.meta.dirname, 'paths.lua')],
        `http://127.0.0.1:${target.port}`,
      ],
      {
        env: {
          ...process.env,
          BENCH_PATHS_FILE: path.join(work!, `${target.name}.txt`),
          ...(target.signedIn
            ? { BENCH_TOKENS_FILE: path.join(work!, `tokens-${target.tokens ?? 'people'}.txt`) }
            : {}),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), (seconds + 60) * 1000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const line = /BENCH_RESULT (\{.*\})/.exec(out);
      if (code !== 0 || !line) return reject(new Error(`wrk failed (${code}): ${err}${out}`));
      resolve(JSON.parse(line[1]!) as Figures);
    });
  });
}

/**
 * CPU seconds (user + system) of processes, from /proc (Linux). On a shared machine the
 * requests/s of a run move with what the neighbours do; the CPU time each request costs the
 * server and the database moves much less, so it is recorded beside them.
 */
function cpuSeconds(pids: number[]): Map<number, number> {
  const ticks = 100; // USER_HZ on Linux
  const result = new Map<number, number>();
  for (const pid of pids) {
    const file = `/proc/${pid}/stat`;
    if (!existsSync(file)) continue;
    try {
      const fields = readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
      result.set(pid, (Number(fields[11]) + Number(fields[12])) / ticks);
    } catch {
      // The process ended between the check and the read.
    }
  }
  return result;
}

async function backendPids(client: pg.Client): Promise<number[]> {
  const { rows } = await client.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  return rows.map((r) => r.pid);
}

async function measured(
  target: Target,
  seconds: number,
  server: ChildProcess,
  client: pg.Client,
): Promise<Figures> {
  const before = cpuSeconds([server.pid!, ...(await backendPids(client))]);
  const figures = await wrk(target, seconds);
  const after = cpuSeconds([server.pid!, ...(await backendPids(client))]);
  const spent = (pid: number) => (after.get(pid) ?? 0) - (before.get(pid) ?? 0);
  let pgSeconds = 0;
  for (const pid of after.keys()) if (pid !== server.pid) pgSeconds += spent(pid);
  if (figures.requests > 0 && target.port === kinoraPort && after.has(server.pid!)) {
    figures.nodeCpuMsPerRequest = (spent(server.pid!) * 1000) / figures.requests;
    figures.pgCpuMsPerRequest = (pgSeconds * 1000) / figures.requests;
  }
  return figures;
}

const rps = (f: Figures) => f.requests / (f.duration_us / 1e6);
const ms = (us: number) => (us / 1000).toFixed(us < 10_000 ? 2 : 1);
const cpuMs = (value: number | undefined) => (value === undefined ? '-' : value.toFixed(3));

function machine(): Record<string, string> {
  const cpus = os.cpus();
  const pgVersion = spawnSync('psql', [databaseUrl, '-Atc', 'show server_version'], {
    encoding: 'utf8',
  }).stdout.trim();
  return {
    date: new Date().toISOString(),
    cpus: `${cpus.length} x ${cpus[0]?.model ?? 'unknown'}`,
    memory: `${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    node: process.version,
    postgres: pgVersion || 'unknown',
    wrk: spawnSync('wrk', ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0] ?? '',
    loadAverage: os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
  };
}

async function main(): Promise<void> {
  if (spawnSync('wrk', ['--version']).error) throw new Error('wrk is not installed');
  const info = machine();
  console.log(
    `Load benchmark ${info.date}\n  ${info.cpus}, ${info.memory}, Node ${info.node}, ` +
      `PostgreSQL ${info.postgres}, ${info.wrk}\n  load average before: ${info.loadAverage}`,
  );
  let targets = await sampleTargets();
  const only = args.only?.split(',');
  if (only) targets = targets.filter((t) => t.name === 'trivial' || only.includes(t.name));

  work = mkdtempSync(path.join(os.tmpdir(), 'kinora-load-'));

  startProcess(
    'trivial server',
    ['--import', 'tsx', path.join(import.meta.dirname, 'trivial-server.ts')],
    {
      PORT: String(trivialPort),
    },
  );
  const kinora = startProcess(
    'kinora',
    [...serverNodeFlags(), '--import', 'tsx', 'apps/server/src/main.ts', '--role', 'api'],
    {
      PORT: String(kinoraPort),
      HOST: '127.0.0.1',
      DATA_DIR: path.resolve(args['data-dir']!),
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '',
      // The benchmark signs in `--people` accounts from one address, and a full run outlasts
      // the 15-minute access token: neither limit is what is measured here.
      AUTH_RATE_LIMIT: '100000',
      ACCESS_TOKEN_TTL: '6h',
    },
  );
  await waitFor(`http://127.0.0.1:${trivialPort}/ping`);
  await waitFor(`http://127.0.0.1:${kinoraPort}/api/v1/healthcheck`);

  const stats = new pg.Client({ connectionString: databaseUrl });
  await stats.connect();
  stopHooks.push(() => stats.end());

  const tokenSets = { people: [] as string[], followers: [] as string[] };
  for (const which of ['people', 'followers'] as const) {
    if (!targets.some((t) => t.signedIn && (t.tokens ?? 'people') === which)) continue;
    tokenSets[which] = await signIn(await accounts(which));
    writeFileSync(path.join(work, `tokens-${which}.txt`), tokenSets[which].join('\n'));
    console.log(`  ${tokenSets[which].length} seeded accounts signed in (${which})`);
  }
  for (const t of targets) {
    if (t.feed) {
      // First page and next page alternate, so half the requests are each.
      const next = await cursorPaths(t, tokenSets.followers);
      t.paths = next.length > 0 ? next.flatMap((p) => [t.feed!.path, p]) : [t.feed!.path];
    }
    writeFileSync(path.join(work, `${t.name}.txt`), t.paths.join('\n'));
  }
  const bodies = new Map<string, number>();
  for (const t of targets) {
    const { bytes, note } = await checkPaths(t, tokenSets[t.tokens ?? 'people']);
    bodies.set(t.name, bytes);
    const checked =
      t.checked === undefined ? `${t.paths.length}` : `${t.checked} of ${t.paths.length}`;
    console.log(`  ${t.name}: ${checked} paths answer 2xx, ~${bytes} bytes each ${note}`);
  }
  /**
   * Each call is warmed just before its measurement (and its bare pair), not all at the start:
   * a kept answer lives up to a minute (a search's, decision 0023), so one warmed minutes before
   * has expired by then, and its first requests would measure a cold cache, not the steady
   * state of a call people keep making.
   */
  const warm = async (t: Target) => {
    if (warmup === 0) return;
    await settle();
    await wrk(t, warmup);
  };

  // The machine's speed drifts from one run to the next (neighbours, CPU frequency), so each
  // paired target is measured right after the bare route and its ratio taken against that run.
  const trivialTarget = targets.find((t) => t.name === 'trivial')!;
  const runs = new Map<string, Figures[]>(targets.map((t) => [t.name, []]));
  const report = (round: number, t: Target, figures: Figures) => {
    const vsBare =
      figures.bareRps === undefined
        ? ''
        : `  ${((rps(figures) / figures.bareRps) * 100).toFixed(0)}% of the bare run before`;
    console.log(
      `  round ${round + 1} ${t.name.padEnd(8)} ${rps(figures).toFixed(0).padStart(6)} req/s  ` +
        `p50 ${ms(figures.p50_us)}  p95 ${ms(figures.p95_us)}  p99 ${ms(figures.p99_us)} ms` +
        `  cpu/request: node ${cpuMs(figures.nodeCpuMsPerRequest)}, postgres ${cpuMs(figures.pgCpuMsPerRequest)} ms${vsBare}`,
    );
  };
  for (let r = 0; r < rounds; r++) {
    for (const t of targets) {
      if (t === trivialTarget) continue;
      await warm(t);
      let bare: Figures | undefined;
      if (t.paired) {
        await settle();
        bare = await measured(trivialTarget, duration, kinora, stats);
        runs.get(trivialTarget.name)!.push(bare);
        report(r, trivialTarget, bare);
      }
      await settle();
      const figures = await measured(t, duration, kinora, stats);
      if (bare) figures.bareRps = rps(bare);
      runs.get(t.name)!.push(figures);
      report(r, t, figures);
    }
  }
  /** The ratio a round is judged by: to its own bare run when paired, else to the median bare. */
  const ratioOf = (f: Figures) => rps(f) / (f.bareRps ?? rps(trivial));
  const medianBy = (list: Figures[], key: (f: Figures) => number) =>
    [...list].sort((a, b) => key(a) - key(b))[Math.floor(list.length / 2)]!;
  const trivial = medianBy(runs.get(trivialTarget.name)!, rps);
  const results = targets.map((t) => ({
    target: t,
    figures: t === trivialTarget ? trivial : medianBy(runs.get(t.name)!, ratioOf),
  }));

  console.log(
    `\nwrk -t${threads} -c${connections} -d${duration}s, ${rounds} round(s); each call's median ` +
      `round by its ratio to the bare run just before it (bare row: median of those runs); ` +
      `load average after: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}\n`,
  );
  const header = [
    'call',
    'req/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'vs bare',
    'non-2xx',
    'errors',
    'CPU ms/req node + pg',
  ];
  const rows = results.map(({ target, figures }) => {
    const ratio = ratioOf(figures);
    const errors =
      figures.connect_errors + figures.read_errors + figures.write_errors + figures.timeouts;
    const verdicts: string[] = [];
    if (target.goals) {
      const g = target.goals;
      verdicts.push(`ratio ${ratio >= g.minRatio ? 'PASS' : 'FAIL'}`);
      const answered = figures.requests > 0;
      if (g.maxP99Ms !== undefined) {
        verdicts.push(`p99 ${answered && figures.p99_us / 1000 < g.maxP99Ms ? 'PASS' : 'FAIL'}`);
      }
      if (g.maxP95Ms !== undefined) {
        verdicts.push(`p95 ${answered && figures.p95_us / 1000 < g.maxP95Ms ? 'PASS' : 'FAIL'}`);
      }
    }
    if (figures.requests === 0) verdicts.push('NO ANSWER within the run');
    if (figures.non2xx > 0 || errors > 0) verdicts.push('ERRORS');
    return [
      target.label,
      rps(figures).toFixed(0),
      ms(figures.p50_us),
      ms(figures.p95_us),
      ms(figures.p99_us),
      `${(ratio * 100).toFixed(0)}%`,
      String(figures.non2xx),
      String(errors),
      figures.nodeCpuMsPerRequest === undefined
        ? '-'
        : `${cpuMs(figures.nodeCpuMsPerRequest)} + ${cpuMs(figures.pgCpuMsPerRequest)}`,
      verdicts.join(', '),
    ];
  });
  const table = [
    [...header, 'targets: >= 30% of bare, p99 < 50 ms, search p95 < 50 ms, healthcheck >= 35%'],
    ...rows,
  ];
  console.log(
    table
      .map((cells) => `| ${cells.join(' | ')} |`)
      .flatMap((line, i) => (i === 0 ? [line, `|${' --- |'.repeat(cells(table))}`] : [line]))
      .join('\n'),
  );
  if (args.out) {
    writeFileSync(
      args.out,
      JSON.stringify(
        {
          machine: info,
          settings: { duration, connections, threads, rounds, warmup },
          results: results.map((r) => ({
            name: r.target.name,
            label: r.target.label,
            bytesPerResponse: bodies.get(r.target.name),
            rps: rps(r.figures),
            ...r.figures,
            rounds: runs.get(r.target.name)!.map((f) => ({
              rps: rps(f),
              p95_us: f.p95_us,
              p99_us: f.p99_us,
              bareRps: f.bareRps,
            })),
          })),
        },
        null,
        2,
      ),
    );
  }
  const failed = results.some(
    (r) =>
      r.figures.requests === 0 ||
      r.figures.non2xx + r.figures.connect_errors + r.figures.read_errors + r.figures.timeouts > 0,
  );
  if (failed) process.exitCode = 1;
}

const cells = (table: string[][]) => table[0]!.length;

try {
  await main();
} finally {
  await stopAll();
}
