import { useQuery } from '@tanstack/react-query';
import { myStatsQuery } from '../../../lib/my-stats';
import { dashboardQueries } from '../api/dashboard-api';

/** The dashboard's two loads (core §7): the creator's figures and their six newest videos. */
export function useDashboardData(userId: string) {
  const stats = useQuery(myStatsQuery());
  const videos = useQuery(dashboardQueries.recentVideos(userId));
  return {
    stats,
    videos,
    isError: stats.isError || videos.isError,
    isRetrying: stats.isFetching || videos.isFetching,
    /** Loads again whatever failed. */
    retry: () => {
      if (stats.isError) void stats.refetch();
      if (videos.isError) void videos.refetch();
    },
  };
}
