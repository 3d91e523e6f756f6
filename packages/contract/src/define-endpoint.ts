import type { Endpoint } from './endpoints';

/**
 * Declares one call of /api/v1, keeping its literal types: the server registers its route from
 * it and the web client derives its types from it.
 */
export const define = <const E extends Endpoint>(e: E) => e;
