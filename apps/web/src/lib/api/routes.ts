import type { EndpointName, HttpMethod } from '@kinora/contract';

/** What a call needs to be sent: the endpoint's method, path and multipart file fields. */
export interface ApiRoute {
  method: HttpMethod;
  /** Path below the API base, with `:param` placeholders. */
  path: string;
  files?: readonly string[];
}

/** Written in by Vite's `define` (vite.config.ts). */
declare const __KINORA_API_ROUTES__: Record<EndpointName, ApiRoute>;

/**
 * The contract's endpoints without their schemas, written into the build by vite.config.ts, so
 * the first load carries no zod (checked by tools/first-load-budget.test.js).
 */
export const apiRoutes: Readonly<Record<EndpointName, ApiRoute>> = __KINORA_API_ROUTES__;
