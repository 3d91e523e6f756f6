import type { HistoryEntry, LikedVideo } from '@kinora/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withContractServer } from '../testing/contract-server';
import { makeUser } from '../testing/fixtures';
import { makePlaylist } from '../testing/playlist-fixtures';
import { makeVideo } from '../testing/video-fixtures';
import { renderRoute } from './testing';

const server = withContractServer();
const me = makeUser();

const history = (n: number): HistoryEntry[] =>
  Array.from({ length: n }, (_, i) => ({
    ...makeVideo({ _id: `21000000-0000-4000-8000-00000000000${i}`, title: `Watched ${i}` }),
    watchedAt: new Date().toISOString(),
    positionSeconds: 0,
    cursor: `h${i}`,
  }));
const liked = (n: number): LikedVideo[] =>
  Array.from({ length: n }, (_, i) => ({
    ...makeVideo({ _id: `22000000-0000-4000-8000-00000000000${i}`, title: `Liked ${i}` }),
    likedAt: new Date().toISOString(),
    cursor: `l${i}`,
  }));
const watchLater = makePlaylist({ name: 'Watch later', kind: 'watch_later', videoCount: 2 });
const playlists = (n: number) => [
  watchLater,
  ...Array.from({ length: n }, (_, i) => makePlaylist({ name: `List ${i}` })),
];

type Failing = 'watchHistory' | 'likedVideos' | 'userPlaylists';
const broken = { status: 500, error: { code: 'INTERNAL', message: 'Broken' } } as const;

function serveLibrary({ fail = [] as Failing[], h = 6, l = 6, p = 5 } = {}) {
  server().on('currentUser', () => ({ data: me }));
  server().on('watchHistory', () =>
    fail.includes('watchHistory') ? broken : { data: history(h) },
  );
  server().on('likedVideos', () => (fail.includes('likedVideos') ? broken : { data: liked(l) }));
  server().on('userPlaylists', () =>
    fail.includes('userPlaylists') ? broken : { data: playlists(p) },
  );
}

async function openLibrary() {
  const view = renderRoute('/library');
  await screen.findByRole('heading', { level: 1, name: 'Library' }, { timeout: 3000 });
  return view;
}

const section = (name: string) => screen.findByRole('region', { name });

describe('library page', () => {
  it("asks visitors to sign in: 'Access Your Library'", async () => {
    renderRoute('/library');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Access Your Library' },
        { timeout: 3000 },
      ),
    ).toBeInTheDocument();
  });

  it('links the tiles, with Watch later as its own tile', async () => {
    serveLibrary();
    await openLibrary();
    const tiles = screen.getByRole('navigation', { name: 'Library' });
    expect(within(tiles).getByRole('link', { name: /History/ })).toHaveAttribute(
      'href',
      '/history',
    );
    expect(within(tiles).getByRole('link', { name: /Liked Videos/ })).toHaveAttribute(
      'href',
      '/liked',
    );
    expect(within(tiles).getByRole('link', { name: /Playlists/ })).toHaveAttribute(
      'href',
      '/playlists',
    );
    expect(within(tiles).getByRole('link', { name: /Subscriptions/ })).toHaveAttribute(
      'href',
      '/subscriptions',
    );
    await waitFor(() =>
      expect(within(tiles).getByRole('link', { name: /Watch later/ })).toHaveAttribute(
        'href',
        `/playlist/${watchLater._id}`,
      ),
    );
  });

  it('fetches 6 history and 6 liked in parallel, shows 3 of each and 4 playlists with View all', async () => {
    serveLibrary();
    await openLibrary();
    const historySection = await section('History');
    expect(await within(historySection).findAllByRole('article')).toHaveLength(3);
    const likedSection = await section('Liked Videos');
    expect(await within(likedSection).findAllByRole('article')).toHaveLength(3);
    const playlistSection = await section('Playlists');
    expect(await within(playlistSection).findAllByRole('article')).toHaveLength(4);
    expect(within(playlistSection).queryByText('Watch later')).toBeNull();
    expect(server().requestsTo('watchHistory')[0]?.query).toEqual({ limit: '6' });
    expect(server().requestsTo('likedVideos')[0]?.query).toEqual({ limit: '6' });
    expect(within(historySection).getByRole('link', { name: 'View all History' })).toHaveAttribute(
      'href',
      '/history',
    );
    expect(
      within(likedSection).getByRole('link', { name: 'View all Liked Videos' }),
    ).toHaveAttribute('href', '/liked');
    expect(
      within(playlistSection).getByRole('link', { name: 'View all Playlists' }),
    ).toHaveAttribute('href', '/playlists');
  });

  it('tolerates one failing load: the other sections still show', async () => {
    serveLibrary({ fail: ['likedVideos'] });
    await openLibrary();
    expect(await within(await section('History')).findAllByRole('article')).toHaveLength(3);
    expect(await within(await section('Playlists')).findAllByRole('article')).toHaveLength(4);
    expect(screen.queryByRole('region', { name: 'Liked Videos' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says 'Failed to load library data' only when all three fail", async () => {
    serveLibrary({ fail: ['watchHistory', 'likedVideos', 'userPlaylists'] });
    await openLibrary();
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'Failed to load library data',
    );
  });

  it("says 'Your library is empty' with 'Explore Videos' and 'View Trending'", async () => {
    serveLibrary({ h: 0, l: 0, p: 0 });
    server().on('userPlaylists', () => ({ data: [{ ...watchLater, videoCount: 0 }] }));
    await openLibrary();
    expect(await screen.findByText('Your library is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore Videos' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'View Trending' })).toHaveAttribute(
      'href',
      '/trending',
    );
  });
});
