// Fills a PostgreSQL database with a realistic Kinora site for the load benchmark: users,
// channels, videos, comments, likes, subscriptions, tweets and view events, and a set of people
// who follow many channels (the following feeds' worst readers), with set-based SQL (no HTTP,
// no per-row round trips). Not a test. Run:
//
//   npx tsx bench/seed/seed.ts --database-url postgres://postgres@127.0.0.1:5432/kinora_bench \
//     [--fresh] [--users 10000] [--videos 100000] [--likes 1000000] [--comments 200000] \
//     [--subscriptions 50000] [--views 300000] [--tweets 200000] [--heavy-followers 100] \
//     [--heavy-follows 1000] [--data-dir /tmp/kinora-bench-data] [--seed 1]
//
// Ids, text, counts and who-did-what are a pure function of the row numbers and --seed, so two
// runs with the same options build the same site (dates are relative to the time of the run).
// See bench/README.md for the method.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { hashPassword } from '../../apps/server/src/platform/auth/passwords';
import { openDatabase } from '../../apps/server/src/platform/db/client';
import { firstNames, generalWords, lastNames, topics } from './words';

/** Every seeded account signs in with this password. */
const benchPassword = 'kinora-bench';

const { values: args } = parseArgs({
  options: {
    'database-url': {
      type: 'string',
      default: 'postgres://postgres@127.0.0.1:5432/kinora_bench',
    },
    'data-dir': { type: 'string', default: '/tmp/kinora-bench-data' },
    fresh: { type: 'boolean', default: false },
    users: { type: 'string', default: '10000' },
    videos: { type: 'string', default: '100000' },
    likes: { type: 'string', default: '1000000' },
    comments: { type: 'string', default: '200000' },
    subscriptions: { type: 'string', default: '50000' },
    views: { type: 'string', default: '300000' },
    tweets: { type: 'string', default: '200000' },
    /** People who follow `--heavy-follows` channels each (what the following feeds must carry). */
    'heavy-followers': { type: 'string', default: '100' },
    'heavy-follows': { type: 'string', default: '1000' },
    seed: { type: 'string', default: '1' },
  },
  strict: true,
});

function count(name: keyof typeof args, min: number, max: number): number {
  const value = Number(args[name]);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`--${name} must be an integer between ${min} and ${max}`);
  }
  return value;
}

const n = {
  users: count('users', 2, 5_000_000),
  videos: count('videos', 1, 50_000_000),
  likes: count('likes', 0, 500_000_000),
  comments: count('comments', 0, 500_000_000),
  subscriptions: count('subscriptions', 0, 500_000_000),
  views: count('views', 0, 500_000_000),
  tweets: count('tweets', 0, 500_000_000),
  heavyFollowers: count('heavy-followers', 0, 5_000_000),
  heavyFollows: count('heavy-follows', 1, 5_000_000),
};
const seed = count('seed', 0, 1_000_000);
const databaseUrl = args['database-url']!;
const dataDir = path.resolve(args['data-dir']!);
// One instant for the whole site: "now" as the seeded data sees it.
const anchor = new Date();

if (n.subscriptions > n.users * (n.users - 1)) throw new Error('Too many subscriptions');
if (n.likes > n.users * n.videos) throw new Error('Too many likes');
if (n.heavyFollowers > n.users) throw new Error('More heavy followers than users');
if (n.heavyFollows > n.users - 1) throw new Error('A heavy follower cannot follow that many');

const started = performance.now();
async function step<T>(label: string, work: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const result = await work();
  const seconds = (performance.now() - t0) / 1000;
  console.log(`  ${label.padEnd(44)} ${seconds.toFixed(1).padStart(6)} s`);
  return result;
}

// ---------------------------------------------------------------------------------------------
// Database: create (or recreate with --fresh), then the project's own migrations.

