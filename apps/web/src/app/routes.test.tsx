import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withContractServer } from '../testing/contract-server';
import { makeUser } from '../testing/fixtures';
import { renderRoute } from './testing';

const server = withContractServer();

/** Every route of core-viewing-and-creator §2.1 and the heading it shows today. */
const specRoutes: Array<[path: string, heading: string]> = [
  ['/', 'Watch, share and discover videos'],
  ['/category/music', 'Watch, share and discover videos'],
  ['/trending', 'Trending Right Now'],
  ['/channel/c1', 'Channel not found'],
  ['/channel/c1/about', 'Sign in to view stats'],
  ['/about', 'Sign in to view stats'],
  ['/search?q=cats', 'Search Results'],
  ['/dashboard', 'Access Your Dashboard'],
  ['/upload', 'Login Required'],
  ['/tweets', 'Please Login'],
  ['/subscriptions', 'Your Subscriptions'],
  ['/library', 'Access Your Library'],
  ['/history', 'Track Your Journey'],
  ['/liked', 'Your Favorites Await'],
  ['/my-videos', 'Please log in'],
  ['/playlists', 'Access Your Playlists'],
  ['/playlist/p1', 'Playlist not found'],
  ['/requests', 'Message Requests'],
  ['/notifications', 'Sign in to see your notifications'],
  ['/messages/conversations', 'Messages'],
  ['/messages/conversations/conv-1', 'Sign in to see your messages'],
  ['/profile/videos', 'Your Profile'],
  ['/login', 'Sign In'],
  ['/register', 'Sign Up'],
];

describe('route table', () => {
  it.each(specRoutes)('%s renders "%s"', async (path, heading) => {
    server().on('getChannel', () => ({
      status: 404,
      error: { code: 'NOT_FOUND', message: 'Channel not found' },
    }));
    server().on('getPlaylist', () => ({
      status: 404,
      error: { code: 'NOT_FOUND', message: 'Playlist not found' },
    }));
    renderRoute(path);
    // Lazy routes load their code on first use; allow for a busy machine.
    expect(
      await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 3000 }),
    ).toBeInTheDocument();
  });

  it('shows the query on the search route', async () => {
    renderRoute('/search?q=cats');
    expect(await screen.findByText('cats')).toBeInTheDocument();
    expect(screen.getByText(/Results for/)).toBeInTheDocument();
  });

  it("shows 'Page not found (404)' for unknown paths, inside the main layout", async () => {
    renderRoute('/no/such/page');
    expect(
      await screen.findByRole('heading', { name: 'Page not found (404)' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('puts sign-in screens in the plain authentication layout (no top bar, no sidebar)', async () => {
    renderRoute('/login');
    await screen.findByRole('heading', { name: 'Sign In' });
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.getByRole('main').parentElement).toHaveClass('dark');
  });

  it('renders the watch page at /video/:id', async () => {
    server().on('getVideo', () => ({
      status: 404,
      error: { code: 'NOT_FOUND', message: 'Video not found' },
    }));
    renderRoute('/video/v1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Video not found' }),
    ).toBeInTheDocument();
    expect(server().requestsTo('getVideo')[0]?.params).toEqual({ id: 'v1' });
  });

  it.each([
    ['/#/video/abc', '/video/abc', 'Video not found'],
    ['/#/channel/c9', '/channel/c9', 'Channel not found'],
    ['/#/playlist/p7', '/playlist/p7', 'Playlist not found'],
  ])('redirects the share link %s to %s', async (link, path, heading) => {
    server().on('getChannel', () => ({
      status: 404,
      error: { code: 'NOT_FOUND', message: 'Channel not found' },
    }));
    server().on('getPlaylist', () => ({
      status: 404,
      error: { code: 'NOT_FOUND', message: 'Playlist not found' },
    }));
    server().on('getVideo', () => ({
      status: 404,
      error: { code: 'NOT_FOUND', message: 'Video not found' },
    }));
    const { router } = renderRoute(link);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    expect(router.state.location.hash).toBe('');
  });

  describe('profile area', () => {
    it("shows the signed-in user's name and falls back to /profile/videos", async () => {
      server().on('currentUser', () => ({ data: makeUser({ fullname: 'Ada Lovelace' }) }));
      const { router } = renderRoute('/profile/whatever');

      expect(
        await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' }),
      ).toBeInTheDocument();
      expect(screen.getByText('@ada')).toBeInTheDocument();
      await screen.findByRole('heading', { level: 2, name: 'My Videos' });
      expect(router.state.location.pathname).toBe('/profile/videos');
      const tabs = screen.getByRole('navigation', { name: 'Profile sections' });
      expect(within(tabs).getByRole('link', { name: 'Videos' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      expect(screen.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute(
        'href',
        '/profile/edit',
      );
    });

    it('/profile goes to the videos tab', async () => {
      server().on('currentUser', () => ({ data: makeUser() }));
      const { router } = renderRoute('/profile');
      await screen.findByRole('heading', { level: 2, name: 'My Videos' });
      expect(router.state.location.pathname).toBe('/profile/videos');
    });

    it('asks visitors to sign in', async () => {
      renderRoute('/profile/videos');
      expect(await screen.findByText('Failed to load user profile. Please login.')).toBeVisible();
      expect(screen.getByRole('link', { name: 'Sign In Now' })).toHaveAttribute('href', '/login');
    });
  });
});
