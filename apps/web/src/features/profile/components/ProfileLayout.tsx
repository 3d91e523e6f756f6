import type { CurrentUser, MyStats } from '@kinora/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { Button, buttonClass } from '../../../components/Button';
import { CoverHeader, CoverHeaderSkeleton } from '../../../components/CoverHeader';
import { AlertTriangleIcon, MailIcon, PencilIcon, RefreshIcon } from '../../../components/icons';
import { SignInPrompt } from '../../../components/SignInPrompt';
import { isApiError } from '../../../lib/api';
import { useSession } from '../../../lib/auth';
import { cn } from '../../../lib/cn';
import { formatCount } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useProfileStats, useRefreshScreen } from '../hooks/use-profile-stats';

/** The spec's words for the profile area (signed-in-areas "Profile area", §8). */
export const profileText = {
  signedOutTitle: 'Your Profile',
  signedOut: 'Failed to load user profile. Please login.',
  userNotFound: 'User not found',
  refresh: 'Refresh',
  editProfile: 'Edit Profile',
  statsFailed: 'Failed to load channel statistics',
} as const;

/** Why the profile could not be loaded: the account is gone (404), or anything else (§8). */
export function profileFailureText(failure: unknown): string {
  return isApiError(failure) && failure.status === 404
    ? profileText.userNotFound
    : profileText.signedOut;
}

type CountKey = 'videosCount' | 'tweetsCount' | 'subscribersCount';

const tabs: ReadonlyArray<{ to: string; label: string; count?: CountKey }> = [
  { to: '/profile/videos', label: 'Videos', count: 'videosCount' },
  { to: '/profile/tweets', label: 'Tweets', count: 'tweetsCount' },
  { to: '/profile/subscribers', label: 'Subscribers', count: 'subscribersCount' },
  { to: '/profile/analytics', label: 'Analytics' },
  { to: '/profile/requests', label: 'Requests' },
];

type FigureKey = CountKey | 'subscriptionsCount' | 'totalViews';

const figures: ReadonlyArray<{ key: FigureKey; label: string }> = [
  { key: 'videosCount', label: 'Videos' },
  { key: 'tweetsCount', label: 'Tweets' },
  { key: 'subscribersCount', label: 'Subscribers' },
  { key: 'subscriptionsCount', label: 'Subscriptions' },
  { key: 'totalViews', label: 'Total Views' },
];

/**
 * The signed-in user's profile area (/profile/*): the header (cover, avatar, name, username,
 * email, the five figures, Refresh and Edit Profile) above the tabs, with counts on Videos,
 * Tweets and Subscribers. The figures refetch on the 'profileUpdated' event and its storage key.
 */
export function ProfileLayout() {
  const session = useSession();
  useDocumentTitle(session.user?.fullname ?? profileText.signedOutTitle);

  if (session.status === 'loading') return <ProfileSkeleton />;
  if (session.status === 'signedOut') {
    return (
      <SignInPrompt
        title={profileText.signedOutTitle}
        message={profileFailureText(session.failure)}
      />
    );
  }
  return <Profile user={session.user} />;
}

function Profile({ user }: { user: CurrentUser }) {
  const stats = useProfileStats();
  const { refresh, isRefreshing } = useRefreshScreen();

  // Who the user is comes from the session: every profile edit replaces it at once (and other
  // tabs' edits reach it through the storage key), so a just-saved name never flashes old.
  return (
    <div className="mx-auto w-full max-w-content pb-10 sm:px-6 sm:pt-6">
      <div className="overflow-hidden border-border bg-surface sm:rounded-lg sm:border">
        <CoverHeader
          cover={user.coverImage}
          avatar={user.avatar}
          name={user.username}
          heading={user.fullname}
          details={
            <>
              <p className="truncate text-fg-muted">@{user.username}</p>
              <p className="mt-0.5 flex min-w-0 items-center gap-1.5 text-sm text-fg-muted">
                <MailIcon size={14} className="shrink-0" />
                <span className="truncate">{user.email}</span>
              </p>
            </>
          }
          on="surface"
          actions={
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                onClick={() => void refresh()}
                disabled={isRefreshing}
                aria-busy={isRefreshing || undefined}
              >
                <RefreshIcon size={16} className={cn(isRefreshing && 'animate-spin')} />
                {profileText.refresh}
              </Button>
              <Link to="/profile/edit" className={buttonClass({ variant: 'secondary' })}>
                <PencilIcon size={16} />
                {profileText.editProfile}
              </Link>
            </div>
          }
          className="flex flex-col gap-5 pb-5"
        >
          <ProfileFigures stats={stats} />
        </CoverHeader>
        <ProfileTabs stats={stats.data} />
      </div>
      <Outlet />
    </div>
  );
}

