/**
 * A backup and its restore (issue 23 item 6): a site filled through the real API, archived,
 * restored into an empty database and storage, and found whole, every row of every table and
 * every file byte for byte. Runs on PGlite and on PostgreSQL.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createGzip } from 'node:zlib';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../../../test/api-client';
import {
  createTestApp,
  createTestDatabase,
  type TestApp,
  type TestDatabase,
} from '../../../test/harness';
import { createVideo } from '../../../test/media-factories';
import { openConversation, people } from '../../../test/messaging-factories';
import { LocalDiskStorage } from '../storage/local-disk-storage';
import type { Storage } from '../storage/storage';
import type { Database } from '../db/client';
import { BackupError, createBackup, restoreBackup, unpackBackup } from './archive';
import { moveDatabase, moveMedia } from './move';
import { describeTables, readRows } from './tables';
import { TarWriter } from './tar';

let site: TestApp;
let work: string;
let archive: string;

/** Every table's rows as JSON texts, in key order. */
async function everyRow(db: Database): Promise<Record<string, string[]>> {
  const rows: Record<string, string[]> = {};
  for (const table of await describeTables(db)) {
    rows[table.name] = [];
    for await (const batch of readRows(db, table)) rows[table.name]!.push(...batch);
  }
  return rows;
}

/** Every stored file's key and the sha256 of its bytes. */
async function everyFile(storage: Storage): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for await (const object of storage.list()) {
    const hash = createHash('sha256');
    for await (const chunk of await storage.get(object.key)) hash.update(chunk as Buffer);
    files[object.key] = hash.digest('hex');
  }
  return files;
}

/** An empty installation: a migrated database and an empty storage folder. */
async function emptyInstallation() {
  const database = await createTestDatabase();
  const storage = new LocalDiskStorage(await mkdtemp(path.join(work, 'media-')));
  return { database, storage };
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'kinora-backup-test-'));
  site = await createTestApp();
  const { app } = site;
  const [alice, bob] = await people(app, 2);
  const video = await createVideo(app, alice, { title: 'Kept safe', withThumbnail: true });
  await expectOk(app, 'addComment', {
    params: { videoId: video._id },
    as: bob,
    body: { content: 'Great one' },
  });
  await expectOk(app, 'toggleVideoLike', { params: { id: video._id }, as: bob });
  const playlist = await expectOk(app, 'createPlaylist', {
    as: alice,
    body: { name: 'Favourites', description: 'Mine' },
  });
  await expectOk(app, 'addPlaylistVideo', {
    params: { playlistId: playlist._id, videoId: video._id },
    as: alice,
  });
  await expectOk(app, 'createTweet', { as: alice, body: { content: 'Backed up' } });
  const conversation = await openConversation(app, bob, alice);
  await expectOk(app, 'sendMessage', {
    params: { id: conversation },
    as: alice,
    body: { content: 'Still here after a restore' },
  });
  archive = path.join(work, 'site.tar.gz');
  await createBackup({
    db: site.database.db,
    databaseKind: site.database.kind,
    storage: site.storage,
    secrets: site.config.secrets,
    file: archive,
    workDir: work,
  });
}, 120_000);

afterAll(async () => {
  await site?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('a backup', () => {
  it('is a tar.gz any tar lists, the header first and the manifest last', () => {
    const names = execFileSync('tar', ['-tzf', archive], { encoding: 'utf8' }).trim().split('\n');
    expect(names[0]).toBe('kinora-backup.json');
    expect(names.at(-1)).toBe('manifest.json');
    expect(names).toEqual(
      expect.arrayContaining(['db/users.ndjson', 'db/videos.ndjson', 'secrets.json']),
    );
    expect(names.some((name) => name.startsWith('media/avatars/'))).toBe(true);
  });

  it('restores into an empty installation every row of every table and every file', async () => {
    const target = await emptyInstallation();
    try {
      const backup = await unpackBackup(archive, work);
      expect(backup.secrets).toEqual(site.config.secrets);
      const summary = await restoreBackup({
        backup,
        db: target.database.handle.db,
        storage: target.storage,
      });
      const rows = await everyRow(target.database.handle.db);
      expect(rows).toEqual(await everyRow(site.database.db));
      expect(rows.users).toHaveLength(2);
      for (const table of ['videos', 'comments', 'likes', 'playlists', 'tweets', 'messages']) {
        expect(rows[table]!.length, table).toBeGreaterThan(0);
      }
      expect(summary.rows).toBe(Object.values(rows).reduce((sum, r) => sum + r.length, 0));
      const files = await everyFile(target.storage);
      expect(files).toEqual(await everyFile(site.storage));
      expect(Object.keys(files).length).toBeGreaterThanOrEqual(4);
      await rm(backup.folder, { recursive: true, force: true });
    } finally {
      await target.database.drop();
    }
  }, 60_000);

  it('refuses an archive cut short, and writes nothing', async () => {
    const cut = path.join(work, 'cut.tar.gz');
    await writeFile(cut, await readFile(archive));
    await truncate(cut, Math.floor((await readFile(archive)).length / 2));
    await expect(unpackBackup(cut, work)).rejects.toThrow(/The backup is damaged or incomplete/);
  });

  it('refuses an archive of another version before reading further', async () => {
    const other = path.join(work, 'other.tar.gz');
    const gzip = createGzip();
    const written = pipeline(gzip, createWriteStream(other));
    const tar = new TarWriter(gzip);
    const header = Buffer.from(
      JSON.stringify({
        format: 'kinora-backup',
        formatVersion: 1,
        schema: '0099_from_the_future',
        createdAt: new Date().toISOString(),
        database: 'pglite',
      }),
    );
    await tar.add('kinora-backup.json', header.length, header);
    await tar.finish();
    await written;
    await expect(unpackBackup(other, work)).rejects.toThrow(
      /made by another version of Kinora \(database schema 0099_from_the_future/,
    );
  });

  it('refuses a file that is not a backup', async () => {
    const text = path.join(work, 'notes.txt');
    await writeFile(text, 'not an archive');
    await expect(unpackBackup(text, work)).rejects.toBeInstanceOf(BackupError);
  });

  it('refuses a database that has accounts, before writing any file', async () => {
    const backup = await unpackBackup(archive, work);
    const storage = new LocalDiskStorage(await mkdtemp(path.join(work, 'media-')));
    await expect(restoreBackup({ backup, db: site.database.db, storage })).rejects.toThrow(
      /already has accounts/,
    );
    expect(await everyFile(storage)).toEqual({});
    await rm(backup.folder, { recursive: true, force: true });
  });
});

describe('a move', () => {
  let target: { database: TestDatabase; storage: Storage };
  beforeAll(async () => {
    target = await emptyInstallation();
  });
  afterAll(() => target?.database.drop());

  it('copies every row and file into an empty installation, counts agreeing', async () => {
    const { counts } = await moveDatabase(site.database.db, target.database.handle.db);
    expect(counts.users).toBe(2);
    expect(await everyRow(target.database.handle.db)).toEqual(await everyRow(site.database.db));
    const moved = await moveMedia(site.storage, target.storage);
    expect(moved.copied).toBe(moved.files);
    expect(await everyFile(target.storage)).toEqual(await everyFile(site.storage));
    // Run again, the files are there already and the database refuses a second copy.
    expect((await moveMedia(site.storage, target.storage)).copied).toBe(0);
    await expect(moveDatabase(site.database.db, target.database.handle.db)).rejects.toThrow(
      /already has accounts/,
    );
  }, 60_000);
});
