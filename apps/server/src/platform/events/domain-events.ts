/**
 * Domain events: what happened, told after the transaction that made it true has committed
 * (decision 0021). Services emit; sockets, notifications and cache invalidation listen. No
 * service calls a socket, and no listener runs inside a service's SQL.
 *
 * Delivery is in process and at most once: a listener that fails is logged and the others
 * still run, and the emitting call never fails because of it. Events that must not be lost go
 * through the job queue instead. Change events (what people see change) also reach the other
 * processes' `onAnyProcess` listeners through a relay (Redis, decision 0025).
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
  /**
   * A person blocked another (again, or for the first time): nothing passes between them while
   * it stands, and the chat socket takes both out of their conversation's room at once.
   */
  'user.blocked': { blockerId: string; blockedId: string; conversationId: string | null };
  /** A block lifted: what each did is in the other's sight again (notifications). */
  'user.unblocked': { blockerId: string; blockedId: string };
  /**
   * Sessions signed out or revoked: their live connections (chat sockets) end too, and every
   * process's session cache stops trusting their tokens (decision 0056).
   */
  'sessions.ended': { sessionIds: string[] };

  // What people see change. Kept answers listen (decision 0025), from every process.
  /** A new video: public at once unless made unlisted, private or scheduled. */
  'video.created': VideoChange & { isPublished: boolean };
  /** Its title, description, thumbnail or media changed (a transcode finished a rendition). */
  'video.updated': VideoChange;
  /** Published or taken back to a draft: it enters or leaves every listing. */
  'video.published': VideoChange & { isPublished: boolean };
  'video.deleted': VideoChange;
  /** A comment or, with `reply`, a reply: its top comment and the person it answers. */
  'comment.created': CommentChange & { reply?: { parentId: string; repliedToId: string } };
  'comment.updated': CommentChange;
  'comment.deleted': CommentChange;
  /** The video's creator pinned or hearted it, or took that back (its words did not change). */
  'comment.marked': CommentChange;
  /** A like given or taken back; `videoId` is the video a liked comment is under. */
  'like.toggled': {
    target: 'video' | 'comment' | 'tweet';
    targetId: string;
    userId: string;
    isLiked: boolean;
    videoId?: string;
    /** Whose tweet, for a tweet's like. */
    authorId?: string;
  };
  'subscription.changed': { subscriberId: string; channelId: string; isSubscribed: boolean };
  /** A watch position saved: the person's own history, nothing public. */
  'history.saved': {
    userId: string;
    videoId: string;
    /**
     * What the save stored, when it was a position save (decision 0060): the person's kept
     * first entries move in place instead of being read again. A counted view leaves it out.
     */
    stored?: { positionSeconds: number; watchedAtMicros: string };
  };
  /** A video taken out of the person's history, or all of it (`videoId` null). */
  'history.removed': { userId: string; videoId: string | null };
  'playlist.changed': { playlistId: string; ownerId: string };
  'tweet.created': TweetChange;
  'tweet.updated': TweetChange;
  'tweet.deleted': TweetChange;
  /** A new account: a channel that searches may now find. */
  'user.created': { userId: string };
  /** A person's name, username, avatar or cover changed. */
  'user.updated': { userId: string };
  /**
   * A person's role changed (the operator's `user:role` command): every process's session cache
   * reads it afresh on their next call (decision 0056).
   */
  'user.roleChanged': { userId: string };
  /**
   * These people's unread notifications changed: their new count, or null when they are many
   * (a fan-out batch) and each asks (decision 0035). Relayed, so a worker's reach the sockets.
   */
  'notifications.changed': { userIds: string[]; unreadCount: number | null };
  /**
   * An account deleted with all it held: its own things, and the other people's things whose
   * counts or lists it was in (likes, comments, subscriptions, playlists holding its videos).
   */
  /**
   * A moderator hid or restored things, or banned an account or lifted a ban (decision 0038):
   * what others see of these owners, videos (and the comments under them) and tweets changed.
   */
  'content.moderated': {
    ownerIds: string[];
    videoIds: string[];
    commentedVideoIds: string[];
    tweetIds: string[];
  };
  /** Reports closed by a moderator's action: their reporters are told how they ended. */
  'reports.handled': {
    reports: {
      reportId: string;
      reporterId: string;
      outcome: 'hidden' | 'restored' | 'dismissed' | 'banned';
      targetOwnerId: string | null;
      videoId: string | null;
      commentId: string | null;
      tweetId: string | null;
      conversationId: string | null;
    }[];
  };
  'account.deleted': {
    userId: string;
    videoIds: string[];
    tweetIds: string[];
    playlistIds: string[];
    likedVideoIds: string[];
    commentedVideoIds: string[];
    likedTweetIds: string[];
    followedChannelIds: string[];
    touchedPlaylistIds: string[];
  };
}

interface VideoChange {
  videoId: string;
  ownerId: string;
}
interface CommentChange {
  commentId: string;
  videoId: string;
  authorId: string;
}
interface TweetChange {
  tweetId: string;
  authorId: string;
}

