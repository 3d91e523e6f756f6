// EXPLAIN (ANALYZE, BUFFERS) of the SQL that the benchmarked calls run, taken from the
// server's own services and repositories (not copied by hand), so the plans stay true as the
// code changes. Prints Markdown for bench/README.md. Not a test. Run on a seeded database:
//
//   npx tsx bench/load/explain.ts --database-url postgres://postgres@127.0.0.1:5432/kinora_bench \
//     [--query guitar] [--video-id <uuid>] [--channel-id <uuid>] [--costs] [--feeds]
//
// --feeds explains only the two following feeds (issue 12), first page and next page, for the
// person following the most channels (the first of the load run's `--followers`).
//
// Each query is run once to warm the cache, then explained; the count of queries per call shows
// that no call issues one query per row (no N+1).
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '../../apps/server/src/platform/db/client';
import { DomainEvents } from '../../apps/server/src/platform/events/domain-events';
import * as schema from '../../apps/server/src/platform/db/schema';
import { ChannelsRepository } from '../../apps/server/src/modules/channels/channels.repository';
import { ChannelsService } from '../../apps/server/src/modules/channels/channels.service';
import { SearchRepository } from '../../apps/server/src/modules/search/search.repository';
import { SearchService } from '../../apps/server/src/modules/search/search.service';
import { SubscriptionsRepository } from '../../apps/server/src/modules/subscriptions/subscriptions.repository';
import { SubscriptionsService } from '../../apps/server/src/modules/subscriptions/subscriptions.service';
import { TweetsRepository } from '../../apps/server/src/modules/tweets/tweets.repository';
import { TweetsService } from '../../apps/server/src/modules/tweets/tweets.service';
import type { UploadsService } from '../../apps/server/src/modules/uploads';
import { VideosRepository } from '../../apps/server/src/modules/videos/videos.repository';
import { VideosService } from '../../apps/server/src/modules/videos/videos.service';

const { values: args } = parseArgs({
  options: {
    'database-url': {
      type: 'string',
      default: 'postgres://postgres@127.0.0.1:5432/kinora_bench',
    },
    query: { type: 'string', default: 'guitar' },
    'video-id': { type: 'string' },
    'channel-id': { type: 'string' },
    costs: { type: 'boolean', default: false },
    feeds: { type: 'boolean', default: false },
  },
  strict: true,
});

const pool = new pg.Pool({ connectionString: args['database-url'], max: 2 });
const captured: { sql: string; params: unknown[] }[] = [];
const db = drizzle({
  client: pool,
  schema,
  logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
}) as unknown as Database;

// The read paths measured never touch uploads or jobs.
const unused = new Proxy({} as UploadsService, {
  get: () => {
    throw new Error('not used by the read paths');
  },
});
// Nothing listens: the read paths measured change nothing.
const events = new DomainEvents(() => undefined);
const videos = new VideosService(
  new VideosRepository(db, '/media/'),
  unused,
  {
    processVideo: async () => undefined,
    deleteFiles: async () => undefined,
  },
  events,
);
const search = new SearchService(new SearchRepository(db), videos);
const channels = new ChannelsService(new ChannelsRepository(db), videos, events);
const subscriptions = new SubscriptionsService(new SubscriptionsRepository(db), videos, events);
const tweets = new TweetsService(new TweetsRepository(db), events);
// The same feeds with a window of one item: the first step never fills the page, so the second
// (each followed channel's own index range) answers: the plan of a person whose channels
// post rarely, shown for the same person.
const subscriptionsByChannel = new SubscriptionsService(
  new SubscriptionsRepository(db, 1),
  videos,
  events,
);
const tweetsByChannel = new TweetsService(new TweetsRepository(db, 1), events);

interface Ids {
  videoId: string;
  channelId: string;
  people: string[];
  follower: { id: string; follows: number };
}

async function pickIds(): Promise<Ids> {
  const { rows } = await pool.query<{ video_id: string; channel_id: string }>(
    `select v.id as video_id, v.owner_id as channel_id from videos v
     where v.is_published order by v.views desc, v.id limit 1`,
  );
  const top = rows[0];
  if (!top) throw new Error('The database has no published video: seed it first');
  // The first of the accounts the load run signs in (bench/load/load.ts).
  const people = await pool.query<{ id: string }>(
    `select id from users order by md5(email) limit 20`,
  );
  // The first of the followers the load run signs in: the most channels followed.
  const follower = await pool.query<{ id: string; follows: number }>(
    `select u.id, f.follows from users u
     join (select subscriber_id, count(*)::int as follows from subscriptions
           group by subscriber_id) f on f.subscriber_id = u.id
     order by f.follows desc, md5(u.email) limit 1`,
  );
  return {
    videoId: args['video-id'] ?? top.video_id,
    channelId: args['channel-id'] ?? top.channel_id,
    people: people.rows.map((r) => r.id),
    follower: follower.rows[0] ?? { id: people.rows[0]!.id, follows: 0 },
  };
}

