import type { MyStats, Video } from '@kinora/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../app/testing';
import { deferred, withContractServer } from '../../../testing/contract-server';
import { makeUser } from '../../../testing/fixtures';
import { makeVideo } from '../../../testing/video-fixtures';
import { DashboardPage } from './DashboardPage';

const server = withContractServer();

const me = makeUser({ fullname: 'Ada Lovelace', username: 'ada' });

function makeStats(overrides: Partial<MyStats> = {}): MyStats {
  return {
    _id: me._id,
    username: me.username,
    fullname: me.fullname,
    email: me.email,
    avatar: me.avatar,
    coverImage: me.coverImage,
    subscribersCount: 1250,
    totalViews: 48_200,
    totalLikes: 999,
    videosCount: 7,
    tweetsCount: 3,
    subscriptionsCount: 12,
    createdAt: me.createdAt,
    ...overrides,
  };
}

const videoList = (videos: Video[]) => ({
  data: {
    videos,
    page: 1,
    limit: 6,
    totalPages: 1,
    hasNextPage: false,
    totalVideos: videos.length,
  },
});

const sixVideos = () =>
  Array.from({ length: 6 }, (_, i) =>
    makeVideo({
      _id: `video-${i + 1}`,
      title: `Video number ${i + 1}`,
      views: 100 * (i + 1),
      isPublished: i % 2 === 0,
      createdAt: '2025-03-0' + (i + 1) + 'T12:00:00.000Z',
    }),
  );

/** Signs `me` in and answers the dashboard's two calls. */
function serveDashboard({
  stats = makeStats(),
  videos = sixVideos(),
}: { stats?: MyStats; videos?: Video[] } = {}) {
  server().on('currentUser', () => ({ data: me }));
  server().on('myStats', () => ({ data: stats }));
  server().on('listVideos', () => videoList(videos));
}

/** The page at /dashboard in a router whose other routes only say where they are. */
function renderDashboard(path = '/dashboard') {
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  return { ...renderWithProviders(<RouterProvider router={router} />), router };
}

async function openDashboard(path?: string) {
  const view = renderDashboard(path);
  await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada Lovelace!' });
  return view;
}

/** The value shown for a stat card's label. */
function statValue(label: string, scope: HTMLElement = document.body) {
  const term = within(scope).getByText(label, { selector: 'dt span' }).closest('dt');
  return term?.nextElementSibling?.textContent;
}

