import { z } from 'zod';

/**
 * Opaque identifier; the server uses UUIDs but clients must not rely on that. Lower-cased
 * where it is parsed, so every endpoint compares and builds paths from one spelling (an id in
 * capitals is the same id).
 */
export const Id = z.uuid({ message: 'Must be a valid id' }).toLowerCase();
export type Id = z.infer<typeof Id>;

export const IdParams = z.object({ id: Id });

export const IsoDate = z.iso.datetime({ offset: true });

/** The body of a partial update: any of the fields, and at least one of them. */
export const partialUpdate = <T extends z.ZodRawShape>(fields: T) =>
  z
    .object(fields)
    .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to update' });
