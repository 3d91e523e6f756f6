import { ApiError } from './api';

/** Field name -> the first message for it; what forms show beside their inputs. */
export type FieldErrors = Partial<Record<string, string>>;

/** The part of a zod error that forms need (kept structural so the web needs no zod import). */
export interface SchemaIssues {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>;
}

/** First message of each field of a failed contract-schema parse. */
export function fieldErrorsFromSchema(error: SchemaIssues): FieldErrors {
  const result: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '';
    if (field && !result[field]) result[field] = issue.message;
  }
  return result;
}

/** The server's field errors (validation, conflicts) keyed by field. */
export function fieldErrorsFromApi(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const result: FieldErrors = {};
  for (const { field, message } of error.fieldErrors) {
    const name = field.split('.')[0] || field;
    if (!result[name]) result[name] = message;
  }
  if (error.code === 'EMAIL_TAKEN' && !result.email) result.email = error.message;
  if (error.code === 'USERNAME_TAKEN' && !result.username) result.username = error.message;
  return result;
}
