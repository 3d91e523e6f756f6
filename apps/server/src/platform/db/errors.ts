/** The errors of `error` and of its causes, outermost first. */
function* chainOf(error: unknown): Generator<object> {
  const seen = new Set<unknown>();
  for (let e: unknown = error; e && typeof e === 'object' && !seen.has(e);) {
    seen.add(e);
    yield e;
    e = (e as { cause?: unknown }).cause;
  }
}

/** The name of the unique constraint a failed write hit, or null for any other failure. */
export function uniqueViolation(error: unknown): string | null {
  for (const e of chainOf(error)) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

/** What may be told of a failed query: its SQL text and PostgreSQL's error code, never values. */
export interface QueryFailure {
  /** The statement with its $1 placeholders, as the code wrote it. */
  query?: string;
  /** SQLSTATE, e.g. 23505 for a unique violation. */
  code?: string;
}

const sqlState = /^[0-9A-Z]{5}$/;

/**
 * Recognises a failed query (Drizzle's wrapper, or the driver's error from node-postgres or
 * PGlite) anywhere in the cause chain, and answers only its text and code. The rest of such an
 * error carries the values: Drizzle's message and `params` list every parameter (password
 * hashes, emails), and PostgreSQL's `detail` can quote a whole failing row. Null for any other
 * error.
 */
export function queryFailureOf(error: unknown): QueryFailure | null {
  let failure: QueryFailure | null = null;
  for (const e of chainOf(error)) {
    const { query, params, code, severity } = e as {
      query?: unknown;
      params?: unknown;
      code?: unknown;
      severity?: unknown;
    };
    const isQueryWrapper = typeof query === 'string' && Array.isArray(params);
    const isDriverError =
      typeof code === 'string' && sqlState.test(code) && typeof severity === 'string';
    if (!isQueryWrapper && !isDriverError) continue;
    failure ??= {};
    if (isQueryWrapper) failure.query ??= query;
    if (isDriverError) failure.code ??= code;
  }
  return failure;
}

/** PostgreSQL's code for a failure caused by the request's own text, not by our code. */
export function isUnstorableText(error: unknown): boolean {
  // 22021: a NUL byte (or invalid UTF-8) in text; 22P05: \u0000 in jsonb.
  const code = queryFailureOf(error)?.code;
  return code === '22021' || code === '22P05';
}