describe('dashboard', () => {
  it("asks visitors to sign in: 'Access Your Dashboard' with 'Sign In Now' to /login", async () => {
    renderDashboard();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Access Your Dashboard' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In Now' })).toHaveAttribute('href', '/login');
    expect(server().requestsTo('myStats')).toHaveLength(0);
    expect(server().requestsTo('listVideos')).toHaveLength(0);
  });

  it('greets the creator and links Upload Video and View Channel', async () => {
    serveDashboard();
    await openDashboard();
    expect(screen.getByRole('link', { name: 'Upload Video' })).toHaveAttribute('href', '/upload');
    expect(screen.getByRole('link', { name: 'View Channel' })).toHaveAttribute(
      'href',
      '/profile/videos',
    );
    expect(document.title).toBe('Dashboard · Kinora');
  });

  it('loads my stats and my own videos with limit 6', async () => {
    serveDashboard();
    await openDashboard();
    await waitFor(() => expect(server().requestsTo('listVideos')).toHaveLength(1));
    expect(server().requestsTo('listVideos')[0]?.query).toEqual({ userId: me._id, limit: '6' });
    expect(server().requestsTo('myStats')).toHaveLength(1);
  });

  it('shows the four stat cards with shared count formatting and up to 6 recent videos', async () => {
    serveDashboard({ videos: [...sixVideos(), makeVideo({ _id: 'seventh', title: 'Seventh' })] });
    await openDashboard();
    const panel = screen.getByRole('tabpanel', { name: 'Overview' });
    await within(panel).findByText('Subscribers');
    expect(statValue('Subscribers', panel)).toBe('1.3K');
    expect(statValue('Total Views', panel)).toBe('48.2K');
    expect(statValue('Total Likes', panel)).toBe('999');
    expect(statValue('Videos', panel)).toBe('7');

    expect(within(panel).getByRole('heading', { name: 'Recent Videos' })).toBeInTheDocument();
    const cards = await within(panel).findAllByRole('article');
    expect(cards).toHaveLength(6);
    expect(within(cards[0]!).getByRole('link', { name: 'Video number 1' })).toHaveAttribute(
      'href',
      '/video/video-1',
    );
    expect(within(panel).queryByText('Seventh')).not.toBeInTheDocument();
  });

  it("shows 'Upload Your First Video' when there are no videos yet", async () => {
    serveDashboard({ stats: makeStats({ videosCount: 0 }), videos: [] });
    await openDashboard();
    const panel = screen.getByRole('tabpanel', { name: 'Overview' });
    expect(
      await within(panel).findByRole('link', { name: 'Upload Your First Video' }),
    ).toHaveAttribute('href', '/upload');
    expect(within(panel).queryByRole('article')).not.toBeInTheDocument();
  });

  it('shows skeletons while the figures load', async () => {
    const held = deferred<void>();
    serveDashboard();
    server().on('myStats', async () => {
      await held.promise;
      return { data: makeStats() };
    });
    await openDashboard();
    expect(screen.getByRole('status', { name: 'Loading channel stats' })).toBeInTheDocument();
    held.resolve();
    expect(await screen.findByText('1.3K')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading channel stats' })).not.toBeInTheDocument();
  });

  describe('tabs', () => {
    it('offers Overview, Analytics and Content as tabs, Overview first', async () => {
      serveDashboard();
      await openDashboard();
      const tablist = screen.getByRole('tablist', { name: 'Dashboard sections' });
      const tabs = within(tablist).getAllByRole('tab');
      expect(tabs.map((t) => t.textContent)).toEqual(['Overview', 'Analytics', 'Content']);
      expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
      expect(tabs[0]).toHaveAttribute('tabindex', '0');
      expect(tabs[1]).toHaveAttribute('aria-selected', 'false');
      expect(tabs[1]).toHaveAttribute('tabindex', '-1');
      const panel = screen.getByRole('tabpanel');
      expect(panel).toHaveAccessibleName('Overview');
      expect(tabs[0]).toHaveAttribute('aria-controls', panel.id);
      // The other panels exist, hidden, so every tab controls one.
      for (const tab of tabs) {
        expect(document.getElementById(tab.getAttribute('aria-controls') ?? '')).not.toBeNull();
      }
    });

    it('moves with the arrow keys, Home and End (one tab stop)', async () => {
      serveDashboard();
      const { user, router } = await openDashboard();
      const tab = (name: string) => screen.getByRole('tab', { name });

      await user.tab(); // Upload Video
      await user.tab(); // View Channel
      await user.tab();
      expect(tab('Overview')).toHaveFocus();

      await user.keyboard('{ArrowRight}');
      expect(tab('Analytics')).toHaveFocus();
      expect(tab('Analytics')).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Analytics');
      expect(router.state.location.search).toBe('?tab=analytics');

      await user.keyboard('{ArrowRight}');
      expect(tab('Content')).toHaveFocus();
      await user.keyboard('{ArrowRight}');
      expect(tab('Overview')).toHaveFocus();
      expect(router.state.location.search).toBe('');
      await user.keyboard('{ArrowLeft}');
      expect(tab('Content')).toHaveFocus();
      await user.keyboard('{Home}');
      expect(tab('Overview')).toHaveFocus();
      await user.keyboard('{End}');
      expect(tab('Content')).toHaveAttribute('aria-selected', 'true');

      // Tab leaves the tab list for the open panel.
      await user.tab();
      expect(screen.getByRole('tabpanel')).toHaveFocus();
    });

    it('opens the tab named in the address', async () => {
      serveDashboard();
      await openDashboard('/dashboard?tab=content');
      expect(screen.getByRole('tab', { name: 'Content' })).toHaveAttribute('aria-selected', 'true');
    });

    it("Analytics: a teaser with 'View Full Analytics' to /profile/analytics", async () => {
      serveDashboard();
      const { user } = await openDashboard();
      await user.click(screen.getByRole('tab', { name: 'Analytics' }));
      const panel = screen.getByRole('tabpanel', { name: 'Analytics' });
      expect(within(panel).getByRole('link', { name: 'View Full Analytics' })).toHaveAttribute(
        'href',
        '/profile/analytics',
      );
    });

    it('Content: the first 5 videos with thumbnail, title, views, date, Published/Draft and View', async () => {
      serveDashboard();
      const { user } = await openDashboard();
      await user.click(screen.getByRole('tab', { name: 'Content' }));
      const panel = screen.getByRole('tabpanel', { name: 'Content' });
      expect(
        within(panel).getByRole('heading', { name: 'Content Management' }),
      ).toBeInTheDocument();

      const rows = await within(panel).findAllByRole('listitem');
      expect(rows).toHaveLength(5);
      const first = rows[0]!;
      expect(first).toHaveTextContent('Video number 1');
      expect(first).toHaveTextContent('100 views');
      expect(first).toHaveTextContent('Mar 1, 2025');
      expect(first.querySelector('img[src="/media/thumbnails/v1.webp"]')).not.toBeNull();
      expect(within(first).getByText('Published')).toBeInTheDocument();
      expect(within(first).queryByText('Draft')).not.toBeInTheDocument();
      expect(within(rows[1]!).getByText('Draft')).toBeInTheDocument();
      expect(within(rows[1]!).queryByText('Published')).not.toBeInTheDocument();

      const view = within(first).getByRole('link', { name: 'View Video number 1' });
      expect(view).toHaveTextContent(/^View$/);
      expect(view).toHaveAttribute('href', '/video/video-1');
      expect(within(panel).queryByText('Video number 6')).not.toBeInTheDocument();

      expect(within(panel).getByRole('link', { name: 'View All Videos' })).toHaveAttribute(
        'href',
        '/my-videos',
      );
    });

    it("Content: 'No content available' with 'Create Content' to /upload", async () => {
      serveDashboard({ videos: [] });
      const { user } = await openDashboard();
      await user.click(screen.getByRole('tab', { name: 'Content' }));
      const panel = screen.getByRole('tabpanel', { name: 'Content' });
      expect(await within(panel).findByText('No content available')).toBeInTheDocument();
      expect(within(panel).getByRole('link', { name: 'Create Content' })).toHaveAttribute(
        'href',
        '/upload',
      );
      expect(within(panel).queryByRole('link', { name: 'View All Videos' })).toBeNull();
    });
  });

  describe('when a load fails', () => {
    it.each(['myStats', 'listVideos'] as const)(
      "%s failing shows 'Failed to load dashboard data'; Try Again loads again",
      async (failing) => {
        serveDashboard();
        let attempts = 0;
        server().on(failing, () => {
          attempts += 1;
          if (attempts === 1) {
            return { status: 500, error: { code: 'INTERNAL', message: 'Something broke' } };
          }
          return failing === 'myStats' ? { data: makeStats() } : videoList(sixVideos());
        });
        const { user } = await openDashboard();

        const alert = await screen.findByRole('alert');
        expect(alert).toHaveTextContent('Failed to load dashboard data');
        expect(screen.queryByRole('tablist')).not.toBeInTheDocument();

        await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
        expect(await screen.findByRole('tablist')).toBeInTheDocument();
        expect(screen.queryByRole('alert')).not.toBeInTheDocument();
        expect(server().requestsTo(failing)).toHaveLength(2);
        expect(await screen.findByText('1.3K')).toBeInTheDocument();
      },
    );
  });
});
