import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { chatKeys, fetchConversations } from '../api/chat-api';
import { useChatSocket } from './ChatSocketProvider';

/**
 * The signed-in person's unread messages over all conversations: the sum of the list's
 * `unreadCount`, then kept current by the private room's `unread_count` events (a message in,
 * a read on any device). Whichever is newer wins: a list loaded after an event counts again.
 */
export function useUnreadTotal(isSignedIn: boolean): number {
  const { connection } = useChatSocket();
  const list = useQuery({
    queryKey: chatKeys.conversations,
    queryFn: ({ signal }) => fetchConversations(signal),
    enabled: isSignedIn,
    staleTime: 30_000,
  });
  const [live, setLive] = useState<{ total: number; at: number } | null>(null);

  useEffect(() => {
    if (!connection) return;
    return connection.on('unread_count', ({ total }) => setLive({ total, at: Date.now() }));
  }, [connection]);

  if (!isSignedIn) return 0;
  const fromList = list.data?.reduce((sum, c) => sum + c.unreadCount, 0) ?? 0;
  if (live && live.at >= list.dataUpdatedAt) return live.total;
  return fromList;
}
