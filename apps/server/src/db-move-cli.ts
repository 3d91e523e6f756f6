// `npm run db:move -- --to postgres://user:pass@host/db`: copies the embedded database (DATA_DIR)
// into an empty PostgreSQL database, checks every table's count and prints what to start with.
// `npm run db:move -- --to-s3`: copies local media (DATA_DIR/media) into the bucket the S3_*
// settings name. Both may be given at once. Stop the server first: PGlite is one process's
// database, and files written meanwhile would be missed.
import { parseArgs } from 'node:util';
import pino from 'pino';
import { BackupError } from './platform/backup/archive';
import { moveDatabase, moveMedia } from './platform/backup/move';
import { ConfigError, loadConfig } from './platform/config/config';
import { openDatabase } from './platform/db/client';
import { JobQueue } from './platform/queue/job-queue';
import { createStorage } from './platform/storage/create-storage';
import { requeueUnfinishedVideos } from './modules/videos';

const usage = 'Usage: npm run db:move -- [--to postgres://…] [--to-s3]';

/** The URL as it may be shown: its password hidden. */
function shown(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

async function toPostgres(url: string) {
  if (!/^postgres(ql)?:\/\//.test(url))
    throw new BackupError(`${usage}\n--to takes a postgres:// URL`);
  const config = loadConfig(process.env, []);
  if (config.database.kind !== 'pglite') {
    throw new BackupError('DATABASE_URL is set: this installation is on PostgreSQL already');
  }
  const source = await openDatabase(config.database);
  const target = await openDatabase({ kind: 'postgres', url });
  try {
    await source.migrate();
    await target.migrate();
    const { counts } = await moveDatabase(source.db, target.db);
    const queue = await JobQueue.start(target.queueConnection, pino({ level: 'warn' }));
    const requeued = await requeueUnfinishedVideos(target.db, queue);
    await queue.stop();
    const rows = Object.values(counts).reduce((sum, count) => sum + count, 0);
    console.log(
      `Moved ${rows} rows in ${Object.keys(counts).length} tables (the same count in each on both sides): ` +
        `${counts.users ?? 0} accounts, ${counts.videos ?? 0} videos, ${counts.comments ?? 0} comments, ` +
        `${counts.messages ?? 0} messages` +
        (requeued > 0 ? `; ${requeued} videos being processed are queued again` : '') +
        `.\nStart Kinora with DATABASE_URL=${shown(url)} (the password as you gave it), ` +
        `keeping DATA_DIR for its secrets and media. ${config.database.dir} is no longer used.`,
    );
  } finally {
    await target.close();
    await source.close();
  }
}

async function toS3() {
  const config = loadConfig(process.env, []);
  if (config.storage.driver !== 'local') {
    throw new BackupError('STORAGE_DRIVER is s3 already: the media are in a bucket');
  }
  let bucket;
  try {
    bucket = loadConfig({ ...process.env, STORAGE_DRIVER: 's3' }, []).storage;
  } catch (error) {
    if (error instanceof ConfigError) {
      throw new BackupError(`--to-s3 needs the bucket's settings: ${error.problems.join('; ')}`);
    }
    throw error;
  }
  const source = createStorage(config.storage);
  const target = createStorage(bucket);
  try {
    const moved = await moveMedia(source, target);
    console.log(
      `${moved.files} media files (${moved.bytes} bytes) are in the bucket (${moved.copied} copied now, ` +
        `the rest were there already). Start Kinora with STORAGE_DRIVER=s3 and the same S3_* settings.`,
    );
  } finally {
    target.close?.();
  }
}

try {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { to: { type: 'string' }, 'to-s3': { type: 'boolean' } },
  });
  if (!values.to && !values['to-s3']) throw new BackupError(usage);
  if (values.to) await toPostgres(values.to);
  if (values['to-s3']) await toS3();
} catch (error) {
  console.error(error instanceof BackupError || error instanceof TypeError ? error.message : error);
  process.exitCode = 1;
}
