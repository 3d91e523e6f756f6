import type { CurrentUser } from '@kinora/contract';
import { Link, useNavigate } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { iconButtonClass } from '../../components/Button';
import {
  ChartIcon,
  DashboardIcon,
  LogOutIcon,
  PlaylistIcon,
  UploadIcon,
} from '../../components/icons';
import { NotificationBell } from '../../features/notifications';
import { useLogout } from '../../lib/auth';
import { cn } from '../../lib/cn';

const shortcuts = [
  { to: '/dashboard', label: 'Dashboard', Icon: DashboardIcon },
  { to: '/upload', label: 'Upload Video', Icon: UploadIcon },
  { to: '/playlists', label: 'Playlists', Icon: PlaylistIcon },
  { to: '/about', label: 'Channel Analytics', Icon: ChartIcon },
] as const;

/** The top bar's end for a signed-in person: shortcuts, the bell, their avatar, Logout. */
export function SignedInArea({ user }: { user: CurrentUser }) {
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <>
      <nav aria-label="Shortcuts" className="hidden items-center gap-1 sm:flex">
        {shortcuts.map(({ to, label, Icon }) => (
          <Link key={to} to={to} aria-label={label} title={label} className={iconButtonClass}>
            <Icon />
          </Link>
        ))}
      </nav>
      <NotificationBell />
      <Link
        to="/profile/videos"
        aria-label={`Your profile (${user.username})`}
        title="Your profile"
        className="flex shrink-0 rounded-full"
      >
        <Avatar src={user.avatar} name={user.username} size="sm" />
      </Link>
      <button
        type="button"
        aria-label="Logout"
        title="Logout"
        disabled={logout.isPending}
        onClick={() => logout.mutate(undefined, { onSettled: () => navigate('/') })}
        className={cn(
          iconButtonClass,
          'sm:w-auto sm:gap-2 sm:rounded-md sm:px-3 sm:text-sm sm:font-medium',
        )}
      >
        <LogOutIcon size={18} />
        <span className="hidden sm:inline">Logout</span>
      </button>
    </>
  );
}
