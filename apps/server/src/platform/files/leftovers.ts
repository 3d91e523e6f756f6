import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** One kind of temporary entry a process leaves in a folder when it is killed mid-work. */
export interface LeftoverRule {
  dir: string;
  /** Names of the entries this rule owns; everything else in the folder is left alone. */
  matches: (name: string) => boolean;
  /** True while a request or job of this process is still using the entry (a full path). */
  isInUse: (entryPath: string) => boolean;
}

/**
 * The last time anything under `entryPath` was written. A work folder's own time changes only
 * when an entry is added; the files inside show whether a job is still writing there.
 */
async function lastWrittenMs(entryPath: string): Promise<number> {
  const info = await stat(entryPath);
  if (!info.isDirectory()) return info.mtimeMs;
  let latest = info.mtimeMs;
  for (const entry of await readdir(entryPath)) {
    latest = Math.max(latest, await lastWrittenMs(path.join(entryPath, entry)).catch(() => 0));
  }
  return latest;
}

/**
 * Removes what a killed process left behind: entries the rules own, untouched for longer than
 * `olderThanMs` and not in use here. The age spares the work of other processes that share the
 * folder (this process cannot see what they use). Answers the paths removed.
 */
export async function removeLeftovers(input: {
  rules: LeftoverRule[];
  olderThanMs: number;
  now?: number;
}): Promise<string[]> {
  const now = input.now ?? Date.now();
  const removed: string[] = [];
  for (const rule of input.rules) {
    const names = await readdir(rule.dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    for (const name of names.filter(rule.matches)) {
      const entryPath = path.join(rule.dir, name);
      if (rule.isInUse(entryPath)) continue;
      // Gone meanwhile (its job finished): nothing to do.
      const written = await lastWrittenMs(entryPath).catch(() => null);
      if (written === null || now - written < input.olderThanMs) continue;
      if (rule.isInUse(entryPath)) continue; // taken up while we looked
      await rm(entryPath, { recursive: true, force: true });
      removed.push(entryPath);
    }
  }
  return removed;
}
