import type { Video } from '@kinora/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../app/testing';
import { deferred, withContractServer } from '../../../testing/contract-server';
import { makeVideo } from '../../../testing/video-fixtures';
import { HomePage } from './HomePage';

// The web suite runs its files side by side on small machines: answers may take a while.
configure({ asyncUtilTimeout: 4000 });

const server = withContractServer();

function renderHome(path = '/') {
  const router = createMemoryRouter(
    [
      { path: '/', element: <HomePage /> },
      { path: '/category/:category', element: <HomePage /> },
      { path: '*', element: <p>Another page</p> },
    ],
    { initialEntries: [path] },
  );
  return { ...renderWithProviders(<RouterProvider router={router} />), router };
}

const day = 86_400_000;
/** `count` videos, most viewed first (the server's order), the oldest being the most viewed. */
function videosByViews(count: number): Video[] {
  return Array.from({ length: count }, (_, i) =>
    makeVideo({
      _id: `video-${i + 1}`,
      title: `Video ${i + 1}`,
      views: 10_000 - i,
      createdAt: new Date(Date.now() - (count - i) * day).toISOString(),
    }),
  );
}

function serveVideos(videos: Video[]) {
  server().on('listVideos', () => ({
    data: {
      videos,
      page: 1,
      limit: 100,
      totalPages: 1,
      hasNextPage: false,
      totalVideos: videos.length,
    },
  }));
}

// Plain DOM reads: role queries over a grid of twenty cards are slow.
const cardTitles = () =>
  Array.from(document.querySelectorAll('article h3'), (heading) => heading.textContent);

describe('home', { timeout: 15_000 }, () => {
  it('shows the hero with its HD, 24/7 and 4K badges', async () => {
    serveVideos([]);
    renderHome();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Watch, share and discover videos',
    );
    const badges = within(screen.getByRole('list', { name: 'Highlights' })).getAllByRole(
      'listitem',
    );
    expect(badges.map((badge) => badge.textContent)).toEqual(['HD', '24/7', '4K']);
    await screen.findByText('No Videos Yet');
  });

  it('asks for the 100 most viewed videos and shows them newest first, 9 at a time', async () => {
    serveVideos(videosByViews(20));
    const { user } = renderHome();

    expect(await screen.findByRole('link', { name: 'Video 20' })).toBeInTheDocument();
    expect(server().requestsTo('listVideos')[0]?.query).toEqual({
      page: '1',
      limit: '100',
      sortBy: 'views',
      sortType: 'desc',
    });
    // Re-sorted on the client: the newest (least viewed here) comes first.
    expect(cardTitles()).toEqual([20, 19, 18, 17, 16, 15, 14, 13, 12].map((n) => `Video ${n}`));
    expect(screen.getByText('Showing 9 of 20 videos')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load More Videos' }));
    expect(cardTitles()).toHaveLength(18);
    // Keyboard users carry on at the first new card.
    expect(screen.getByText('Video 11')).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Load More Videos' }));
    expect(cardTitles()).toHaveLength(20);
    expect(cardTitles().at(-1)).toBe('Video 1');
    expect(screen.queryByRole('button', { name: 'Load More Videos' })).not.toBeInTheDocument();
    expect(screen.getByText('Video 2')).toHaveFocus();
    // Only the one call: Load More pages through what was fetched.
    expect(server().requestsTo('listVideos')).toHaveLength(1);
  });

  it('has no Load More when nine or fewer videos exist', async () => {
    serveVideos(videosByViews(9));
    renderHome();
    await screen.findByRole('link', { name: 'Video 1' });
    expect(cardTitles()).toHaveLength(9);
    expect(screen.queryByRole('button', { name: 'Load More Videos' })).not.toBeInTheDocument();
  });

  it('shows card skeletons while the videos load', async () => {
    const answer = deferred<void>();
    server().on('listVideos', async () => {
      await answer.promise;
      return {
        data: {
          videos: [],
          page: 1,
          limit: 100,
          totalPages: 0,
          hasNextPage: false,
          totalVideos: 0,
        },
      };
    });
    server().on('healthcheck', () => ({
      data: { status: 'ok', database: 'ok', version: '0.1.0', uptimeSeconds: 5 },
    }));
    renderHome();
    const skeleton = await screen.findByRole('status', { name: 'Loading videos' });
    expect(skeleton.querySelectorAll('.aspect-video')).toHaveLength(9);
    answer.resolve();
    expect(await screen.findByText('No Videos Yet')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading videos' })).not.toBeInTheDocument();
  });

  it("says 'No Videos Yet', links to the upload and shows the backend is connected", async () => {
    serveVideos([]);
    server().on('healthcheck', () => ({
      data: { status: 'ok', database: 'ok', version: '0.1.0', uptimeSeconds: 5 },
    }));
    renderHome();
    expect(await screen.findByRole('heading', { name: 'No Videos Yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload Your First Video' })).toHaveAttribute(
      'href',
      '/upload',
    );
    expect(await screen.findByText('Backend connected')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More Videos' })).not.toBeInTheDocument();
  });

  it('shows the backend as disconnected when the health check fails', async () => {
    serveVideos([]);
    server().on('healthcheck', () => ({
      status: 503,
      error: { code: 'INTERNAL', message: 'Database unavailable' },
    }));
    renderHome();
    expect(await screen.findByText('Backend disconnected')).toBeInTheDocument();
    expect(screen.queryByText('Backend connected')).not.toBeInTheDocument();
  });

  it("says 'Connection Error' when the videos cannot be fetched, and tries again", async () => {
    let calls = 0;
    server().on('listVideos', () => {
      calls += 1;
      return calls === 1
        ? { status: 500, error: { code: 'INTERNAL', message: 'Internal error' } }
        : {
            data: {
              videos: videosByViews(2),
              page: 1,
              limit: 100,
              totalPages: 1,
              hasNextPage: false,
              totalVideos: 2,
            },
          };
    });
    const { user } = renderHome();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Connection Error' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Failed to fetch videos. Check if backend is running.');
    // The health check belongs to the empty state only.
    expect(server().requestsTo('healthcheck')).toHaveLength(0);

    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: 'Video 2' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the same view for a category', async () => {
    serveVideos(videosByViews(3));
    renderHome('/category/music');
    expect(await screen.findByRole('link', { name: 'Video 3' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Highlights' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Home · Kinora'));
  });
});
