/**
 * The chat socket's plumbing: socket.io at `/socket.io` on the app's own HTTP server, websocket
 * transport only, a person's access token in the handshake's `auth.token`. It knows rooms,
 * the contract's event schemas and who is connected; what an event means is the modules' (they
 * register handlers here, and deliver domain events through `deliver`). Services never see it.
 */
import {
  clientSocketEvents,
  socketRefusals,
  type ClientSocketEvents,
  type ServerSocketEvents,
} from '@kinora/contract';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { AppError } from '../http/errors';
import type { LimitStore } from '../rate-limit/limit-store';
import type { RealtimeAdapter } from './cluster';
import {
  PersonEventLimit,
  SocketEventBudget,
  socketEventLimits,
  type SocketEventLimits,
} from './event-limits';
import type { Actor } from '../http/router';

export const realtimePath = '/socket.io';

/** A person's private room: every device of theirs joins it on connecting. */
export const personalRoom = (userId: string) => `user:${userId}` as const;

/** The room of one session's sockets: they end when the session does. */
const sessionRoom = (sessionId: string) => `session:${sessionId}` as const;

/** One connected device of a signed-in person, as a handler sees it. */
export interface RealtimeConnection {
  readonly actor: Actor;
  join(room: string): Promise<void>;
  leave(room: string): Promise<void>;
}

export type RealtimeHandler<E extends keyof ClientSocketEvents> = (
  connection: RealtimeConnection,
  payload: ClientSocketEvents[E],
) => Promise<void>;

export interface RealtimeOptions {
  /** The actor of a raw access token; throws when it is not a live session's. */
  authenticate(token: string): Promise<Actor>;
  /** Origins that may open the socket from a browser (the HTTP calls' CORS list). */
  corsOrigins: string[] | boolean;
  /** What carries room broadcasts to the other API processes; none in a single process. */
  adapter?: RealtimeAdapter;
  /** Where a person's events are counted (the rate limits' store: Redis when configured). */
  limitStore: LimitStore;
  /** Events per socket and per person (decision 0030); `socketEventLimits` unless given. */
  eventLimits?: SocketEventLimits;
}

const refused = 'Authentication required';

/**
 * What a client hears back when it passes an acknowledgement callback (optional: the spec's
 * client passes none and reads `error_event`). It tells when a join has taken effect.
 */
export type SocketAck = { ok: true } | { ok: false; message: string };

/** The token of a handshake's `auth`, with or without the 'Bearer ' of an Authorization header. */
export function handshakeToken(auth: unknown): string | null {
  if (typeof auth !== 'object' || auth === null) return null;
  const token = (auth as { token?: unknown }).token;
  if (typeof token !== 'string') return null;
  const bare = token.replace(/^Bearer\s+/i, '').trim();
  return bare === '' ? null : bare;
}

export class Realtime {
  private readonly io: Server;

  /** Sockets connected to this process (for metrics). */
  get connectedSockets(): number {
    return this.io.engine.clientsCount;
  }
  private readonly handlers = new Map<string, RealtimeHandler<keyof ClientSocketEvents>>();
  private readonly eventLimits: SocketEventLimits;
  private readonly personLimit: PersonEventLimit;

  constructor(
    private readonly app: FastifyInstance,
    options: RealtimeOptions,
  ) {
    this.eventLimits = options.eventLimits ?? socketEventLimits;
    this.personLimit = new PersonEventLimit(options.limitStore, this.eventLimits);
    this.io = new Server(app.server, {
      path: realtimePath,
      // Websocket only: no long-polling requests reach Fastify's routes, and a connection is
      // one upgrade that the handshake's token admits or refuses.
      transports: ['websocket'],
      serveClient: false,
      cors: { origin: options.corsOrigins, credentials: true },
      ...(options.adapter ? { adapter: options.adapter } : {}),
    });
    this.io.use((socket, next) => {
      const token = handshakeToken(socket.handshake.auth);
      if (!token) {
        next(new Error(refused));
        return;
      }
      options
        .authenticate(token)
        .then((actor) => {
          (socket.data as { actor?: Actor }).actor = actor;
          next();
        })
        // Forged, expired and ended sessions get the same word: nothing more to learn.
        .catch(() => next(new Error(refused)));
    });
    this.io.on('connection', (socket) => void this.connected(socket));
    // Sockets end before the HTTP server closes, or its close would wait on them.
    app.addHook('preClose', (done) => {
      this.handOff();
      done();
    });
  }

