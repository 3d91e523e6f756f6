import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link, useNavigate } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { buttonClass, IconButton, iconButtonClass } from '../../components/Button';
import {
  ArrowLeftIcon,
  ChartIcon,
  DashboardIcon,
  LogoMark,
  LogOutIcon,
  MenuIcon,
  MoonIcon,
  PlaylistIcon,
  SearchIcon,
  SunIcon,
  UploadIcon,
} from '../../components/icons';
import { NotificationBell } from '../../features/notifications';
import { useLogout, useSession } from '../../lib/auth';
import { cn } from '../../lib/cn';
import { useTheme } from '../../lib/theme';
import { SearchForm } from './SearchForm';

const shortcuts = [
  { to: '/dashboard', label: 'Dashboard', Icon: DashboardIcon },
  { to: '/upload', label: 'Upload Video', Icon: UploadIcon },
  { to: '/playlists', label: 'Playlists', Icon: PlaylistIcon },
  { to: '/about', label: 'Channel Analytics', Icon: ChartIcon },
] as const;

export function TopBar({
  onToggleMenu,
  isMenuOpen,
  menuButtonRef,
}: {
  onToggleMenu: () => void;
  isMenuOpen: boolean;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
}) {
  const [isSearchOpen, setIsSearchOpen] = useState(false);
  const searchButtonRef = useRef<HTMLButtonElement>(null);

  const closeSearch = () => {
    setIsSearchOpen(false);
    searchButtonRef.current?.focus();
  };

  return (
    <header className="fixed inset-x-0 top-0 z-30 flex h-topbar items-center gap-1 border-b border-border bg-surface px-2 sm:gap-2 sm:px-4">
      <IconButton
        ref={menuButtonRef}
        label="Menu"
        aria-expanded={isMenuOpen}
        aria-controls="app-sidebar"
        onClick={onToggleMenu}
      >
        <MenuIcon />
      </IconButton>
      <Link
        to="/"
        aria-label="Kinora home"
        className="flex shrink-0 items-center gap-1.5 rounded-md p-1 sm:gap-2"
      >
        <LogoMark />
        <span className="hidden text-base font-bold tracking-tight min-[380px]:inline sm:text-lg">
          Kinora
        </span>
      </Link>

      <SearchForm className="mx-auto hidden w-full max-w-xl md:flex" />

      <div className="ml-auto flex items-center gap-0.5 sm:gap-2 md:ml-0">
        <IconButton
          ref={searchButtonRef}
          label="Open search"
          className="md:hidden"
          onClick={() => setIsSearchOpen(true)}
        >
          <SearchIcon />
        </IconButton>
        <ThemeToggle />
        <AccountArea />
      </div>

      {isSearchOpen ? <SearchOverlay onClose={closeSearch} /> : null}
    </header>
  );
}

/** Small screens: the search takes the whole bar (spec §2.3); Escape or the arrow closes it. */
function SearchOverlay({ onClose }: { onClose: () => void }) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className="absolute inset-0 z-10 flex items-center gap-2 bg-surface px-2 md:hidden">
      <IconButton label="Close search" onClick={onClose}>
        <ArrowLeftIcon />
      </IconButton>
      <SearchForm className="flex-1" autoFocus onSearched={onClose} />
    </div>
  );
}

function ThemeToggle() {
  const { isDark, toggleTheme } = useTheme();
  return (
    <IconButton
      label={isDark ? 'Switch to light theme' : 'Switch to dark theme'}
      onClick={toggleTheme}
    >
      {isDark ? <SunIcon /> : <MoonIcon />}
    </IconButton>
  );
}

function AccountArea() {
  const session = useSession();
  const logout = useLogout();
  const navigate = useNavigate();

  if (session.status === 'loading') {
    return <span aria-hidden="true" className="size-9 animate-pulse rounded-full bg-raised" />;
  }

  if (session.status === 'signedOut') {
    return (
      <>
        <Link
          to="/login"
          className={buttonClass({ variant: 'ghost', size: 'sm', className: 'px-2 sm:px-3' })}
        >
          Sign In
        </Link>
        <Link to="/register" className={buttonClass({ size: 'sm', className: 'px-2 sm:px-3' })}>
          Sign Up
        </Link>
      </>
    );
  }

  const { user } = session;
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
        className="rounded-full"
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