const figureGrid =
  'grid grid-cols-3 gap-x-3 gap-y-4 rounded-lg bg-raised/60 p-4 sm:grid-cols-5 sm:gap-x-4';

/** The five figures; skeletons while they load, the failure and Try Again if they could not. */
function ProfileFigures({ stats }: { stats: UseQueryResult<MyStats> }) {
  if (stats.isPending) {
    return (
      <div role="status" aria-label="Loading statistics" className={figureGrid}>
        {figures.map((figure) => (
          <div key={figure.key} className="flex animate-pulse flex-col gap-2">
            <div className="h-6 w-12 rounded-sm bg-border" />
            <div className="h-3 w-16 rounded-sm bg-border" />
          </div>
        ))}
      </div>
    );
  }
  if (stats.isError) {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-3 rounded-lg border border-danger/40 bg-danger-soft px-4 py-3"
      >
        <AlertTriangleIcon size={20} className="shrink-0 text-danger" />
        <p className="min-w-0 flex-1 text-sm font-medium text-fg">{profileText.statsFailed}</p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void stats.refetch()}
          disabled={stats.isFetching}
        >
          <RefreshIcon size={14} className={cn(stats.isFetching && 'animate-spin')} />
          Try Again
        </Button>
      </div>
    );
  }
  return (
    <dl aria-label="Profile statistics" className={figureGrid}>
      {figures.map((figure) => {
        const value = stats.data[figure.key];
        return (
          <div key={figure.key} className="flex min-w-0 flex-col-reverse">
            <dt className="truncate text-xs font-medium text-fg-muted sm:text-sm">
              {figure.label}
            </dt>
            <dd
              className="text-xl font-bold tracking-tight text-fg tabular-nums"
              title={value.toLocaleString()}
            >
              {formatCount(value)}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

function ProfileTabs({ stats }: { stats: MyStats | undefined }) {
  const navRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a narrow screen the tab row scrolls: keep the open tab in view (Analytics, Requests).
  useEffect(() => {
    // Only the row scrolls, never the page.
    const nav = navRef.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !current) return;
    nav.scrollLeft = current.offsetLeft - (nav.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);

  return (
    <nav
      ref={navRef}
      aria-label="Profile sections"
      className="relative overflow-x-auto border-t border-border px-2 sm:px-4"
    >
      <ul className="flex min-w-max gap-1">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              className={({ isActive }) =>
                cn(
                  'inline-flex h-12 items-center gap-2 border-b-2 px-3 text-sm font-medium transition-colors',
                  isActive
                    ? 'border-accent text-fg'
                    : 'border-transparent text-fg-muted hover:text-fg',
                )
              }
            >
              {tab.label}
              {tab.count && stats ? (
                <span className="rounded-full bg-raised px-2 py-0.5 text-xs font-semibold text-fg tabular-nums">
                  {formatCount(stats[tab.count])}
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The header's shape in grey while we learn who is signed in. */
function ProfileSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading profile"
      className="mx-auto w-full max-w-content animate-pulse pb-10 sm:px-6 sm:pt-6"
    >
      <div className="overflow-hidden border-border bg-surface sm:rounded-lg sm:border">
        <CoverHeaderSkeleton on="surface" className="pb-5" />
        <div className="h-12 border-t border-border" />
      </div>
    </div>
  );
}