/** The two following feeds, first page and the page after it (by the first's cursor). */
async function feedCalls(ids: Ids) {
  const actor = { userId: ids.follower.id, role: 'user' as const };
  const who = `a person following ${ids.follower.follows} channels`;
  const videosFirst = await subscriptions.videoFeed({ actor, limit: 20 });
  const tweetsFirst = await tweets.tweetFeed({ actor, limit: 10 });
  const page = (cursor: string | null) => (cursor === null ? {} : { cursor });
  return [
    {
      title: `Subscriptions feed, ${who}: GET /api/v1/subscriptions/feed?limit=20`,
      run: () => subscriptions.videoFeed({ actor, limit: 20 }),
    },
    {
      title: `Subscriptions feed, ${who}: the next page (cursor)`,
      run: () => subscriptions.videoFeed({ actor, limit: 20, ...page(videosFirst.nextCursor) }),
    },
    {
      title: `Tweets feed, ${who}: GET /api/v1/tweets/feed?limit=10`,
      run: () => tweets.tweetFeed({ actor, limit: 10 }),
    },
    {
      title: `Tweets feed, ${who}: the next page (cursor)`,
      run: () => tweets.tweetFeed({ actor, limit: 10, ...page(tweetsFirst.nextCursor) }),
    },
    {
      title: `Subscriptions feed, ${who}, its second step alone (each channel's newest)`,
      run: () => subscriptionsByChannel.videoFeed({ actor, limit: 20 }),
    },
    {
      title: `Tweets feed, ${who}, its second step alone (each channel's newest)`,
      run: () => tweetsByChannel.tweetFeed({ actor, limit: 10 }),
    },
  ];
}

/** Route inputs exactly as the contract's defaults make them. */
function calls(ids: Ids) {
  return [
    {
      title: 'Home: GET /api/v1/videos?page=1&limit=100&sortBy=views&sortType=desc',
      run: () =>
        videos.listVideos({
          query: { page: 1, limit: 100, sortBy: 'views', sortType: 'desc' },
          viewer: null,
        }),
    },
    {
      title: `GET /api/v1/videos/{id} (the most viewed video)`,
      run: () => videos.getVideo({ videoId: ids.videoId, viewer: null }),
    },
    {
      title: `GET /api/v1/search?query=${args.query}`,
      run: () =>
        search.search({ query: args.query!, type: 'all', page: 1, limit: 10, viewer: null }),
    },
    {
      title: `GET /api/v1/channels/{id} (the owner of the most viewed video)`,
      run: () => channels.getChannel({ by: { id: ids.channelId }, viewer: null }),
    },
    {
      // Signed in, the kept channel answer needs only the reader's own flag (decision 0018);
      // readers asking in the same turn of the event loop share one statement.
      title: `Signed in: isSubscribed of ${ids.people.length} readers of that channel at once`,
      run: () =>
        Promise.all(
          ids.people.map((viewerId) =>
            channels.isSubscribed({ viewerId, channelId: ids.channelId }),
          ),
        ),
    },
  ];
}

async function main(): Promise<void> {
  const client = await pool.connect();
  try {
    const ids = await pickIds();
    const { rows: version } = await client.query<{ v: string }>(
      `select current_setting('server_version') as v`,
    );
    console.log(`<!-- explain.ts on PostgreSQL ${version[0]!.v}, ${new Date().toISOString()} -->`);
    const list = args.feeds ? await feedCalls(ids) : [...calls(ids), ...(await feedCalls(ids))];
    for (const call of list) {
      captured.length = 0;
      await call.run();
      const queries = [...captured];
      console.log(`\n### ${call.title}\n`);
      console.log(
        `${queries.length} ${queries.length === 1 ? 'query' : 'queries'} for the call` +
          ` (parameters: ${JSON.stringify(queries.map((q) => q.params))}).\n`,
      );
      for (const [i, query] of queries.entries()) {
        // Warm, then explain the same statement with the same bound parameters.
        await client.query(query.sql, query.params);
        const options = `ANALYZE, BUFFERS${args.costs ? '' : ', COSTS OFF'}`;
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN (${options}) ${query.sql}`,
          query.params,
        );
        console.log(`Query ${i + 1}:\n\n\`\`\`sql\n${query.sql.trim()}\n\`\`\`\n`);
        console.log(`\`\`\`\n${rows.map((r) => r['QUERY PLAN']).join('\n')}\n\`\`\`\n`);
      }
    }
  } finally {
    client.release();
    await pool.end();
  }
}

await main();
