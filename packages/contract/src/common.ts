import { z } from 'zod';

/** Opaque identifier; the server uses UUIDs but clients must not rely on that. */
export const Id = z.uuid({ message: 'Must be a valid id' });
export type Id = z.infer<typeof Id>;

export const IdParams = z.object({ id: Id });

export const IsoDate = z.iso.datetime({ offset: true });
