import {
  serverSocketEvents,
  type ClientSocketEvents,
  type ServerSocketEvents,
} from '@kinora/contract';
import { io, type Socket } from 'socket.io-client';

/** The chat socket's constants (signed-in-areas §9). */
export const chatSocketOptions = {
  path: '/socket.io',
  transports: ['websocket'],
  withCredentials: true,
  timeout: 20_000,
  reconnection: true,
  reconnectionAttempts: Infinity,
  // socket.io doubles the delay after each failed attempt (1 s, 2 s, 4 s, then 5 s).
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
} as const;

/** After Retry, how long before the badge looks at the connection again (§4, §9). */
export const retryRecheckMs = 300;

/** Connecting, connected ('Live'), or failed ('Disconnected' with Retry) (§4). */
export type ChatConnectionStatus = 'connecting' | 'connected' | 'error';

/** What the server answers an event sent with an acknowledgement. */
export type SocketAck = { ok: true } | { ok: false; message: string };

type ServerEvents = {
  [E in keyof ServerSocketEvents]: (payload: ServerSocketEvents[E]) => void;
};
type ClientEvents = {
  [E in keyof ClientSocketEvents]: (
    payload: ClientSocketEvents[E],
    ack?: (answer: SocketAck) => void,
  ) => void;
};
export type ChatSocket = Socket<ServerEvents, ClientEvents>;

export interface ChatConnection {
  readonly socket: ChatSocket;
  status(): ChatConnectionStatus;
  /** Calls `listener` on every status change; answers the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /**
   * Hears one server event, its payload checked against the contract first (a payload of
   * another shape is dropped). Answers the function that stops listening.
   */
  on<E extends keyof ServerSocketEvents>(
    event: E,
    handler: (payload: ServerSocketEvents[E]) => void,
  ): () => void;
  /** Starts connecting (again after `close`). */
  open(): void;
  /** Retry (§4): a fresh connection, and a look at it again after {@link retryRecheckMs}. */
  retry(): void;
  /** Disconnects for good (sign-out, another user): no reconnection. */
  close(): void;
}

export interface ChatConnectionOptions {
  /** The origin that serves `/socket.io`. */
  url: string;
  /** The stored access token, read at every (re)connection attempt. */
  getToken: () => string | null;
  /** Renews the session after the server refused `tokenSent`; false when it is over. */
  renewToken: (tokenSent: string | null) => Promise<boolean>;
}

/**
 * One chat connection: the socket of a signed-in tab, shared by every screen that listens.
 * socket.io reconnects by itself after a network failure; a refused token (the access token
 * expired) stops it, so the session is renewed once through the API client and the socket
 * connects again with the new token.
 */
export function createChatConnection({
  url,
  getToken,
  renewToken,
}: ChatConnectionOptions): ChatConnection {
  let tokenSent: string | null = null;
  const socket: ChatSocket = io(url, {
    ...chatSocketOptions,
    transports: [...chatSocketOptions.transports],
    autoConnect: false,
    // A function, so that each attempt carries the token stored at that moment.
    auth: (send) => {
      tokenSent = getToken();
      send(tokenSent ? { token: tokenSent } : {});
    },
  });

  let status: ChatConnectionStatus = 'connecting';
  let isClosed = true;
  /** Renewed once since the last successful connection: a second refusal is final. */
  let hasRenewed = false;
  let recheck: ReturnType<typeof setTimeout> | null = null;
  const listeners = new Set<() => void>();

  const setStatus = (next: ChatConnectionStatus) => {
    if (next === status) return;
    status = next;
    for (const listener of [...listeners]) listener();
  };

  socket.on('connect', () => {
    hasRenewed = false;
    setStatus('connected');
  });
  socket.on('disconnect', (reason) => {
    if (isClosed) return;
    setStatus('connecting');
    // The server ended it (a revoked session, a restart): socket.io waits for us to ask again.
    if (reason === 'io server disconnect') socket.connect();
  });
  socket.on('connect_error', () => {
    if (isClosed) return;
    setStatus('error');
    // `active`: socket.io tries again by itself (network failure). Otherwise the server refused
    // the handshake: renew the token once, then connect with the new one.
    if (socket.active || hasRenewed) return;
    hasRenewed = true;
    void renewToken(tokenSent).then((isRenewed) => {
      if (isRenewed && !isClosed && !socket.connected) {
        setStatus('connecting');
        socket.connect();
      }
    });
  });

  const clearRecheck = () => {
    if (recheck !== null) clearTimeout(recheck);
    recheck = null;
  };

  return {
    socket,
    status: () => status,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    on(event, handler) {
      const schema = serverSocketEvents[event];
      const listener = (payload: unknown) => {
        const parsed = schema.safeParse(payload);
        if (parsed.success) handler(parsed.data as ServerSocketEvents[typeof event]);
        else console.warn(`Ignored a ${event} event of an unexpected shape`, parsed.error);
      };
      // The typed overloads cannot follow a generic event name; the payload is checked above.
      const untyped = socket as unknown as Socket<Record<string, (payload: unknown) => void>>;
      untyped.on(event as string, listener);
      return () => {
        untyped.off(event as string, listener);
      };
    },
    open() {
      isClosed = false;
      if (socket.connected) {
        setStatus('connected');
        return;
      }
      setStatus('connecting');
      socket.connect();
    },
    retry() {
      isClosed = false;
      hasRenewed = false;
      clearRecheck();
      socket.disconnect();
      setStatus('connecting');
      socket.connect();
      recheck = setTimeout(() => {
        recheck = null;
        if (!isClosed && socket.connected) setStatus('connected');
      }, retryRecheckMs);
    },
    close() {
      isClosed = true;
      clearRecheck();
      socket.disconnect();
      setStatus('connecting');
    },
  };
}
