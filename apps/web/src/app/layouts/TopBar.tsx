import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { buttonClass, IconButton } from '../../components/Button';
import {
  ArrowLeftIcon,
  LogoMark,
  MenuIcon,
  MoonIcon,
  SearchIcon,
  SunIcon,
} from '../../components/icons';
import { mayHoldSession } from '../../lib/api';
import { useSession } from '../../lib/auth';
import { useTheme } from '../../lib/theme';
import { SearchForm } from './SearchForm';

/**
 * What a signed-in person has in the bar (shortcuts, the bell, their avatar, Logout) loads with
 * their first page, not with a visitor's; a browser that may hold a session asks for it at once.
 */
const loadSignedInArea = () => import('./SignedInArea');
const SignedInArea = lazy(async () => ({ default: (await loadSignedInArea()).SignedInArea }));
if (mayHoldSession()) void loadSignedInArea();

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

  return (
    <Suspense
      fallback={<span aria-hidden="true" className="size-9 animate-pulse rounded-full bg-raised" />}
    >
      <SignedInArea user={session.user} />
    </Suspense>
  );
}
