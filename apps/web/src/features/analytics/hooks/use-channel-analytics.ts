import type { CurrentUser } from '@kinora/contract';
import { useQuery } from '@tanstack/react-query';
import { myStatsQuery } from '../../../lib/my-stats';
import {
  analyticsKeys,
  analyticsText,
  failureDetail,
  fetchChannelAnalytics,
  ownChannelAnalytics,
  type ChannelAnalytics,
} from '../api/analytics-api';

export type ChannelAnalyticsState =
  | { status: 'pending' }
  | {
      status: 'error';
      title: string;
      detail: string | undefined;
      retry: () => void;
      isRetrying: boolean;
    }
  | { status: 'success'; data: ChannelAnalytics };

/**
 * The analytics of the channel `channelId`, or of the viewer's own channel without one. An id
 * equal to the viewer's is their own channel: read from my-stats, with the email.
 */
export function useChannelAnalytics(
  channelId: string | undefined,
  viewer: CurrentUser,
): ChannelAnalyticsState {
  const isOwnChannel = !channelId || channelId === viewer._id;
  const own = useQuery({ ...myStatsQuery(), enabled: isOwnChannel });
  const other = useQuery({
    queryKey: analyticsKeys.channel(channelId ?? ''),
    queryFn: ({ signal }) => fetchChannelAnalytics(channelId ?? '', signal),
    enabled: !isOwnChannel,
  });

  if (isOwnChannel) {
    if (own.isError) {
      return {
        status: 'error',
        title: analyticsText.statsFailed,
        detail: undefined,
        retry: () => void own.refetch(),
        isRetrying: own.isFetching,
      };
    }
    if (own.data) return { status: 'success', data: ownChannelAnalytics(viewer, own.data) };
    return { status: 'pending' };
  }
  if (other.isError) {
    return {
      status: 'error',
      title: analyticsText.infoFailed,
      detail: failureDetail(other.error),
      retry: () => void other.refetch(),
      isRetrying: other.isFetching,
    };
  }
  if (other.data) return { status: 'success', data: other.data };
  return { status: 'pending' };
}