async function prepareDatabase(): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unusual database name "${name}"`);
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists =
      (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    if (exists && args.fresh) {
      // A guard against pointing --fresh at a real site by mistake.
      if (!name.includes('bench')) {
        throw new Error(`--fresh drops the database: its name must contain "bench" (got ${name})`);
      }
      await client.query(`drop database "${name}" with (force)`);
    }
    if (!exists || args.fresh) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl });
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Media: a few real files that every seeded row shares, at the keys the rows point to, so that
// the seeded site plays them when started with DATA_DIR=<data dir>.

interface ClipFile {
  key: string;
  bytes: number;
  width: number;
  height: number;
  durationSeconds: number;
}

function run(command: string, argv: string[]): string {
  const out = spawnSync(command, argv, { encoding: 'utf8', timeout: 120_000 });
  if (out.error) throw out.error;
  if (out.status !== 0) throw new Error(`${command} failed: ${out.stderr}`);
  return out.stdout;
}

function probe(file: string): { width: number; height: number; durationSeconds: number } {
  const info = JSON.parse(
    run('ffprobe', [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-show_entries',
      'stream=width,height:format=duration',
      '-of',
      'json',
      file,
    ]),
  ) as { streams: { width: number; height: number }[]; format: { duration: string } };
  const stream = info.streams[0];
  if (!stream) throw new Error(`${file} has no video stream`);
  return {
    width: stream.width,
    height: stream.height,
    durationSeconds: Number(info.format.duration),
  };
}

function makeMedia(): { clips: ClipFile[]; thumbnails: ClipFile[]; avatarKey: string } {
  const mediaDir = path.join(dataDir, 'media');
  const fileOf = (key: string) => path.join(mediaDir, ...key.split('/'));
  const make = (key: string, ffmpegArgs: string[]) => {
    const file = fileOf(key);
    if (existsSync(file)) return file;
    mkdirSync(path.dirname(file), { recursive: true });
    run('ffmpeg', ['-y', '-v', 'error', ...ffmpegArgs, file]);
    return file;
  };
  const clipSpecs = [
    { size: '640x360', seconds: 10, tone: 440 },
    { size: '1280x720', seconds: 8, tone: 523 },
    { size: '854x480', seconds: 20, tone: 659 },
  ];
  const clips = clipSpecs.map((spec, i) => {
    const key = `videos/bench-clip-${i + 1}/original.mp4`;
    const file = make(key, [
      ...['-f', 'lavfi', '-i', `testsrc2=size=${spec.size}:rate=30:duration=${spec.seconds}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=${spec.tone}:sample_rate=48000:d=${spec.seconds}`],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '26', '-pix_fmt', 'yuv420p'],
      ...['-g', '60', '-c:a', 'aac', '-b:a', '96k', '-shortest', '-movflags', '+faststart'],
    ]);
    return { key, bytes: statSync(file).size, ...probe(file) };
  });
  const pictures = ['testsrc2', 'smptehdbars', 'mandelbrot', 'rgbtestsrc'];
  const thumbnails = pictures.map((source, i) => {
    const key = `thumbnails/bench-thumbnail-${i + 1}.webp`;
    const file = make(key, [
      ...['-f', 'lavfi', '-i', `${source}=size=1280x720:rate=1`],
      ...['-frames:v', '1', '-c:v', 'libwebp', '-quality', '80'],
    ]);
    return { key, bytes: statSync(file).size, width: 1280, height: 720, durationSeconds: 0 };
  });
  const avatarKey = 'avatars/bench-avatar.webp';
  make(avatarKey, [
    ...['-f', 'lavfi', '-i', 'testsrc2=size=256x256:rate=1'],
    ...['-frames:v', '1', '-c:v', 'libwebp', '-quality', '80'],
  ]);
  return { clips, thumbnails, avatarKey };
}

// ---------------------------------------------------------------------------------------------
// SQL helpers, created in the session's temporary schema (gone when the session ends).

const wordPattern = /^[a-z0-9-]+$/;
const topicWords = Object.values(topics);
const topicSize = topicWords[0]!.length;
for (const list of [...topicWords, generalWords, firstNames, lastNames]) {
  const bad = list.find((w) => !wordPattern.test(w));
  if (bad !== undefined) throw new Error(`Word "${bad}" is not lowercase letters and digits`);
}
if (topicWords.some((list) => list.length !== topicSize)) {
  throw new Error('Every topic must have the same number of words');
}

/**
 * - rnd(k, salt): a uniform number in [0, 1) from a hash of (k, salt, --seed), the same in
 *   every run and in whatever order rows are made;
 * - pick(k, salt, total, skew): 1..total, skewed towards 1 when skew > 1
 *   (P(pick <= x) = (x/total)^(1/skew)), which is how popularity is modelled;
 * - sid(kind, n): a stable version-4-shaped UUID for row n of a kind.
 */
const helperFunctions = `
create function pg_temp.rnd(k bigint, salt int) returns float8
  language sql immutable parallel safe
  as $$ select ((hashint8extended(k, salt + ${seed}::bigint * 1000) >> 11)
                & 9007199254740991)::float8 / 9007199254740992.0 $$;
create function pg_temp.pick(k bigint, salt int, total int, skew float8) returns int
  language sql immutable parallel safe
  as $$ select 1 + least(total - 1, floor(total * pg_temp.rnd(k, salt) ^ skew))::int $$;
