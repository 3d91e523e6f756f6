// The traffic model (issue 18 item 1): the reads of the spec's screens, by visitors and by
// distinct signed-in people, while writes go on at a real site's rates from many addresses,
// against a copy of the seeded 100k-video PostgreSQL database (bench/seed/seed.ts), each read
// paired with a run of a bare Fastify route. Not a test. Run:
//
//   npx tsx bench/traffic/traffic.ts [--quick] [--duration 10] [--warmup 3] [--cold 60] \
//     [--rounds 1] [--connections 50] [--threads 2] [--people 2000] [--followers 100] \
//     [--chat-people 400] [--addresses 250] [--saves 100] [--views 10] [--likes 20] \
//     [--comments 5] [--subscriptions 2] [--tweets 1] [--messages 50] [--refused 3] \
//     [--only home,video-in] [--kept-only] [--template kinora_bench] [--keep] [--out file.json] \
//     [--through nginx --api-processes 1|2 [--redis-url redis://127.0.0.1:6379]] [--writes-only]
//
// (or `npm run traffic -w bench -- --quick`). The seeded database is never written: the run
// copies it (CREATE DATABASE ... TEMPLATE), adds what the seed has not (a public playlist, 50
// history entries and 60 notifications for each of the signed-in people, 200 accepted
// conversations), starts the real server (`--role api`) on the copy, and drops the copy at the
// end unless --keep. The method, the phases and the figures are in bench/README.md ("Traffic
// model"). `--through nginx` puts the scale-out profile's front in the way (issue 23): nginx
// from deploy/'s template, as `npm run cluster` renders it, before `--api-processes` API
// processes sharing one Redis; the CPU figures are then the API processes' and nginx's together
// (nginx's part given apart).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Message } from '@kinora/contract';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { AuthRepository, AuthService, SessionCache } from '../../apps/server/src/modules/auth';
import { AccessTokens } from '../../apps/server/src/platform/auth/tokens';
import { DomainEvents } from '../../apps/server/src/platform/events/domain-events';
import { openDatabase } from '../../apps/server/src/platform/db/client';
import { nginxBinary, renderNginxConfig } from '../../apps/server/src/cluster/profile';
import { integerOptions } from '../args';

const root = path.resolve(import.meta.dirname, '../..');

const { values: args } = parseArgs({
  options: {
    /** Short phases for iterating: 5 s runs, 2 s warm-ups, a 10 s first window. */
    quick: { type: 'boolean', default: false },
    duration: { type: 'string' },
    warmup: { type: 'string' },
    /** Seconds of mixed traffic measured right after the server starts (the cold start). */
    cold: { type: 'string' },
    rounds: { type: 'string', default: '1' },
    connections: { type: 'string', default: '50' },
    threads: { type: 'string', default: '2' },
    /** Signed-in people (distinct accounts, each request with the next one's token). */
    people: { type: 'string', default: '2000' },
    /** The people who follow the most channels, for the following feeds (as bench/load). */
    followers: { type: 'string', default: '100' },
    /** People with a chat socket open, two to a conversation (taken from --people). */
    'chat-people': { type: 'string', default: '400' },
    /** Loopback addresses the writes come from (127.0.0.2 and up), one per person in turn. */
    addresses: { type: 'string', default: '250' },
    // Writes a second, the rates of issue 18.
    saves: { type: 'string', default: '100' },
    views: { type: 'string', default: '10' },
    likes: { type: 'string', default: '20' },
    comments: { type: 'string', default: '5' },
    subscriptions: { type: 'string', default: '2' },
    tweets: { type: 'string', default: '1' },
    messages: { type: 'string', default: '50' },
    refused: { type: 'string', default: '3' },
    /** Reads to measure (names as printed); every read by default. */
    only: { type: 'string' },
    /** Skip the second server started with PUBLIC_CACHE_TTL=0s ("nothing kept" rows). */
    'kept-only': { type: 'boolean', default: false },
    template: { type: 'string', default: 'kinora_bench' },
    'admin-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    /** Keep the copy at the end (it is dropped and made again at the next run anyway). */
    keep: { type: 'boolean', default: false },
    'data-dir': { type: 'string', default: '/tmp/kinora-bench-data' },
    'kinora-port': { type: 'string', default: '3421' },
    'trivial-port': { type: 'string', default: '3422' },
    out: { type: 'string' },
    /** `nginx`: through the scale-out profile's nginx (issue 23); `direct`: to the process. */
    through: { type: 'string', default: 'direct' },
    /** API processes behind nginx (with --through nginx), sharing Redis. */
    'api-processes': { type: 'string', default: '1' },
    'redis-url': { type: 'string', default: 'redis://127.0.0.1:6379' },
    /**
     * Extra Node flags for the API processes, space-separated: `--cpu-prof --cpu-prof-dir=DIR`
     * profiles the server through a run (the profile is written when it stops).
     */
    'server-node-args': { type: 'string', default: '' },
    /**
     * Only the writes: all of them for --warmup s, then each kind alone for --duration s (phase
     * 4, with its p50/p99); no reads, no first window. For profiling the write path (`--server-node-args=--cpu-prof ...`).
     */
    'writes-only': { type: 'boolean', default: false },
  },
  strict: true,
});

const integer = integerOptions(args);
const quick = args.quick!;
const defaultOf = (name: 'duration' | 'warmup' | 'cold', full: string, short: string) => {
  args[name] ??= quick ? short : full;
};
defaultOf('duration', '15', '5');
defaultOf('warmup', '5', '2');
defaultOf('cold', '60', '10');
const duration = integer('duration', 1, 600);
const warmup = integer('warmup', 0, 120);
const coldSeconds = integer('cold', 1, 600);
const rounds = integer('rounds', 1, 20);
const connections = integer('connections', 1, 1000);
const threads = integer('threads', 1, 64);
const peopleCount = integer('people', 2, 100_000);
const followerCount = integer('followers', 1, 1000);
const chatPeople = integer('chat-people', 0, 10_000);
const addresses = integer('addresses', 1, 250);
const kinoraPort = integer('kinora-port', 1024, 65535);
const trivialPort = integer('trivial-port', 1024, 65535);
if (args.through !== 'direct' && args.through !== 'nginx') {
  throw new Error('--through must be direct or nginx');
}
const viaNginx = args.through === 'nginx';
const apiProcessCount = integer('api-processes', 1, 4);
if (!viaNginx && apiProcessCount !== 1) throw new Error('--api-processes needs --through nginx');
/** Where the API processes listen: the port everything is sent to, or behind nginx on it. */
const apiPorts = viaNginx
  ? Array.from({ length: apiProcessCount }, (_, i) => kinoraPort + 10 + i)
  : [kinoraPort];
/** One for the whole run: every process (and the restart of phase 5) shares the secrets. */
const uploadSigningSecret = randomBytes(48).toString('base64url');
const redisPrefix = `kinora-bench-traffic-${randomBytes(4).toString('hex')}:`;
if (chatPeople % 2 !== 0) throw new Error('--chat-people must be even: two to a conversation');
if (chatPeople > peopleCount) throw new Error('--chat-people must be at most --people');

const kinds = [
  'save',
  'view',
  'like',
  'comment',
  'subscribe',
  'tweet',
  'message',
  'refused',
] as const;
type Kind = (typeof kinds)[number];
const optionOf: Record<Kind, Parameters<typeof integer>[0]> = {
  save: 'saves',
  view: 'views',
  like: 'likes',
  comment: 'comments',
  subscribe: 'subscriptions',
  tweet: 'tweets',
  message: 'messages',
  refused: 'refused',
};
const rates = Object.fromEntries(kinds.map((k) => [k, integer(optionOf[k], 0, 5000)])) as Record<
  Kind,
  number
>;
if (rates.message > 0 && chatPeople === 0) throw new Error('--messages needs --chat-people');

const labels: Record<Kind, string> = {
  save: 'PUT /users/watchHistory/{id} (position save)',
  view: 'PATCH /videos/{id}/views',
  like: 'POST /likes/video/{id}/toggle',
  comment: 'POST /comments/{videoId}',
  subscribe: 'POST /subscriptions/toggle/{channelId}',
  tweet: 'POST /tweets',
  message: 'POST /messages/conversations/{id}/messages (+ socket delivery)',
  refused: 'refused: others’ playlist / bad id / stale token',
};

const template = args.template!;
if (!/^[a-z_][a-z0-9_]*$/.test(template)) throw new Error('--template must be a plain name');
const copyName = `${template}_traffic`;
const copyUrl = (() => {
  const url = new URL(args['admin-url']!);
  url.pathname = `/${copyName}`;
  return url.toString();
})();
const accessTtlSeconds = 6 * 3600;
/** Writes unanswered this long count as lost answers. */
const writeTimeoutMs = 30_000;

// ---------------------------------------------------------------------------------------------
// Processes

const children: ChildProcess[] = [];
const stopped = new WeakSet<ChildProcess>();
let stopping = false;
let work: string | null = null;

function startProcess(name: string, argv: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, argv, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (!stopping && !stopped.has(child)) {
      console.error(`${name} exited early (code ${code}, signal ${signal})`);
    }
  });
  children.push(child);
  return child;
}

