/**
 * The application's tables as rows of JSON text, read and written the same way on PGlite and on
 * PostgreSQL, so a backup, a restore and a move off the embedded database share one path
 * (decision 0042). Rows travel as the text of `row_to_json`, never parsed in between: a bigint,
 * a timestamp with its microseconds or a bytea comes back exactly as it went.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database, type Tx } from '../db/client';

export interface TableShape {
  name: string;
  /** Written columns, in table order: every column but generated ones. */
  columns: string[];
  /** The primary key's columns (reads go in its order); empty when the table has none. */
  key: string[];
  /** Tables its foreign keys point at, itself left out. */
  parents: string[];
  /** Columns whose foreign key points at the table itself: written in a second pass. */
  selfReferences: string[];
  /** Columns whose default is a sequence: the sequence is moved past the copied values. */
  serialColumns: string[];
}

/** A table's rows, a batch at a time, each row one JSON text. */
export type RowBatches = () => AsyncIterable<string[]>;

const batchSize = 2_000;

/** The tables of the app's schema, parents before children (so foreign keys hold as rows go in). */
export async function describeTables(db: Database | Tx): Promise<TableShape[]> {
  const rows = await queryRows<{
    name: string;
    columns: string[];
    key: string[] | null;
    parents: string[] | null;
    self_references: string[] | null;
    serial_columns: string[] | null;
  }>(
    db,
    sql`
      select c.relname as name,
        (select coalesce(json_agg(a.attname order by a.attnum), '[]'::json) from pg_attribute a
          where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
            and a.attgenerated = '') as columns,
        (select json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum))
          from pg_index i join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
          where i.indrelid = c.oid and i.indisprimary) as key,
        (select json_agg(distinct p.relname) from pg_constraint k join pg_class p on p.oid = k.confrelid
          where k.conrelid = c.oid and k.contype = 'f' and k.confrelid <> c.oid) as parents,
        (select json_agg(distinct a.attname) from pg_constraint k
          join pg_attribute a on a.attrelid = c.oid and a.attnum = any(k.conkey)
          where k.conrelid = c.oid and k.contype = 'f' and k.confrelid = c.oid) as self_references,
        (select json_agg(a.attname) from pg_attribute a
          where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
            and pg_get_serial_sequence(quote_ident(c.relname), a.attname) is not null) as serial_columns
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind = 'r'
      order by c.relname`,
  );
  const shapes = rows.map((row): TableShape => ({
    name: row.name,
    columns: row.columns,
    key: row.key ?? [],
    parents: row.parents ?? [],
    selfReferences: row.self_references ?? [],
    serialColumns: row.serial_columns ?? [],
  }));
  return parentsFirst(shapes);
}

function parentsFirst(shapes: TableShape[]): TableShape[] {
  const byName = new Map(shapes.map((shape) => [shape.name, shape]));
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const ordered: TableShape[] = [];
  const place = (shape: TableShape) => {
    if (placed.has(shape.name)) return;
    if (visiting.has(shape.name)) {
      throw new Error(`Tables refer to each other in a circle through ${shape.name}`);
    }
    visiting.add(shape.name);
    for (const parent of shape.parents) {
      const parentShape = byName.get(parent);
      if (parentShape) place(parentShape);
    }
    visiting.delete(shape.name);
    placed.add(shape.name);
    ordered.push(shape);
  };
  for (const shape of shapes) place(shape);
  return ordered;
}

const list = (names: string[]) =>
  sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );

/** Every row of a table in its key's order, as JSON texts, a batch at a time. */
export async function* readRows(db: Database | Tx, table: TableShape): AsyncGenerator<string[]> {
  const name = sql.identifier(table.name);
  const columns = list(table.columns);
  if (table.key.length === 0) {
    const rows = await queryRows<{ line: string }>(
      db,
      sql`select row_to_json(r)::text as line from (select ${columns} from ${name}) r`,
    );
    if (rows.length > 0) yield rows.map((row) => row.line);
    return;
  }
  const key = list(table.key);
  let after: string | null = null;
  for (;;) {
    const from: SQL =
      after === null
        ? sql`select ${columns} from ${name}`
        : sql`select ${columns} from ${name} where (${key}) >
            (select ${key} from json_populate_record(null::${name}, ${after}::json))`;
    const rows = await queryRows<{ line: string }>(
      db,
      sql`select row_to_json(r)::text as line from (${from} order by ${key} limit ${batchSize}) r`,
    );
    if (rows.length === 0) return;
    yield rows.map((row) => row.line);
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]!.line;
  }
}

/** How many rows each table holds. */
export async function countRows(
  db: Database | Tx,
  tables: TableShape[],
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await queryRows<{ count: string | number }>(
      db,
      sql`select count(*) as count from ${sql.identifier(table.name)}`,
    );
    counts[table.name] = Number(row?.count ?? 0);
  }
  return counts;
}

export class NotEmptyError extends Error {}

/**
 * Fills an empty, migrated database with the rows of each table, in one transaction: the rows a
 * migration put there (kept totals, the search words) are replaced, the app's own triggers are
 * off while rows go in (the totals and counters arrive already counted), self-references are
 * written once every row is in, and sequences are moved past the copied values. Refuses a
 * database that already has accounts.
 */
export async function loadRows(
  db: Database,
  tables: TableShape[],
  rowsOf: (table: TableShape) => RowBatches,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [accounts] = await queryRows<{ present: boolean }>(
      tx,
      sql`select exists (select 1 from users) as present`,
    );
    if (accounts?.present) {
      throw new NotEmptyError('The target database already has accounts: it must be empty');
    }
    for (const table of tables) {
      await tx.execute(sql`alter table ${sql.identifier(table.name)} disable trigger user`);
    }
    for (const table of [...tables].reverse()) {
      await tx.execute(sql`delete from ${sql.identifier(table.name)}`);
    }
    for (const table of tables) {
      const name = sql.identifier(table.name);
      const written = table.columns.filter((column) => !table.selfReferences.includes(column));
      const columns = list(written);
      for await (const batch of rowsOf(table)()) {
        await tx.execute(
          sql`insert into ${name} (${columns}) select ${columns}
              from json_populate_recordset(null::${name}, ${`[${batch.join(',')}]`}::json)`,
        );
      }
    }
    for (const table of tables.filter((shape) => shape.selfReferences.length > 0)) {
      const name = sql.identifier(table.name);
      const set = sql.join(
        table.selfReferences.map(
          (column) => sql`${sql.identifier(column)} = source.${sql.identifier(column)}`,
        ),
        sql`, `,
      );
      const match = sql.join(
        table.key.map(
          (column) => sql`${name}.${sql.identifier(column)} = source.${sql.identifier(column)}`,
        ),
        sql` and `,
      );
      for await (const batch of rowsOf(table)()) {
        await tx.execute(
          sql`update ${name} set ${set}
              from json_populate_recordset(null::${name}, ${`[${batch.join(',')}]`}::json) source
              where ${match}`,
        );
      }
    }
    for (const table of tables) {
      for (const column of table.serialColumns) {
        await tx.execute(
          sql`select setval(pg_get_serial_sequence(${table.name}, ${column}),
                coalesce(max(${sql.identifier(column)}), 1), max(${sql.identifier(column)}) is not null)
              from ${sql.identifier(table.name)}`,
        );
      }
      await tx.execute(sql`alter table ${sql.identifier(table.name)} enable trigger user`);
    }
  });
}
