/**
 * One archive of a whole installation: every table of the database as rows of JSON and every
 * media file, with a manifest of counts and checksums (decision 0042). A `.tar.gz` any `tar`
 * lists:
 *
 * - `kinora-backup.json` first: the format, its version and the schema (the last migration), so
 *   another version's archive is refused after one entry;
 * - `db/<table>.ndjson`: the table's rows, one JSON object a line;
 * - `media/<key>`: each stored file;
 * - `media.ndjson`: each file's key, size and sha256;
 * - `secrets.json`: the secrets the installation signs with and encrypts two-factor keys under
 *   (without them a restored site signs everyone out and loses every authenticator);
 * - `manifest.json` last: rows, bytes and sha256 of every table and of `media.ndjson`. An archive
 *   without it was cut short.
 *
 * A restore unpacks into a folder of its own and checks everything there before it writes
 * anything to the database or the storage.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { Secrets } from '../config/config';
import { migrationsFolder, type Database } from '../db/client';
import { contentTypeOf, isSafeKey, type Storage } from '../storage/storage';
import { countRows, describeTables, loadRows, readRows, type TableShape } from './tables';
import { readTar, TarFormatError, TarWriter } from './tar';
import { markerPrefix } from '../deployment/agreement';

export const backupFormat = 'kinora-backup';
export const backupFormatVersion = 1;

export interface BackupHeader {
  format: typeof backupFormat;
  formatVersion: number;
  /** The last migration the database had: a restore needs the same. */
  schema: string;
  createdAt: string;
  database: 'pglite' | 'postgres';
}

export interface BackupManifest {
  tables: { name: string; rows: number; bytes: number; sha256: string }[];
  media: { files: number; bytes: number; sha256: string };
  secrets: { sha256: string };
}

export interface MediaEntry {
  key: string;
  size: number;
  sha256: string;
}

/** A backup that cannot be restored: damaged, cut short, of another version, or refused. */
export class BackupError extends Error {}

/** The last migration this version of Kinora has. */
export function currentSchema(): string {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  const last = journal.entries.at(-1);
  if (!last) throw new Error('No migrations found');
  return last.tag;
}

const tableFileName = /^db\/([a-z_][a-z0-9_]*)\.ndjson$/;

async function* hashing(
  source: AsyncIterable<Buffer>,
  hash: ReturnType<typeof createHash>,
): AsyncGenerator<Buffer> {
  for await (const chunk of source) {
    hash.update(chunk);
    yield chunk;
  }
}

export interface BackupSummary {
  file: string;
  tables: number;
  rows: number;
  mediaFiles: number;
  mediaBytes: number;
}

/**
 * Writes the archive to `file`: the tables are read in one repeatable-read transaction (a
 * consistent picture while the site keeps running), then every stored file.
 */