async function stopProcess(child: ChildProcess): Promise<void> {
  stopped.add(child);
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: args['admin-url'] });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function cleanUp(): Promise<void> {
  stopping = true;
  writers.stop();
  for (const socket of sockets.splice(0)) socket.disconnect();
  await Promise.all(children.map(stopProcess));
  agent.destroy();
  // What nginx complained of (--through nginx), before its folder goes.
  const nginxErrors = work ? path.join(work, 'nginx', 'nginx-error.log') : null;
  if (nginxErrors && existsSync(nginxErrors)) {
    const lines = readFileSync(nginxErrors, 'utf8').trim().split('\n').filter(Boolean);
    if (lines.length > 0) {
      console.log(
        `nginx error log, ${lines.length} lines; the last 10:\n${lines.slice(-10).join('\n')}`,
      );
    }
  }
  if (work) rmSync(work, { recursive: true, force: true });
  if (!args.keep) {
    await admin(`drop database if exists ${copyName} with (force)`).catch((e: unknown) =>
      console.error('dropping the copy:', e),
    );
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers`);
    void cleanUp().then(() => process.exit(130));
  });
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(5_000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within 60 s`);
}

/** Waits until the server answers its healthcheck quickly again (as bench/load does). */
async function settle(): Promise<void> {
  const deadline = Date.now() + 180_000;
  let quickAnswers = 0;
  while (quickAnswers < 3 && Date.now() < deadline) {
    const t0 = performance.now();
    const ok = await fetch(`http://127.0.0.1:${kinoraPort}/api/v1/healthcheck`, {
      signal: AbortSignal.timeout(10_000),
    })
      .then((r) => r.ok)
      .catch(() => false);
    quickAnswers = ok && performance.now() - t0 < 100 ? quickAnswers + 1 : 0;
    await new Promise((r) => setTimeout(r, 200));
  }
  if (quickAnswers < 3) throw new Error('The server did not settle within 3 minutes');
}

// ---------------------------------------------------------------------------------------------
// The copy of the seeded site, and what the traffic needs in it

interface Person {
  index: number;
  id: string;
  token: string;
  /** The loopback address this person's writes come from. */
  address: string;
}

interface Site {
  people: Person[];
  followers: string[];
  /** A token whose access lifetime (1 s) has run out by the time it is sent. */
  staleTokens: string[];
  videos: string[];
  channels: string[];
  playlists: { id: string; owner: number }[];
  conversations: { id: string; members: [Person, Person] }[];
  jwtSecret: string;
}

