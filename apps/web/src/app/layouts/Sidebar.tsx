import { useEffect, useRef, type ComponentType, type RefObject } from 'react';
import { NavLink, useNavigate } from 'react-router';
import {
  ChartIcon,
  Icon,
  CloseIcon,
  DashboardIcon,
  FlameIcon,
  HistoryIcon,
  HomeIcon,
  LibraryIcon,
  LogoMark,
  LogOutIcon,
  MailIcon,
  MessageSquareIcon,
  PlaylistIcon,
  SubscriptionsIcon,
  ThumbsUpIcon,
  UploadIcon,
  UserIcon,
  VideoIcon,
  type IconProps,
} from '../../components/icons';
import { IconButton } from '../../components/Button';
import { useUnreadTotal } from '../../features/messages/socket';
import { useLogout, useSession } from '../../lib/auth';
import { cn } from '../../lib/cn';

interface NavItem {
  to: string;
  label: string;
  Icon: ComponentType<IconProps>;
  /** A count shown beside the label (unread messages); hidden at 0. */
  count?: number;
}

/** Spec §2.4: everyone's items, then the signed-in user's. */
/** The moderation page's mark: a shield. */
const ShieldIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" />
  </Icon>
);

const everyoneItems: NavItem[] = [
  { to: '/', label: 'Home', Icon: HomeIcon },
  { to: '/trending', label: 'Trending', Icon: FlameIcon },
  { to: '/tweets', label: 'Tweets', Icon: MessageSquareIcon },
  { to: '/subscriptions', label: 'Subscriptions', Icon: SubscriptionsIcon },
  { to: '/library', label: 'Library', Icon: LibraryIcon },
  { to: '/history', label: 'History', Icon: HistoryIcon },
  { to: '/liked', label: 'Liked videos', Icon: ThumbsUpIcon },
];

const signedInItems: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', Icon: DashboardIcon },
  { to: '/upload', label: 'Upload', Icon: UploadIcon },
  { to: '/my-videos', label: 'My videos', Icon: VideoIcon },
  { to: '/playlists', label: 'Playlists', Icon: PlaylistIcon },
  { to: '/profile/videos', label: 'Profile', Icon: UserIcon },
  { to: '/messages/conversations', label: 'Messages', Icon: MailIcon },
  { to: '/about', label: 'About', Icon: ChartIcon },
];

const itemClass =
  'flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium text-fg transition-colors hover:bg-raised';

export interface SidebarProps {
  /** Large screens: the sidebar is fixed beside the content (and may be hidden). */
  isLargeScreen: boolean;
  isHidden: boolean;
  /** Small screens: the sidebar is a drawer over the content. */
  isDrawerOpen: boolean;
  onCloseDrawer: () => void;
  returnFocusRef: RefObject<HTMLElement | null>;
}

export function Sidebar({
  isLargeScreen,
  isHidden,
  isDrawerOpen,
  onCloseDrawer,
  returnFocusRef,
}: SidebarProps) {
  const isDrawer = !isLargeScreen;
  const isOpenDrawer = isDrawer && isDrawerOpen;
  const panelRef = useRef<HTMLDivElement>(null);

  // An open drawer takes focus, closes on Escape, and keeps the page behind it still.
  useEffect(() => {
    if (!isOpenDrawer) return;
    const returnTo = returnFocusRef.current;
    panelRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseDrawer();
    };
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      returnTo?.focus();
    };
  }, [isOpenDrawer, onCloseDrawer, returnFocusRef]);

  const closeIfDrawer = isDrawer ? onCloseDrawer : undefined;

  return (
    <>
      {isOpenDrawer ? (
        <div
          data-testid="sidebar-backdrop"
          aria-hidden="true"
          onClick={onCloseDrawer}
          className="fixed inset-0 z-40 bg-overlay"
        />
      ) : null}
      <aside
        id="app-sidebar"
        ref={panelRef}
        role={isOpenDrawer ? 'dialog' : undefined}
        aria-modal={isOpenDrawer ? true : undefined}
        aria-label={isOpenDrawer ? 'Menu' : undefined}
        hidden={isLargeScreen && isHidden}
        inert={isDrawer && !isDrawerOpen}
        className={cn(
          'fixed bottom-0 left-0 flex w-sidebar flex-col overflow-y-auto border-r border-border bg-surface',
          isDrawer
            ? cn(
                'top-0 z-50 max-w-[85vw] transition-transform duration-200',
                isDrawerOpen ? 'translate-x-0 shadow-pop' : '-translate-x-full',
              )
            : 'top-topbar z-20',
        )}
      >
        {isDrawer ? (
          <div className="flex h-topbar shrink-0 items-center gap-2 border-b border-border px-3">
            <LogoMark />
            <span className="text-lg font-bold tracking-tight">Kinora</span>
            <IconButton label="Close menu" className="ml-auto" onClick={onCloseDrawer}>
              <CloseIcon />
            </IconButton>
          </div>
        ) : null}
        <SidebarNav onNavigate={closeIfDrawer} />
      </aside>
    </>
  );
}

function SidebarNav({ onNavigate }: { onNavigate: (() => void) | undefined }) {
  const session = useSession();
  const logout = useLogout();
  const navigate = useNavigate();
  const unread = useUnreadTotal(session.status === 'signedIn');
  const youItems = signedInItems.map((item) =>
    item.to === '/messages/conversations' ? { ...item, count: unread } : item,
  );
  // Staff reach the moderation queue from here (decision 0038).
  const isStaff =
    session.status === 'signedIn' &&
    (session.user.role === 'moderator' || session.user.role === 'admin');
  if (isStaff) youItems.push({ to: '/moderation', label: 'Moderation', Icon: ShieldIcon });

  return (
    <nav aria-label="Main" className="flex flex-col gap-1 p-3">
      <NavList items={everyoneItems} onNavigate={onNavigate} />
      {session.status === 'signedIn' ? (
        <>
          <hr className="my-2 border-border" />
          <h2 className="px-3 pb-1 text-xs font-semibold tracking-wide text-fg-muted uppercase">
            You
          </h2>
          <NavList items={youItems} onNavigate={onNavigate} />
          <button
            type="button"
            className={cn(itemClass, 'w-full text-left')}
            disabled={logout.isPending}
            onClick={() => {
              onNavigate?.();
              logout.mutate(undefined, { onSettled: () => navigate('/') });
            }}
          >
            <LogOutIcon className="text-fg-muted" />
            Logout
          </button>
        </>
      ) : null}
    </nav>
  );
}

function NavList({
  items,
  onNavigate,
}: {
  items: NavItem[];
  onNavigate: (() => void) | undefined;
}) {
  return (
    <ul className="flex flex-col gap-0.5">
      {items.map(({ to, label, Icon, count = 0 }) => (
        <li key={to}>
          <NavLink
            to={to}
            end={to === '/'}
            onClick={onNavigate}
            aria-label={count > 0 ? `${label}, ${count} unread` : undefined}
            className={({ isActive }) =>
              cn(itemClass, isActive && 'bg-accent-soft font-semibold text-accent-text')
            }
          >
            <Icon className="shrink-0" />
            {label}
            {count > 0 ? (
              <span
                aria-hidden="true"
                className="ml-auto min-w-5 rounded-full bg-accent px-1.5 text-center text-xs leading-5 font-semibold text-accent-fg"
              >
                {count > 99 ? '99+' : count}
              </span>
            ) : null}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
