/**
 * Domain events: what happened, told after the transaction that made it true has committed
 * (decision 0021). Services emit; sockets, notifications and cache invalidation listen. No
 * service calls a socket, and no listener runs inside a service's SQL.
 *
 * Delivery is in process and at most once: a listener that fails is logged and the others
 * still run, and the emitting call never fails because of it. Events that must not be lost go
 * through the job queue instead.
 */
import type { Message, MessageRequest } from '@kinora/contract';

/** Every event by name, with its payload. Payloads are already presented (what may leave). */
export interface DomainEventMap {
  'messageRequest.created': { request: MessageRequest; receiverId: string };
  'messageRequest.accepted': {
    requestId: string;
    senderId: string;
    receiverId: string;
    conversationId: string;
    /** The request's text, stored as the conversation's first message (read by the receiver). */
    firstMessage: Message;
  };
  'messageRequest.declined': { requestId: string; senderId: string; receiverId: string };
  'message.sent': {
    message: Message;
    /**
     * Each other member's unread count in the conversation after this message, and their total
     * over all conversations (read in the statement that stored it: no query to tell them).
     */
    recipients: { userId: string; unreadCount: number; unreadTotal: number }[];
  };
  'conversation.read': { conversationId: string; userId: string };
  /** Sessions signed out or revoked: their live connections (chat sockets) end too. */
  'sessions.ended': { sessionIds: string[] };
}

export type DomainEventName = keyof DomainEventMap;
export type DomainEventListener<N extends DomainEventName> = (
  payload: DomainEventMap[N],
) => void | Promise<void>;

type AnyListener = (payload: unknown) => void | Promise<void>;

export class DomainEvents {
  private readonly listeners = new Map<DomainEventName, Set<AnyListener>>();

  constructor(
    /** Where a failing listener is reported; it never reaches the emitter. */
    private readonly onListenerError: (error: unknown, event: DomainEventName) => void,
  ) {}

  /** Adds a listener; answers the function that removes it. */
  on<N extends DomainEventName>(name: N, listener: DomainEventListener<N>): () => void {
    let set = this.listeners.get(name);
    if (!set) {
      set = new Set();
      this.listeners.set(name, set);
    }
    const entry = listener as AnyListener;
    set.add(entry);
    return () => set.delete(entry);
  }

  /**
   * Tells every listener, without waiting for them: call it only after the commit, so nobody
   * hears of a message that a rollback took back.
   */
  emit<N extends DomainEventName>(name: N, payload: DomainEventMap[N]): void {
    for (const listener of this.listeners.get(name) ?? []) {
      try {
        const done = listener(payload);
        if (done instanceof Promise) done.catch((error) => this.onListenerError(error, name));
      } catch (error) {
        this.onListenerError(error, name);
      }
    }
  }
}
