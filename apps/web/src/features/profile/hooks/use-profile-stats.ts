import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useOnProfileUpdated } from '../../../lib/auth';
import { myStatsQuery } from '../../../lib/my-stats';

/**
 * The profile's figures (GET /users/my-stats, which also serves as the profile), read again
 * when the profile changes in this tab ('profileUpdated') or another (the storage key).
 */
export function useProfileStats() {
  const stats = useQuery(myStatsQuery());
  useOnProfileUpdated(() => void stats.refetch());
  return stats;
}

/**
 * Refresh: everything the screen shows is read again (header, figures, the open tab's list),
 * whichever feature owns it; what is not on screen is only marked stale.
 */
export function useRefreshScreen() {
  const queryClient = useQueryClient();
  const [isRefreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    try {
      await queryClient.invalidateQueries();
    } finally {
      setRefreshing(false);
    }
  };
  return { refresh, isRefreshing };
}
