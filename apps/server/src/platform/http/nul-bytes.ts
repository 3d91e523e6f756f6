import type { FieldError } from '@kinora/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/** Field errors for every string (or key) holding U+0000 in `value`, named by their path. */
export function nulByteErrors(value: unknown, prefix = ''): FieldError[] {
  const errors: FieldError[] = [];
  // A walk with its own stack: a deeply nested JSON body must not overflow the call stack.
  const pending: [unknown, string][] = [[value, prefix]];
  while (pending.length > 0 && errors.length < 10) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\0')) {
        const field = path || 'body';
        errors.push({ field, message: `${field} must not contain a NUL character` });
      }
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\0')) {
          errors.push({ field: 'body', message: 'A field name contains a NUL character' });
        } else {
          pending.push([child, childPath]);
        }
      }
    }
  }
  return errors;
}

/** Throws the 400 of a request whose text holds U+0000; see `registerNulByteGuard`. */
export function refuseNulBytes(value: unknown): void {
  const errors = nulByteErrors(value);
  if (errors.length > 0) throw badRequest(errors[0]!.message, errors);
}

/**
 * PostgreSQL text cannot hold U+0000: a NUL byte in a name, a comment or a search reached the
 * database and failed there as a 500. Every route's path parameters, query and JSON body are
 * checked here once, before validation, and refused with a 400 naming the field. Multipart
 * fields are read later, by the router, which calls `refuseNulBytes` on them.
 */
export function registerNulByteGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      refuseNulBytes(request.params);
      refuseNulBytes(request.query);
      refuseNulBytes(request.body);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}