async function copySite(): Promise<void> {
  const client = new pg.Client({ connectionString: args['admin-url'] });
  await client.connect();
  try {
    const found = await client.query(`select 1 from pg_database where datname = $1`, [template]);
    if (found.rowCount !== 1) {
      throw new Error(`No database ${template}: run bench/seed/seed.ts first (bench/README.md)`);
    }
    await client.query(`drop database if exists ${copyName} with (force)`);
    const t0 = performance.now();
    await client.query(`create database ${copyName} template ${template}`).catch((e: unknown) => {
      throw new Error(
        `Copying ${template} failed (nobody may be connected to it while it is copied): ${String(e)}`,
      );
    });
    console.log(
      `  copied ${template} to ${copyName} (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    );
  } finally {
    await client.end();
  }
}

async function prepareSite(): Promise<Site> {
  const t0 = performance.now();
  const jwtSecret = randomBytes(48).toString('base64url');
  const handle = await openDatabase({ kind: 'postgres', url: copyUrl });
  const client = new pg.Client({ connectionString: copyUrl });
  await client.connect();
  try {
    // Migrations of this checkout newer than the seed's, if any. One that rewrote the videos
    // (0028 fills columns of every row) leaves the table with as many dead rows and stale
    // statistics, which a live site's autovacuum would clear within minutes: cleared here
    // before anything is measured (a few seconds on the seeded 100,000).
    await handle.migrate();
    await client.query('vacuum (analyze) videos');
    // Filled by migration 0034 on a copy seeded before it: its visibility map set as
    // autovacuum would after the insert.
    await client.query('vacuum (analyze) published_videos');
    // The copy is a new deployment with this run's secrets: forget what a process started on
    // the seeded database recorded (decision 0047).
    await client.query(`delete from deployment_facts`);
    const { rows: users } = await client.query<{ id: string }>(
      `select id from users order by md5(email) limit $1`,
      [peopleCount],
    );
    if (users.length < peopleCount) {
      throw new Error(
        `${template} has ${users.length} accounts, fewer than --people ${peopleCount}: ` +
          `seed it with --users ${peopleCount} or more`,
      );
    }
    const ids = users.map((u) => u.id);
    const { rows: followerRows } = await client.query<{ id: string }>(
      `select u.id from users u
       join (select subscriber_id, count(*)::int as follows from subscriptions
             group by subscriber_id) f on f.subscriber_id = u.id
       order by f.follows desc, md5(u.email) limit $1`,
      [followerCount],
    );
    const videos = (
      await client.query<{ id: string }>(
        `select id from videos where is_published order by md5(id::text) limit 2000`,
      )
    ).rows.map((r) => r.id);
    const channels = (
      await client.query<{ id: string }>(`select id from users order by md5(id::text) limit 1000`)
    ).rows.map((r) => r.id);

    await client.query('begin');
    await client.query(`update users set history_paused = false where id = any($1::uuid[])`, [ids]);
    // Published videos in a fixed scattered order, to draw playlists' and histories' from.
    await client.query(
      `create temporary table traffic_videos on commit drop as
       select id, (row_number() over (order by md5(id::text || 'traffic')) - 1)::int as k
       from videos where is_published order by md5(id::text || 'traffic') limit 20000`,
    );
    // A public playlist of 20 to 50 videos per person (the playlist screen's reads).
    await client.query(
      `insert into playlists (owner_id, name, description, visibility, kind)
       select u, 'Traffic favourites ' || n, 'Videos worth watching again', 'public', 'custom'
       from unnest($1::uuid[]) with ordinality t(u, n)`,
      [ids],
    );
    await client.query(
      `insert into playlist_items (playlist_id, video_id, position, added_at)
       select p.id, v.id, g.j, now() - interval '1 day' + g.j * interval '1 minute'
       from (select id, substring(name from 20)::int as r from playlists
             where name like 'Traffic favourites %') p
       cross join lateral generate_series(0, 19 + p.r % 31) g(j)
       join traffic_videos v on v.k = (p.r * 7919 + g.j * 4729) % 20000`,
    );
    // Fifty history entries per person (the history screen's first page).
    await client.query(
      `insert into watch_history (user_id, video_id, watched_at, position_seconds)
       select t.u, v.id, now() - g.j * interval '17 minutes' - t.n * interval '1 second', 30
       from unnest($1::uuid[]) with ordinality t(u, n)
       cross join generate_series(0, 49) g(j)
       join traffic_videos v on v.k = (t.n * 7919 + g.j * 4729) % 20000
       on conflict do nothing`,
      [ids],
    );
    // Sixty notifications per person, newest first a third each of new videos of channels,
    // new subscribers and comments on videos, the older half read (the notifications screen's
    // first page, issue 21).
    await client.query(
      `create temporary table traffic_comments on commit drop as
       select c.id, c.video_id, c.owner_id,
              (row_number() over (order by md5(c.id::text || 'traffic')) - 1)::int as k
       from comments c join videos v on v.id = c.video_id and v.is_published
       order by md5(c.id::text || 'traffic') limit 20000`,
    );
    await client.query(
      `insert into notifications (recipient_id, kind, actor_id, video_id, comment_id, group_key,
                                  read_at, created_at, updated_at)
       select t.u, x.kind, x.actor_id, x.video_id, x.comment_id, x.group_key,
              case when g.j >= 30 then now() end,
              now() - g.j * interval '3 hours' - t.n * interval '1 second',
              now() - g.j * interval '3 hours' - t.n * interval '1 second'
       from unnest($1::uuid[]) with ordinality t(u, n)
       cross join generate_series(0, 59) g(j)
       join traffic_videos v on v.k = (t.n * 7919 + g.j * 4729) % 20000
       join videos vv on vv.id = v.id
       join traffic_comments c on c.k = (t.n * 4729 + g.j * 7919) % 20000
       cross join lateral (select
           case g.j % 3 when 0 then 'new_video' when 1 then 'new_subscriber'
                else 'video_comment' end as kind,
           case g.j % 3 when 2 then c.owner_id else vv.owner_id end as actor_id,
           case g.j % 3 when 0 then vv.id when 2 then c.video_id end as video_id,
           case g.j % 3 when 2 then c.id end as comment_id,
           case g.j % 3 when 0 then 'video:' || vv.id
                when 1 then 'subscriber:' || vv.owner_id
                else 'comment:' || c.id end as group_key) x
       where x.actor_id <> t.u
       on conflict do nothing`,
      [ids],
    );
    // Conversations of the chat people, two by two, as an accepted request leaves them (the
    // same shape as bench/chat/chat.ts).
    const senders = ids.slice(0, chatPeople).filter((_, i) => i % 2 === 0);
    const receivers = ids.slice(0, chatPeople).filter((_, i) => i % 2 === 1);
    await client.query(
      `create temporary table traffic_pairs on commit drop as
       select a as sender_id, b as receiver_id, n,
              now() - interval '1 day' - n * interval '1 second' as asked_at
       from unnest($1::uuid[], $2::uuid[]) with ordinality t(a, b, n)`,
      [senders, receivers],
    );
    await client.query(
      `insert into message_requests (sender_id, recipient_id, content, status, created_at, responded_at)
       select sender_id, receiver_id, 'Hello, may we talk? (' || n || ')', 'accepted', asked_at,
              asked_at + interval '1 minute'
       from traffic_pairs`,
    );
    await client.query(
      `insert into conversations (user_low_id, user_high_id, created_at, updated_at)
       select least(sender_id, receiver_id), greatest(sender_id, receiver_id),
              asked_at + interval '1 minute', asked_at
       from traffic_pairs`,
    );
    await client.query(
      `insert into conversation_participants (conversation_id, user_id, joined_at)
       select c.id, m.u, c.created_at
       from traffic_pairs p
       join conversations c on c.user_low_id = least(p.sender_id, p.receiver_id)
                           and c.user_high_id = greatest(p.sender_id, p.receiver_id)
       cross join lateral (values (c.user_low_id), (c.user_high_id)) m(u)`,
    );
    await client.query(
      `insert into messages (conversation_id, sender_id, content, created_at)
       select c.id, p.sender_id, 'Hello, may we talk? (' || p.n || ')', p.asked_at
       from traffic_pairs p
       join conversations c on c.user_low_id = least(p.sender_id, p.receiver_id)
                           and c.user_high_id = greatest(p.sender_id, p.receiver_id)`,
    );
    const { rows: conversationRows } = await client.query<{ id: string; n: number }>(
      `select c.id, p.n::int as n from traffic_pairs p
       join conversations c on c.user_low_id = least(p.sender_id, p.receiver_id)
                           and c.user_high_id = greatest(p.sender_id, p.receiver_id)
       order by p.n`,
    );
    await client.query('commit');
    await client.query(
      'analyze playlists; analyze playlist_items; analyze watch_history; analyze notifications; ' +
        'analyze conversations; ' +
        'analyze conversation_participants; analyze messages; analyze message_requests',
    );
    const notificationCount = Number(
      (
        await client.query<{ n: string }>(
          `select count(*) as n from notifications where recipient_id = any($1::uuid[])`,
          [ids],
        )
      ).rows[0]!.n,
    );
    const playlistRows = (
      await client.query<{ id: string; r: number }>(
        `select id, substring(name from 20)::int as r from playlists
         where name like 'Traffic favourites %' order by r`,
      )
    ).rows;

    // Sessions made by the server's own AuthService, their tokens signed as login signs them
    // (the server is started with the same secret): 2,000 password hashes would take minutes.
    const repo = new AuthRepository(handle.db, new SessionCache());
    const events = new DomainEvents((error) => console.error('event listener:', error));
    const auth = new AuthService(
      repo,
      new AccessTokens(jwtSecret, accessTtlSeconds),
      86_400,
      jwtSecret,
      events,
    );
    const tokenOf = new Map<string, string>();
    const queue = [...new Set([...ids, ...followerRows.map((r) => r.id)])];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
          const issued = await auth.startSession({ userId: id, userAgent: 'kinora-bench-traffic' });
          tokenOf.set(id, issued.accessToken);
        }
      }),
    );
    const stale = new AuthService(repo, new AccessTokens(jwtSecret, 1), 86_400, jwtSecret, events);
    const staleTokens: string[] = [];
    for (const id of ids.slice(-10)) {
      staleTokens.push(
        (await stale.startSession({ userId: id, userAgent: 'kinora-bench-traffic' })).accessToken,
      );
    }
    const people = ids.map((id, index): Person => ({
      index,
      id,
      token: tokenOf.get(id)!,
      address: `127.0.0.${2 + (index % addresses)}`,
    }));
    const site: Site = {
      people,
      followers: followerRows.map((r) => tokenOf.get(r.id)!),
      staleTokens,
      videos,
      channels,
      playlists: playlistRows.map((r) => ({ id: r.id, owner: r.r - 1 })),
      conversations: conversationRows.map((r) => ({
        id: r.id,
        members: [people[(r.n - 1) * 2]!, people[(r.n - 1) * 2 + 1]!],
      })),
      jwtSecret,
    };
    console.log(
      `  ${people.length} people signed in (and ${site.followers.length} followers), ` +
        `${site.playlists.length} playlists, ${notificationCount} notifications, ` +
        `${site.conversations.length} conversations, ` +
        `writes from ${Math.min(addresses, people.length)} addresses ` +
        `(${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    );
    return site;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
    await handle.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Counts that every write answer must account for

interface Counts {
  likes: number;
  likesCounted: number;
  comments: number;
  commentsCounted: number;
  subscriptions: number;
  subscribersCounted: number;
  tweets: number;
  messages: number;
  views: number;
  viewEvents: number;
  playlistNames: string;
}

async function counts(client: pg.Client): Promise<Counts> {
  const { rows } = await client.query<Record<keyof Counts, string>>(
    `select (select count(*) from likes where video_id is not null) as likes,
            (select coalesce(sum(likes_count), 0) from videos) as "likesCounted",
            (select count(*) from comments) as comments,
            (select coalesce(sum(comments_count), 0) from videos) as "commentsCounted",
            (select count(*) from subscriptions) as subscriptions,
            (select coalesce(sum(subscribers_count), 0) from users) as "subscribersCounted",
            (select count(*) from tweets) as tweets,
            (select count(*) from messages) as messages,
            (select coalesce(sum(views), 0) from videos) as views,
            (select count(*) from view_events) as "viewEvents",
            (select md5(string_agg(name, ',' order by id)) from playlists
              where name like 'Traffic favourites %') as "playlistNames"`,
  );
  const r = rows[0]!;
  const n = (k: keyof Counts) => Number(r[k]);
  return {
    likes: n('likes'),
    likesCounted: n('likesCounted'),
    comments: n('comments'),
    commentsCounted: n('commentsCounted'),
    subscriptions: n('subscriptions'),
    subscribersCounted: n('subscribersCounted'),
    tweets: n('tweets'),
    messages: n('messages'),
    views: n('views'),
    viewEvents: n('viewEvents'),
    playlistNames: r.playlistNames,
  };
}

// ---------------------------------------------------------------------------------------------
// Writes: open loop at fixed rates, each person from its own loopback address

/** Keep-alive connections, pooled by address (Node keys its pool by local address too). */
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

interface Answer {
  kind: Kind;
  group: string;
  ms: number;
  /** -1: no answer (connection error or timeout). */
  status: number;
}

/** What the answers said happened, to compare with the database at the end. */
const tally = {
  likeDelta: 0,
  subscriptionDelta: 0,
  viewsCounted: 0,
  commentsCreated: 0,
  tweetsCreated: 0,
  messagesCreated: 0,
  unanswered: Object.fromEntries(kinds.map((k) => [k, 0])) as Record<Kind, number>,
  unexpected: [] as string[],
};
const answers: Answer[] = [];
/** The window writes are measured in ('' while nothing is measured). */
let group = '';

interface MessageSent {
  t0: number;
  receiverId: string;
  status?: number;
  deliveries: number;
  deliveredMs?: number;
  group: string;
}
const messagesSent: MessageSent[] = [];
const runTag = randomBytes(3).toString('hex');

/** The last position each watcher's save was answered for, to read back at the end. */
const watchers = new Map<number, { person: Person; video: string; saved: number; sent: number }>();

/** The lost-or-doubled checks as a table, and the statuses no write kind expected. */
function printChecks(checks: { name: string; expected: string; actual: string; ok: boolean }[]) {
  console.log(
    table(
      ['check', 'answers say', 'database says', 'verdict'],
      checks.map((c) => [c.name, c.expected, c.actual, c.ok ? 'PASS' : 'FAIL']),
    ),
  );
  if (tally.unexpected.length > 0)
    console.log(`\nUnexpected statuses (first 20): ${tally.unexpected.join(', ')}`);
}

/** KINORA_TRACE_WRITES=<file>: each write's socket, connect, flush and answer times (ms after send). */
interface WriteTrace {
  kind: Kind;
  group: string;
  t0: number;
  socket: number;
  connect: number;
  flushed: number;
  answer: number;
}
const traceWrites: WriteTrace[] | null = process.env.KINORA_TRACE_WRITES ? [] : null;
process.once('exit', () => {
  if (traceWrites) writeFileSync(process.env.KINORA_TRACE_WRITES!, JSON.stringify(traceWrites));
});

function send(
  kind: Kind,
  person: Person,
  method: string,
  urlPath: string,
  options: { token?: string | null; body?: unknown } = {},
): Promise<{ status: number; body: unknown }> {
  const t0 = performance.now();
  const at = group;
  const token = options.token === undefined ? person.token : options.token;
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve) => {
    const done = (status: number, parsed: unknown) => {
      answers.push({ kind, group: at, ms: performance.now() - t0, status });
      if (status < 0) tally.unanswered[kind] += 1;
      resolve({ status, body: parsed });
    };
    const request = http.request(
      {
        host: '127.0.0.1',
        port: kinoraPort,
        method,
        path: urlPath,
        agent,
        localAddress: person.address,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.once('end', () => {
          let parsed: unknown = null;
          try {
            parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            // Not JSON: the status says enough.
          }
          done(response.statusCode ?? 0, parsed);
        });
        response.once('error', () => done(-1, null));
      },
    );
    if (traceWrites) {
      const trace: WriteTrace = {
        kind,
        group: at,
        t0,
        socket: -1,
        connect: -1,
        flushed: -1,
        answer: -1,
      };
      traceWrites.push(trace);
      request.once('socket', (s) => {
        trace.socket = performance.now() - t0;
        if (s.connecting) s.once('connect', () => (trace.connect = performance.now() - t0));
      });
      request.once('finish', () => (trace.flushed = performance.now() - t0));
      request.once('response', () => (trace.answer = performance.now() - t0));
    }
    request.setTimeout(writeTimeoutMs, () => request.destroy(new Error('timeout')));
    request.once('error', () => done(-1, null));
    request.end(body);
  });
}

const dataOf = <T>(body: unknown): T | undefined => (body as { data?: T } | null)?.data;

/** A well-mixed pick from a list by a number (the same pick for the same number). */
function pick<T>(list: T[], n: number, salt: number): T {
  let h = Math.imul(n + 1, 0x9e3779b1) ^ Math.imul(salt + 1, 0x85ebca6b);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  return list[(h >>> 0) % list.length]!;
}

let site: Site;
const seq = Object.fromEntries(kinds.map((k) => [k, 0])) as Record<Kind, number>;

function expect(kind: Kind, status: number, wanted: number[]): boolean {
  if (status < 0 || wanted.includes(status)) return status >= 0;
  if (tally.unexpected.length < 20) tally.unexpected.push(`${kind}: ${status}`);
  return false;
}

/** Sends the next write of a kind. */
function write(kind: Kind): Promise<unknown> {
  const n = seq[kind]++;
  const people = site.people;
  switch (kind) {
    case 'save': {
      // One watcher per ten position saves a second (one save per watcher per 10 s), each
      // watching its own video and moving forward by 10 s a save.
      const watcherCount = Math.max(1, Math.min(people.length, rates.save * 10));
      const w = n % watcherCount;
      let watcher = watchers.get(w);
      if (!watcher) {
        watcher = { person: people[w]!, video: pick(site.videos, w, 1), saved: 0, sent: 0 };
        watchers.set(w, watcher);
      }
      const entry = watcher;
      const position = (entry.sent += 10);
      return send(kind, entry.person, 'PUT', `/api/v1/users/watchHistory/${entry.video}`, {
        body: { positionSeconds: position },
      }).then(({ status, body }) => {
        if (!expect(kind, status, [200])) return;
        const recorded = dataOf<{ recorded: boolean }>(body)?.recorded;
        if (recorded) entry.saved = Math.max(entry.saved, position);
      });
    }
    case 'view':
      return send(
        kind,
        pick(people, n, 2),
        'PATCH',
        `/api/v1/videos/${pick(site.videos, n, 3)}/views`,
        {
          body: undefined,
        },
      ).then(({ status, body }) => {
        if (expect(kind, status, [200]) && dataOf<{ counted: boolean }>(body)?.counted) {
          tally.viewsCounted += 1;
        }
      });
    case 'like':
      return send(
        kind,
        pick(people, n, 4),
        'POST',
        `/api/v1/likes/video/${pick(site.videos, n, 5)}/toggle`,
      ).then(({ status, body }) => {
        if (!expect(kind, status, [200])) return;
        tally.likeDelta += dataOf<{ isLiked: boolean }>(body)?.isLiked ? 1 : -1;
      });
    case 'comment':
      return send(kind, pick(people, n, 6), 'POST', `/api/v1/comments/${pick(site.videos, n, 7)}`, {
        body: { content: `Traffic comment ${runTag} ${n}: thanks, this helped a lot.` },
      }).then(({ status }) => {
        if (expect(kind, status, [201])) tally.commentsCreated += 1;
      });
    case 'subscribe': {
      const person = pick(people, n, 8);
      let channel = pick(site.channels, n, 9);
      if (channel === person.id) channel = site.channels.find((c) => c !== person.id)!;
      return send(kind, person, 'POST', `/api/v1/subscriptions/toggle/${channel}`).then(
        ({ status, body }) => {
          if (!expect(kind, status, [200])) return;
          tally.subscriptionDelta += dataOf<{ isSubscribed: boolean }>(body)?.isSubscribed ? 1 : -1;
        },
      );
    }
    case 'tweet':
      return send(kind, pick(people, n, 10), 'POST', '/api/v1/tweets', {
        body: { content: `Traffic tweet ${runTag} ${n}: a new video is up this week.` },
      }).then(({ status }) => {
        if (expect(kind, status, [201])) tally.tweetsCreated += 1;
      });
    case 'message': {
      const conversation = site.conversations[n % site.conversations.length]!;
      const from = Math.floor(n / site.conversations.length) % 2;
      const sender = conversation.members[from]!;
      const receiver = conversation.members[1 - from]!;
      const sent: MessageSent = {
        t0: performance.now(),
        receiverId: receiver.id,
        deliveries: 0,
        group,
      };
      messagesSent.push(sent);
      return send(
        kind,
        sender,
        'POST',
        `/api/v1/messages/conversations/${conversation.id}/messages`,
        {
          body: { content: `traffic ${runTag} ${messagesSent.length - 1}` },
        },
      ).then(({ status }) => {
        sent.status = status;
        if (expect(kind, status, [201])) tally.messagesCreated += 1;
      });
    }
    case 'refused': {
      // Someone else's playlist, a bad id, a stale token: each must be a 4xx and change nothing.
      const person = pick(people, n, 11);
      const variant = n % 3;
      if (variant === 0) {
        let playlist = pick(site.playlists, n, 12);
        if (playlist.owner === person.index)
          playlist = site.playlists[(playlist.owner + 1) % site.playlists.length]!;
        return send(kind, person, 'PUT', `/api/v1/playlists/${playlist.id}`, {
          body: { name: 'Taken over' },
        }).then(({ status }) => expect(kind, status, [403, 404]));
      }
      if (variant === 1) {
        return send(kind, person, 'POST', '/api/v1/likes/video/not-a-video-id/toggle').then(
          ({ status }) => expect(kind, status, [400]),
        );
      }
      return send(kind, person, 'POST', `/api/v1/comments/${pick(site.videos, n, 13)}`, {
        token: pick(site.staleTokens, n, 14),
        body: { content: 'This must not be kept.' },
      }).then(({ status }) => expect(kind, status, [401]));
    }
  }
}

/** The writes in flight, so the end waits for every answer before counting. */
const inFlight = new Set<Promise<unknown>>();

/** Open loop: each write is due at its own time from the start, whatever the earlier ones do. */
class Writers {
  private timer: NodeJS.Timeout | null = null;
  private started = 0;
  private sent = new Map<Kind, number>();
  private current: Partial<Record<Kind, number>> = {};

  start(which: Partial<Record<Kind, number>> = rates): void {
    this.stop();
    this.current = which;
    this.started = performance.now();
    this.sent.clear();
    const tick = () => {
      const elapsed = (performance.now() - this.started) / 1000;
      for (const [kind, rate] of Object.entries(this.current) as [Kind, number][]) {
        if (rate <= 0) continue;
        const due = Math.floor(elapsed * rate) + 1;
        for (let i = this.sent.get(kind) ?? 0; i < due; i++) {
          const p = write(kind);
          inFlight.add(p);
          void p.finally(() => inFlight.delete(p));
        }
        this.sent.set(kind, due);
      }
      this.timer = setTimeout(tick, 5);
    };
    tick();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
const writers = new Writers();

async function drain(): Promise<void> {
  const deadline = Date.now() + writeTimeoutMs + 5_000;
  while (inFlight.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}

// ---------------------------------------------------------------------------------------------
// Chat sockets (socket.io, real sockets): each chat person listens for its new messages

const sockets: Socket[] = [];

async function connectSockets(): Promise<void> {
  const t0 = performance.now();
  const jobs = site.conversations.flatMap((c) => c.members.map((p) => ({ person: p, id: c.id })));
  let refused = 0;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      for (let job = jobs.shift(); job !== undefined; job = jobs.shift()) {
        const socket = io(`http://127.0.0.1:${kinoraPort}`, {
          path: '/socket.io',
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
          auth: { token: job.person.token },
          localAddress: job.person.address,
        } as Parameters<typeof io>[1]);
        sockets.push(socket);
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', resolve);
          socket.once('connect_error', reject);
        });
        const person = job.person;
        socket.on('new_message', (message: Message) => heard(person, message));
        const ack = (await socket.timeout(30_000).emitWithAck('join_conversation', job.id)) as {
          ok: boolean;
        };
        if (!ack.ok) refused++;
      }
    }),
  );
  if (refused > 0) throw new Error(`${refused} sockets could not join their conversation`);
  console.log(
    `  ${sockets.length} chat sockets connected (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );
}

function heard(person: Person, message: Message): void {
  if (message.sender._id === person.id) return;
  const match = /^traffic ([0-9a-f]+) (\d+)$/.exec(message.content);
  if (!match || match[1] !== runTag) return;
  const sent = messagesSent[Number(match[2])];
  if (!sent || sent.receiverId !== person.id) return;
  sent.deliveries += 1;
  sent.deliveredMs ??= performance.now() - sent.t0;
}

async function disconnectSockets(): Promise<void> {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await new Promise((r) => setTimeout(r, 300));
}

// ---------------------------------------------------------------------------------------------
// Reads

interface Read {
  name: string;
  label: string;
  /** wrk lines: "V <path>" for a visitor, a bare path for a signed-in person. */
  lines: string[];
  tokens: 'people' | 'followers' | null;
  port: number;
}

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

function readsOf(s: Site): Read[] {
  const api = '/api/v1';
  const screens: { name: string; label: string; paths: string[]; visitors: boolean }[] = [
    {
      name: 'home',
      label: 'home: GET /videos?page=1&limit=100&sortBy=views',
      paths: [`${api}/videos?page=1&limit=100&sortBy=views&sortType=desc`],
      visitors: true,
    },
    {
      name: 'video',
      label: `watch: GET /videos/{id} (${s.videos.length} ids)`,
      paths: s.videos.map((id) => `${api}/videos/${id}`),
      visitors: true,
    },
    {
      name: 'comments',
      label: 'watch: GET /comments/{videoId}?page=1&limit=20',
      paths: s.videos.map((id) => `${api}/comments/${id}?page=1&limit=20`),
      visitors: true,
    },
    {
      name: 'channel',
      label: `channel: GET /channels/{id} (${s.channels.length} ids)`,
      paths: s.channels.map((id) => `${api}/channels/${id}`),
      visitors: true,
    },
    {
      name: 'channel-videos',
      label: 'channel: GET /channels/{id}/videos?page=1&limit=12',
      paths: s.channels.map((id) => `${api}/channels/${id}/videos?page=1&limit=12`),
      visitors: true,
    },
    {
      name: 'search',
      label: `search: GET /search?query=&limit=12 (${searchQueries.length} queries)`,
      paths: searchQueries.map(
        (q) => `${api}/search?query=${encodeURIComponent(q)}&page=1&limit=12`,
      ),
      visitors: true,
    },
    {
      name: 'playlist',
      label: `playlist: GET /playlists/{id} (${Math.min(500, s.playlists.length)} public)`,
      paths: s.playlists.slice(0, 500).map((p) => `${api}/playlists/${p.id}`),
      visitors: true,
    },
  ];
  const reads: Read[] = [];
  for (const screen of screens) {
    reads.push({
      name: screen.name,
      label: `visitor, ${screen.label}`,
      lines: screen.paths.map((p) => `V ${p}`),
      tokens: null,
      port: kinoraPort,
    });
  }
  for (const screen of screens) {
    reads.push({
      name: `${screen.name}-in`,
      label: `signed in, ${screen.label}`,
      lines: screen.paths,
      tokens: 'people',
      port: kinoraPort,
    });
  }
  reads.push(
    {
      name: 'subs-feed',
      label: `signed in, following 1,000: GET /subscriptions/feed?limit=20`,
      lines: [`${api}/subscriptions/feed?limit=20`],
      tokens: 'followers',
      port: kinoraPort,
    },
    {
      name: 'tweets-feed',
      label: `signed in, following 1,000: GET /tweets/feed?limit=10`,
      lines: [`${api}/tweets/feed?limit=10`],
      tokens: 'followers',
      port: kinoraPort,
    },
    {
      name: 'history',
      label: 'signed in, history: GET /users/watchHistory?limit=50 (each their own)',
      lines: [`${api}/users/watchHistory?limit=50`],
      tokens: 'people',
      port: kinoraPort,
    },
    {
      name: 'notifications-in',
      label: 'signed in, notifications: GET /notifications?limit=20 (each their own 60)',
      lines: [`${api}/notifications?limit=20`],
      tokens: 'people',
      port: kinoraPort,
    },
  );
  return reads;
}

/**
 * Every screen's reads interleaved, half by visitors, half by the people (whose feeds are their
 * own seeded subscriptions'): what the first minute after a start serves.
 */
function mixedRead(reads: Read[]): Read {
  const lists = reads.filter((r) => r.tokens !== 'followers').map((r) => r.lines);
  lists.push(['/api/v1/subscriptions/feed?limit=20'], ['/api/v1/tweets/feed?limit=10']);
  const lines: string[] = [];
  for (let i = 0; i < 2000; i++) for (const list of lists) lines.push(list[i % list.length]!);
  return {
    name: 'mixed',
    label: 'every screen, visitors and signed in',
    lines,
    tokens: 'people',
    port: kinoraPort,
  };
}

const bare: Read = {
  name: 'bare',
  label: 'bare Fastify GET /ping',
  lines: ['V /ping'],
  tokens: null,
  port: trivialPort,
};

/** Requests every path once (8 at a time, sampled to 200): each must answer 2xx. */
async function checkRead(read: Read): Promise<void> {
  const tokens = read.tokens === 'followers' ? site.followers : site.people.map((p) => p.token);
  const lines = read.lines.filter((_, i) => i % Math.ceil(read.lines.length / 200) === 0);
  let asked = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let line = lines.shift(); line !== undefined; line = lines.shift()) {
        const visitor = line.startsWith('V ');
        const urlPath = visitor ? line.slice(2) : line;
        const token = visitor ? undefined : tokens[asked++ % tokens.length];
        const response = await fetch(`http://127.0.0.1:${read.port}${urlPath}`, {
          headers: token ? { authorization: `Bearer ${token}` } : {},
          signal: AbortSignal.timeout(120_000),
        });
        const text = await response.text();
        if (!response.ok) {
          throw new Error(
            `${read.name}: ${urlPath} answered ${response.status}: ${text.slice(0, 200)}`,
          );
        }
      }
    }),
  );
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
  nodeCpuMs?: number;
  pgCpuMs?: number;
  /** nginx's part of nodeCpuMs (--through nginx). */
  nginxCpuMs?: number;
  /** CPU seconds of the server process and of its database backends over the run. */
  cpuSeconds?: { node: number; pg: number };
  /** How busy the whole machine's cores were over the run, everyone's work, in %. */
  machineBusy?: number;
}

