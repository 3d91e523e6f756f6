import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAccessToken, setAccessToken } from '../../lib/api';
import { withContractServer } from '../../testing/contract-server';
import { makeUser } from '../../testing/fixtures';
import { renderRoute } from '../testing';

// The layout is tested on a screen that loads at once: an unknown path shows the 404 page,
// which is not loaded on demand.
const staticPath = '/layout-check';
const server = withContractServer();

const signIn = (overrides = {}) =>
  server().on('currentUser', () => ({ data: makeUser({ username: 'ada', ...overrides }) }));

const topBar = () => screen.getByRole('banner');

describe('top bar', () => {
  it('offers visitors Sign In and Sign Up, and no signed-in shortcuts', async () => {
    renderRoute(staticPath);
    const bar = topBar();
    expect(await within(bar).findByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(within(bar).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
    expect(within(bar).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(within(bar).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('gives a signed-in user the shortcuts, an avatar link and Logout', async () => {
    signIn();
    renderRoute(staticPath);
    const bar = topBar();
    const profile = await within(bar).findByRole('link', { name: 'Your profile (ada)' });
    expect(profile).toHaveAttribute('href', '/profile/videos');
    // No avatar: the username's initial stands in.
    expect(within(profile).getByText('A')).toBeInTheDocument();

    const shortcuts = within(bar).getByRole('navigation', { name: 'Shortcuts' });
    expect(
      within(shortcuts)
        .getAllByRole('link')
        .map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')]),
    ).toEqual([
      ['Dashboard', '/dashboard'],
      ['Upload Video', '/upload'],
      ['Playlists', '/playlists'],
      ['Channel Analytics', '/about'],
    ]);
    expect(within(bar).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(bar).queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('falls back to the initial when the avatar image fails to load', async () => {
    signIn({ avatar: '/media/avatars/missing.webp' });
    renderRoute(staticPath);
    const profile = await within(topBar()).findByRole('link', { name: 'Your profile (ada)' });
    const image = profile.querySelector('img');
    expect(image).toHaveAttribute('src', '/media/avatars/missing.webp');
    fireEvent.error(image as HTMLImageElement);
    expect(within(profile).getByText('A')).toBeInTheDocument();
    expect(profile.querySelector('img')).toBeNull();
  });

  it('logs out: the token goes, the visitor items come back', async () => {
    signIn();
    setAccessToken('tok');
    const { user, router } = renderRoute(staticPath);
    await user.click(await within(topBar()).findByRole('button', { name: 'Logout' }));

    expect(await within(topBar()).findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(getAccessToken()).toBeNull();
    expect(server().requestsTo('logout')).toHaveLength(1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('logs out locally even when the server cannot be told', async () => {
    signIn();
    setAccessToken('tok');
    server().on('logout', () => ({
      status: 500,
      error: { code: 'INTERNAL', message: 'Internal error' },
    }));
    const { user } = renderRoute(staticPath);
    await user.click(await within(topBar()).findByRole('button', { name: 'Logout' }));
    expect(await within(topBar()).findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(getAccessToken()).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('searches with the typed text and ignores a blank search', async () => {
    const { user, router } = renderRoute(staticPath);
    const [box] = screen.getAllByRole('searchbox', { name: 'Search videos and channels' });
    const form = box?.closest('form') as HTMLFormElement;

    await user.type(box as HTMLElement, '   ');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(router.state.location.pathname).toBe(staticPath);

    await user.clear(box as HTMLElement);
    await user.type(box as HTMLElement, 'cat videos{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?q=cat%20videos');
  });

  it('opens the small-screen search overlay and closes it with Escape', async () => {
    const { user } = renderRoute(staticPath);
    await user.click(screen.getByRole('button', { name: 'Open search' }));
    expect(screen.getAllByRole('searchbox')).toHaveLength(2);
    expect(screen.getAllByRole('searchbox')[1]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.getAllByRole('searchbox')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Open search' })).toHaveFocus();
  });

  it('toggles the dark theme (off at first) and remembers it', async () => {
    const { user } = renderRoute(staticPath);
    const container = screen.getByTestId('theme-root');
    expect(container).not.toHaveClass('dark');

    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(container).toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('dark');

    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(container).not.toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('starts dark when dark was chosen before', () => {
    localStorage.setItem('theme', 'dark');
    renderRoute(staticPath);
    expect(screen.getByTestId('theme-root')).toHaveClass('dark');
  });
});

describe('sidebar', () => {
  const everyone = [
    'Home',
    'Trending',
    'Tweets',
    'Subscriptions',
    'Library',
    'History',
    'Liked videos',
  ];
  const signedInOnly = [
    'Dashboard',
    'Upload',
    'My videos',
    'Playlists',
    'Profile',
    'Messages',
    'About',
  ];

  const openDrawer = async (user: ReturnType<typeof renderRoute>['user']) => {
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    return screen.getByRole('dialog', { name: 'Menu' });
  };

  it("lists everyone's items for visitors", async () => {
    const { user } = renderRoute(staticPath);
    await within(topBar()).findByRole('link', { name: 'Sign In' });
    const drawer = await openDrawer(user);
    const names = within(drawer)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual(everyone);
    expect(within(drawer).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('adds the signed-in items and Logout', async () => {
    signIn();
    const { user } = renderRoute(staticPath);
    await within(topBar()).findByRole('button', { name: 'Logout' });
    const drawer = await openDrawer(user);
    const links = within(drawer).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([...everyone, ...signedInOnly]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/',
      '/trending',
      '/tweets',
      '/subscriptions',
      '/library',
      '/history',
      '/liked',
      '/dashboard',
      '/upload',
      '/my-videos',
      '/playlists',
      '/profile/videos',
      '/messages/conversations',
      '/about',
    ]);
    expect(within(drawer).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('is a drawer on small screens: Escape, the backdrop and navigating close it', async () => {
    const { user, router } = renderRoute(staticPath);
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');

    await openDrawer(user);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menu).toHaveFocus();

    await openDrawer(user);
    await user.click(screen.getByTestId('sidebar-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const drawer = await openDrawer(user);
    await user.click(within(drawer).getByRole('link', { name: 'Trending' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/trending'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('marks the current page', async () => {
    const { user } = renderRoute('/subscriptions');
    // A lazily loaded screen: the layout shows once its code has arrived.
    await screen.findByRole('heading', { level: 1, name: 'Your Subscriptions' }, { timeout: 3000 });
    const drawer = await openDrawer(user);
    expect(within(drawer).getByRole('link', { name: 'Subscriptions' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(drawer).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });
});