create function pg_temp.sid(kind text, n bigint) returns uuid
  language sql immutable parallel safe
  as $$ select overlay(overlay(md5(kind || ':' || n || ':' || ${seed}) placing '4' from 13)
                placing '8' from 17)::uuid $$;
`;

/** The tables this seeder fills (their secondary indexes are rebuilt after the load). */
const bulkTables = [
  'users',
  'media_assets',
  'videos',
  'comments',
  'likes',
  'subscriptions',
  'tweets',
  'view_events',
];

// ---------------------------------------------------------------------------------------------

async function seedRows(
  client: pg.Client,
  media: ReturnType<typeof makeMedia>,
  passwordHash: string,
): Promise<void> {
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  const at = anchor.toISOString();

  await q('begin');
  await q(helperFunctions);

  // Building an index once over the loaded table is several times faster than maintaining it
  // row by row. The definitions come from the migrated database itself and are recreated
  // exactly, in the same transaction (a unique index that would not build fails the seeding).
  const { rows: indexes } = await q(
    `select i.indexname, i.indexdef from pg_indexes i
     where i.schemaname = 'public' and i.tablename = any($1)
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [bulkTables],
  );
  await step(`drop ${indexes.length} secondary indexes for the load`, async () => {
    for (const index of indexes) await q(`drop index "${index.indexname}"`);
  });

  // Staging tables: row numbers only; ids and text are computed when the real rows are made.
  await step(`stage ${n.users} users, ${n.videos} videos`, async () => {
    await q(`create temp table s_users (n int primary key, created_at timestamptz not null)`);
    // Accounts open steadily over two years; the oldest accounts (small n) own the most
    // videos (see owner_n below), as on real sites.
    await q(
      `insert into s_users
       select n, $1::timestamptz - interval '730 days'
                 + (n - 1)::float8 / $2 * interval '729 days'
                 + pg_temp.rnd(n, 1) * interval '20 hours'
       from generate_series(1, $2::int) n`,
      [at, n.users],
    );
    await q(`create temp table s_videos (
      n int primary key, owner_n int not null, topic int not null, clip int not null,
      thumbnail int not null, created_at timestamptz not null, is_published boolean not null)`);
    await q(
      `insert into s_videos
       select v.n, v.owner_n, floor(pg_temp.rnd(v.n, 3) * $3)::int, 1 + v.n % $4, 1 + v.n % $5,
              -- later dates are more likely: uploads grow over time
              u.created_at + ($1::timestamptz - u.created_at) * (pg_temp.rnd(v.n, 4) ^ 0.6),
              pg_temp.rnd(v.n, 5) >= 0.06
       from (select n, pg_temp.pick(n, 2, $2, 2.0) as owner_n
             from generate_series(1, $6::int) n) v
       join s_users u on u.n = v.owner_n`,
      [at, n.users, topicWords.length, media.clips.length, media.thumbnails.length, n.videos],
    );
  });

  // Engagement targets are skewed by video number: video 1 is the most popular.
  // P(video <= x) = (x / videos)^(1/3): the top 1% of videos get about a fifth of everything.
  const likeRounds = await step(`stage ${n.likes} likes (unique per user and video)`, () =>
    stageUniquePairs(client, {
      table: 's_likes',
      columns: ['user_n', 'video_n'],
      want: n.likes,
      candidate: (salt) =>
        `pg_temp.pick(k, ${salt}, ${n.users}, 1.5), pg_temp.pick(k, ${salt + 1}, ${n.videos}, 3.0)`,
    }),
  );
  const subscriptionRounds = await step(
    `stage ${n.subscriptions} subscriptions (one per pair)`,
    () =>
      // The channel is the owner of a popular video: big channels gather subscribers.
      stageUniquePairs(client, {
        table: 's_subscriptions',
        columns: ['subscriber_n', 'channel_n'],
        want: n.subscriptions,
        candidate: (salt) =>
          `pg_temp.pick(k, ${salt}, ${n.users}, 1.0),
           (select owner_n from s_videos where n = pg_temp.pick(k, ${salt + 1}, ${n.videos}, 3.0))`,
        where: 'subscriber_n <> channel_n',
      }),
  );
  if (n.heavyFollowers > 0) {
    await step(
      `stage ${n.heavyFollowers} people following ${n.heavyFollows} channels each`,
      async () => {
        // A hash-ordered sample of people; their few drawn subscriptions above give way to
        // exactly `heavyFollows` channels each, drawn without replacement with weights (the
        // Efraimidis-Spirakis key -ln(u)/w, smallest first): a channel's weight is 1 + its
        // published videos, so they follow mostly channels that upload, the big ones most.
        await q(`create temp table s_heavy (subscriber_n int primary key)`);
        await q(
          `insert into s_heavy select n from s_users order by pg_temp.rnd(n, 90), n limit $1`,
          [n.heavyFollowers],
        );
        await q(
          `delete from s_subscriptions where subscriber_n in (select subscriber_n from s_heavy)`,
        );
        await q(`create temp table s_uploads (owner_n int primary key, uploads int not null)`);
        await q(
          `insert into s_uploads select owner_n, count(*) from s_videos where is_published
           group by owner_n`,
        );
        // k numbers these pairs after every drawn one (it salts the subscription's date).
        await q(
          `insert into s_subscriptions (k, subscriber_n, channel_n)
           select 1000000000000 + h.subscriber_n::bigint * 10000000 + c.rank,
                  h.subscriber_n, c.channel_n
           from s_heavy h
           cross join lateral (
             select u.n as channel_n,
                    row_number() over (order by w.key, u.n) as rank
             from s_users u
             left join s_uploads up on up.owner_n = u.n
             cross join lateral (
               select -ln(1 - pg_temp.rnd(h.subscriber_n::bigint * 10000000 + u.n, 91))
                      / (1 + coalesce(up.uploads, 0)) as key
             ) w
             where u.n <> h.subscriber_n
             order by w.key, u.n
             limit $1
           ) c`,
          [n.heavyFollows],
        );
      },
    );
  }
  await step(`stage ${n.tweets} tweets`, async () => {
    // Tweets come from the same people as uploads (the oldest accounts most), after their
    // sign-up, leaning towards recent dates.
    await q(`create temp table s_tweets (
      k int primary key, owner_n int not null, topic int not null, created_at timestamptz not null)`);
    await q(
      `insert into s_tweets
       select t.k, t.owner_n, floor(pg_temp.rnd(t.k, 31) * $3)::int,
              u.created_at + ($1::timestamptz - u.created_at) * (pg_temp.rnd(t.k, 32) ^ 0.5)
       from (select k, pg_temp.pick(k, 30, $2, 2.0) as owner_n
             from generate_series(1, $4::int) k) t
       join s_users u on u.n = t.owner_n`,
      [at, n.users, topicWords.length, n.tweets],
    );
    await stageText(client, {
      table: 's_tweet_texts',
      source: `select k, topic, 1 + floor(pg_temp.rnd(k, 33) * 2)::int from s_tweets`,
      words: [4, 14],
      salt: 240,
      fullStop: true,
    });
  });
  await step(`stage ${n.comments} comments, ${n.views} view events`, async () => {
    await q(`create temp table s_comments (k int primary key, video_n int, user_n int)`);
    await q(
      `insert into s_comments
       select k, pg_temp.pick(k, 60, $2, 3.0), pg_temp.pick(k, 61, $3, 1.5)
       from generate_series(1, $1::int) k`,
      [n.comments, n.videos, n.users],
    );
    // Six views in ten are by signed-in users; the rest by 20k anonymous visitors.
    await q(`create temp table s_views (k int primary key, video_n int, user_n int, visitor int)`);
    await q(
      `insert into s_views
       select k, pg_temp.pick(k, 70, $2, 3.0),
              case when pg_temp.rnd(k, 71) < 0.6 then pg_temp.pick(k, 72, $3, 1.5) end,
              pg_temp.pick(k, 73, 20000, 1.0)
       from generate_series(1, $1::int) k`,
      [n.views, n.videos, n.users],
    );
  });

  await step('stage text (titles, descriptions, comments, bios)', async () => {
    await stageText(client, {
      table: 's_titles',
      source: `select n, topic, 1 from s_videos`,
      words: [3, 9],
      salt: 200,
      fullStop: false,
    });
    await stageText(client, {
      table: 's_descriptions',
      source: `select n, topic, 1 + floor(pg_temp.rnd(n, 22) * 5)::int from s_videos`,
      words: [6, 16],
      salt: 210,
      fullStop: true,
    });
    await stageText(client, {
      table: 's_comment_texts',
      source: `select c.k, v.topic, 1 + floor(pg_temp.rnd(c.k, 82) * 3)::int
               from s_comments c join s_videos v on v.n = c.video_n`,
      words: [3, 14],
      salt: 220,
      fullStop: true,
    });
    // Four in ten people wrote a bio.
    await stageText(client, {
      table: 's_bios',
      source: `select n, floor(pg_temp.rnd(n, 8) * ${topicWords.length})::int, 1 from s_users
               where pg_temp.rnd(n, 7) < 0.4`,
      words: [6, 20],
      salt: 230,
      fullStop: true,
    });
  });

  await step('users', async () => {
    await q(
      `insert into users (id, username, email, fullname, password_hash, avatar_key, bio,
                          subscribers_count, created_at, updated_at)
       select pg_temp.sid('user', u.n), name.username, name.username || '@example.com',
              initcap(name.first) || ' ' || initcap(name.last), $1,
              case when pg_temp.rnd(u.n, 6) < 0.7 then $2 end,
              coalesce(b.body, ''),
              coalesce(s.subscribers, 0), u.created_at, u.created_at
       from s_users u
       cross join lateral (
         select f.first, l.last,
                f.first || case when pg_temp.rnd(u.n, 10) < 0.5 then '.' else '_' end
                        || l.last || u.n as username
         from (select ($3::text[])[pg_temp.pick(u.n, 11, cardinality($3::text[]), 1.3)] as first) f,
              (select ($4::text[])[pg_temp.pick(u.n, 12, cardinality($4::text[]), 1.3)] as last) l
       ) name
       left join s_bios b on b.key = u.n
       left join (select channel_n, count(*)::int as subscribers
                  from s_subscriptions group by channel_n) s on s.channel_n = u.n
       order by u.created_at`,
      [passwordHash, media.avatarKey, firstNames, lastNames],
    );
  });

  await step('media_assets (a video and a thumbnail per video)', async () => {
    await q(`create temp table s_files (
      kind text, i int, key text, bytes bigint, width int, height int, duration real)`);
    for (const [kind, list] of [
      ['video', media.clips],
      ['image', media.thumbnails],
    ] as const) {
      for (const [i, f] of list.entries()) {
        await q(`insert into s_files values ($1, $2, $3, $4, $5, $6, $7)`, [
          kind,
          i + 1,
          f.key,
          f.bytes,
          f.width,
          f.height,
          kind === 'video' ? f.durationSeconds : null,
        ]);
      }
    }
    // Every video has its own asset rows (a video asset belongs to one video), but they share
    // the storage keys of the few real files.
    await q(
      `insert into media_assets (id, public_id, owner_id, kind, folder, storage_key, mime_type,
                                 format, bytes, width, height, duration_seconds, signature_hash,
                                 created_at)
       select a.id, a.folder || '/' || a.id, pg_temp.sid('user', v.owner_n), a.kind::media_kind,
              a.folder, f.key, a.mime, a.format, f.bytes, f.width, f.height, f.duration,
              'bench:' || a.id, v.created_at
       from s_videos v
       cross join lateral (values
         (pg_temp.sid('video-asset', v.n), 'video', 'videos', 'video/mp4', 'mp4', v.clip),
         (pg_temp.sid('thumbnail-asset', v.n), 'image', 'thumbnails', 'image/webp', 'webp',
          v.thumbnail)
       ) as a(id, kind, folder, mime, format, file)
       join s_files f on f.kind = a.kind and f.i = a.file
       order by v.created_at`,
    );
  });

  await step('videos (counters from the staged rows)', async () => {
    // The published total is kept by row triggers; one update of its row per video inside one
    // transaction would grow a version chain 94k long. Set it once instead (below).
    await q(`alter table videos disable trigger user`);
    await q(
      `insert into videos (id, owner_id, title, description, video_asset_id, thumbnail_asset_id,
                           duration_seconds, views, likes_count, comments_count, is_published,
                           status, processing_progress, processing_error, created_at, updated_at)
       select pg_temp.sid('video', v.n), pg_temp.sid('user', v.owner_n),
              ti.body, de.body,
              pg_temp.sid('video-asset', v.n), pg_temp.sid('thumbnail-asset', v.n),
              (select f.duration from s_files f where f.kind = 'video' and f.i = v.clip),
              coalesce(vw.c, 0), coalesce(l.c, 0), coalesce(c.c, 0), v.is_published,
              st.status::video_status,
              case when st.status = 'processing' then round(pg_temp.rnd(v.n, 24)::numeric, 2) end,
              case when st.status = 'failed'
                then 'The video could not be processed: ffmpeg exited with code 1' end,
              v.created_at, v.created_at
       from s_videos v
       join s_titles ti on ti.key = v.n
       join s_descriptions de on de.key = v.n
       cross join lateral (
         select case when pg_temp.rnd(v.n, 23) < 0.01 then 'processing'
                     when pg_temp.rnd(v.n, 23) < 0.015 then 'failed'
                     else 'ready' end as status
       ) st
       left join (select video_n, count(*)::int as c from s_views group by 1) vw
         on vw.video_n = v.n
       left join (select video_n, count(*)::int as c from s_likes group by 1) l on l.video_n = v.n
       left join (select video_n, count(*)::int as c from s_comments group by 1) c
         on c.video_n = v.n
       order by v.created_at`,
    );
    // The asset facts copied onto each video and its card's start (migration 0028) are row
    // triggers', off here.
    await q(
      `update videos v set video_key = a.storage_key, video_public_id = a.public_id,
              video_mime_type = a.mime_type, video_playable = a.browser_playable,
              video_codecs = a.codecs, thumbnail_key = t.storage_key,
              thumbnail_public_id = t.public_id,
              card_head = videos_card_head_of(v.id, v.title, v.description, v.created_at,
                                              v.updated_at)
       from media_assets a, media_assets t
       where a.id = v.video_asset_id and t.id = v.thumbnail_asset_id`,
    );
    // The card's body (migration 0031) reads the copies above, so it is written after them.
    await q(
      `update videos v set card_body = videos_card_body_of(v),
              card_unsafe_key = videos_card_unsafe_key_of(v)`,
    );
  });

  // What happens after a video is posted happens between its upload (or the person's sign-up,
  // whichever is later) and now.
  const after = (from: string, salt: number, key: string) =>
    `${from} + ($1::timestamptz - ${from}) * pg_temp.rnd(${key}, ${salt})`;

  await step('comments', async () => {
    // The videos' counts of visible comments came from the staged rows (above): the row trigger
    // that keeps them (migration 0026) would count each comment twice.
    await q(`alter table comments disable trigger user`);
    await q(
      `insert into comments (id, video_id, owner_id, content, created_at, updated_at)
       select pg_temp.sid('comment', c.k), pg_temp.sid('video', c.video_n),
              pg_temp.sid('user', c.user_n),
              ct.body, t.at, t.at
       from s_comments c
       join s_comment_texts ct on ct.key = c.k
       join s_videos v on v.n = c.video_n
       join s_users u on u.n = c.user_n
       cross join lateral (select ${after('greatest(v.created_at, u.created_at)', 83, 'c.k')} as at) t
       order by t.at`,
      [at],
    );
    await q(`alter table comments enable trigger user`);
  });

  await step('likes', async () => {
    await q(
      `insert into likes (id, user_id, video_id, created_at)
       select pg_temp.sid('like', l.k), pg_temp.sid('user', l.user_n),
              pg_temp.sid('video', l.video_n), t.at
       from s_likes l
       join s_videos v on v.n = l.video_n
       join s_users u on u.n = l.user_n
       cross join lateral (select ${after('greatest(v.created_at, u.created_at)', 84, 'l.k')} as at) t
       order by t.at`,
      [at],
    );
  });

  await step('subscriptions', async () => {
    await q(
      `insert into subscriptions (subscriber_id, channel_id, created_at)
       select pg_temp.sid('user', s.subscriber_n), pg_temp.sid('user', s.channel_n), t.at
       from s_subscriptions s
       join s_users a on a.n = s.subscriber_n
       join s_users b on b.n = s.channel_n
       cross join lateral (select ${after('greatest(a.created_at, b.created_at)', 85, 's.k')} as at) t
       order by t.at`,
      [at],
    );
  });

  await step('tweets', async () => {
    // At most 280 characters, as the check constraint says (two long sentences can pass it).
    await q(
      `insert into tweets (id, owner_id, content, created_at, updated_at)
       select pg_temp.sid('tweet', t.k), pg_temp.sid('user', t.owner_n),
              rtrim(left(tt.body, 280)), t.created_at, t.created_at
       from s_tweets t
       join s_tweet_texts tt on tt.key = t.k
       order by t.created_at`,
    );
  });

  await step('view_events', async () => {
    // Viewer keys as the server writes them: "user:<id>", or "anon:" and the base64url SHA-256
    // of a visitor's address and browser.
    await q(
      `insert into view_events (video_id, viewer_id, viewer_key, created_at)
       select pg_temp.sid('video', e.video_n), pg_temp.sid('user', e.user_n),
              case when e.user_n is not null then 'user:' || pg_temp.sid('user', e.user_n)
                   else 'anon:' || translate(rtrim(encode(sha256(convert_to(
                          'bench-visitor-' || e.visitor, 'UTF8')), 'base64'), '='), '+/', '-_')
              end,
              t.at
       from s_views e
       join s_videos v on v.n = e.video_n
       left join s_users u on u.n = e.user_n
       cross join lateral (
         select ${after('greatest(v.created_at, coalesce(u.created_at, v.created_at))', 86, 'e.k')} as at
       ) t
       order by t.at`,
      [at],
    );
  });

  await step('published total and search words (what the triggers keep)', async () => {
    await q(`update video_totals set published = (select count(*) from videos where is_published)`);
    // Users were inserted with their triggers on; the published videos' words are counted in
    // one pass (each row uses a word once: a tsvector holds each lexeme once).
    await q(
      `insert into search_words (word, uses)
       select w, count(*) from videos, search_words_of(search_vector) as w
       where is_published group by w
       on conflict (word) do update set uses = search_words.uses + excluded.uses`,
    );
    // What a visitor sees, for the followed feeds (migration 0034's trigger, off here).
    await q(
      `insert into published_videos (video_id, owner_id, created_at)
       select id, owner_id, created_at from videos where is_published and hidden_at is null
       order by created_at, id`,
    );
    await q(`alter table videos enable trigger user`);
  });

  await step('trending views (the last 7 days of view events)', async () => {
    // What the server's refresh job would write (VideosRepository.refreshTrending).
    await q(
      `update videos v set trending_views = r.n
       from (select video_id, count(*)::int as n from view_events
             where created_at > now() - interval '7 days' group by video_id) r
       where r.video_id = v.id`,
    );
  });

  await step(`recreate ${indexes.length} indexes`, async () => {
    for (const index of indexes) await q(index.indexdef);
  });
  await q('commit');
  if (likeRounds > 1 || subscriptionRounds > 1) {
    console.log(`  (pairs took ${likeRounds} and ${subscriptionRounds} rounds to be unique)`);
  }
}

