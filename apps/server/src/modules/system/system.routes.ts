import { endpoints } from '@kinora/contract';
import type { Router } from '../../platform/http/router';

export function registerSystemRoutes(
  router: Router,
  deps: { ping: () => Promise<void>; version: string },
): void {
  router.route(endpoints.healthcheck, {
    message: 'Healthy',
    handler: async () => {
      await deps.ping();
      return {
        status: 'ok' as const,
        database: 'ok' as const,
        version: deps.version,
        uptimeSeconds: Math.round(process.uptime()),
      };
    },
  });
}
