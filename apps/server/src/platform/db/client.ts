import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

/** The one database type services and repositories see, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseTarget =
  | { kind: 'pglite'; dir: string }
  // `from`: a data directory made by PGlite's dumpDataDir, loaded instead of a fresh initdb.
  | { kind: 'pglite-memory'; from?: Blob | File }
  | { kind: 'postgres'; url: string };

/** How the job queue (pg-boss) reaches the same database. */
export type QueueConnection =
  | {
      kind: 'executor';
      executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
    }
  | { kind: 'url'; url: string };

export interface DatabaseHandle {
  db: Database;
  /**
   * Where a person's write goes, with the session check before it (decision 0059): on
   * PostgreSQL a few connections of their own, so a write never waits for a connection behind
   * the reads (a search holds one for a second when nothing is kept); on PGlite the one `db`.
   */
  writes: Database;
  kind: 'pglite' | 'postgres';
  queueConnection: QueueConnection;
  /** Applies pending migrations from apps/server/drizzle. */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * Opens the connections a busy minute needs and loads, in each backend, what planning a query
   * on every table reads (the table's and its indexes' catalog entries), so the first requests
   * after a start do not each pay for a fresh backend. Called once, before serving. The writes'
   * own connections (decision 0059) are opened only where `writes` is set: a worker, which
   * serves no requests, opens them only if it ever writes through them.
   */
  warm(options?: { writes?: boolean }): Promise<void>;
  /** The reads' connection pool's use (PostgreSQL); null for PGlite's one connection. */
  poolUse(): { total: number; idle: number; waiting: number } | null;
  /** The writes' connection pool's use (PostgreSQL); null for PGlite's one connection. */
  writesPoolUse(): { total: number; idle: number; waiting: number } | null;
  close(): Promise<void>;
}

/** Plans a query on every table of the app, loading their and their indexes' catalog entries. */
async function planEveryTable(run: (text: string) => Promise<{ rows: unknown[] }>) {
  const { rows } = await run(
    `select quote_ident(tablename) as name from pg_tables where schemaname = current_schema()`,
  );
  for (const { name } of rows as { name: string }[]) await run(`explain select * from ${name}`);
}

export const migrationsFolder = path.resolve(import.meta.dirname, '../../../drizzle');

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    // A new PostgreSQL backend starts with empty catalog caches: its first queries are several
    // times slower. Idle connections are kept a minute (pg's default is 10 s), so a pause in
    // traffic does not turn the next burst into a round of fresh backends.
    const connections = 10;
    // The writes' own (decisions 0059 and 0061). Each write is one or two short statements on
    // rows found by key, but a connection stays taken until Node reads the answer: a round trip
    // costs what PostgreSQL does plus the wait for the CPU and for Node's next turn, 1 ms on a
    // quiet machine and 15-35 ms while the reads keep both cores busy. The writes arrive at
    // their own rate whatever the answers take (the traffic model's ~250 statements a second),
    // so a pool they fill does not slow them down: its queue grows without end (0.3 s to 2 s in
    // 8 s under the kept history reads, with five). So five stay open and warm, and up to
    // sixteen open under load: enough for 250 a second at 60 ms a round trip. Reads never take
    // them.
    const writeConnections = 5;
    const writeConnectionsUnderLoad = 16;
    // `min`: the connections `warm` opens stay open through a quiet spell.
    const openPool = (max: number, min = max) => {
      const opened = new pg.Pool({
        connectionString: target.url,
        max,
        min,
        idleTimeoutMillis: 60_000,
      });
      // An idle client that loses its connection must not crash the process.
      opened.on('error', () => undefined);
      return opened;
    };
    const pool = openPool(connections);
    const writesPool = openPool(writeConnectionsUnderLoad, writeConnections);
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;
    const writes = drizzleNodePg({ client: writesPool, schema }) as unknown as Database;
    const useOf = (p: pg.Pool) => ({
      total: p.totalCount,
      idle: p.idleCount,
      waiting: p.waitingCount,
    });
    return {
      db,
      writes,
      kind: 'postgres',
      queueConnection: { kind: 'url', url: target.url },
      migrate: () => migrateNodePg(drizzleNodePg({ client: pool }), { migrationsFolder }),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      warm: async ({ writes: withWrites = true } = {}) => {
        // All at once, so each is a connection of its own.
        const clients = await Promise.all([
          ...Array.from({ length: connections }, () => pool.connect()),
          ...Array.from({ length: withWrites ? writeConnections : 0 }, () => writesPool.connect()),
        ]);
        try {
          await Promise.all(clients.map((client) => planEveryTable((text) => client.query(text))));
        } finally {
          for (const client of clients) client.release();
        }
      },
      poolUse: () => useOf(pool),
      writesPoolUse: () => useOf(writesPool),
      close: async () => {
        await Promise.all([pool.end(), writesPool.end()]);
      },
    };
  }

  // PGlite is one connection per process: one instance, closed on shutdown.
  let client: PGlite;
  if (target.kind === 'pglite') {
    mkdirSync(target.dir, { recursive: true });
    client = await PGlite.create(target.dir, { extensions: { pg_trgm } });
  } else {
    client = await PGlite.create({
      extensions: { pg_trgm },
      ...(target.from ? { loadDataDir: target.from } : {}),
    });
  }
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    writes: db,
    kind: 'pglite',
    // pg-boss shares the one PGlite connection: parameterless (often multi-statement) text goes
    // to exec, the rest to query.
    queueConnection: {
      kind: 'executor',
      executeSql: async (text, values) => {
        if (!values || values.length === 0) {
          const results = await client.exec(text);
          return results.at(-1) ?? { rows: [] };
        }
        return client.query(text, values);
      },
    },
    migrate: () => migratePglite(drizzlePglite({ client }), { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    warm: () => planEveryTable((text) => client.query(text)),
    poolUse: () => null,
    writesPoolUse: () => null,
    close: () => client.close(),
  };
}

/** Runs hand-written SQL and answers its rows (both drivers answer `{ rows }`). */
export async function queryRows<T>(db: Database | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
