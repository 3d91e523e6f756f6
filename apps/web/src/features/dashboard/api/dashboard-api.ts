import { queryOptions } from '@tanstack/react-query';
import { fetchOwnVideos } from '../../../lib/own-videos';

/** Dashboard constants (core §7 "Dashboard", §9). */
export const RECENT_VIDEOS_LIMIT = 6;
export const CONTENT_TAB_LIMIT = 5;

export const dashboardText = {
  loading: 'Loading dashboard',
  signedOutMessage: "Sign in to see your channel's figures and manage your videos.",
  signedOutTitle: 'Access Your Dashboard',
  loadFailed: 'Failed to load dashboard data',
} as const;

export const dashboardKeys = {
  /** Every list of the dashboard: a video changed elsewhere changes them. */
  root: ['dashboard'] as const,
  recentVideos: (userId: string) =>
    ['dashboard', 'recent-videos', { userId, limit: RECENT_VIDEOS_LIMIT }] as const,
};

/** The query options of the dashboard's own list. */
export const dashboardQueries = {
  recentVideos: (userId: string) =>
    queryOptions({
      queryKey: dashboardKeys.recentVideos(userId),
      queryFn: ({ signal }) => fetchOwnVideos(userId, RECENT_VIDEOS_LIMIT, signal),
    }),
};
