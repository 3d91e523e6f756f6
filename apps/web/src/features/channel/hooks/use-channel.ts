import type { ChannelWithStats } from '@kinora/contract';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  usePrefetchInfiniteQuery,
  type QueryKey,
} from '@tanstack/react-query';
import { useToast } from '../../../components/toast';
import { api } from '../../../lib/api';
import { useOnProfileUpdated } from '../../../lib/auth';
import { announce } from '../../../lib/cache-events';
import {
  channelKeys,
  channelQueries,
  channelText,
  fetchChannelByName,
  isChannelNotFound,
} from '../api/channel-api';

export function useChannel(id: string) {
  return useQuery(channelQueries.detail(id));
}

/**
 * A channel found by its username; what it answers also fills the channel's own cache, so the
 * page it leads to shows at once.
 */
export function useChannelByName(username: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: channelKeys.byName(username),
    queryFn: async ({ signal }) => {
      const found = await fetchChannelByName(username, signal);
      queryClient.setQueryData(channelKeys.detail(found.channel._id), found);
      return found;
    },
    retry: (failures, error) => !isChannelNotFound(error) && failures < 2,
  });
}

export function useChannelVideos(id: string) {
  // Asked for while the page renders, so the open tab's list goes out before the tweets' count.
  usePrefetchInfiniteQuery(channelQueries.videos(id));
  return useInfiniteQuery(channelQueries.videos(id));
}

/**
 * Everything on the page again: after Refresh, and when the profile changed in this tab or
 * another (core §2.10). `alsoShown` are the keys of what other features show on the page (the
 * channel's tweets).
 */
export function useChannelRefresh(id: string, alsoShown: readonly QueryKey[] = []) {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await Promise.all(
      [channelKeys.all(id), ...alsoShown].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  };
  useOnProfileUpdated(() => void refresh());
  return refresh;
}

/**
 * Subscribe/unsubscribe. The answer updates the button and count at once; the channel's
 * statistics are then fetched again (core §4).
 */
export function useSubscriptionToggle(channelId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: () => api('toggleSubscription', { params: { channelId } }),
    onSuccess: (answer) => {
      queryClient.setQueryData<ChannelWithStats>(channelKeys.detail(channelId), (data) =>
        data
          ? {
              channel: {
                ...data.channel,
                isSubscribed: answer.isSubscribed,
                subscribersCount: answer.subscriberCount,
              },
              stats: { ...data.stats, totalSubscribers: answer.subscriberCount },
            }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: channelKeys.detail(channelId) });
      // The watch page keeps its own subscription status for this channel.
      announce({ type: 'subscription-toggled', channelId, from: 'channel' });
    },
    onError: () => toast.error(channelText.subscribeFailed),
  });
}