/**
 * Stages generated text, one row per key, set-based: `source` answers (key, topic, sentences);
 * each sentence has `words` words (a range), 70% from the row's topic and 30% general words,
 * frequent words more often. Titles are one sentence without a full stop.
 */
async function stageText(
  client: pg.Client,
  spec: {
    table: string;
    source: string;
    words: [number, number];
    salt: number;
    fullStop: boolean;
  },
): Promise<void> {
  const [fewest, most] = spec.words;
  const { salt } = spec;
  await client.query(`create temp table ${spec.table} (key bigint primary key, body text)`);
  await client.query(
    `insert into ${spec.table} (key, body)
     select t.key, string_agg(t.sentence, ' ' order by t.s)
     from (
       select src.key, s.s,
              upper(left(ph.p, 1)) || substr(ph.p, 2) ${spec.fullStop ? "|| '.'" : ''} as sentence
       from (${spec.source}) as src(key, topic, sentences)
       cross join lateral generate_series(1, least(src.sentences, 7)) as s(s)
       cross join lateral (
         select string_agg(
                  case when pg_temp.rnd(w.k, ${salt + 1}) < 0.7
                    then ($1::text[])[src.topic * $3::int + pg_temp.pick(w.k, ${salt + 2}, $3, 1.7)]
                    else ($2::text[])[pg_temp.pick(w.k, ${salt + 3}, $4, 1.5)]
                  end, ' ' order by w.i) as p
         from (select i, (src.key * 8 + s.s) * 256 + i as k
               from generate_series(1, ${fewest} + floor(pg_temp.rnd(src.key * 8 + s.s, ${salt})
                                                   * ${most - fewest + 1})::int) as i) w
       ) ph
     ) t
     group by t.key`,
    [topicWords.flat(), generalWords, topicSize, generalWords.length],
  );
}

