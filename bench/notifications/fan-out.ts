// Fan-out of a new video to a channel's followers (issue 21, decision 0035): a fresh database,
// a channel with --followers followers (set-based SQL), a published video, then the same path
// as an upload: `startVideoFanOut` queues the first batch (what the upload's answer waits for)
// and the real job queue's workers run the batches, one INSERT…SELECT each, until every
// follower has the entry. Not a test. Prints the figures for bench/README.md:
//
//   npx tsx bench/notifications/fan-out.ts [--followers 100000] [--batch 5000] \
//     [--db postgres|pglite] [--admin-url postgres://postgres@127.0.0.1:5432/postgres]
//
// On PostgreSQL the database is created for the run and dropped after.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { integerOptions } from '../args';
import {
  openDatabase,
  queryRows,
  type DatabaseHandle,
} from '../../apps/server/src/platform/db/client';
import { DomainEvents } from '../../apps/server/src/platform/events/domain-events';
import { JobQueue } from '../../apps/server/src/platform/queue/job-queue';
import {
  fanOutVideoJob,
  NotificationsRepository,
  NotificationsService,
} from '../../apps/server/src/modules/notifications';

const { values: args } = parseArgs({
  options: {
    followers: { type: 'string', default: '100000' },
    batch: { type: 'string', default: '5000' },
    db: { type: 'string', default: 'postgres' },
    'admin-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
  strict: true,
});
const integer = integerOptions(args);
const followers = integer('followers', 1, 1_000_000);
const batchSize = integer('batch', 100, 100_000);
if (args.db !== 'postgres' && args.db !== 'pglite') throw new Error('--db is postgres or pglite');

const seconds = (ms: number) => (ms / 1000).toFixed(2);

async function withDatabase<T>(body: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  if (args.db === 'pglite') {
    const handle = await openDatabase({ kind: 'pglite-memory' });
    await handle.migrate();
    try {
      return await body(handle);
    } finally {
      await handle.close();
    }
  }
  const name = `kinora_fanout_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: args['admin-url'] });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(args['admin-url']);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  try {
    await handle.migrate();
    return await body(handle);
  } finally {
    await handle.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** A channel, its followers and a published video, in three statements. */
async function seed(handle: DatabaseHandle): Promise<{ channelId: string; videoId: string }> {
  const db = handle.db;
  const started = performance.now();
  const [channel] = await queryRows<{ id: string }>(
    db,
    sql`insert into users (username, email, fullname, password_hash)
        values ('big_channel', 'big@example.com', 'Big Channel', 'x') returning id`,
  );
  await db.execute(
    sql`with people as (
          insert into users (username, email, fullname, password_hash)
          select 'follower_' || i, 'f' || i || '@example.com', 'Follower ' || i, 'x'
          from generate_series(1, ${followers}) as i
          returning id)
        insert into subscriptions (subscriber_id, channel_id)
        select id, ${channel!.id}::uuid from people`,
  );
  const [video] = await queryRows<{ id: string }>(
    db,
    sql`insert into videos (owner_id, title, description, is_published)
        values (${channel!.id}, 'A new video', '', true) returning id`,
  );
  await db.execute(sql`analyze`);
  console.error(`seeded ${followers} followers in ${seconds(performance.now() - started)} s`);
  return { channelId: channel!.id, videoId: video!.id };
}

await withDatabase(async (handle) => {
  const { channelId, videoId } = await seed(handle);
  const queue = await JobQueue.start(handle.queueConnection, pino({ level: 'silent' }));
  await queue.declare(fanOutVideoJob);
  const events = new DomainEvents(() => undefined);
  let told = 0;
  events.on('notifications.changed', ({ userIds }) => {
    told += userIds.length;
  });
  const service = new NotificationsService(
    new NotificationsRepository(handle.db),
    { fanOutVideo: (batch) => queue.send(fanOutVideoJob, batch) },
    events,
  );
  let batches = 0;
  const started = performance.now();
  await queue.work(
    fanOutVideoJob,
    async (batch) => {
      batches++;
      await service.fanOutVideoBatch(batch, batchSize);
    },
    // As the worker runs it (src/workers.ts): two at once, though one chain is sequential.
    { concurrency: 2, pollingIntervalSeconds: 0.1 },
  );
  await service.startVideoFanOut({ videoId, ownerId: channelId });
  const queued = performance.now() - started;
  while (told < followers) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (performance.now() - started > 600_000) throw new Error('fan-out took over 10 minutes');
  }
  const done = performance.now() - started;
  const [count] = await queryRows<{ n: string }>(
    handle.db,
    sql`select count(*)::text as n from notifications where video_id = ${videoId}`,
  );
  await queue.stop();
  console.log(
    `| ${args.db} | ${followers} | ${batchSize} | ${batches} | ${queued.toFixed(1)} ms | ${seconds(done)} s | ${count!.n} |`,
  );
});
