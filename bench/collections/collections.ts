// Collections speed (issue 11): a 5,000-video playlist, a 10,000-entry watch history and about
// 5,000 liked videos of one seeded user, read through the server's own services and
// repositories (as bench/load/explain.ts builds them), so the SQL measured is the SQL served.
// Not a test. Prints Markdown for bench/README.md:
//
//   npx tsx bench/collections/collections.ts \
//     [--template kinora_bench] [--admin-url postgres://postgres@127.0.0.1:5432/postgres] \
//     [--runs 50] [--keep]
//
// The seeded database is never written: the run copies it (CREATE DATABASE ... TEMPLATE), fills
// the copy with set-based SQL, measures, and drops the copy unless --keep is given.
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Viewer } from '../../apps/server/src/platform/auth/roles';
import type { Database } from '../../apps/server/src/platform/db/client';
import { DomainEvents } from '../../apps/server/src/platform/events/domain-events';
import { encodeCursor } from '../../apps/server/src/platform/db/keyset';
import * as schema from '../../apps/server/src/platform/db/schema';
import type { CommentsService } from '../../apps/server/src/modules/comments';
import { HistoryRepository } from '../../apps/server/src/modules/history/history.repository';
import { HistoryService } from '../../apps/server/src/modules/history/history.service';
import { LikesRepository } from '../../apps/server/src/modules/likes/likes.repository';
import { LikesService } from '../../apps/server/src/modules/likes/likes.service';
import { PlaylistsRepository } from '../../apps/server/src/modules/playlists/playlists.repository';
import { PlaylistsService } from '../../apps/server/src/modules/playlists/playlists.service';
import type { UploadsService } from '../../apps/server/src/modules/uploads';
import { VideosRepository } from '../../apps/server/src/modules/videos/videos.repository';
import { VideosService } from '../../apps/server/src/modules/videos/videos.service';

const { values: args } = parseArgs({
  options: {
    template: { type: 'string', default: 'kinora_bench' },
    'admin-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    runs: { type: 'string', default: '50' },
    keep: { type: 'boolean', default: false },
  },
  strict: true,
});
const runs = Number(args.runs);
const copyName = `${args.template}_collections`;
const copyUrl = (() => {
  const url = new URL(args['admin-url']);
  url.pathname = `/${copyName}`;
  return url.toString();
})();

/** Copies the seeded database so that its rows stay as they are. */
async function withCopy<T>(body: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: args['admin-url'] });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${copyName}`);
    const started = performance.now();
    await admin.query(`create database ${copyName} template ${args.template}`);
    console.error(
      `copied ${args.template} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const pool = new pg.Pool({ connectionString: copyUrl, max: 2 });
    try {
      return await body(pool);
    } finally {
      await pool.end();
      if (!args.keep) await admin.query(`drop database ${copyName}`);
    }
  } finally {
    await admin.end();
  }
}

interface Fixture {
  userId: string;
  playlistId: string;
  historyCursor: string;
  likesCursor: string;
  counts: { items: number; history: number; likes: number };
}

