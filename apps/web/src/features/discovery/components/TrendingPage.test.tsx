import type { Video } from '@kinora/contract';
import { configure, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../app/testing';
import { deferred, withContractServer } from '../../../testing/contract-server';
import { makeVideo } from '../../../testing/video-fixtures';
import { TrendingPage } from './TrendingPage';

// The web suite runs its files side by side on small machines: answers may take a while.
configure({ asyncUtilTimeout: 4000 });

const server = withContractServer();

function renderTrending() {
  const router = createMemoryRouter([{ path: '/trending', element: <TrendingPage /> }], {
    initialEntries: ['/trending'],
  });
  return renderWithProviders(<RouterProvider router={router} />);
}

const page = (videos: Video[]) => ({
  data: {
    videos,
    page: 1,
    limit: 12,
    totalPages: 1,
    hasNextPage: false,
    totalVideos: videos.length,
  },
});

const ranked = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    makeVideo({ _id: `hot-${i + 1}`, title: `Hit ${i + 1}` }),
  );

const items = () =>
  within(screen.getByRole('list', { name: 'Trending videos' })).getAllByRole('listitem');

describe('trending', { timeout: 15_000 }, () => {
  it("ranks the server's trending order #1 to #n, the top three HOT in gold, silver, bronze", async () => {
    server().on('listVideos', () => page(ranked(5)));
    renderTrending();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Trending Right Now' }),
    ).toBeInTheDocument();
    await screen.findByText('Hit 1');

    expect(
      server()
        .requestsTo('listVideos')
        .map((r) => r.query),
    ).toEqual([{ page: '1', limit: '12', sortBy: 'trending', sortType: 'desc' }]);
    const cards = items();
    expect(cards).toHaveLength(5);
    cards.forEach((card, i) => {
      expect(within(card).getByText(`Hit ${i + 1}`)).toHaveAttribute('href', `/video/hot-${i + 1}`);
      expect(within(card).getByText(`#${i + 1}`)).toBeInTheDocument();
    });
    expect(cards.map((card) => within(card).queryByText('HOT') !== null)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(
      cards.map((card) =>
        within(card)
          .getByText(/^#\d+$/)
          .getAttribute('data-medal'),
      ),
    ).toEqual(['gold', 'silver', 'bronze', null, null]);
  });

  it('falls back to the most viewed when the server refuses the trending order (400)', async () => {
    server().on('listVideos', (request) =>
      request.query.sortBy === 'trending'
        ? { status: 400, error: { code: 'VALIDATION_FAILED', message: 'Invalid sortBy' } }
        : page(ranked(2)),
    );
    renderTrending();
    expect(await screen.findByText('Hit 1')).toBeInTheDocument();
    expect(
      server()
        .requestsTo('listVideos')
        .map((r) => r.query),
    ).toEqual([
      { page: '1', limit: '12', sortBy: 'trending', sortType: 'desc' },
      { page: '1', limit: '12', sortBy: 'views', sortType: 'desc' },
    ]);
    expect(within(items()[0] as HTMLElement).getByText('#1')).toBeInTheDocument();
  });

  it("says 'Failed to fetch trending videos' on other failures, without the fallback", async () => {
    let calls = 0;
    server().on('listVideos', () => {
      calls += 1;
      return calls === 1
        ? { status: 500, error: { code: 'INTERNAL', message: 'Internal error' } }
        : page(ranked(1));
    });
    const { user } = renderTrending();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch trending videos');
    expect(server().requestsTo('listVideos')).toHaveLength(1);
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Hit 1')).toBeInTheDocument();
  });

  it('shows the empty state and three labelled sample cards when nothing is trending', async () => {
    server().on('listVideos', () => page([]));
    renderTrending();
    expect(
      await screen.findByRole('heading', { name: 'No Trending Videos Yet' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload Your Video' })).toHaveAttribute(
      'href',
      '/upload',
    );

    const samples = screen.getByRole('region', { name: 'Sample videos' });
    expect(samples).toHaveTextContent('They are not real videos.');
    const cards = within(samples).getAllByRole('article');
    expect(cards).toHaveLength(3);
    for (const card of cards) {
      expect(within(card).getByText('SAMPLE')).toBeInTheDocument();
    }
    // Samples lead nowhere: no video or channel links.
    expect(within(samples).queryAllByRole('link')).toHaveLength(0);
    expect(within(samples).getAllByText('HOT')).toHaveLength(3);
  });

  it('shows card skeletons while loading', async () => {
    const answer = deferred<void>();
    server().on('listVideos', async () => {
      await answer.promise;
      return page(ranked(1));
    });
    renderTrending();
    const skeleton = await screen.findByRole('status', { name: 'Loading trending videos' });
    expect(skeleton.querySelectorAll('.aspect-video')).toHaveLength(12);
    answer.resolve();
    expect(await screen.findByText('Hit 1')).toBeInTheDocument();
  });
});
