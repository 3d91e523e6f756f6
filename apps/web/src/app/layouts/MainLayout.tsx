import { useCallback, useRef, useState } from 'react';
import { Outlet } from 'react-router';
import { cn } from '../../lib/cn';
import { LARGE_SCREEN_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

/** Top bar, sidebar (fixed on large screens, a drawer on small ones) and the page (spec §2.2). */
export function MainLayout() {
  const isLargeScreen = useMediaQuery(LARGE_SCREEN_QUERY);
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const [isSidebarHidden, setIsSidebarHidden] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  const toggleMenu = () => {
    if (isLargeScreen) setIsSidebarHidden((hidden) => !hidden);
    else setIsDrawerOpen((open) => !open);
  };
  const closeDrawer = useCallback(() => setIsDrawerOpen(false), []);

  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-surface px-4 py-2 text-fg shadow-pop focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <TopBar
        onToggleMenu={toggleMenu}
        isMenuOpen={isLargeScreen ? !isSidebarHidden : isDrawerOpen}
        menuButtonRef={menuButtonRef}
      />
      <Sidebar
        isLargeScreen={isLargeScreen}
        isHidden={isSidebarHidden}
        isDrawerOpen={isDrawerOpen && !isLargeScreen}
        onCloseDrawer={closeDrawer}
        returnFocusRef={menuButtonRef}
      />
      <main
        id="main"
        tabIndex={-1}
        className={cn('pt-topbar outline-none', isLargeScreen && !isSidebarHidden && 'pl-sidebar')}
      >
        <Outlet />
      </main>
    </div>
  );
}
