import type { Playlist } from '@kinora/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderRoute } from '../../../app/testing';
import { withContractServer } from '../../../testing/contract-server';
import { makePlaylist, makePlaylistVideo } from '../../../testing/playlist-fixtures';

const server = withContractServer();

beforeAll(async () => {
  await import('../../../app/WatchRoute');
  configure({ asyncUtilTimeout: 4000 });
});
afterAll(() => configure({ asyncUtilTimeout: 1000 }));

const videos = [0, 1, 2].map((i) =>
  makePlaylistVideo(i, { title: ['Part one', 'Part two', 'Part three'][i] }),
);
const playlist = makePlaylist({ name: 'Course', videos, videoCount: 3 });

/** The watch page's calls: each video id answers its own video. */
function serveWatchPage(list: Playlist | null = playlist) {
  server().on('getVideo', (request) => ({
    data: videos.find((v) => v._id === request.params.id) ?? videos[0]!,
  }));
  server().on('listComments', () => ({
    data: { comments: [], totalCount: 0, page: 1, limit: 20, totalPages: 1, hasNextPage: false },
  }));
  server().on('videoLikeStatus', () => ({ data: { isLiked: false, likeCount: 0 } }));
  server().on('subscriptionStatus', () => ({ data: { isSubscribed: false, subscriberCount: 0 } }));
  server().on('listVideos', () => ({
    data: { videos: [], page: 1, limit: 10, totalPages: 1, hasNextPage: false, totalVideos: 0 },
  }));
  server().on('getPlaylist', () =>
    list
      ? { data: list }
      : { status: 404, error: { code: 'NOT_FOUND', message: 'Playlist not found' } },
  );
}

async function openInPlaylist(index: number) {
  const view = renderRoute(`/video/${videos[index]!._id}?playlist=${playlist._id}`);
  await screen.findByRole('heading', { level: 1, name: videos[index]!.title });
  const queue = await screen.findByRole('region', { name: 'Playlist: Course' });
  return { ...view, queue, media: () => view.container.querySelector('video')! };
}

describe('a video played from a playlist', () => {
  it('shows the playlist beside the player with the current video marked', async () => {
    serveWatchPage();
    const { queue } = await openInPlaylist(1);
    expect(within(queue).getByRole('link', { name: 'Course' })).toHaveAttribute(
      'href',
      `/playlist/${playlist._id}`,
    );
    expect(queue).toHaveTextContent('2 / 3');
    const current = within(queue).getByRole('link', { current: true });
    expect(current).toHaveTextContent('Part two');
    expect(within(queue).getByRole('link', { name: /Part three/ })).toHaveAttribute(
      'href',
      `/video/${videos[2]!._id}?playlist=${playlist._id}`,
    );
  });

  it('plays the next video when one ends (after the Up next card), and stops after the last', async () => {
    serveWatchPage();
    const { router, media, user } = await openInPlaylist(0);
    const upNext = screen.getByRole('region', { name: 'Up next' });
    expect(upNext).toHaveTextContent('Part two');
    expect(upNext).toHaveTextContent('Next in this playlist');
    // A playlist plays on whatever the Autoplay choice: there is no switch for it here.
    expect(within(upNext).queryByRole('switch')).toBeNull();
    media().dispatchEvent(new Event('ended'));
    expect(await screen.findByText('Up next in 5 s')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Play now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/video/${videos[1]!._id}`));
    expect(router.state.location.search).toBe(`?playlist=${playlist._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Part two' })).toBeInTheDocument();

    await router.navigate(`/video/${videos[2]!._id}?playlist=${playlist._id}`);
    await screen.findByRole('heading', { level: 1, name: 'Part three' });
    expect(screen.queryByRole('region', { name: 'Up next' })).toBeNull();
    media().dispatchEvent(new Event('ended'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/Up next in/)).toBeNull();
    expect(router.state.location.pathname).toBe(`/video/${videos[2]!._id}`);
  });

  it('a playlist that cannot be read leaves the page as it is', async () => {
    serveWatchPage(null);
    renderRoute(`/video/${videos[0]!._id}?playlist=${playlist._id}`);
    await screen.findByRole('heading', { level: 1, name: 'Part one' });
    await waitFor(() => expect(server().requestsTo('getPlaylist')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: /Playlist:/ })).toBeNull();
  });
});
