/**
 * Change events across processes (decision 0025): with REDIS_URL, each process publishes the
 * change events it emits on one Redis channel and hands the others' to its own bus, so an
 * edit made through one API process (or a worker's transcode) drops the kept answers of every
 * other within milliseconds instead of when they expire. Without Redis there is one process
 * (the embedded profile) and its bus is all there is.
 *
 * Pub/sub is at most once: a message published while a process is disconnected is lost to it,
 * and its kept answers then show the change when they expire (`PUBLIC_CACHE_TTL`), as before.
 *
 * A lost revocation (`sessions.ended`) matters more: the session cache trusts a checked token
 * for minutes only while every revocation reaches it (decision 0056). A process knows when its
 * own subscription drops, but not when another's publishing does. So each process also sends a
 * heartbeat; when a process that was heard falls silent for longer than `silenceMs` (its
 * connection down, its publishes refused, the process gone without a word), every check made
 * before is trusted only briefly again, as after a drop of one's own subscription. A process
 * that stops as it should says so and is forgotten without that.
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

/** Not domain events: a process saying it is there, or that it is going. */
const heartbeat = 'relay.heartbeat';
const leaving = 'relay.leaving';

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
  /** How often this process says it is there, and how long a silence counts as a gap. */
  timing: { heartbeatMs: number; silenceMs: number } = { heartbeatMs: 2_000, silenceMs: 6_000 },
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
  let subscribed = true;
  const hear = (now: boolean) => {
    subscribed = now;
    onHearing?.(now);
  };
  hear(true);
  // ioredis reconnects by itself and, once ready, subscribes again: the answer to a ping sent
  // after that subscription says it is in place.
  sub.on('close', () => hear(false));
  sub.on('ready', () => {
    sub.ping().then(
      () => hear(true),
      () => undefined,
    );
  });
  const send = (envelope: Envelope) => pub.publish(channel, JSON.stringify(envelope));
  /** The other processes heard, and when each was last heard. */
  const lastHeard = new Map<string, number>();
  /** Those that fell silent: what they published may be lost, also while they come back. */
  const fellSilent = new Set<string>();
  const gapNoticed = () => {
    // Checks made before now are trusted briefly again (false), and those made from now on
    // long, if this process still hears.
    if (!subscribed) return;
    onHearing?.(false);
    onHearing?.(true);
  };
  const beat = setInterval(() => {
    send({ from: me, name: heartbeat, payload: null }).catch(() => undefined);
    const now = Date.now();
    let gap = false;
    for (const [from, at] of lastHeard) {
      if (now - at > timing.silenceMs) {
        lastHeard.delete(from);
        fellSilent.add(from);
        gap = true;
      }
    }
    // What that process published meanwhile may be lost.
    if (gap) gapNoticed();
  }, timing.heartbeatMs);
  beat.unref();
  sub.on('message', (heardOn: string, text: string) => {
    if (heardOn !== channel) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      return;
    }
    if (envelope.from === me) return;
    if (envelope.name === leaving) {
      lastHeard.delete(envelope.from);
      if (fellSilent.delete(envelope.from)) gapNoticed();
      return;
    }
    lastHeard.set(envelope.from, Date.now());
    // Heard again after a silence: what it published until now (while others may have read
    // and kept afresh) may be lost too, so what was kept meanwhile is not trusted long.
    if (fellSilent.delete(envelope.from)) gapNoticed();
    if (!isChangeEvent(envelope.name)) return;
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
      send({ from: me, name, payload, sentAt: Date.now() }).catch((err: unknown) => {
        log.warn({ err, event: name }, 'event relay (Redis) could not publish');
      });
    },
  });
  return {
    close: async () => {
      detach();
      clearInterval(beat);
      await send({ from: me, name: leaving, payload: null }).catch(() => undefined);
      hear(false);
      await clients.close();
    },
  };
}