/**
 * Stages `want` distinct pairs in a temporary table keyed by the pair: candidates come from a
 * skewed generator, duplicates are dropped by the key, and a few more rounds top up what the
 * duplicates cost (bounded). The `want` candidates with the smallest numbers are kept.
 */
async function stageUniquePairs(
  client: pg.Client,
  spec: {
    table: string;
    columns: [string, string];
    want: number;
    candidate: (salt: number) => string;
    where?: string;
  },
): Promise<number> {
  const [a, b] = spec.columns;
  await client.query(
    `create temp table ${spec.table} (k bigint not null, ${a} int not null, ${b} int not null,
                                      primary key (${a}, ${b}))`,
  );
  let have = 0;
  let nextK = 1;
  let round = 0;
  for (; round < 8 && have < spec.want; round++) {
    const batch = Math.ceil((spec.want - have) * 1.2) + 1000;
    await client.query(
      `insert into ${spec.table} (k, ${a}, ${b})
       select k, ${a}, ${b}
       from (select k, ${spec.candidate(100 + round * 10)}
             from generate_series($1::bigint, $2::bigint) k) as c(k, ${a}, ${b})
       ${spec.where ? `where ${spec.where}` : ''}
       on conflict do nothing`,
      [nextK, nextK + batch - 1],
    );
    nextK += batch;
    have = Number((await client.query(`select count(*) from ${spec.table}`)).rows[0].count);
  }
  if (have < spec.want) {
    throw new Error(`Could not make ${spec.want} distinct ${spec.table} pairs (got ${have})`);
  }
  await client.query(
    `delete from ${spec.table} where k > (select k from ${spec.table} order by k offset $1 limit 1)`,
    [spec.want - 1],
  );
  return round;
}

