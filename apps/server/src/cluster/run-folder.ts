/**
 * What a run folder of `npm run cluster` names on the shared services it does not own: its
 * database on the local PostgreSQL and its key prefix in the local Redis.
 *
 * Two run folders on one machine (two checkouts, or `--dir` given another folder) used to share
 * the database `kinora_cluster` and the prefix `kinora-cluster:`. The second found the first
 * one's recorded secrets and storage marker and every process refused to start (decision 0047
 * doing its job), and their rate limits and chat rooms would have mixed. Each folder now has
 * names of its own, derived from its absolute path; a folder that was started before keeps the
 * names its environment file recorded, so an existing site finds its data again.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseEnvironmentFile } from './units';

/** The local PostgreSQL's address when `DATABASE_URL` is unset and the launcher runs none. */
export const localPostgres = 'postgres://postgres@127.0.0.1:5432';

export interface RunFolderNames {
  /** The database's name on the local PostgreSQL. */
  database: string;
  /** The prefix of every key in the shared Redis. */
  redisKeyPrefix: string;
}

/** The names a run folder uses: those it recorded, else its own from its path. */
export async function runFolderNames(runDir: string): Promise<RunFolderNames> {
  const absolute = path.resolve(runDir);
  const own = createHash('sha256').update(absolute).digest('hex').slice(0, 10);
  const recorded = await readRecorded(absolute);
  return {
    database: recorded.database ?? `kinora_cluster_${own}`,
    redisKeyPrefix: recorded.redisKeyPrefix ?? `kinora-cluster:${own}:`,
  };
}

async function readRecorded(runDir: string): Promise<Partial<RunFolderNames>> {
  let text: string;
  try {
    text = await readFile(path.join(runDir, 'kinora.env'), 'utf8');
  } catch {
    return {};
  }
  const env = parseEnvironmentFile(text);
  const names: Partial<RunFolderNames> = {};
  if (env.REDIS_KEY_PREFIX) names.redisKeyPrefix = env.REDIS_KEY_PREFIX;
  // Only a database on the local server: one of the folder's own PostgreSQL, or one that
  // DATABASE_URL named, says nothing of what to call it on the local server.
  const url = URL.canParse(env.DATABASE_URL ?? '') ? new URL(env.DATABASE_URL!) : null;
  if (url && url.host === new URL(localPostgres).host && url.username === 'postgres') {
    const name = decodeURIComponent(url.pathname.slice(1));
    if (/^[A-Za-z0-9_]+$/.test(name)) names.database = name;
  }
  return names;
}
