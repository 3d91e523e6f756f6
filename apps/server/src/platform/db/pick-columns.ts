import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * The named columns of a table, as a selection (`db.select(pickColumns(tweets, ['id',
 * 'content']))` reads `{ id, content }`): for a select that keeps the table's own names.
 */
export function pickColumns<T extends Table, K extends keyof T['_']['columns'] & string>(
  table: T,
  keys: readonly K[],
): Pick<T['_']['columns'], K> {
  const columns = getTableColumns(table);
  return Object.fromEntries(keys.map((key) => [key, columns[key]])) as Pick<T['_']['columns'], K>;
}
