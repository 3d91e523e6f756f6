import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client';

const dialect = new PgDialect();

/**
 * A raw statement (a `sql` template whose values are `sql.placeholder`s) as a named prepared
 * statement (decision 0063): its text is built by drizzle once per process, and parsed and
 * planned by PostgreSQL once per connection, instead of both on every call as `db.execute`
 * does. For the writes sent many times a second (a player's position save, a view, a like),
 * where building the text and planning it were a good part of each one's cost. PGlite runs it
 * as a plain query. Answers the rows as PostgreSQL gives them (no column mapping; timestamps
 * as text, as `db.execute` gives them).
 *
 * `name` must be unique in the process: the same name with two texts is an error on the
 * connection (PostgreSQL: "prepared statement already exists" with another text).
 */
export function preparedRows<Row, Values extends Record<string, unknown>>(
  db: Database,
  name: string,
  query: SQL,
): (values: Values) => Promise<Row[]> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return async (values) => ((await prepared.execute(values)) as { rows: Row[] }).rows;
}
