import { Link, NavLink, Outlet } from 'react-router';
import { Avatar } from '../../../components/Avatar';
import { buttonClass } from '../../../components/Button';
import { CoverImage } from '../../../components/CoverImage';
import { PencilIcon } from '../../../components/icons';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { SignInPrompt } from '../../../components/SignInPrompt';
import { useSession } from '../../../lib/auth';
import { cn } from '../../../lib/cn';
import { useDocumentTitle } from '../../../lib/use-document-title';

const tabs = [
  { to: '/profile/videos', label: 'Videos' },
  { to: '/profile/tweets', label: 'Tweets' },
  { to: '/profile/subscribers', label: 'Subscribers' },
  { to: '/profile/analytics', label: 'Analytics' },
  { to: '/profile/requests', label: 'Requests' },
] as const;

/**
 * The signed-in user's profile area (/profile/*): header and tabs. The header shows the
 * session's user, which every profile change updates, so an edit shows here at once. Stats and
 * the tab contents come with a later release.
 */
export function ProfileLayout() {
  const session = useSession();
  useDocumentTitle(session.user?.fullname ?? 'Profile');

  if (session.status === 'loading') return <PageSkeleton label="Loading profile" />;
  if (session.status === 'signedOut') {
    return (
      <SignInPrompt title="Your Profile" message="Failed to load user profile. Please login." />
    );
  }

  const { user } = session;
  return (
    <div className="mx-auto w-full max-w-content pb-10 sm:px-6 sm:pt-6">
      <div className="overflow-hidden border-border bg-surface sm:rounded-lg sm:border">
        <CoverImage src={user.coverImage} />
        <div className="flex flex-col gap-4 px-4 pb-5 sm:flex-row sm:items-end sm:px-6">
          <Avatar
            src={user.avatar}
            name={user.username}
            size="xl"
            className="relative -mt-12 ring-4 ring-surface"
          />
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-2xl font-bold tracking-tight">{user.fullname}</h1>
            <p className="truncate text-fg-muted">@{user.username}</p>
            <p className="truncate text-sm text-fg-muted">{user.email}</p>
          </div>
          <Link
            to="/profile/edit"
            className={buttonClass({ variant: 'secondary', className: 'self-start sm:self-end' })}
          >
            <PencilIcon size={16} />
            Edit Profile
          </Link>
        </div>
        <nav
          aria-label="Profile sections"
          className="overflow-x-auto border-t border-border px-2 sm:px-4"
        >
          <ul className="flex min-w-max gap-1">
            {tabs.map((tab) => (
              <li key={tab.to}>
                <NavLink
                  to={tab.to}
                  className={({ isActive }) =>
                    cn(
                      'inline-flex h-12 items-center border-b-2 px-3 text-sm font-medium transition-colors',
                      isActive
                        ? 'border-accent text-fg'
                        : 'border-transparent text-fg-muted hover:text-fg',
                    )
                  }
                >
                  {tab.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <Outlet />
    </div>
  );
}
