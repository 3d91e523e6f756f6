import type { Playlist, Video } from '@kinora/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withContractServer } from '../testing/contract-server';
import { makeUser } from '../testing/fixtures';
import { makePlaylist, makePlaylistVideo } from '../testing/playlist-fixtures';
import { makeVideo } from '../testing/video-fixtures';
import { renderRoute } from './testing';

const server = withContractServer();

beforeAll(async () => {
  await import('../features/discovery/components/HomePage');
  configure({ asyncUtilTimeout: 4000 });
});
afterAll(() => configure({ asyncUtilTimeout: 1000 }));

const viewer = makeUser();
const idOf = (i: number) => `c0000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
/** Nine videos of 10 minutes each: one page of the home grid. */
const videos: Video[] = Array.from({ length: 9 }, (_, i) =>
  makeVideo({ _id: idOf(i + 1), title: `Clip ${i + 1}`, duration: 600 }),
);

function serveHome({
  signedIn = true,
  saved = [] as string[],
}: { signedIn?: boolean; saved?: string[] } = {}) {
  if (signedIn) server().on('currentUser', () => ({ data: viewer }));
  server().on('listVideos', () => ({
    data: {
      videos,
      page: 1,
      limit: 20,
      totalPages: 1,
      hasNextPage: false,
      totalVideos: videos.length,
    },
  }));
  // Clip 2 watched to the half, Clip 5 to a quarter.
  server().on('watchPositions', () => ({
    data: [
      { videoId: idOf(2), positionSeconds: 300, watchedAt: '2025-03-01T10:00:00.000Z' },
      { videoId: idOf(5), positionSeconds: 150, watchedAt: '2025-03-01T10:00:00.000Z' },
    ],
  }));
  const watchLater: Playlist = makePlaylist({
    name: 'Watch later',
    kind: 'watch_later',
    visibility: 'private',
    owner: viewer._id,
    videos: saved.map((id, position) => makePlaylistVideo(position, { _id: id })),
  });
  server().on('getWatchLater', () => ({ data: watchLater }));
  let inWatchLater = new Set(saved);
  server().on('toggleWatchLater', (request) => {
    const id = request.params.videoId!;
    const isSaved = !inWatchLater.has(id);
    inWatchLater = new Set(inWatchLater);
    if (isSaved) inWatchLater.add(id);
    else inWatchLater.delete(id);
    return {
      data: { isSaved, playlistId: watchLater._id, videoCount: inWatchLater.size },
    };
  });
}

// Plain DOM reads: role queries over a whole page of cards are slow on small machines.
const card = (title: string) =>
  Array.from(document.querySelectorAll('article')).find(
    (article) => article.querySelector('h3')?.textContent === title,
  )!;
const saveButton = (title: string) =>
  card(title).querySelector<HTMLButtonElement>(
    `button[aria-label="Save ${title} to Watch later"]`,
  )!;
const shown = (title: string) => screen.findByText(title, { selector: 'h3 a' });
const barOf = (title: string) =>
  card(title).querySelector('[data-testid="watched-bar"]')?.getAttribute('aria-label') ?? null;
const notifications = () => screen.getByRole('status', { name: 'Notifications' });

describe('video cards: Watch later and the part watched', { timeout: 20_000 }, () => {
  it('asks for the whole grid’s positions in one call and draws the part watched', async () => {
    serveHome();
    renderRoute('/');
    await shown('Clip 9');

    await waitFor(() => expect(barOf('Clip 2')).toBe('Watched 50%'));
    expect(barOf('Clip 5')).toBe('Watched 25%');
    expect(barOf('Clip 1')).toBeNull();

    // One call for the nine cards, not one per card.
    const calls = server().requestsTo('watchPositions');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.query.videoIds!.split(',').sort()).toEqual(videos.map((v) => v._id).sort());
    // And one read of Watch later for every card's button (it may answer after the bars).
    await waitFor(() => expect(server().requestsTo('getWatchLater')).toHaveLength(1));
  });

  it('shows which videos are in Watch later, and toggles one in a click with a toast', async () => {
    serveHome({ saved: [idOf(3)] });
    const { user } = renderRoute('/');
    await shown('Clip 9');
    await waitFor(() => expect(saveButton('Clip 3')).toHaveAttribute('aria-pressed', 'true'));
    expect(saveButton('Clip 4')).toHaveAttribute('aria-pressed', 'false');

    await user.click(saveButton('Clip 4'));
    expect(await within(notifications()).findByText('Saved to Watch later')).toBeInTheDocument();
    expect(saveButton('Clip 4')).toHaveAttribute('aria-pressed', 'true');
    expect(server().requestsTo('toggleWatchLater')[0]?.params).toEqual({ videoId: idOf(4) });

    await user.click(saveButton('Clip 3'));
    expect(
      await within(notifications()).findByText('Removed from Watch later'),
    ).toBeInTheDocument();
    expect(saveButton('Clip 3')).toHaveAttribute('aria-pressed', 'false');
    // The answer settles the state: Watch later is not read again.
    expect(server().requestsTo('getWatchLater')).toHaveLength(1);
  });

  it('says when Watch later could not be changed', async () => {
    serveHome();
    server().on('toggleWatchLater', () => ({
      status: 500,
      error: { code: 'INTERNAL', message: 'Something went wrong on our side' },
    }));
    const { user } = renderRoute('/');
    await shown('Clip 1');
    await user.click(saveButton('Clip 1'));
    expect(
      await within(notifications()).findByText('Something went wrong on our side'),
    ).toBeInTheDocument();
    expect(saveButton('Clip 1')).toHaveAttribute('aria-pressed', 'false');
  });

  it('visitors: no history or Watch later read; the button sends them to sign in', async () => {
    serveHome({ signedIn: false });
    const { user, router } = renderRoute('/');
    await shown('Clip 1');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server().requestsTo('watchPositions')).toHaveLength(0);
    expect(server().requestsTo('getWatchLater')).toHaveLength(0);
    expect(document.querySelector('[data-testid="watched-bar"]')).toBeNull();
    await user.click(saveButton('Clip 1'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('search results carry the same button and bar', async () => {
    serveHome();
    server().on('search', () => ({
      data: {
        videos: videos.slice(0, 3),
        channels: [],
        totalVideos: 3,
        totalChannels: 0,
        page: 1,
        limit: 20,
      },
    }));
    renderRoute('/search?q=clip');
    await shown('Clip 3');
    await waitFor(() => expect(barOf('Clip 2')).toBe('Watched 50%'));
    expect(saveButton('Clip 1')).toBeInTheDocument();
    expect(server().requestsTo('watchPositions')).toHaveLength(1);
  });
});