async function finish(client: pg.Client): Promise<void> {
  await step('vacuum analyze', async () => {
    // Freshly loaded tables are vacuumed by autovacuum within minutes; doing it now sets the
    // visibility map and the statistics the planner will have in steady state.
    for (const table of bulkTables) await client.query(`vacuum (analyze) ${table}`);
  });
  await step('check counters and sizes', async () => {
    const { rows: problems } = await client.query(`
      select 'videos.views' as counter, count(*)::int as wrong from videos v
        left join (select video_id, count(*) c from view_events group by 1) x on x.video_id = v.id
        where v.views <> coalesce(x.c, 0)
      union all
      select 'videos.likes_count', count(*)::int from videos v
        left join (select video_id, count(*) c from likes group by 1) x on x.video_id = v.id
        where v.likes_count <> coalesce(x.c, 0)
      union all
      select 'videos.comments_count', count(*)::int from videos v
        left join (select video_id, count(*) c from comments group by 1) x on x.video_id = v.id
        where v.comments_count <> coalesce(x.c, 0)
      union all
      select 'users.subscribers_count', count(*)::int from users u
        left join (select channel_id, count(*) c from subscriptions group by 1) x
          on x.channel_id = u.id
        where u.subscribers_count <> coalesce(x.c, 0)`);
    const wrong = problems.filter((p: { wrong: number }) => p.wrong > 0);
    if (wrong.length > 0) throw new Error(`Counters disagree with rows: ${JSON.stringify(wrong)}`);
  });
  const { rows } = await client.query(
    `
    select relname as table, n_live_tup::bigint as rows,
           pg_size_pretty(pg_total_relation_size(relid)) as size
    from pg_stat_user_tables where relname = any($1) order by relname`,
    [bulkTables],
  );
  console.log('\nRows and sizes (with indexes):');
  for (const r of rows)
    console.log(`  ${r.table.padEnd(16)} ${String(r.rows).padStart(9)}  ${r.size}`);
  const { rows: facts } = await client.query(
    `
    select (select count(*) from videos where is_published)::int as published,
           (select max(views) from videos)::int as top_views,
           (select percentile_cont(0.5) within group (order by views) from videos) as median_views,
           (select max(c) from (select count(*) c from videos group by owner_id) x)::int as top_channel_videos,
           (select count(distinct owner_id) from videos)::int as channels,
           (select min(created_at)::date || ' .. ' || max(created_at)::date from videos) as span,
           (select username from users order by subscribers_count desc limit 1) as top_channel,
           (select max(c) from (select count(*) c from tweets group by owner_id) x)::int as top_tweeter_tweets,
           (select count(*) from (select 1 from subscriptions group by subscriber_id
                                  having count(*) >= $1) x)::int as heavy_followers,
           (select max(c) from (select count(*) c from subscriptions group by subscriber_id) x)::int
             as most_follows`,
    [n.heavyFollows],
  );
  console.log(`\n${JSON.stringify(facts[0])}`);
}