/** The machine's CPU time counters (jiffies, all cores) from /proc/stat, or null off Linux. */
function machineTimes(): { total: number; idle: number } | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    // cpu  user nice system idle iowait irq softirq steal
    const f = line.trim().split(/\s+/).slice(1, 9).map(Number);
    return { total: f.reduce((a, b) => a + b, 0), idle: f[3]! + f[4]! + f[7]! };
  } catch {
    return null;
  }
}

/**
 * The share of the machine's cores the server and its database backends had over a run (the
 * rest went to wrk, the bench and the neighbours): under a saturating load the machine is always
 * busy, so this, not the machine's busy time, says how much of it the server got.
 */
function serverShare(f: Figures): string {
  if (!f.cpuSeconds) return '-';
  const share = (f.cpuSeconds.node + f.cpuSeconds.pg) / (os.cpus().length * (f.duration_us / 1e6));
  const busy = f.machineBusy === undefined ? '' : ` of ${f.machineBusy.toFixed(0)}% busy`;
  return `${(share * 100).toFixed(0)}%${busy}`;
}

function busyPercent(
  before: ReturnType<typeof machineTimes>,
  after: ReturnType<typeof machineTimes>,
): number | undefined {
  if (!before || !after || after.total <= before.total) return undefined;
  return (
    (100 * (after.total - before.total - (after.idle - before.idle))) / (after.total - before.total)
  );
}

