import { Redis } from 'ioredis';

/**
 * Whether Redis answers a PING at this URL within `ms` (tried again until then): null when it
 * does, else what went wrong, without the URL (it may hold a password).
 */
export async function redisAnswersWithin(url: string, ms: number): Promise<string | null> {
  const deadline = Date.now() + ms;
  let last = 'no answer';
  while (Date.now() < deadline) {
    const client = new Redis(url, {
      lazyConnect: true,
      connectTimeout: Math.max(500, Math.min(2_000, deadline - Date.now())),
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      enableOfflineQueue: false,
    });
    client.on('error', () => undefined);
    try {
      await client.connect();
      if ((await client.ping()) === 'PONG') return null;
    } catch (error) {
      last = (error as Error).message;
    } finally {
      client.disconnect();
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  let where = 'Redis';
  try {
    const parsed = new URL(url);
    where = `Redis at ${parsed.hostname}:${parsed.port || 6379}`;
  } catch {
    // The schema checked the URL's shape; keep the plain wording.
  }
  return `${where} does not answer (${last}) within ${ms / 1000} s`;
}
