/**
 * The chat socket across API processes (decision 0022): with REDIS_URL, every process's
 * socket.io publishes its room broadcasts on Redis and hears the others', so a message sent
 * through one process reaches the sockets connected to another. Without Redis (the embedded
 * profile, one process) socket.io's in-memory adapter is all there is.
 */
import { createAdapter } from '@socket.io/redis-adapter';
import { connectPubSub } from '../redis/pub-sub';

export type RealtimeAdapter = ReturnType<typeof createAdapter>;

export interface RealtimeCluster {
  readonly adapter: RealtimeAdapter;
  close(): Promise<void>;
}

interface ClusterLog {
  warn(payload: object, message: string): void;
}

/**
 * Connects the publishing and the subscribing client (a subscribed Redis connection can do
 * nothing else). Startup waits for both, so a process that serves has its subscription in place
 * and hears the others from its first socket; ioredis reconnects them if Redis goes away later.
 * A Redis that does not answer at startup leaves the chat on this process alone (null), as the
 * rate limits fall back to memory: the site serves, and the warning says what is missing.
 */
export async function connectRealtimeCluster(
  redis: { url: string; keyPrefix: string },
  log: ClusterLog,
): Promise<RealtimeCluster | null> {
  const clients = await connectPubSub({
    url: redis.url,
    name: 'realtime cluster',
    alone: 'the chat reaches this process only',
    log,
  });
  if (!clients) return null;
  return {
    // Channels are not keys: ioredis's keyPrefix would not apply, so the deployment's prefix
    // goes into the adapter's own channel name, and deployments sharing a Redis stay apart.
    adapter: createAdapter(clients.pub, clients.sub, { key: `${redis.keyPrefix}socket.io` }),
    close: clients.close,
  };
}
