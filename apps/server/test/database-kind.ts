/** Which database the server suite runs on (TEST_DB), and where PostgreSQL is by default. */
export const defaultPostgresUrl = 'postgres://postgres@127.0.0.1:5432/postgres';

export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}
