/**
 * Once per vitest run: migrates one database, which each test file's database then starts from
 * (see createTestDatabase in harness.ts). On PGlite, a data directory dumped to a temporary file
 * and loaded per file, instead of an initdb and every migration per file; on PostgreSQL, a
 * template database that each file's database is created from. The migrations themselves still
 * run on each engine, here, once per run.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openDatabase } from '../src/platform/db/client';
import { defaultPostgresUrl, testDatabaseKind } from './database-kind';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (dumpDataDir, uncompressed), or '' when not made. */
    pgliteSnapshot: string;
    /** A migrated PostgreSQL database to create each file's database from, or ''. */
    postgresTemplate: string;
  }
}

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({
    connectionString: process.env.TEST_DATABASE_URL ?? defaultPostgresUrl,
  });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  project.provide('pgliteSnapshot', '');
  project.provide('postgresTemplate', '');
  if (testDatabaseKind() === 'pglite') {
    const dir = await mkdtemp(path.join(tmpdir(), 'kinora-test-pglite-'));
    const client = await PGlite.create({ extensions: { pg_trgm } });
    try {
      await migrate(drizzle({ client }), { migrationsFolder });
      const file = path.join(dir, 'migrated.tar');
      await writeFile(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
      project.provide('pgliteSnapshot', file);
    } finally {
      await client.close();
    }
    return () => rm(dir, { recursive: true, force: true });
  }
  const name = `kinora_test_template_${process.pid}_${Date.now()}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL ?? defaultPostgresUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
  project.provide('postgresTemplate', name);
  return () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
