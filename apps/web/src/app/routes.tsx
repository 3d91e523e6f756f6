import { Navigate, type RouteObject } from 'react-router';
import { PageSkeleton } from '../components/PageSkeleton';
import { RouteErrorScreen } from './ErrorBoundary';
import { AuthLayout } from './layouts/AuthLayout';
import { MainLayout } from './layouts/MainLayout';
import { NotFoundPage } from './NotFoundPage';
import { RootLayout } from './RootLayout';

/**
 * Every route of the spec (core §2.1). Feature screens load on demand (`lazy`), so a visitor
 * downloads the code of the screens they open.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <PageSkeleton />,
    children: [
      {
        element: <MainLayout />,
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await import('../features/discovery/components/HomePage')).HomePage,
            }),
          },
          {
            path: 'category/:category',
            lazy: async () => ({
              Component: (await import('../features/discovery/components/HomePage')).HomePage,
            }),
          },
          {
            path: 'trending',
            lazy: async () => ({
              Component: (await import('../features/discovery/components/TrendingPage'))
                .TrendingPage,
            }),
          },
          {
            path: 'video/:id',
            lazy: async () => ({
              Component: (await import('./WatchRoute')).WatchRoute,
            }),
          },
          {
            path: 'channel/:id',
            lazy: async () => ({ Component: (await import('./ChannelRoute')).ChannelRoute }),
          },
          {
            path: 'c/:username',
            lazy: async () => ({
              Component: (await import('../features/channel')).ChannelByNamePage,
            }),
          },
          {
            path: 'channel/:id/about',
            lazy: async () => ({
              Component: (await import('../features/analytics/components/ChannelAnalyticsPage'))
                .ChannelAnalyticsPage,
            }),
          },
          {
            path: 'about',
            lazy: async () => ({
              Component: (await import('../features/analytics/components/ChannelAnalyticsPage'))
                .ChannelAnalyticsPage,
            }),
          },
          {
            path: 'search',
            lazy: async () => ({
              Component: (await import('../features/discovery/components/SearchPage')).SearchPage,
            }),
          },
          {
            path: 'dashboard',
            lazy: async () => ({
              Component: (await import('../features/dashboard/components/DashboardPage'))
                .DashboardPage,
            }),
          },
          {
            path: 'upload',
            lazy: async () => ({
              Component: (await import('../features/upload/components/UploadPage')).UploadPage,
            }),
          },
          {
            path: 'tweets',
            lazy: async () => ({
              Component: (await import('../features/tweets/components/TweetsPage')).TweetsPage,
            }),
          },
          {
            path: 'subscriptions',
            lazy: async () => ({
              Component: (await import('../features/subscriptions/components/SubscriptionsPage'))
                .SubscriptionsPage,
            }),
          },
          {
            path: 'library',
            lazy: async () => ({ Component: (await import('./LibraryPage')).LibraryPage }),
          },
          {
            path: 'history',
            lazy: async () => ({
              Component: (await import('../features/history/components/HistoryPage')).HistoryPage,
            }),
          },
          {
            path: 'liked',
            lazy: async () => ({
              Component: (await import('../features/liked/components/LikedPage')).LikedPage,
            }),
          },
          {
            path: 'my-videos',
            lazy: async () => ({
              Component: (await import('../features/my-videos/components/MyVideosPage'))
                .MyVideosPage,
            }),
          },
          {
            path: 'playlists',
            lazy: async () => ({
              Component: (await import('../features/playlists/components/PlaylistsPage'))
                .PlaylistsPage,
            }),
          },
          {
            path: 'playlist/:id',
            lazy: async () => ({
              Component: (await import('../features/playlists/components/PlaylistDetailPage'))
                .PlaylistDetailPage,
            }),
          },
          {
            path: 'requests',
            lazy: async () => ({
              Component: (await import('../features/messages/components/RequestsPage'))
                .RequestsPage,
            }),
          },
          {
            path: 'messages/conversations',
            lazy: async () => ({
              Component: (await import('../features/messages/components/MessagesHubPage'))
                .MessagesHubPage,
            }),
          },
          { path: 'messages', element: <Navigate to="/messages/conversations" replace /> },
          {
            // The spec's alternate select handler opens /messages/{id}.
            path: 'messages/:conversationId',
            lazy: async () => ({
              Component: (await import('../features/messages/components/ConversationRedirect'))
                .ConversationRedirect,
            }),
          },
          {
            path: 'messages/conversations/:conversationId',
            lazy: async () => ({
              Component: (await import('../features/messages/components/chat/ChatPage')).ChatPage,
            }),
          },
          {
            path: 'moderation',
            lazy: async () => ({
              Component: (await import('../features/moderation/components/ModerationPage'))
                .ModerationPage,
            }),
          },
          {
            path: 'notifications',
            lazy: async () => ({
              Component: (await import('../features/notifications/components/NotificationsPage'))
                .NotificationsPage,
            }),
          },
          {
            // Edit profile with the notifications feature's settings under it.
            path: 'settings/two-factor',
            lazy: async () => ({
              Component: (await import('../features/two-factor/components/TwoFactorSettingsPage'))
                .TwoFactorSettingsPage,
            }),
          },
          {
            path: 'profile/edit',
            lazy: async () => ({
              Component: (await import('./EditProfileRoute')).EditProfileRoute,
            }),
          },
          {
            path: 'settings/sessions',
            lazy: async () => ({
              Component: (await import('../features/profile/components/SessionsPage')).SessionsPage,
            }),
          },
          {
            path: 'profile',
            lazy: async () => ({
              Component: (await import('../features/profile/components/ProfileLayout'))
                .ProfileLayout,
            }),
            children: [
              { index: true, element: <Navigate to="/profile/videos" replace /> },
              {
                path: 'videos',
                lazy: async () => ({
                  Component: (await import('../features/my-videos/components/ProfileVideosTab'))
                    .ProfileVideosTab,
                }),
              },
              {
                path: 'tweets',
                lazy: async () => ({
                  Component: (await import('../features/tweets/components/MyTweetsTab'))
                    .MyTweetsTab,
                }),
              },
              {
                path: 'subscribers',
                lazy: async () => ({
                  Component: (await import('../features/subscriptions/components/MySubscribersTab'))
                    .MySubscribersTab,
                }),
              },
              {
                path: 'analytics',
                lazy: async () => ({
                  Component: (await import('../features/analytics/components/ChannelAnalyticsPage'))
                    .ChannelAnalyticsTab,
                }),
              },
              {
                path: 'requests',
                lazy: async () => ({
                  Component: (await import('../features/messages/components/RequestsPage'))
                    .RequestsTab,
                }),
              },
              // Unknown tabs fall back to the videos tab (signed-in-areas §2).
              { path: '*', element: <Navigate to="/profile/videos" replace /> },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        // The player alone, for other sites' pages: no top bar, no sidebar.
        path: 'embed/:id',
        lazy: async () => ({
          Component: (await import('../features/videos')).EmbedPage,
        }),
      },
      {
        element: <AuthLayout />,
        children: [
          {
            path: 'login',
            lazy: async () => ({
              Component: (await import('../features/auth/components/LoginPage')).LoginPage,
            }),
          },
          {
            path: 'register',
            lazy: async () => ({
              Component: (await import('../features/auth/components/RegisterPage')).RegisterPage,
            }),
          },
          {
            path: 'forgot-password',
            lazy: async () => ({
              Component: (await import('../features/auth/components/ForgotPasswordPage'))
                .ForgotPasswordPage,
            }),
          },
          {
            path: 'reset-password',
            lazy: async () => ({
              Component: (await import('../features/auth/components/ResetPasswordPage'))
                .ResetPasswordPage,
            }),
          },
        ],
      },
    ],
  },
];
