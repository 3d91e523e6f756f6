/**
 * `npm run cluster`'s own PostgreSQL and Redis (issue 23): started from Debian's binaries in a
 * run folder, answering, stopped, and PostgreSQL started again on the data folder it kept.
 * Skipped locally when the binaries are missing (`bash scripts/install-system-deps.sh
 * --cluster` installs them); in CI their absence fails. Never touches the machine's own
 * PostgreSQL or Redis: ports from 5433 and 6380 that nothing listens on.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../platform/media/video/test-clips';
import {
  postgresBinDir,
  redisBinary,
  startOwnPostgres,
  startOwnRedis,
  type OwnService,
} from './own-services';
import { redisAnswers } from './profile';

const missing = [
  postgresBinDir() ? null : 'PostgreSQL (/usr/lib/postgresql/*/bin)',
  redisBinary() ? null : 'redis-server',
].filter(Boolean);
if (missing.length > 0 && process.env.CI) {
  throw new Error(`${missing.join(' and ')} required in CI but not installed.`);
}

async function selectOne(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ one: number }>('SELECT 1 AS one');
    return rows[0]!.one;
  } finally {
    await client.end();
  }
}

describe.skipIf(missing.length > 0)(
  `the cluster's own PostgreSQL and Redis${missing.length ? ` (skipped: ${missing.join(' and ')} not installed)` : ''}`,
  () => {
    const started: OwnService[] = [];
    let temp: { dir: string; cleanup: () => Promise<void> } | undefined;

    afterAll(async () => {
      for (const service of started) await service.stop();
      await temp?.cleanup();
    });

    it('start in the run folder, answer, stop, and PostgreSQL reuses its data folder', async () => {
      temp = await makeTempDir('own-services');
      const postgres = await startOwnPostgres(temp.dir);
      started.push(postgres);
      const redis = await startOwnRedis(temp.dir);
      started.push(redis);
      expect(postgres.dir).toBe(path.join(temp.dir, 'postgres'));
      expect(new URL(postgres.url).port).not.toBe('5432');
      expect(new URL(redis.url).port).not.toBe('6379');

      expect(await selectOne(postgres.url)).toBe(1);
      const client = new pg.Client({ connectionString: postgres.url });
      await client.connect();
      await client.query('CREATE DATABASE kept_across_starts');
      await client.end();
      const ioredis = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 0 });
      await ioredis.connect();
      expect(await ioredis.ping()).toBe('PONG');
      ioredis.disconnect();

      await postgres.stop();
      await redis.stop();
      expect(await redisAnswers(redis.url)).toBe(false);
      await expect(selectOne(postgres.url)).rejects.toThrow();
      expect(existsSync(path.join(temp.dir, 'postgres', 'PG_VERSION'))).toBe(true);

      // Again on the same folder: initdb is not run, the database made before is there.
      const again = await startOwnPostgres(temp.dir);
      started.push(again);
      const againRedis = await startOwnRedis(temp.dir);
      started.push(againRedis);
      const reopened = new pg.Client({ connectionString: again.url });
      await reopened.connect();
      const { rowCount } = await reopened.query('SELECT 1 FROM pg_database WHERE datname = $1', [
        'kept_across_starts',
      ]);
      await reopened.end();
      expect(rowCount).toBe(1);
      expect(await redisAnswers(againRedis.url)).toBe(true);
      await again.stop();
      await againRedis.stop();
    }, 30_000);
  },
);
