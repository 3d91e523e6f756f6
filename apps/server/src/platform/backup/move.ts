/**
 * Moving an installation off the embedded database and local disk (decision 0042): the same
 * rows and files a backup holds, copied straight from one place to the other, then counted on
 * both sides.
 */
import type { Database } from '../db/client';
import { contentTypeOf, type Storage } from '../storage/storage';
import { countRows, describeTables, loadRows, readRows } from './tables';
import { BackupError } from './archive';

export interface MoveSummary {
  /** Rows per table, the same on both sides. */
  counts: Record<string, number>;
}

/**
 * Copies every table of `source` into `target` (migrated to the same schema, without accounts)
 * in one transaction of the target, then checks each table's count on both sides.
 */
export async function moveDatabase(source: Database, target: Database): Promise<MoveSummary> {
  const tables = await describeTables(source);
  const targetTables = new Set((await describeTables(target)).map((table) => table.name));
  const missing = tables.filter((table) => !targetTables.has(table.name)).map((t) => t.name);
  if (missing.length > 0) {
    throw new BackupError(`The target database lacks tables: ${missing.join(', ')}`);
  }
  await loadRows(target, tables, (table) => () => readRows(source, table));
  const [before, after] = await Promise.all([countRows(source, tables), countRows(target, tables)]);
  for (const table of tables) {
    if (before[table.name] !== after[table.name]) {
      throw new BackupError(
        `${table.name}: ${after[table.name]} rows in the target, ${before[table.name]} in the source`,
      );
    }
  }
  return { counts: after };
}

/**
 * Copies every stored file into `target` (files already there with the same size are kept, so
 * an interrupted copy can be run again), then checks that each is there with its size.
 */
export async function moveMedia(
  source: Storage,
  target: Storage,
): Promise<{ files: number; bytes: number; copied: number }> {
  let files = 0;
  let bytes = 0;
  let copied = 0;
  for await (const object of source.list()) {
    files += 1;
    bytes += object.size;
    const there = await target.stat(object.key);
    if (there?.size === object.size) continue;
    await target.put(object.key, await source.get(object.key), contentTypeOf(object.key));
    copied += 1;
    const written = await target.stat(object.key);
    if (written?.size !== object.size) {
      throw new BackupError(`${object.key}: ${written?.size ?? 0} of ${object.size} bytes copied`);
    }
  }
  return { files, bytes, copied };
}
