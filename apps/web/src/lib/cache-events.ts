/**
 * What a feature changed that other features' answers show too: a subscription (the channel
 * page's figures, the watch page's button, the subscriptions lists) or a video (every list of
 * videos). Features do not import each other, so a feature announces the change here after
 * updating its own caches, and app/cache-links.ts makes the others' answers stale through the
 * query keys each feature exports.
 */
export type CacheEvent =
  | { type: 'subscription-toggled'; channelId: string; from: 'videos' | 'channel' }
  /** A video was published, edited, deleted, or made public or private. */
  | { type: 'videos-changed'; from: 'upload' | 'my-videos' }
  /** A moderator (or a channel owner reviewing a held comment) hid, restored or let out things. */
  | { type: 'content-moderated'; from: 'moderation' };

const target = new EventTarget();
const eventName = 'cache-event';

export function announce(event: CacheEvent): void {
  target.dispatchEvent(new CustomEvent<CacheEvent>(eventName, { detail: event }));
}

/** Calls `listener` with every announced change until the returned function is called. */
export function onCacheEvent(listener: (event: CacheEvent) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<CacheEvent>).detail);
  target.addEventListener(eventName, handle);
  return () => target.removeEventListener(eventName, handle);
}
