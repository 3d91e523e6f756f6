/**
 * The installation commands as an operator runs them (issue 23 items 6 and 7), on a filled
 * site: `restore` brings a backup into a new embedded installation, `db:move --to` copies that
 * installation into an empty PostgreSQL database and `--to-s3` its media into a bucket, and
 * `backup` of the moved site holds the same rows. Needs PostgreSQL (required in CI).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../test/api-client';
import { postgresAvailable } from '../test/cluster';
import { createTestApp, defaultPostgresUrl, type TestApp } from '../test/harness';
import { createVideo } from '../test/media-factories';
import { people } from '../test/messaging-factories';
import { createBackup, unpackBackup } from './platform/backup/archive';
import { describeTables, readRows } from './platform/backup/tables';
import { openDatabase, type Database } from './platform/db/client';
import { S3Storage } from './platform/storage/s3-storage';
import { startS3rver, type LocalS3 } from './platform/storage/storage.contract';

const ready = await postgresAvailable();
const serverRoot = path.resolve(import.meta.dirname, '..');
const adminUrl = process.env.TEST_DATABASE_URL ?? defaultPostgresUrl;

async function everyRow(db: Database): Promise<Record<string, string[]>> {
  const rows: Record<string, string[]> = {};
  for (const table of await describeTables(db)) {
    rows[table.name] = [];
    for await (const batch of readRows(db, table)) rows[table.name]!.push(...batch);
  }
  return rows;
}

/** Runs one of the commands with this environment; answers its exit code and output. */
async function command(script: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', path.join('src', script), ...args],
      {
        cwd: serverRoot,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          LOG_LEVEL: 'warn',
          ...env,
        },
        timeout: 90_000,
      },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: (failed.stdout ?? '') + (failed.stderr ?? '') };
  }
}

describe.skipIf(!ready)('backup, restore and the move off the embedded database', () => {
  let site: TestApp;
  let work: string;
  let s3: LocalS3;
  const database = `kinora_move_${Date.now()}`;
  const targetUrl = new URL(adminUrl);
  targetUrl.pathname = `/${database}`;

  async function admin(text: string) {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(text);
    await client.end();
  }

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'kinora-move-test-'));
    s3 = await startS3rver('kinora-move');
    await admin(`create database ${database}`);
    site = await createTestApp();
    const [alice, bob] = await people(site.app, 2);
    const video = await createVideo(site.app, alice, { title: 'Moving day' });
    await expectOk(site.app, 'addComment', {
      params: { videoId: video._id },
      as: bob,
      body: { content: 'Glad it came along' },
    });
    await expectOk(site.app, 'createTweet', { as: bob, body: { content: 'Off the embedded one' } });
  }, 120_000);

  afterAll(async () => {
    await site?.close();
    await s3?.close();
    await admin(`drop database if exists ${database} with (force)`).catch(() => undefined);
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('restores, moves to PostgreSQL and S3, and backs up the moved site with the same rows', async () => {
    const archive = path.join(work, 'site.tar.gz');
    await createBackup({
      db: site.database.db,
      databaseKind: site.database.kind,
      storage: site.storage,
      secrets: site.config.secrets,
      file: archive,
      workDir: work,
    });
    const embedded = { DATA_DIR: path.join(work, 'embedded') };

    const restored = await command('backup-cli.ts', ['restore', archive], embedded);
    expect(restored.output).toMatch(/Restored \d+ rows in \d+ tables and \d+ media files/);
    expect(restored.code).toBe(0);
    // Once only: the installation is not empty any more.
    const again = await command('backup-cli.ts', ['restore', archive], embedded);
    expect(again.code).toBe(1);
    expect(again.output).toContain('already has accounts');

    const moved = await command('db-move-cli.ts', ['--to', targetUrl.toString()], embedded);
    expect(moved.output).toContain('Moved');
    expect(moved.output).toContain(`DATABASE_URL=${targetUrl.toString()}`);
    expect(moved.code).toBe(0);
    const target = await openDatabase({ kind: 'postgres', url: targetUrl.toString() });
    try {
      expect(await everyRow(target.db)).toEqual(await everyRow(site.database.db));
    } finally {
      await target.close();
    }

    const bucket = {
      S3_BUCKET: s3.options.bucket,
      S3_ENDPOINT: s3.options.endpoint!,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    };
    const toS3 = await command('db-move-cli.ts', ['--to-s3'], { ...embedded, ...bucket });
    expect(toS3.output).toMatch(/\d+ media files \(\d+ bytes\) are in the bucket/);
    expect(toS3.code).toBe(0);
    const inBucket: string[] = [];
    for await (const object of new S3Storage(s3.options).list()) inBucket.push(object.key);
    const onSite: string[] = [];
    for await (const object of site.storage.list()) onSite.push(object.key);
    expect(inBucket.sort()).toEqual(onSite.sort());

    const second = path.join(work, 'moved.tar.gz');
    const backedUp = await command('backup-cli.ts', ['backup', '--out', second], {
      ...embedded,
      ...bucket,
      DATABASE_URL: targetUrl.toString(),
      STORAGE_DRIVER: 's3',
    });
    expect(backedUp.output).toContain(`Backup written: ${second}`);
    const [first, later] = await Promise.all([
      unpackBackup(archive, work),
      unpackBackup(second, work),
    ]);
    expect(later.manifest.tables).toEqual(first.manifest.tables);
    const byKey = (x: { key: string }, y: { key: string }) => x.key.localeCompare(y.key);
    expect(later.media.sort(byKey)).toEqual(first.media.sort(byKey));
    expect(later.secrets).toEqual(first.secrets);
  }, 240_000);
});
