// `npm run backup -- [--out FILE]`: one archive of the database, the media and the secrets of the
// installation the environment names (DATA_DIR, DATABASE_URL, STORAGE_DRIVER).
// `npm run restore -- FILE`: brings such an archive into an empty installation.
// With the embedded database, stop the server first: PGlite is one process's database.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { createBackup, restoreBackup, unpackBackup, BackupError } from './platform/backup/archive';
import { loadConfig } from './platform/config/config';
import { openDatabase } from './platform/db/client';
import { JobQueue } from './platform/queue/job-queue';
import { createStorage } from './platform/storage/create-storage';
import { requeueUnfinishedVideos } from './modules/videos';
import { rm } from 'node:fs/promises';

const usage = 'Usage: npm run backup -- [--out FILE] | npm run restore -- FILE';

const [verb, ...rest] = process.argv.slice(2);
// No argv: flags here are the command's own, not the server's.
const config = loadConfig(process.env, []);
const workDir = path.join(config.dataDir, 'backup-work');

async function backup(args: string[]) {
  const { values } = parseArgs({ args, options: { out: { type: 'string' } } });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.resolve(values.out ?? `kinora-backup-${stamp}.tar.gz`);
  const handle = await openDatabase(config.database);
  const storage = createStorage(config.storage);
  try {
    await handle.migrate();
    const summary = await createBackup({
      db: handle.db,
      databaseKind: handle.kind,
      storage,
      secrets: config.secrets,
      file,
      workDir,
    });
    console.log(
      `Backup written: ${summary.file}\n  ${summary.rows} rows in ${summary.tables} tables, ` +
        `${summary.mediaFiles} media files (${summary.mediaBytes} bytes), and the secrets: keep it as safe as the server.`,
    );
  } finally {
    storage.close?.();
    await handle.close();
  }
}

async function restore(args: string[]) {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  const [file] = positionals;
  if (!file || positionals.length > 1) throw new BackupError(usage);
  const backup = await unpackBackup(path.resolve(file), workDir);
  const handle = await openDatabase(config.database);
  const storage = createStorage(config.storage);
  try {
    await handle.migrate();
    const summary = await restoreBackup({ backup, db: handle.db, storage });
    await writeFile(
      path.join(config.dataDir, 'secrets.json'),
      JSON.stringify(backup.secrets, null, 2),
      { mode: 0o600 },
    );
    const queue = await JobQueue.start(handle.queueConnection, pino({ level: 'warn' }));
    const requeued = await requeueUnfinishedVideos(handle.db, queue);
    await queue.stop();
    console.log(
      `Restored ${summary.rows} rows in ${summary.tables} tables and ${summary.mediaFiles} media files` +
        (requeued > 0 ? `; ${requeued} videos that were being processed will be again` : '') +
        '.',
    );
    const overridden = (
      ['JWT_SECRET', 'UPLOAD_SIGNING_SECRET', 'AUTHENTICATOR_KEY'] as const
    ).filter((name) => process.env[name] !== undefined);
    if (overridden.length > 0) {
      console.log(
        `Note: ${overridden.join(' and ')} set in the environment win over the backup's secrets; ` +
          `use the backup's (now in ${path.join(config.dataDir, 'secrets.json')}) to keep sessions and two-factor sign-in working.`,
      );
    }
  } finally {
    storage.close?.();
    await handle.close();
    await rm(backup.folder, { recursive: true, force: true });
  }
}

try {
  if (verb === 'backup') await backup(rest);
  else if (verb === 'restore') await restore(rest);
  else throw new BackupError(usage);
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exitCode = 1;
}
