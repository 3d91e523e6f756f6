/** Who may follow whom. Subscriber lists are public (names and pictures only). */

/**
 * Following one's own channel means nothing: the toggle refuses it as a request that makes no
 * sense (400), not as a forbidden one.
 */
export function canSubscribeTo(subscriberId: string, channelId: string): boolean {
  return subscriberId !== channelId;
}