  /**
   * Ends this process's sockets as a lost connection, not as a refusal: the clients reconnect
   * by themselves, through the balancer to another process (a drain, issue 23 item 5). Only
   * this process's: the adapter would carry a plain `disconnectSockets` to every process.
   */
  handOff(): void {
    this.io.engine.close();
  }

  /** Adds the handler of a client event; its payload is checked against the contract first. */
  on<E extends keyof ClientSocketEvents>(event: E, handler: RealtimeHandler<E>): void {
    this.handlers.set(event, handler as RealtimeHandler<keyof ClientSocketEvents>);
  }

  /** Sends a server event to everyone in a room, on every process the adapter reaches. */
  deliver<E extends keyof ServerSocketEvents>(
    room: string,
    event: E,
    payload: ServerSocketEvents[E],
  ): void {
    this.io.to(room).emit(event, payload);
  }

  /**
   * Sends a server event to these people's own sockets on this process only: for events every
   * process hears (through the event relay), each telling its own sockets once.
   */
  deliverToPeopleLocally<E extends keyof ServerSocketEvents>(
    userIds: string[],
    event: E,
    payload: ServerSocketEvents[E],
  ): void {
    if (userIds.length === 0) return;
    this.io.local.to(userIds.map(personalRoom)).emit(event, payload);
  }

  /**
   * Disconnects every socket opened with these sessions' tokens, on every process the adapter
   * reaches: signing out (or a password change elsewhere) ends the live chat too, not only the
   * next HTTP call.
   */
  endSessions(sessionIds: string[]): void {
    if (sessionIds.length === 0) return;
    this.io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
  }

  /**
   * Takes every socket of these people out of a room, on every process the adapter reaches (a
   * block ends both people's live view of their conversation at once).
   */
  removeFromRoom(userIds: string[], room: string): void {
    if (userIds.length === 0) return;
    this.io.in(userIds.map(personalRoom)).socketsLeave(room);
  }

  private async connected(socket: Socket): Promise<void> {
    const actor = (socket.data as { actor: Actor }).actor;
    const connection: RealtimeConnection = {
      actor,
      join: async (room) => socket.join(room),
      leave: async (room) => socket.leave(room),
    };
    const budget = new SocketEventBudget(this.eventLimits);
    for (const [event, handler] of this.handlers) {
      socket.on(event, (raw: unknown, ack?: unknown) => {
        // What arrives after the socket was ended for flooding is dropped.
        if (!socket.connected) return;
        const answer = typeof ack === 'function' ? (ack as (result: SocketAck) => void) : null;
        const refuse = (message: string) => {
          socket.emit('error_event', { event, message });
          answer?.({ ok: false, message });
        };
        // One too many, told so and no further work: checked before the payload is even read,
        // and a socket that keeps going is ended (its events were its own to stop).
        const overLimit = () => {
          if (!socket.connected) return;
          refuse(socketRefusals.tooManyEvents);
          if (budget.refuse()) socket.disconnect(true);
        };
        if (!budget.take()) {
          overLimit();
          return;
        }
        this.personLimit.take(actor.userId).then(
          (allowed) =>
            allowed ? this.handle(connection, event, handler, raw, refuse, answer) : overLimit(),
          (error: unknown) => {
            this.app.log.error({ err: error, event }, 'socket event limit failed');
            refuse('Something went wrong');
          },
        );
      });
    }
    await socket.join([personalRoom(actor.userId), sessionRoom(actor.sessionId)]);
  }

  /** Runs an admitted event: its payload checked against the contract, then its handler. */
  private handle(
    connection: RealtimeConnection,
    event: string,
    handler: RealtimeHandler<keyof ClientSocketEvents>,
    raw: unknown,
    refuse: (message: string) => void,
    answer: ((result: SocketAck) => void) | null,
  ): void {
    const schema = clientSocketEvents[event as keyof typeof clientSocketEvents];
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      refuse(parsed.error.issues[0]?.message ?? 'Invalid payload');
      return;
    }
    handler(connection, parsed.data as never).then(
      () => answer?.({ ok: true }),
      (error: unknown) => {
        // A refusal is told to the client in its own words; anything else is ours to log.
        if (error instanceof AppError && error.statusCode < 500) {
          refuse(error.message);
          return;
        }
        this.app.log.error({ err: error, event }, 'socket event failed');
        refuse('Something went wrong');
      },
    );
  }
}