/** One seeded user gets a 5,000-video playlist, 10,000 history entries, ~5,000 liked videos. */
async function fill(pool: pg.Pool): Promise<Fixture> {
  const started = performance.now();
  const { rows: who } = await pool.query<{ id: string }>(
    `select id from users order by md5(email) limit 1`,
  );
  const userId = who[0]!.id;
  // History would refuse every row while paused (trigger of migration 0012).
  await pool.query(`update users set history_paused = false where id = $1`, [userId]);
  const { rows: made } = await pool.query<{ id: string }>(
    `insert into playlists (owner_id, name, description, visibility)
     values ($1, 'Bench: 5,000 videos', '', 'public') returning id`,
    [userId],
  );
  const playlistId = made[0]!.id;
  // Published videos in a scattered order, so that items do not follow the videos' heap order.
  await pool.query(
    `insert into playlist_items (playlist_id, video_id, position, added_at)
     select $1, id, (row_number() over (order by md5(id::text))) - 1,
            now() - interval '1 day' + (row_number() over (order by md5(id::text))) * interval '1 second'
     from (select id from videos where is_published order by md5(id::text) limit 5000) v`,
    [playlistId],
  );
  await pool.query(
    `insert into watch_history (user_id, video_id, watched_at, position_seconds)
     select $1, id, now() - (row_number() over (order by md5(id::text || 'h'))) * interval '37 seconds', 30
     from (select id from videos where is_published order by md5(id::text || 'h') limit 10000) v
     on conflict do nothing`,
    [userId],
  );
  // The seed gave the user some likes already; add the rest up to about 5,000.
  await pool.query(
    `insert into likes (user_id, video_id, created_at)
     select $1, id, now() - (row_number() over (order by md5(id::text || 'l'))) * interval '53 seconds'
     from (select id from videos where is_published order by md5(id::text || 'l') limit 5000) v
     on conflict (user_id, video_id) do nothing`,
    [userId],
  );
  await pool.query(
    `analyze playlist_items; analyze watch_history; analyze likes; analyze playlists`,
  );
  const { rows: counts } = await pool.query<{ items: number; history: number; likes: number }>(
    `select (select count(*)::int from playlist_items where playlist_id = $2) as items,
            (select count(*)::int from watch_history where user_id = $1) as history,
            (select count(*)::int from likes where user_id = $1 and video_id is not null) as likes`,
    [userId, playlistId],
  );
  // The cursors a client holds after scrolling near the end: the 9,950th history entry and
  // the 4,950th like, in each list's own order (the same as the cursors the server writes).
  const { rows: h } = await pool.query<{ micros: string; id: string }>(
    `select (extract(epoch from watched_at) * 1000000)::bigint::text as micros, video_id as id
     from watch_history where user_id = $1
     order by watched_at desc, video_id desc offset 9949 limit 1`,
    [userId],
  );
  const { rows: l } = await pool.query<{ micros: string; id: string }>(
    `select (extract(epoch from created_at) * 1000000)::bigint::text as micros, id
     from likes where user_id = $1 and video_id is not null
     order by created_at desc, id desc offset 4949 limit 1`,
    [userId],
  );
  console.error(`filled in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return {
    userId,
    playlistId,
    historyCursor: encodeCursor(h[0]!),
    likesCursor: encodeCursor(l[0]!),
    counts: counts[0]!,
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(pool: pg.Pool, fixture: Fixture): Promise<void> {
  const captured: { sql: string; params: unknown[] }[] = [];
  const db = drizzle({
    client: pool,
    schema,
    logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
  }) as unknown as Database;
  // The read paths measured never touch uploads, jobs or comments.
  const unused = <T extends object>(): T =>
    new Proxy({} as T, {
      get: () => {
        throw new Error('not used by the read paths');
      },
    });
  // Nothing listens to the changes made here.
  const events = new DomainEvents(() => undefined);
  const videos = new VideosService(
    new VideosRepository(db, '/media/'),
    unused<UploadsService>(),
    {
      processVideo: async () => undefined,
      deleteFiles: async () => undefined,
    },
    events,
  );
  const playlists = new PlaylistsService(new PlaylistsRepository(db), videos, events);
  const history = new HistoryService(new HistoryRepository(db, '/media/'), videos, events);
  const likes = new LikesService(
    new LikesRepository(db),
    videos,
    unused<CommentsService>(),
    events,
  );
  const owner: Viewer = { userId: fixture.userId, role: 'user' };

  // Route inputs as the contract's defaults make them (playlist limit 200, history 50, likes 50).
  const calls: { title: string; rows: string; run: () => Promise<unknown[]> }[] = [
    {
      title: 'GET /playlists/{id}, first page (200)',
      rows: 'videos',
      run: async () =>
        (await playlists.getPlaylist({ playlistId: fixture.playlistId, viewer: owner })).videos,
    },
    {
      title: 'GET /playlists/{id}?after=4799, last page (200)',
      rows: 'videos',
      run: async () =>
        (
          await playlists.getPlaylist({
            playlistId: fixture.playlistId,
            viewer: owner,
            after: 4799,
          })
        ).videos,
    },
    {
      title: 'GET /users/watchHistory, first page (50)',
      rows: 'entries',
      run: () => history.watchHistory({ actor: owner, cursor: undefined, limit: 50 }),
    },
    {
      title: 'GET /users/watchHistory?cursor=<9,950th entry> (50)',
      rows: 'entries',
      run: () => history.watchHistory({ actor: owner, cursor: fixture.historyCursor, limit: 50 }),
    },
    {
      title: 'GET /likes/videos/{userId}, first page (50)',
      rows: 'videos',
      run: () =>
        likes.likedVideos({ userId: fixture.userId, actor: owner, cursor: undefined, limit: 50 }),
    },
    {
      title: 'GET /likes/videos/{userId}?cursor=<4,950th like> (50)',
      rows: 'videos',
      run: () =>
        likes.likedVideos({
          userId: fixture.userId,
          actor: owner,
          cursor: fixture.likesCursor,
          limit: 50,
        }),
    },
  ];

  const { rows: version } = await pool.query<{ v: string }>(
    `select current_setting('server_version') as v`,
  );
  console.log(
    `<!-- collections.ts on PostgreSQL ${version[0]!.v}, ${new Date().toISOString()}, ` +
      `${runs} runs per call -->\n`,
  );
  console.log(
    `Fixture: one seeded user with a playlist of ${fixture.counts.items} videos, ` +
      `${fixture.counts.history} history entries and ${fixture.counts.likes} liked videos.\n`,
  );
  const table: string[] = [
    '| Call | Rows | Queries | Median ms | p95 ms |',
    '| --- | ---: | ---: | ---: | ---: |',
  ];
  const plans: string[] = [];
  for (const call of calls) {
    // Warm the cache and the pool, then count the statements of one call.
    for (let i = 0; i < 5; i++) await call.run();
    captured.length = 0;
    const rows = (await call.run()).length;
    const queries = [...captured];
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await call.run();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    table.push(
      `| ${call.title} | ${rows} ${call.rows} | ${queries.length} | ` +
        `${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} |`,
    );
    plans.push(`\n#### ${call.title}\n`);
    for (const [i, query] of queries.entries()) {
      const { rows: plan } = await pool.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${query.sql}`,
        query.params,
      );
      plans.push(`Query ${i + 1}:\n\n\`\`\`sql\n${query.sql.trim()}\n\`\`\`\n`);
      plans.push(`\`\`\`\n${plan.map((r) => r['QUERY PLAN']).join('\n')}\n\`\`\`\n`);
    }
  }
  console.log(table.join('\n'));
  console.log(plans.join('\n'));
}

await withCopy(async (pool) => measure(pool, await fill(pool)));
