/**
 * Builds the real application on a real database for integration tests: an in-memory PGlite,
 * or a fresh database on a PostgreSQL server when TEST_DB=postgres (created here, dropped
 * after). Nothing of our own system is mocked.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/platform/config/config';
import { openDatabase, type DatabaseHandle } from '../src/platform/db/client';
import type { Metrics } from '../src/platform/metrics/metrics';
import { JobQueue } from '../src/platform/queue/job-queue';
import { createStorage } from '../src/platform/storage/create-storage';
import type { Storage } from '../src/platform/storage/storage';
import { createServices, type Services } from '../src/services';
import { declareQueues, startWorkers } from '../src/workers';
import { defaultPostgresUrl, testDatabaseKind } from './database-kind';

export { defaultPostgresUrl, testDatabaseKind } from './database-kind';

export interface TestDatabase {
  handle: DatabaseHandle;
  drop(): Promise<void>;
}

/**
 * A migrated, empty database that belongs to this test file alone. The run's global setup
 * (global-setup.ts) migrates one database first; each file's starts as a copy of it: PGlite
 * loads its dumped data directory, PostgreSQL creates it from that template. Run outside that
 * setup, the database is migrated here.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseKind() === 'pglite') {
    const snapshot = inject('pgliteSnapshot');
    const handle = await openDatabase({
      kind: 'pglite-memory',
      ...(snapshot ? { from: new Blob([await readFile(snapshot)]) } : {}),
    });
    // Applies nothing on a migrated snapshot; checks it is whole.
    await handle.migrate();
    return { handle, drop: () => handle.close() };
  }
  const template = inject('postgresTemplate');
  const adminUrl = process.env.TEST_DATABASE_URL ?? defaultPostgresUrl;
  const name = `kinora_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  await handle.migrate();
  return {
    handle,
    drop: async () => {
      await handle.close();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  storage: Storage;
  services: Services;
  queue: JobQueue;
  dataDir: string;
  close(): Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: { logStream?: NodeJS.WritableStream; workers?: boolean; metrics?: Metrics } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kinora-test-'));
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '',
      AUTH_RATE_LIMIT: '1000',
      ...env,
    },
    [],
  );
  const database = await createTestDatabase();
  const storage = createStorage(config.storage);
  const silent = (await import('pino')).default({ level: 'silent' });
  const { metrics } = options;
  const queue = await JobQueue.start(database.handle.queueConnection, silent, {
    ...(metrics ? { onRun: metrics.jobRan.bind(metrics) } : {}),
  });
  metrics?.watch({ jobs: () => queue.counts(), pool: () => database.handle.poolUse() });
  await declareQueues(queue);
  const services = createServices({ config, database: database.handle, storage, queue });
  if (options.workers) {
    await startWorkers({ queue, services, storage, config, soleWorker: true });
  }
  const app = await buildApp({
    config,
    database: database.handle,
    storage,
    services,
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(metrics ? { metrics } : {}),
  });
  await app.ready();
  return {
    app,
    config,
    database: database.handle,
    storage,
    services,
    queue,
    dataDir,
    close: async () => {
      await app.close();
      await queue.stop();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