async function main(): Promise<void> {
  console.log(`Seeding ${databaseUrl.replace(/:[^:@/]*@/, ':***@')} (seed ${seed})`);
  console.log(`  ${JSON.stringify(n)}`);
  await step('create database and migrate', prepareDatabase);
  const media = await step(`media files in ${dataDir}/media`, async () => makeMedia());
  const passwordHash = await hashPassword(benchPassword);

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('select count(*)::int as users from users');
    if (rows[0].users > 0) {
      throw new Error(
        `The database already has ${rows[0].users} users: pass --fresh to drop and recreate it`,
      );
    }
    // Temporary tables live in temp_buffers, which must be set before the first one is used.
    await client.query(`set temp_buffers = '512MB'`);
    await client.query(`set work_mem = '256MB'`);
    await client.query(`set maintenance_work_mem = '1GB'`);
    await client.query(`set synchronous_commit = off`);
    await client.query(`set jit = off`);
    await seedRows(client, media, passwordHash);
    await finish(client);
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
  const total = (performance.now() - started) / 1000;
  console.log(
    `\nDone in ${total.toFixed(1)} s. Sign in as any seeded user with "${benchPassword}".`,
  );
  console.log(`Serve it: DATABASE_URL=${databaseUrl} DATA_DIR=${dataDir} npm start`);
}

try {
  await main();
} catch (error) {
  console.error(`\nSeeding failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
