import type { SearchChannel, SearchResult, Video } from '@kinora/contract';
import { configure, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../app/testing';
import { deferred, withContractServer } from '../../../testing/contract-server';
import { makeOwner, makeVideo, ownerId, videoId } from '../../../testing/video-fixtures';
import { SearchPage } from './SearchPage';

// The web suite runs its files side by side on small machines: answers may take a while.
configure({ asyncUtilTimeout: 4000 });

const server = withContractServer();

function renderSearch(path: string) {
  const router = createMemoryRouter([{ path: '/search', element: <SearchPage /> }], {
    initialEntries: [path],
  });
  return { ...renderWithProviders(<RouterProvider router={router} />), router };
}

function makeChannel(overrides: Partial<SearchChannel> = {}): SearchChannel {
  return {
    _id: ownerId,
    username: 'grace',
    fullName: 'Grace Hopper',
    fullname: 'Grace Hopper',
    avatar: '/media/avatars/grace.webp',
    subscribersCount: 1200,
    ...overrides,
  };
}

function result(overrides: Partial<SearchResult> = {}): { data: SearchResult } {
  const videos = overrides.videos ?? [];
  const channels = overrides.channels ?? [];
  return {
    data: {
      videos,
      channels,
      page: 1,
      limit: 12,
      totalVideos: videos.length,
      totalChannels: channels.length,
      ...overrides,
    },
  };
}

const numbered = (from: number, to: number): Video[] =>
  Array.from({ length: to - from + 1 }, (_, i) =>
    makeVideo({ _id: `found-${from + i}`, title: `Found ${from + i}` }),
  );

describe('search', { timeout: 15_000 }, () => {
  it('shows the heading, then channels and videos that match', async () => {
    server().on('search', () =>
      result({
        channels: [makeChannel()],
        videos: [
          makeVideo({
            owner: makeOwner(),
            duration: 754,
            views: 1534,
            createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
          }),
        ],
      }),
    );
    renderSearch('/search?q=compilers');
    expect(screen.getByRole('heading', { level: 1, name: 'Search Results' })).toBeInTheDocument();
    expect(screen.getByText(/^Results for/)).toHaveTextContent('Results for compilers');

    const channels = await screen.findByRole('region', { name: /^Channels/ });
    const channelLink = within(channels).getByRole('link');
    expect(channelLink).toHaveAttribute('href', `/channel/${ownerId}`);
    expect(channelLink).toHaveTextContent('grace');
    expect(channelLink).toHaveTextContent('1.2K subscribers');
    expect(channelLink).toHaveTextContent('Grace Hopper');
    expect(channelLink.querySelector('img')).toHaveAttribute('src', '/media/avatars/grace.webp');

    const videos = screen.getByRole('region', { name: /^Videos/ });
    const article = within(videos).getByRole('article');
    expect(within(article).getByRole('link', { name: 'Compilers, explained' })).toHaveAttribute(
      'href',
      `/video/${videoId}`,
    );
    expect(within(article).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute(
      'href',
      `/channel/${ownerId}`,
    );
    expect(article).toHaveTextContent('Duration 12:34');
    expect(article).toHaveTextContent('1.5K views');
    expect(article).toHaveTextContent('3 days ago');
    expect(article.querySelector('img[src="/media/thumbnails/v1.webp"]')).not.toBeNull();

    expect(server().requestsTo('search')[0]?.query).toEqual({
      query: 'compilers',
      page: '1',
      limit: '12',
      type: 'all',
    });
  });

  it('reads the full name from fullname when fullName is empty', async () => {
    server().on('search', () =>
      result({ channels: [makeChannel({ fullName: '', fullname: 'Grace B. Hopper' })] }),
    );
    renderSearch('/search?q=grace');
    const channels = await screen.findByRole('region', { name: /^Channels/ });
    expect(channels).toHaveTextContent('Grace B. Hopper');
    expect(screen.queryByRole('region', { name: /^Videos/ })).not.toBeInTheDocument();
  });

  it.each(['/search', '/search?q=', '/search?q=%20%20'])(
    'never sends a blank query (%s)',
    async (path) => {
      renderSearch(path);
      expect(screen.getByRole('heading', { level: 1, name: 'Search Results' })).toBeInTheDocument();
      expect(screen.getByText(/Type what you are looking for/)).toBeInTheDocument();
      expect(screen.queryByText(/^Results for/)).not.toBeInTheDocument();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(server().requestsTo('search')).toHaveLength(0);
    },
  );

  it("says 'No Results Found' when nothing matches", async () => {
    server().on('search', () => result());
    renderSearch('/search?q=zzzz');
    expect(await screen.findByRole('heading', { name: 'No Results Found' })).toBeInTheDocument();
    expect(screen.getByText('Try different keywords or check your spelling')).toBeInTheDocument();
  });

  it("shows a 'Connection Error' card when the search fails", async () => {
    server().on('search', () => ({
      status: 500,
      error: { code: 'INTERNAL', message: 'Internal error' },
    }));
    renderSearch('/search?q=cats');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Connection Error' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Failed to fetch search results');
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('shows skeletons while searching', async () => {
    const answer = deferred<void>();
    server().on('search', async () => {
      await answer.promise;
      return result();
    });
    renderSearch('/search?q=cats');
    expect(
      await screen.findByRole('status', { name: 'Loading search results' }),
    ).toBeInTheDocument();
    answer.resolve();
    expect(await screen.findByText('No Results Found')).toBeInTheDocument();
  });

  it('loads more videos a page at a time, videos only', async () => {
    server().on('search', (request) =>
      request.query.page === '1'
        ? result({ videos: numbered(1, 12), channels: [makeChannel()], totalVideos: 15 })
        : result({ videos: numbered(13, 15), totalVideos: 15, page: 2 }),
    );
    const { user } = renderSearch('/search?q=found');
    const videos = await screen.findByRole('region', { name: /^Videos/ });
    expect(within(videos).getAllByRole('article')).toHaveLength(12);
    expect(videos).toHaveTextContent('15');

    await user.click(within(videos).getByRole('button', { name: 'Load more videos' }));
    expect(await within(videos).findByRole('link', { name: 'Found 13' })).toHaveFocus();
    expect(within(videos).getAllByRole('article')).toHaveLength(15);
    expect(server().requestsTo('search')[1]?.query).toEqual({
      query: 'found',
      page: '2',
      limit: '12',
      type: 'videos',
    });
    expect(
      within(videos).queryByRole('button', { name: 'Load more videos' }),
    ).not.toBeInTheDocument();
    // The channel list did not change.
    expect(
      within(screen.getByRole('region', { name: /^Channels/ })).getAllByRole('link'),
    ).toHaveLength(1);
  });

  it('shows more channels on request', async () => {
    const firstChannels = Array.from({ length: 12 }, (_, i) =>
      makeChannel({ _id: `channel-${i + 1}`, username: `maker${i + 1}` }),
    );
    server().on('search', (request) =>
      request.query.type === 'channels'
        ? result({
            channels: [makeChannel({ _id: 'channel-13', username: 'maker13' })],
            totalChannels: 13,
            page: 2,
          })
        : result({ channels: firstChannels, totalChannels: 13 }),
    );
    const { user } = renderSearch('/search?q=maker');
    const channels = await screen.findByRole('region', { name: /^Channels/ });
    await user.click(within(channels).getByRole('button', { name: 'Show more channels' }));
    expect(await within(channels).findByRole('link', { name: /maker13/ })).toHaveFocus();
    expect(server().requestsTo('search')[1]?.query).toMatchObject({ page: '2', type: 'channels' });
    expect(
      within(channels).queryByRole('button', { name: 'Show more channels' }),
    ).not.toBeInTheDocument();
  });
});
