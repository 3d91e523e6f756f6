import { Redis } from 'ioredis';

interface PubSubLog {
  warn(payload: object, message: string): void;
}

/** Two connections to one Redis: a subscribed connection can do nothing but listen. */
export interface PubSubClients {
  pub: Redis;
  sub: Redis;
  /** Quits both (a connection that is not ready is dropped). */
  close(): Promise<void>;
}

/**
 * Connects a publishing and a subscribing client (`sub` subscribed to `channel` when given)
 * before it resolves, so a process that serves hears the others from its first request; ioredis
 * reconnects them if Redis goes away later. Their errors go to the log as `name`'s (an
 * unanswered 'error' event would only be printed by ioredis). A Redis that does not answer at
 * startup gives null, and the log says what then reaches this process only (`alone`).
 */
export async function connectPubSub({
  url,
  channel,
  name,
  alone,
  log,
}: {
  url: string;
  channel?: string;
  name: string;
  alone: string;
  log: PubSubLog;
}): Promise<PubSubClients | null> {
  const pub = new Redis(url, { lazyConnect: true });
  const sub = pub.duplicate();
  for (const client of [pub, sub]) {
    client.on('error', (err: unknown) => log.warn({ err }, `${name} (Redis) error`));
  }
  try {
    await Promise.all([pub.connect(), sub.connect()]);
    if (channel) await sub.subscribe(channel);
  } catch (err) {
    pub.disconnect();
    sub.disconnect();
    log.warn({ err }, `${name} (Redis) unreachable: ${alone}`);
    return null;
  }
  return {
    pub,
    sub,
    close: async () => {
      for (const client of [pub, sub]) {
        if (client.status === 'ready') await client.quit().catch(() => undefined);
        client.disconnect();
      }
    },
  };
}