function wrk(read: Read, seconds: number): Promise<Figures> {
  const pathsFile = path.join(work!, `${read.name}.txt`);
  writeFileSync(pathsFile, read.lines.join('\n'));
  return new Promise((resolve, reject) => {
    const child = spawn(
      'wrk',
      [
        ...['-t', String(threads), '-c', String(connections), '-d', `${seconds}s`],
        ...['--timeout', '30s', '--latency', '-s', path.join(import.meta.dirname, 'reads.lua')],
        `http://127.0.0.1:${read.port}`,
      ],
      {
        env: {
          ...process.env,
          BENCH_PATHS_FILE: pathsFile,
          ...(read.tokens
            ? { BENCH_TOKENS_FILE: path.join(work!, `tokens-${read.tokens}.txt`) }
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

/** CPU seconds (user + system) of processes, from /proc (Linux), as bench/load reads it. */
function cpuSeconds(pids: number[]): Map<number, number> {
  const result = new Map<number, number>();
  for (const pid of pids) {
    const file = `/proc/${pid}/stat`;
    if (!existsSync(file)) continue;
    try {
      const fields = readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
      result.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // The process ended between the check and the read.
    }
  }
  return result;
}

let statsClient: pg.Client | null = null;
/** A connection to the copy for counts and the backends' pids (opened once the copy exists). */
function stats(): pg.Client {
  if (!statsClient) throw new Error('no database connection yet');
  return statsClient;
}
async function backendPids(): Promise<number[]> {
  const { rows } = await stats().query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  return rows.map((r) => r.pid);
}

/** An nginx master and its workers. */
function nginxPids(): number[] {
  const master = nginxChild?.pid;
  if (!master || nginxChild?.exitCode !== null) return [];
  const children = readFileSync(`/proc/${master}/task/${master}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
  return [master, ...children];
}

/** nginx's CPU seconds in the last `withCpu` (--through nginx; part of its server figure). */
let lastNginxSeconds = 0;

/**
 * CPU seconds the server (every API process, and nginx in front when there is one) and its
 * database backends spend while `body` runs.
 */
async function withCpu<T>(
  _server: ChildProcess,
  body: () => Promise<T>,
): Promise<[T, number, number]> {
  const apiPids = apiChildren.map((c) => c.pid!).filter(Boolean);
  const frontPids = nginxPids();
  const serverPids = [...apiPids, ...frontPids];
  const before = cpuSeconds([...serverPids, ...(await backendPids())]);
  const result = await body();
  const after = cpuSeconds([...serverPids, ...(await backendPids())]);
  const spent = (pid: number) => (after.get(pid) ?? 0) - (before.get(pid) ?? 0);
  let pgSeconds = 0;
  for (const pid of after.keys()) if (!serverPids.includes(pid)) pgSeconds += spent(pid);
  lastNginxSeconds = sum(frontPids.map(spent));
  return [result, sum(serverPids.map(spent)), pgSeconds];
}

async function measure(read: Read, seconds: number, server: ChildProcess): Promise<Figures> {
  const machine0 = machineTimes();
  const [figures, node, pgSeconds] = await withCpu(server, () => wrk(read, seconds));
  figures.machineBusy = busyPercent(machine0, machineTimes());
  if (read.port === kinoraPort && figures.requests > 0) {
    figures.cpuSeconds = { node, pg: pgSeconds };
    figures.nodeCpuMs = (node * 1000) / figures.requests;
    figures.pgCpuMs = (pgSeconds * 1000) / figures.requests;
    if (viaNginx) figures.nginxCpuMs = (lastNginxSeconds * 1000) / figures.requests;
  }
  return figures;
}

// ---------------------------------------------------------------------------------------------
// Reporting

const rps = (f: Figures) => f.requests / (f.duration_us / 1e6);
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(value < 10 ? 2 : 1) : '-');
const errorsOf = (f: Figures) => f.connect_errors + f.read_errors + f.write_errors + f.timeouts;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function table(header: string[], rows: string[][]): string {
  return [header, header.map(() => '---'), ...rows].map((c) => `| ${c.join(' | ')} |`).join('\n');
}

interface ReadResult {
  read: Read;
  mode: 'kept' | 'nothing kept';
  figures: Figures;
  bareRps: number;
  /** Writes sent while the read ran, by kind. */
  writes: Record<Kind, number>;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const sentNow = () => ({ ...seq });
const sentSince = (before: Record<Kind, number>) =>
  Object.fromEntries(kinds.map((k) => [k, seq[k] - before[k]])) as Record<Kind, number>;

/** What each write kind costs the server and the database alone (measured after the kept reads). */
let writeCpu = new Map<Kind, WriteCost>();

/**
 * CPU per read net of the writes sent meanwhile, each counted at what it costs alone: an
 * estimate, to compare a read's cost with and without the writes.
 */
function netCpuMs(r: ReadResult): string {
  const spent = r.figures.cpuSeconds;
  if (!spent || r.figures.requests === 0 || writeCpu.size === 0) return '-';
  const writesMs = sum(
    kinds.map((k) => {
      const cost = writeCpu.get(k);
      return cost ? r.writes[k] * (cost.node + cost.pg) : 0;
    }),
  );
  const net = Math.max(0, (spent.node + spent.pg) * 1000 - writesMs) / r.figures.requests;
  return net.toFixed(3);
}

/** Issue 18's targets for a read of the traffic model, and for "nothing kept". */
function readVerdict(r: ReadResult): string {
  const p99 = r.figures.p99_us / 1000;
  const failures = r.figures.non2xx + errorsOf(r.figures);
  const verdicts: string[] = [];
  if (r.mode === 'kept') {
    verdicts.push(rps(r.figures) / r.bareRps >= 0.3 ? 'share PASS' : 'share FAIL');
    verdicts.push(p99 < 50 ? 'p99 PASS' : 'p99 FAIL');
  } else {
    const floor = uncachedFloor(r.read.name);
    if (floor !== undefined) verdicts.push(rps(r.figures) >= floor ? 'req/s PASS' : 'req/s FAIL');
    verdicts.push(p99 < 100 ? 'p99 PASS' : 'p99 FAIL');
  }
  if (failures > 0) verdicts.push(`${failures} ERRORS`);
  return verdicts.join(', ');
}

function uncachedFloor(name: string): number | undefined {
  const base = name.replace(/-in$/, '');
  return { home: 1500, video: 8000, 'subs-feed': 2000 }[base];
}

function readTarget(r: ReadResult): string {
  if (r.mode === 'kept') return '>= 30%, p99 < 50';
  const floor = uncachedFloor(r.read.name);
  return floor === undefined ? 'p99 < 100' : `>= ${floor.toLocaleString('en')}/s, p99 < 100`;
}

function readRow(r: ReadResult): string[] {
  const f = r.figures;
  const cpu =
    f.nodeCpuMs === undefined
      ? '-'
      : `${f.nodeCpuMs.toFixed(3)} + ${f.pgCpuMs!.toFixed(3)}` +
        (f.nginxCpuMs === undefined ? '' : ` (nginx ${f.nginxCpuMs.toFixed(3)})`);
  return [
    r.mode === 'kept' ? r.read.label : `nothing kept: ${r.read.label}`,
    rps(f).toFixed(0),
    ms(f.p50_us / 1000),
    ms(f.p95_us / 1000),
    ms(f.p99_us / 1000),
    `${((rps(f) / r.bareRps) * 100).toFixed(0)}%`,
    (sum(Object.values(r.writes)) / (f.duration_us / 1e6)).toFixed(0),
    cpu,
    netCpuMs(r),
    serverShare(f),
    String(f.non2xx + errorsOf(f)),
    readTarget(r),
    readVerdict(r),
  ];
}

const readHeader = [
  'read (50 connections, writes going on)',
  'req/s',
  'p50 ms',
  'p95 ms',
  'p99 ms',
  'share of bare',
  'writes/s meanwhile',
  'CPU ms/req node + pg',
  'CPU ms/req net of writes (est.)',
  'cores to server + PG',
  'non-2xx + errors',
  'target',
  'verdict',
];

interface WriteRow {
  kind: Kind;
  count: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  failed: number;
}

function writeRows(groupPrefix: string, seconds: number): WriteRow[] {
  return kinds
    .filter((k) => rates[k] > 0)
    .map((kind) => {
      const mine = answers.filter((a) => a.kind === kind && a.group.startsWith(groupPrefix));
      const times = mine.map((a) => a.ms).sort((a, b) => a - b);
      const good = (a: Answer) =>
        kind === 'refused' ? a.status >= 400 && a.status < 500 : a.status >= 200 && a.status < 300;
      return {
        kind,
        count: mine.length,
        perSecond: seconds > 0 ? mine.length / seconds : 0,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        p99: percentile(times, 99),
        failed: mine.filter((a) => !good(a)).length,
      };
    });
}

// ---------------------------------------------------------------------------------------------

let apiChildren: ChildProcess[] = [];
let nginxChild: ChildProcess | null = null;

/** nginx in front of the API processes, from deploy/'s template as `npm run cluster` fills it. */
async function startNginx(): Promise<void> {
  const nginx = nginxBinary();
  if (!nginx) throw new Error('--through nginx: nginx is not installed');
  const runDir = path.join(work!, 'nginx');
  mkdirSync(runDir, { recursive: true });
  // nginx's workers (www-data when started as root) write below it.
  chmodSync(work!, 0o755);
  chmodSync(runDir, 0o755);
  const conf = path.join(runDir, 'nginx.conf');
  writeFileSync(
    conf,
    await renderNginxConfig({
      runDir,
      port: kinoraPort,
      apiPorts,
      // The traffic model asks for no media: the storage location is never reached.
      s3Endpoint: 'http://127.0.0.1:9',
      accelPrefix: '/_storage',
      uploadMaxBody: 2 * 1024 ** 3 + 1024 * 1024,
      tls: null,
    }),
  );
  nginxChild = spawn(nginx, ['-c', conf, '-e', path.join(runDir, 'nginx-error.log')], {
    stdio: 'inherit',
  });
  children.push(nginxChild);
}

async function startKinora(publicCacheTtl: string | null): Promise<ChildProcess> {
  apiChildren = apiPorts.map((port) =>
    startProcess(
      'kinora',
      [
        // The server's own V8 flags, as `npm start` passes them, then the run's.
        ...readFileSync(path.join(root, 'apps/server/node-flags'), 'utf8')
          .split(/\s+/)
          .filter(Boolean),
        ...args['server-node-args']!.split(' ').filter((a) => a !== ''),
        '--import',
        'tsx',
        'apps/server/src/main.ts',
        '--role',
        'api',
      ],
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.resolve(args['data-dir']!),
        DATABASE_URL: copyUrl,
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: '',
        JWT_SECRET: site.jwtSecret,
        UPLOAD_SIGNING_SECRET: uploadSigningSecret,
        ACCESS_TOKEN_TTL: `${accessTtlSeconds}s`,
        ...(publicCacheTtl === null ? {} : { PUBLIC_CACHE_TTL: publicCacheTtl }),
        // Behind nginx as in the profile: the people's addresses from X-Forwarded-For, limits,
        // chat and dropped kept answers shared through Redis.
        ...(viaNginx
          ? { TRUST_PROXY: 'true', REDIS_URL: args['redis-url']!, REDIS_KEY_PREFIX: redisPrefix }
          : {}),
      },
    ),
  );
  for (const port of apiPorts) await waitFor(`http://127.0.0.1:${port}/api/v1/healthcheck`);
  if (viaNginx && !nginxChild) await startNginx();
  await waitFor(`http://127.0.0.1:${kinoraPort}/api/v1/healthcheck`);
  return apiChildren[0]!;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  if (spawnSync('wrk', ['--version']).error)
    throw new Error('wrk is not installed (apt-get install wrk)');
  const cpus = os.cpus();
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {
    cwd: root,
    encoding: 'utf8',
  }).stdout.trim();
  const started = new Date().toISOString();
  console.log(
    `Traffic model ${started} (commit ${commit})\n  ${cpus.length} x ${cpus[0]?.model ?? '?'}, ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average ${loadAverage()}\n` +
      `  wrk -t${threads} -c${connections}, runs of ${duration} s (warm-up ${warmup} s), first window ` +
      `${coldSeconds} s; writes/s: ${kinds.map((k) => `${k} ${rates[k]}`).join(', ')}\n` +
      `  ${viaNginx ? `through nginx, ${apiProcessCount} API process(es) sharing Redis` : 'straight to one API process'}`,
  );
  work = mkdtempSync(path.join(os.tmpdir(), 'kinora-traffic-'));
  await copySite();
  site = await prepareSite();
  writeFileSync(path.join(work, 'tokens-people.txt'), site.people.map((p) => p.token).join('\n'));
  writeFileSync(path.join(work, 'tokens-followers.txt'), site.followers.join('\n'));
  statsClient = new pg.Client({ connectionString: copyUrl });
  await statsClient.connect();
  const before = await counts(stats());

  startProcess(
    'bare server',
    ['--import', 'tsx', path.join(root, 'bench/load/trivial-server.ts')],
    {
      PORT: String(trivialPort),
    },
  );
  await waitFor(`http://127.0.0.1:${trivialPort}/ping`);

  let reads = readsOf(site);
  const mixed = mixedRead(reads);
  const only = args.only?.split(',');
  if (only) {
    const unknown = only.filter((name) => !reads.some((r) => r.name === name));
    if (unknown.length > 0) throw new Error(`--only: no read named ${unknown.join(', ')}`);
    reads = reads.filter((r) => only.includes(r.name));
  }

  // 1. The first window after a start on a fresh copy (item 5): the server is started, the
  //    chat sockets connect, and at once every screen's reads and all the writes go on.
  const t0 = performance.now();
  let kinora = await startKinora(null);
  const startSeconds = (performance.now() - t0) / 1000;
  await connectSockets();
  const coldPhases: { name: string; figures: Figures; seconds: number }[] = [];
  const writesOnly = args['writes-only']!;
  if (writesOnly) {
    // Every write kind at its rate for the warm-up: each person's token checked once (as in
    // the steady state, where a token is trusted minutes), the code compiled.
    writers.start();
    await new Promise((r) => setTimeout(r, warmup * 1000));
    writers.stop();
    await drain();
    writeCpu = await writeCosts(kinora);
    await writesAloneReport(kinora, before, commit);
    return;
  }
  for (const name of ['first', 'second'] as const) {
    group = `cold:${name}`;
    writers.start();
    const w0 = performance.now();
    const figures = await measure(mixed, coldSeconds, kinora);
    writers.stop();
    coldPhases.push({ name, figures, seconds: (performance.now() - w0) / 1000 });
    group = '';
    await drain();
  }
  console.log(
    `  server up in ${startSeconds.toFixed(1)} s; first ${coldSeconds} s: ` +
      `${rps(coldPhases[0]!.figures).toFixed(0)} reads/s, p99 ${ms(coldPhases[0]!.figures.p99_us / 1000)} ms; ` +
      `next ${coldSeconds} s: p99 ${ms(coldPhases[1]!.figures.p99_us / 1000)} ms`,
  );
  for (const read of reads) await checkRead(read);
  console.log(`  every read's paths answer 2xx`);

  // 2. Each read, paired with the bare route: warm-up and the read itself with the writes
  //    going on; the bare run just before it with the writes paused (the machine's own pace).
  const results: ReadResult[] = [];
  const measureReads = async (mode: 'kept' | 'nothing kept') => {
    for (let round = 0; round < rounds; round++) {
      for (const read of reads) {
        writers.start();
        if (warmup > 0) {
          await settle();
          await wrk(read, warmup);
        }
        writers.stop();
        await drain();
        await settle();
        const bareFigures = await wrk(bare, duration);
        group = `${mode}:${read.name}`;
        const sent0 = sentNow();
        writers.start();
        const figures = await measure(read, duration, kinora);
        writers.stop();
        const writes = sentSince(sent0);
        group = '';
        const result = { read, mode, figures, bareRps: rps(bareFigures), writes };
        results.push(result);
        console.log(
          `  ${mode} round ${round + 1} ${read.name.padEnd(18)} ${rps(figures).toFixed(0).padStart(6)} req/s ` +
            `p50 ${ms(figures.p50_us / 1000)} p99 ${ms(figures.p99_us / 1000)} ms, ` +
            `${((rps(figures) / result.bareRps) * 100).toFixed(0)}% of bare ${rps(bareFigures).toFixed(0)}/s, ` +
            `cpu ${figures.nodeCpuMs?.toFixed(3) ?? '-'} + ${figures.pgCpuMs?.toFixed(3) ?? '-'} ms`,
        );
      }
    }
  };
  await measureReads('kept');

  // 3. Refused writes drop nothing kept: with the writes paused, a kept home answer (it has an
  //    `Age` header) is still the kept one after one refused write of each kind.
  await drain();
  const keptAfterRefused = await refusedKeepsCache();

  // 4. Each write alone: CPU per request over an idle baseline (the open sockets' heartbeats).
  writeCpu = await writeCosts(kinora);

  // 5. Nothing kept: the same reads on a server started with PUBLIC_CACHE_TTL=0s.
  if (!args['kept-only']) {
    await disconnectSockets();
    await Promise.all(apiChildren.map(stopProcess));
    kinora = await startKinora('0s');
    await connectSockets();
    await measureReads('nothing kept');
  }
  writers.stop();
  await drain();
  await new Promise((r) => setTimeout(r, 2_000));
  const after = await counts(stats());
  const checks = await consistency(before, after);

  // ------------------------------------------------------------------ report
  const median = (list: ReadResult[]) =>
    [...list].sort((a, b) => rps(a.figures) / a.bareRps - rps(b.figures) / b.bareRps)[
      Math.floor(list.length / 2)
    ]!;
  const finalReads: ReadResult[] = [];
  for (const mode of ['kept', 'nothing kept'] as const) {
    for (const read of reads) {
      const mine = results.filter((r) => r.read === read && r.mode === mode);
      if (mine.length > 0) finalReads.push(median(mine));
    }
  }
  const minutes = ((Date.now() - Date.parse(started)) / 60_000).toFixed(1);
  console.log(
    `\nTraffic model, ${started}, commit ${commit}, ${minutes} min; load average now ${loadAverage()}\n`,
  );
  console.log(
    `Reads (each its median round of ${rounds} by share of the bare run just before it; bare: ` +
      `${bare.label}):\n`,
  );
  console.log(table(readHeader, finalReads.map(readRow)));

  const measuredSeconds = (prefix: string) =>
    results
      .filter((r) => `${r.mode}:`.startsWith(prefix))
      .reduce((s, r) => s + r.figures.duration_us / 1e6, 0);
  const writeTable = (prefix: string, seconds: number) =>
    table(
      [
        'write',
        'offered/s',
        'answered',
        'req/s',
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'CPU ms/req node + pg (alone, marginal)',
        'wrong status',
        'target',
        'verdict',
      ],
      writeRows(prefix, seconds).map((w) => {
        const cost = writeCpu.get(w.kind);
        return [
          labels[w.kind],
          String(rates[w.kind]),
          String(w.count),
          w.perSecond.toFixed(1),
          ms(w.p50),
          ms(w.p95),
          ms(w.p99),
          cost ? `${cost.node.toFixed(2)} + ${cost.pg.toFixed(2)}` : '-',
          String(w.failed),
          'p99 < 50, none lost',
          w.p99 < 50 && w.failed === 0 ? 'PASS' : 'FAIL',
        ];
      }),
    );
  console.log(`\nWrites while the kept reads ran (${measuredSeconds('kept:').toFixed(0)} s):\n`);
  console.log(writeTable('kept:', measuredSeconds('kept:')));
  if (!args['kept-only']) {
    console.log(`\nWrites while the nothing-kept reads ran:\n`);
    console.log(writeTable('nothing kept:', measuredSeconds('nothing kept:')));
  }
  const coldRows = coldPhases.map((c) => {
    const w = writeRows(`cold:${c.name}`, c.seconds);
    const worst = Math.max(...w.map((x) => x.p99).filter(Number.isFinite));
    return [
      `${c.name === 'first' ? 'first' : 'next'} ${coldSeconds} s after the start`,
      rps(c.figures).toFixed(0),
      ms(c.figures.p50_us / 1000),
      ms(c.figures.p95_us / 1000),
      ms(c.figures.p99_us / 1000),
      ms(worst),
      w.map((x) => `${x.kind} ${ms(x.p99)}`).join(', '),
      String(c.figures.non2xx + errorsOf(c.figures) + w.reduce((s, x) => s + x.failed, 0)),
      serverShare(c.figures),
      c.figures.p99_us / 1000 < 50 && worst < 50 ? 'PASS' : 'FAIL',
    ];
  });
  console.log(
    `\nCold start (item 5): a fresh copy of the database, the server started (${startSeconds.toFixed(1)} s to its ` +
      `first healthcheck), ${sockets.length === 0 ? 0 : site.conversations.length * 2} chat sockets, then every ` +
      `screen's reads mixed (half visitors) and all the writes:\n`,
  );
  console.log(
    table(
      [
        'window',
        'reads/s',
        'reads p50 ms',
        'p95 ms',
        'p99 ms',
        'writes p99 ms (worst kind)',
        'writes p99 ms by kind',
        'errors',
        'cores to server + PG',
        'p99 < 50 ms',
      ],
      coldRows,
    ),
  );
  const messages = messagesSent.filter((m) => m.status === 201);
  const delivery = messages
    .filter((m) => m.deliveredMs !== undefined)
    .map((m) => m.deliveredMs!)
    .sort((a, b) => a - b);
  console.log(
    `\nChat: ${messages.length} messages answered 201, delivered ${delivery.length} ` +
      `(${messages.filter((m) => m.deliveries > 1).length} more than once); POST -> new_message ` +
      `p50 ${ms(percentile(delivery, 50))}, p99 ${ms(percentile(delivery, 99))} ms`,
  );
  console.log(`\nRefused writes drop nothing kept: ${keptAfterRefused}`);
  console.log(
    `\nNo write answer lost or doubled (database before and after, against the answers):\n`,
  );
  printChecks(checks);

  if (args.out) {
    writeFileSync(
      args.out,
      JSON.stringify(
        {
          started,
          commit,
          settings: {
            duration,
            warmup,
            coldSeconds,
            rounds,
            connections,
            threads,
            peopleCount,
            rates,
          },
          reads: finalReads.map((r) => ({
            name: r.read.name,
            mode: r.mode,
            rps: rps(r.figures),
            bareRps: r.bareRps,
            ...r.figures,
          })),
          writes: {
            kept: writeRows('kept:', measuredSeconds('kept:')),
            cpu: Object.fromEntries(writeCpu),
          },
          cold: coldPhases,
          checks,
        },
        null,
        2,
      ),
    );
  }
  const failed =
    checks.some((c) => !c.ok) ||
    finalReads.some(
      (r) => r.figures.requests === 0 || r.figures.non2xx + errorsOf(r.figures) > 0,
    ) ||
    coldPhases.some((c) => c.figures.non2xx + errorsOf(c.figures) > 0) ||
    // Every write of the run, in any phase: a success that was not one, or a refusal that was.
    writeRows('', 1).some((w) => w.failed > 0);
  if (failed) process.exitCode = 1;
}

/** With the writes paused: a kept home answer survives refused writes (and, as a control, not a like). */
async function refusedKeepsCache(): Promise<string> {
  const home = `http://127.0.0.1:${kinoraPort}/api/v1/videos?page=1&limit=100&sortBy=views&sortType=desc`;
  const kept = async () => {
    const response = await fetch(home, { signal: AbortSignal.timeout(30_000) });
    await response.arrayBuffer();
    return response.headers.has('age');
  };
  let ready = false;
  for (let i = 0; i < 5 && !ready; i++) ready = await kept();
  if (!ready) return 'not checked (home never came from the kept answers)';
  group = 'check';
  for (let i = 0; i < 3; i++) await write('refused');
  const afterRefused = await kept();
  await write('like');
  const afterLike = await kept();
  group = '';
  return (
    `${afterRefused ? 'PASS' : 'FAIL'} (home still the kept answer after one refused write of each ` +
    `kind: ${afterRefused}; after one like: ${afterLike}, informational)`
  );
}

/** --writes-only: each kind alone, its times and CPU, and no answer lost or doubled. */
async function writesAloneReport(
  server: ChildProcess,
  before: Counts,
  commit: string,
): Promise<void> {
  await drain();
  await new Promise((r) => setTimeout(r, 2_000));
  const rows = kinds
    .filter((k) => rates[k] > 0)
    .map((kind) => {
      const row = writeRows(`cpu:${kind}`, duration).find((w) => w.kind === kind);
      const fast = writeRows(`cpu-fast:${kind}`, duration).find((w) => w.kind === kind);
      const cost = writeCpu.get(kind);
      return { ...row!, fast: fast ?? null, cpu: cost ?? null };
    });
  console.log(
    `\nEach write alone (${duration} s at its rate, at least 20/s, then ${duration} s at three times ` +
      `that; server pid ${server.pid}). CPU ms/req: the marginal cost, the two windows' ` +
      `difference over their difference in requests; beside it the old figure, the low window ` +
      `beyond an idle one (which counts the waking of a process idle between requests):\n`,
  );
  console.log(
    table(
      [
        'write',
        'answered',
        'req/s',
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'at 3x: req/s, p50, p99 ms',
        'CPU ms/req node + pg (marginal)',
        'old: over idle at the low rate',
        'wrong status',
      ],
      rows.map((w) => [
        labels[w.kind],
        String(w.count),
        w.perSecond.toFixed(1),
        ms(w.p50),
        ms(w.p95),
        ms(w.p99),
        w.fast ? `${w.fast.perSecond.toFixed(1)}, ${ms(w.fast.p50)}, ${ms(w.fast.p99)}` : '-',
        w.cpu ? `${w.cpu.node.toFixed(2)} + ${w.cpu.pg.toFixed(2)}` : '-',
        w.cpu ? `${w.cpu.overIdle.node.toFixed(2)} + ${w.cpu.overIdle.pg.toFixed(2)}` : '-',
        String(w.failed),
      ]),
    ),
  );
  const messages = messagesSent.filter((m) => m.status === 201);
  const delivered = messages.filter((m) => m.deliveredMs !== undefined).length;
  console.log(
    `\nChat: ${messages.length} messages answered 201, delivered ${delivered} ` +
      `(${messages.filter((m) => m.deliveries > 1).length} more than once)`,
  );
  const checks = await consistency(before, await counts(stats()));
  printChecks(checks);
  if (args.out) {
    writeFileSync(
      args.out,
      JSON.stringify({ commit, settings: { duration, rates }, writes: rows, checks }, null, 2),
    );
  }
  if (checks.some((c) => !c.ok) || rows.some((w) => w.failed > 0)) process.exitCode = 1;
}

/** What one write kind costs: CPU ms a request, Node and PostgreSQL. */
interface WriteCost {
  node: number;
  pg: number;
  /**
   * The old figure, kept beside it: the CPU of a window at the low rate beyond an idle window,
   * over its requests. At a few dozen requests a second the process sleeps between them, so
   * each request also pays for waking it (the event loop's turn, timers, cold caches) and
   * whatever the process does only while it is busy: costs the model's busy process pays once
   * for many requests, not once a write.
   */
  overIdle: { node: number; pg: number; rate: number };
  /** The two rates the marginal figure is taken between. */
  rates: [number, number];
}

/**
 * Each write kind alone: its CPU per request as the difference between a window at its rate
 * (at least 20 a second) and one at three times that, over the difference in requests (the
 * marginal cost: what one more write adds to a process already awake). `node` and `pg` are that
 * figure; `overIdle` the older one (the low window beyond an idle one), which counts the
 * process's waking and background work at a low rate as the writes' own.
 */
async function writeCosts(server: ChildProcess): Promise<Map<Kind, WriteCost>> {
  await drain();
  await settle();
  const idle = async () => {
    const [, node, pgSeconds] = await withCpu(
      server,
      () => new Promise((r) => setTimeout(r, duration * 1000)),
    );
    return { node, pg: pgSeconds };
  };
  const base = await idle();
  const costs = new Map<Kind, WriteCost>();
  const windowAt = async (kind: Kind, rate: number, name: string) => {
    group = name;
    const count0 = answers.length;
    const [, node, pgSeconds] = await withCpu(server, async () => {
      writers.start({ [kind]: rate });
      await new Promise((r) => setTimeout(r, duration * 1000));
      writers.stop();
      await drain();
    });
    group = '';
    return { node, pg: pgSeconds, n: answers.length - count0 };
  };
  for (const kind of kinds) {
    if (rates[kind] <= 0) continue;
    // At least 20 a second, so that a few ticks of CPU time are not the whole figure.
    const low = Math.max(rates[kind], 20);
    const high = low * 3;
    const slow = await windowAt(kind, low, `cpu:${kind}`);
    await settle();
    const fast = await windowAt(kind, high, `cpu-fast:${kind}`);
    await settle();
    if (slow.n > 0 && fast.n > slow.n) {
      const more = fast.n - slow.n;
      costs.set(kind, {
        node: (Math.max(0, fast.node - slow.node) * 1000) / more,
        pg: (Math.max(0, fast.pg - slow.pg) * 1000) / more,
        overIdle: {
          node: (Math.max(0, slow.node - base.node) * 1000) / slow.n,
          pg: (Math.max(0, slow.pg - base.pg) * 1000) / slow.n,
          rate: low,
        },
        rates: [low, high],
      });
    }
  }
  return costs;
}

async function consistency(
  before: Counts,
  after: Counts,
): Promise<{ name: string; expected: string; actual: string; ok: boolean }[]> {
  const checks: { name: string; expected: string; actual: string; ok: boolean }[] = [];
  const unanswered = (k: Kind) => tally.unanswered[k];
  const check = (name: string, expected: number, actual: number, kind: Kind) => {
    const lost = unanswered(kind);
    checks.push({
      name,
      expected: `${expected >= 0 ? '+' : ''}${expected}${lost > 0 ? ` (${lost} unanswered)` : ''}`,
      actual: `${actual >= 0 ? '+' : ''}${actual}`,
      ok: expected === actual && lost === 0,
    });
  };
  check('likes: rows', tally.likeDelta, after.likes - before.likes, 'like');
  check(
    'likes: videos.likes_count',
    tally.likeDelta,
    after.likesCounted - before.likesCounted,
    'like',
  );
  check('comments: rows', tally.commentsCreated, after.comments - before.comments, 'comment');
  check(
    'comments: videos.comments_count',
    tally.commentsCreated,
    after.commentsCounted - before.commentsCounted,
    'comment',
  );
  check(
    'subscriptions: rows',
    tally.subscriptionDelta,
    after.subscriptions - before.subscriptions,
    'subscribe',
  );
  check(
    'subscriptions: users.subscribers_count',
    tally.subscriptionDelta,
    after.subscribersCounted - before.subscribersCounted,
    'subscribe',
  );
  check('tweets: rows', tally.tweetsCreated, after.tweets - before.tweets, 'tweet');
  check('chat messages: rows', tally.messagesCreated, after.messages - before.messages, 'message');
  check(
    'views: videos.views (answers counted: true)',
    tally.viewsCounted,
    after.views - before.views,
    'view',
  );
  const answered = messagesSent.filter((m) => m.status === 201);
  check(
    'chat messages: delivered once to the other member',
    answered.length,
    answered.filter((m) => m.deliveries === 1).length,
    'message',
  );
  // Position saves: each watcher's last answered position is the one kept.
  const saved = [...watchers.values()].filter((w) => w.saved > 0);
  const { rows } = await stats().query<{
    user_id: string;
    video_id: string;
    position_seconds: number;
  }>(
    `select user_id, video_id, position_seconds from watch_history
     where (user_id, video_id) in (select * from unnest($1::uuid[], $2::uuid[]))`,
    [saved.map((w) => w.person.id), saved.map((w) => w.video)],
  );
  const positions = new Map(rows.map((r) => [`${r.user_id} ${r.video_id}`, r.position_seconds]));
  const matching = saved.filter(
    (w) => positions.get(`${w.person.id} ${w.video}`) === w.saved,
  ).length;
  check(
    'position saves: each watcher’s last answered position kept',
    saved.length,
    matching,
    'save',
  );
  checks.push({
    name: 'refused writes: playlists unchanged',
    expected: 'unchanged',
    actual: after.playlistNames === before.playlistNames ? 'unchanged' : 'changed',
    ok: after.playlistNames === before.playlistNames,
  });
  return checks;
}

try {
  await main();
} finally {
  // Assigned inside main: read through a cast, or the compiler takes it for still null here.
  await (statsClient as pg.Client | null)?.end().catch(() => undefined);
  await cleanUp();
}
