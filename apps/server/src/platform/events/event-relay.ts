/**
 * Change events across processes (decision 0025): with REDIS_URL, each process publishes the
 * change events it emits on one Redis channel and hands the others' to its own bus, so an
 * edit made through one API process (or a worker's transcode) drops the kept answers of every
 * other within milliseconds instead of when they expire. Without Redis there is one process
 * (the embedded profile) and its bus is all there is.
 *
 * Pub/sub is at most once: a message published while a process is disconnected is lost to it,
 * and its kept answers then show the change when they expire (`PUBLIC_CACHE_TTL`), as before.
 */
import { randomUUID } from 'node:crypto';
import { connectPubSub } from '../redis/pub-sub';
import { isChangeEvent, type DomainEvents, type DomainEventMap } from './domain-events';

interface RelayLog {
  warn(payload: object, message: string): void;
}

export interface ConnectedRelay {
  close(): Promise<void>;
}

interface Envelope {
  /** The process that published it: its own messages come back and are skipped. */
  from: string;
  name: string;
  payload: unknown;
  /** When it was published (ms since the epoch): its age on arrival is the relay's lag. */
  sentAt?: number;
}

/**
 * Connects the publishing and the subscribing client and attaches the relay to `events`.
 * Startup waits for the subscription, so a process that serves hears the others' changes from
 * its first request. A Redis that does not answer leaves the process on its own (null): kept
 * answers then follow other processes' changes within their lifetime, and the log says so.
 */
export async function connectEventRelay(
  redis: { url: string; keyPrefix: string },
  events: DomainEvents,
  log: RelayLog,
  onArrival?: (ageSeconds: number) => void,
  /**
   * Whether this process hears the others' events now: true once subscribed, false when the
   * subscription's connection drops (what is published meanwhile is lost to it), true again
   * once it is back. The session cache trusts its checks longer only while it hears.
   */
  onHearing?: (hearing: boolean) => void,
): Promise<ConnectedRelay | null> {
  const channel = `${redis.keyPrefix}domain-events`;
  const me = randomUUID();
  const clients = await connectPubSub({
    url: redis.url,
    channel,
    name: 'event relay',
    alone: 'changes reach this process only',
    log,
  });
  if (!clients) return null;
  const { pub, sub } = clients;
  onHearing?.(true);
  // ioredis reconnects by itself and, once ready, subscribes again: the answer to a ping sent
  // after that subscription says it is in place.
  sub.on('close', () => onHearing?.(false));
  sub.on('ready', () => {
    sub.ping().then(
      () => onHearing?.(true),
      () => undefined,
    );
  });
  sub.on('message', (heardOn: string, text: string) => {
    if (heardOn !== channel) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      return;
    }
    if (envelope.from === me || !isChangeEvent(envelope.name)) return;
    if (onArrival && typeof envelope.sentAt === 'number') {
      onArrival((Date.now() - envelope.sentAt) / 1000);
    }
    events.receiveFromAnotherProcess(
      envelope.name,
      envelope.payload as DomainEventMap[typeof envelope.name],
    );
  });
  const detach = events.attachRelay({
    publish: (name, payload) => {
      const envelope: Envelope = { from: me, name, payload, sentAt: Date.now() };
      pub.publish(channel, JSON.stringify(envelope)).catch((err: unknown) => {
        log.warn({ err, event: name }, 'event relay (Redis) could not publish');
      });
    },
  });
  return {
    close: async () => {
      detach();
      onHearing?.(false);
      await clients.close();
    },
  };
}
