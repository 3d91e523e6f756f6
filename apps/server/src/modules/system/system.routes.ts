import { endpoints } from '@kinora/contract';
import type { Router } from '../../platform/http/router';

export function registerSystemRoutes(
  router: Router,
  deps: { ping: () => Promise<void>; version: string },
): void {
  // Checks that arrive while a ping is on its way share its answer: polled by many balancers
  // (or a benchmark's fifty connections), the database gets one `select 1` per round trip, not
  // one per check, and each answer is still no older than that round trip.
  let pinging: Promise<void> | null = null;
  const ping = () =>
    (pinging ??= deps.ping().finally(() => {
      pinging = null;
    }));
  router.route(endpoints.healthcheck, {
    handler: async () => {
      await ping();
      return {
        status: 'ok' as const,
        database: 'ok' as const,
        version: deps.version,
        uptimeSeconds: Math.round(process.uptime()),
      };
    },
  });
}