/**
 * The events that change what a kept answer shows, or whom a kept session stands for: told to
 * every API process (through Redis when configured, decisions 0025 and 0056), so that each drops
 * what the change made stale. Their payloads are ids only, small and safe to publish.
 */
export const changeEvents = [
  'video.created',
  'video.updated',
  'video.published',
  'video.deleted',
  'comment.created',
  'comment.updated',
  'comment.deleted',
  'comment.marked',
  'like.toggled',
  'subscription.changed',
  'history.saved',
  'history.removed',
  'playlist.changed',
  'tweet.created',
  'tweet.updated',
  'tweet.deleted',
  'user.created',
  'user.updated',
  'notifications.changed',
  'user.blocked',
  'user.unblocked',
  'account.deleted',
  'content.moderated',
  'sessions.ended',
  'user.roleChanged',
] as const satisfies readonly DomainEventName[];
export type ChangeEventName = (typeof changeEvents)[number];

export type DomainEventName = keyof DomainEventMap;
export type DomainEventListener<N extends DomainEventName> = (
  payload: DomainEventMap[N],
) => void | Promise<void>;

type AnyListener = (payload: unknown) => void | Promise<void>;

/** Carries change events to the other processes and brings theirs (decision 0025). */
export interface EventRelay {
  publish(name: ChangeEventName, payload: unknown): void;
}

export class DomainEvents {
  private readonly listeners = new Map<DomainEventName, Set<AnyListener>>();
  /** Listeners of change events made by any process, this one included. */
  private readonly everywhere = new Map<DomainEventName, Set<AnyListener>>();
  private relay: EventRelay | null = null;
  /** Listeners that answered a promise and have not finished. */
  private readonly running = new Set<Promise<void>>();
  /** Told when other processes' events may have been lost (`relayGap`). */
  private readonly gapListeners = new Set<() => void>();

  constructor(
    /** Where a failing listener is reported; it never reaches the emitter. */
    private readonly onListenerError: (error: unknown, event: DomainEventName) => void,
  ) {}

  /**
   * Adds a listener of this process's events; answers the function that removes it. A listener
   * with effects that must happen once (a socket emit carried by the adapter) belongs here.
   */
  on<N extends DomainEventName>(name: N, listener: DomainEventListener<N>): () => void {
    return addTo(this.listeners, name, listener as AnyListener);
  }

  /**
   * Adds a listener of a change event made by any process: this one's, and, once a relay is
   * attached, every other's. For idempotent effects only (dropping kept answers).
   */
  onAnyProcess<N extends ChangeEventName>(name: N, listener: DomainEventListener<N>): () => void {
    return addTo(this.everywhere, name, listener as AnyListener);
  }

  /** Sends this process's change events to the others until the answered function is called. */
  attachRelay(relay: EventRelay): () => void {
    this.relay = relay;
    return () => {
      if (this.relay === relay) this.relay = null;
    };
  }

  /**
   * Adds a listener told when the relay may have lost other processes' events (its connection
   * dropped or came back, or a process fell silent): what was kept on their events alone is
   * then forgotten (decision 0064). Answers the function that removes it.
   */
  onRelayGap(listener: () => void): () => void {
    this.gapListeners.add(listener);
    return () => this.gapListeners.delete(listener);
  }

  /** The relay may have lost other processes' events: tells `onRelayGap`'s listeners. */
  relayGap(): void {
    // Each forgets what it kept, in memory: none fails.
    for (const listener of this.gapListeners) listener();
  }

  /** A change event another process emitted: told to the listeners of any process's events. */
  receiveFromAnotherProcess<N extends ChangeEventName>(name: N, payload: DomainEventMap[N]): void {
    this.tell(this.everywhere.get(name), name, payload);
  }

  /**
   * Tells every listener, without waiting for them: call it only after the commit, so nobody
   * hears of a message that a rollback took back.
   */
  emit<N extends DomainEventName>(name: N, payload: DomainEventMap[N]): void {
    this.tell(this.listeners.get(name), name, payload);
    const everywhere = this.everywhere.get(name);
    if (everywhere) this.tell(everywhere, name, payload);
    if (this.relay && isChangeEvent(name)) {
      try {
        this.relay.publish(name, payload);
      } catch (error) {
        this.onListenerError(error, name);
      }
    }
  }

  /**
   * Resolves once every listener still running has finished (those that notifications and
   * other listeners write with after a commit): for tests that compare what is stored.
   */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private tell(listeners: Set<AnyListener> | undefined, name: DomainEventName, payload: unknown) {
    for (const listener of listeners ?? []) {
      try {
        const done = listener(payload);
        if (done instanceof Promise) {
          const running = done.catch((error) => this.onListenerError(error, name));
          this.running.add(running);
          void running.finally(() => this.running.delete(running));
        }
      } catch (error) {
        this.onListenerError(error, name);
      }
    }
  }
}

const changeEventNames: ReadonlySet<string> = new Set(changeEvents);
export const isChangeEvent = (name: string): name is ChangeEventName => changeEventNames.has(name);

function addTo(
  map: Map<DomainEventName, Set<AnyListener>>,
  name: DomainEventName,
  listener: AnyListener,
): () => void {
  let set = map.get(name);
  if (!set) {
    set = new Set();
    map.set(name, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}