export async function createBackup(options: {
  db: Database;
  databaseKind: 'pglite' | 'postgres';
  storage: Storage;
  secrets: Secrets;
  file: string;
  workDir: string;
}): Promise<BackupSummary> {
  const { db, storage, file } = options;
  await mkdir(options.workDir, { recursive: true });
  const work = await mkdtemp(path.join(options.workDir, 'backup-'));
  const partial = `${file}.partial`;
  try {
    // The rows first, to files of the work folder: an entry's size comes before its bytes.
    const tables: BackupManifest['tables'] = [];
    await db.transaction(
      async (tx) => {
        for (const table of await describeTables(tx)) {
          const target = path.join(work, `${table.name}.ndjson`);
          const out = createWriteStream(target);
          const hash = createHash('sha256');
          let rows = 0;
          let bytes = 0;
          for await (const batch of readRows(tx, table)) {
            const text = Buffer.from(batch.map((line) => `${line}\n`).join(''));
            hash.update(text);
            rows += batch.length;
            bytes += text.length;
            if (!out.write(text)) await once(out, 'drain');
          }
          out.end();
          await once(out, 'finish');
          tables.push({ name: table.name, rows, bytes, sha256: hash.digest('hex') });
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );

    const gzip = createGzip();
    const written = pipeline(gzip, createWriteStream(partial));
    const tar = new TarWriter(gzip);
    const header: BackupHeader = {
      format: backupFormat,
      formatVersion: backupFormatVersion,
      schema: currentSchema(),
      createdAt: new Date().toISOString(),
      database: options.databaseKind,
    };
    const headerText = Buffer.from(`${JSON.stringify(header, null, 2)}\n`);
    await tar.add('kinora-backup.json', headerText.length, headerText);
    for (const table of tables) {
      await tar.add(
        `db/${table.name}.ndjson`,
        table.bytes,
        createReadStream(path.join(work, `${table.name}.ndjson`)),
      );
    }
    const media: MediaEntry[] = [];
    let mediaBytes = 0;
    for await (const object of storage.list()) {
      const hash = createHash('sha256');
      await tar.add(
        `media/${object.key}`,
        object.size,
        hashing(await storage.get(object.key), hash),
      );
      media.push({ key: object.key, size: object.size, sha256: hash.digest('hex') });
      mediaBytes += object.size;
    }
    const mediaIndex = Buffer.from(media.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
    await tar.add('media.ndjson', mediaIndex.length, mediaIndex);
    const secretsText = Buffer.from(`${JSON.stringify(options.secrets, null, 2)}\n`);
    await tar.add('secrets.json', secretsText.length, secretsText);
    const manifest: BackupManifest = {
      secrets: { sha256: createHash('sha256').update(secretsText).digest('hex') },
      tables,
      media: {
        files: media.length,
        bytes: mediaBytes,
        sha256: createHash('sha256').update(mediaIndex).digest('hex'),
      },
    };
    const manifestText = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await tar.add('manifest.json', manifestText.length, manifestText);
    await tar.finish();
    await written;
    await rename(partial, file);
    return {
      file,
      tables: tables.length,
      rows: tables.reduce((sum, table) => sum + table.rows, 0),
      mediaFiles: media.length,
      mediaBytes,
    };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Where an archive's entry goes in the unpacking folder, or null for a name it must not hold. */
function unpackedPath(root: string, name: string): string | null {
  if (['kinora-backup.json', 'manifest.json', 'media.ndjson', 'secrets.json'].includes(name)) {
    return path.join(root, name);
  }
  if (tableFileName.test(name)) return path.join(root, ...name.split('/'));
  if (name.startsWith('media/') && isSafeKey(name.slice('media/'.length))) {
    return path.join(root, 'media', ...name.slice('media/'.length).split('/'));
  }
  return null;
}

function parseHeader(text: string): BackupHeader {
  let header: Partial<BackupHeader>;
  try {
    header = JSON.parse(text) as Partial<BackupHeader>;
  } catch {
    throw new BackupError('This is not a Kinora backup (its first entry is not readable)');
  }
  if (header.format !== backupFormat) throw new BackupError('This is not a Kinora backup');
  if (header.formatVersion !== backupFormatVersion) {
    throw new BackupError(
      `This backup has format version ${String(header.formatVersion)}; this Kinora reads version ${backupFormatVersion}`,
    );
  }
  const schema = currentSchema();
  if (header.schema !== schema) {
    throw new BackupError(
      `This backup was made by another version of Kinora (database schema ${String(header.schema)}, this one has ${schema}): restore it with that version`,
    );
  }
  return header as BackupHeader;
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export interface CheckedBackup {
  folder: string;
  header: BackupHeader;
  manifest: BackupManifest;
  media: MediaEntry[];
  secrets: Secrets;
}

/**
 * Unpacks `file` into a new folder under `workDir` and checks it whole: the header's version,
 * every entry named in the manifest present with its size and checksum, nothing else. Throws a
 * BackupError (and leaves nothing behind) for a damaged, cut or foreign archive.
 */
export async function unpackBackup(file: string, workDir: string): Promise<CheckedBackup> {
  await mkdir(workDir, { recursive: true });
  const folder = await mkdtemp(path.join(workDir, 'restore-'));
  try {
    let header: BackupHeader | null = null;
    let first = true;
    let out: ReturnType<typeof createWriteStream> | null = null;
    try {
      await readTar(
        createReadStream(file).pipe(createGunzip()),
        async (entry) => {
          if (first && entry.name !== 'kinora-backup.json') {
            throw new BackupError('This is not a Kinora backup');
          }
          first = false;
          const target = unpackedPath(folder, entry.name);
          if (!target) throw new BackupError(`The backup holds an unexpected entry: ${entry.name}`);
          await mkdir(path.dirname(target), { recursive: true });
          const stream = createWriteStream(target);
          out = stream;
          return async (chunk) => {
            if (!stream.write(chunk)) await once(stream, 'drain');
          };
        },
        async (entry) => {
          const stream = out;
          out = null;
          if (stream) {
            stream.end();
            await once(stream, 'finish');
          }
          if (entry.name === 'kinora-backup.json') {
            header = parseHeader(await readFile(path.join(folder, entry.name), 'utf8'));
          }
        },
      );
    } catch (error) {
      if (error instanceof BackupError) throw error;
      if (
        error instanceof TarFormatError ||
        (error as NodeJS.ErrnoException).code?.startsWith('Z_')
      ) {
        throw new BackupError(`The backup is damaged or incomplete (${(error as Error).message})`);
      }
      throw error;
    }
    if (!header) throw new BackupError('This is not a Kinora backup');
    let manifest: BackupManifest;
    try {
      manifest = JSON.parse(
        await readFile(path.join(folder, 'manifest.json'), 'utf8'),
      ) as BackupManifest;
    } catch {
      throw new BackupError('The backup is incomplete: it has no manifest');
    }
    for (const table of manifest.tables) {
      if (!/^[a-z_][a-z0-9_]*$/.test(table.name)) {
        throw new BackupError(`The manifest names an unexpected table: ${table.name}`);
      }
      const tableFile = path.join(folder, 'db', `${table.name}.ndjson`);
      if ((await sha256Of(tableFile).catch(() => null)) !== table.sha256) {
        throw new BackupError(`The backup's rows of ${table.name} are damaged`);
      }
    }
    const indexFile = path.join(folder, 'media.ndjson');
    if ((await sha256Of(indexFile).catch(() => null)) !== manifest.media.sha256) {
      throw new BackupError('The backup’s list of media files is damaged');
    }
    const media = (await readFile(indexFile, 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as MediaEntry);
    for (const entry of media) {
      const mediaFile = unpackedPath(folder, `media/${entry.key}`);
      const found = mediaFile ? await stat(mediaFile).catch(() => null) : null;
      if (!mediaFile || !found || found.size !== entry.size) {
        throw new BackupError(`The backup's file ${entry.key} is missing or cut short`);
      }
      if ((await sha256Of(mediaFile)) !== entry.sha256) {
        throw new BackupError(`The backup's file ${entry.key} is damaged`);
      }
    }
    const secretsFile = path.join(folder, 'secrets.json');
    if ((await sha256Of(secretsFile).catch(() => null)) !== manifest.secrets?.sha256) {
      throw new BackupError('The backup’s secrets are missing or damaged');
    }
    const secrets = JSON.parse(await readFile(secretsFile, 'utf8')) as Secrets;
    return { folder, header, manifest, media, secrets };
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
}

export interface RestoreSummary {
  tables: number;
  rows: number;
  mediaFiles: number;
}

/**
 * Brings a checked backup into an empty installation: its files into the storage, then its rows
 * into the database in one transaction. Refuses (before writing) a database with accounts, a
 * storage with files, or tables the backup and this database do not share.
 */
export async function restoreBackup(options: {
  backup: CheckedBackup;
  db: Database;
  storage: Storage;
}): Promise<RestoreSummary> {
  const { backup, db, storage } = options;
  const tables = await describeTables(db);
  const names = new Set(tables.map((table) => table.name));
  const inBackup = new Set(backup.manifest.tables.map((table) => table.name));
  const differing = [...names].filter((name) => !inBackup.has(name));
  differing.push(...[...inBackup].filter((name) => !names.has(name)));
  if (differing.length > 0) {
    throw new BackupError(
      `The backup's tables differ from this database's: ${differing.join(', ')}`,
    );
  }
  const counts = await countRows(
    db,
    tables.filter((table) => table.name === 'users'),
  );
  if ((counts.users ?? 0) > 0) {
    throw new BackupError('The database already has accounts: restore into an empty installation');
  }
  for await (const object of storage.list()) {
    // A process started on the empty installation leaves its marker (decision 0047): no file.
    if (object.key.startsWith(markerPrefix)) continue;
    throw new BackupError(
      `The storage already holds files (${object.key}, …): restore into an empty installation`,
    );
  }
  for (const entry of backup.media) {
    await storage.put(
      entry.key,
      createReadStream(unpackedPath(backup.folder, `media/${entry.key}`)!),
      contentTypeOf(entry.key),
    );
  }
  await loadRows(db, tables, (table) => () => linesOf(backup.folder, table));
  const restored = await countRows(db, tables);
  for (const table of backup.manifest.tables) {
    if (restored[table.name] !== table.rows) {
      throw new BackupError(
        `${table.name}: ${restored[table.name]} rows restored of the backup's ${table.rows}`,
      );
    }
  }
  return {
    tables: tables.length,
    rows: backup.manifest.tables.reduce((sum, table) => sum + table.rows, 0),
    mediaFiles: backup.media.length,
  };
}

/** A table's rows from its unpacked file, a batch at a time. */
async function* linesOf(folder: string, table: TableShape): AsyncGenerator<string[]> {
  const text = createReadStream(path.join(folder, 'db', `${table.name}.ndjson`), 'utf8');
  let rest = '';
  let batch: string[] = [];
  for await (const chunk of text as AsyncIterable<string>) {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      if (!line) continue;
      batch.push(line);
      if (batch.length === 2_000) {
        yield batch;
        batch = [];
      }
    }
  }
  if (rest) batch.push(rest);
  if (batch.length > 0) yield batch;
}
