import type { Playlist } from '@kinora/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../app/testing';
import { networkFailure, withContractServer } from '../../../testing/contract-server';
import { makeUser } from '../../../testing/fixtures';
import { makePlaylist, makePlaylistVideo } from '../../../testing/playlist-fixtures';
import { makeVideo } from '../../../testing/video-fixtures';

const server = withContractServer();
const me = makeUser();
const stranger = makeUser({ _id: '5e5e5e5e-0000-4000-8000-000000000009', username: 'eve' });

const notifications = () => screen.getByRole('status', { name: 'Notifications' });

function threeVideos() {
  return [0, 1, 2].map((i) =>
    makePlaylistVideo(i, { title: ['Intro', 'Middle', 'Finale'][i], views: 1500 * (i + 1) }),
  );
}

/** Answers the playlist; moves and removals answer it changed, as the server does. */
function servePlaylist(playlist: Playlist, viewer: ReturnType<typeof makeUser> | null = me) {
  let current = playlist;
  if (viewer) server().on('currentUser', () => ({ data: viewer }));
  server().on('getPlaylist', () => ({ data: current }));
  server().on('movePlaylistVideo', (request) => {
    const videos = [...current.videos];
    const from = videos.findIndex((v) => v._id === request.params.videoId);
    const [moved] = videos.splice(from, 1);
    videos.splice((request.body as { position: number }).position, 0, moved!);
    current = { ...current, videos: videos.map((v, position) => ({ ...v, position })) };
    return { data: current };
  });
  server().on('removePlaylistVideo', (request) => {
    const videos = current.videos
      .filter((v) => v._id !== request.params.videoId)
      .map((v, position) => ({ ...v, position }));
    current = { ...current, videos, videoCount: videos.length };
    return { data: current };
  });
  return () => current;
}

async function openPlaylist(playlist: Playlist) {
  const view = renderRoute(`/playlist/${playlist._id}`);
  await screen.findByRole('heading', { level: 1, name: playlist.name }, { timeout: 3000 });
  return view;
}

const rows = () =>
  within(screen.getByRole('list', { name: 'Videos in this playlist' })).getAllByRole('listitem');
const titles = () => rows().map((row) => within(row).getByRole('heading').textContent);

describe('playlist detail', () => {
  it("says 'Playlist not found' when there is none", async () => {
    server().on('getPlaylist', () => ({
      status: 404,
      error: { code: 'NOT_FOUND', message: 'Playlist not found' },
    }));
    renderRoute('/playlist/b0000000-0000-4000-8000-00000000ffff');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Playlist not found' },
        { timeout: 3000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Playlists' })).toHaveAttribute(
      'href',
      '/playlists',
    );
  });

  it("says 'Failed to fetch playlist' when loading fails; Try Again loads again", async () => {
    const playlist = makePlaylist({ name: 'Retry me' });
    let attempts = 0;
    server().on('getPlaylist', () => {
      attempts += 1;
      return attempts === 1
        ? { status: 500, error: { code: 'INTERNAL', message: 'Broken' } }
        : { data: playlist };
    });
    const { user } = renderRoute(`/playlist/${playlist._id}`);
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert).toHaveTextContent('Failed to fetch playlist');
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Retry me' })).toBeInTheDocument();
  });

  it('lists the videos in order, each linking into the playlist; Play All starts the first', async () => {
    const playlist = makePlaylist({ name: 'Series', videos: threeVideos(), videoCount: 3 });
    servePlaylist(playlist, stranger);
    await openPlaylist(playlist);
    expect(titles()).toEqual(['Intro', 'Middle', 'Finale']);
    const first = rows()[0]!;
    expect(within(first).getByRole('link', { name: 'Intro' })).toHaveAttribute(
      'href',
      `/video/${playlist.videos[0]!._id}?playlist=${playlist._id}`,
    );
    expect(first).toHaveTextContent('Grace Hopper');
    expect(first).toHaveTextContent('1.5K views');
    expect(first).toHaveTextContent('3 days ago');
    expect(screen.getByRole('link', { name: 'Play All' })).toHaveAttribute(
      'href',
      `/video/${playlist.videos[0]!._id}?playlist=${playlist._id}`,
    );
    expect(screen.getByText(/3 videos · Created 2 days ago/)).toBeInTheDocument();
  });

  it('shows no owner controls to someone else, nor to a visitor', async () => {
    const playlist = makePlaylist({ videos: threeVideos(), videoCount: 3 });
    servePlaylist(playlist, stranger);
    await openPlaylist(playlist);
    for (const name of ['Edit', 'Delete', 'Add Videos']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.queryByRole('button', { name: /Remove .* from playlist/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Move .* up/ })).toBeNull();
  });

  it("copies the playlist link: 'Playlist URL copied to clipboard!'", async () => {
    const playlist = makePlaylist({ videos: threeVideos(), videoCount: 3 });
    servePlaylist(playlist, null);
    const { user } = await openPlaylist(playlist);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(
      `${window.location.origin}/#/playlist/${playlist._id}`,
    );
    expect(
      await within(notifications()).findByText('Playlist URL copied to clipboard!'),
    ).toBeInTheDocument();
  });

  it('the owner reorders with the move buttons by keyboard; the focus follows the video', async () => {
    const playlist = makePlaylist({ videos: threeVideos(), videoCount: 3 });
    servePlaylist(playlist);
    const { user } = await openPlaylist(playlist);
    expect(screen.getByRole('button', { name: 'Move Intro up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Finale down' })).toBeDisabled();

    screen.getByRole('button', { name: 'Move Intro down' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(titles()).toEqual(['Middle', 'Intro', 'Finale']));
    expect(server().requestsTo('movePlaylistVideo')[0]).toMatchObject({
      params: { playlistId: playlist._id, videoId: playlist.videos[0]!._id },
      body: { position: 1 },
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move Intro down' })).toHaveFocus(),
    );
    await user.keyboard('{Enter}');
    await waitFor(() => expect(titles()).toEqual(['Middle', 'Finale', 'Intro']));
  });

  it('the owner removes a video after confirming', async () => {
    const playlist = makePlaylist({ videos: threeVideos(), videoCount: 3 });
    servePlaylist(playlist);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    const { user } = await openPlaylist(playlist);
    await user.click(screen.getByRole('button', { name: 'Remove Middle from playlist' }));
    expect(confirm).toHaveBeenCalledWith(
      'Are you sure you want to remove this video from the playlist?',
    );
    expect(server().requestsTo('removePlaylistVideo')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Remove Middle from playlist' }));
    await waitFor(() => expect(titles()).toEqual(['Intro', 'Finale']));
    expect(screen.getByText(/2 videos · Created/)).toBeInTheDocument();
  });

  it("says 'Failed to remove video from playlist' when the removal fails", async () => {
    const playlist = makePlaylist({ videos: threeVideos(), videoCount: 3 });
    servePlaylist(playlist);
    server().on('removePlaylistVideo', () => ({
      status: 500,
      error: { code: 'INTERNAL', message: '' },
    }));
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = await openPlaylist(playlist);
    await user.click(screen.getByRole('button', { name: 'Remove Middle from playlist' }));
    expect(
      await within(notifications()).findByText('Failed to remove video from playlist'),
    ).toBeInTheDocument();
    expect(titles()).toEqual(['Intro', 'Middle', 'Finale']);
  });

  it("says 'Failed to remove video from playlist' when the removal gets no answer", async () => {
    const playlist = makePlaylist({ videos: threeVideos(), videoCount: 3 });
    servePlaylist(playlist);
    server().on('removePlaylistVideo', () => networkFailure);
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = await openPlaylist(playlist);
    await user.click(screen.getByRole('button', { name: 'Remove Middle from playlist' }));
    expect(
      await within(notifications()).findByText('Failed to remove video from playlist'),
    ).toBeInTheDocument();
    expect(titles()).toEqual(['Intro', 'Middle', 'Finale']);
  });

  it("says 'Failed to delete playlist' when the delete gets no answer, and stays", async () => {
    const playlist = makePlaylist({ name: 'Survivor' });
    servePlaylist(playlist);
    server().on('deletePlaylist', () => networkFailure);
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user, router } = await openPlaylist(playlist);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(
      await within(notifications()).findByText('Failed to delete playlist'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/playlist/${playlist._id}`);
  });

  it("says 'Failed to update playlist' in the dialog when the save gets no answer", async () => {
    const playlist = makePlaylist({ name: 'Before' });
    servePlaylist(playlist);
    server().on('updatePlaylist', () => networkFailure);
    const { user } = await openPlaylist(playlist);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Playlist' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), ' and after');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to update playlist');
  });

  it('the owner deletes the playlist after confirming and goes to /playlists', async () => {
    const playlist = makePlaylist({ name: 'Goner' });
    servePlaylist(playlist);
    server().on('deletePlaylist', () => ({ data: {} }));
    server().on('userPlaylists', () => ({ data: [] }));
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user, router } = await openPlaylist(playlist);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/playlists'));
    expect(server().requestsTo('deletePlaylist')[0]?.params).toEqual({ playlistId: playlist._id });
  });

  it('the owner edits name and description in the dialog', async () => {
    const playlist = makePlaylist({ name: 'Before' });
    servePlaylist(playlist);
    server().on('updatePlaylist', (request) => ({
      data: { ...playlist, ...(request.body as Partial<Playlist>) },
    }));
    const { user } = await openPlaylist(playlist);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Playlist' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'After');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'After' })).toBeInTheDocument();
  });

  it('Add Videos: search, checkboxes, the counter and Add N Videos (disabled at zero)', async () => {
    const inside = makePlaylistVideo(0, { title: 'Already here' });
    const playlist = makePlaylist({ videos: [inside], videoCount: 1 });
    servePlaylist(playlist);
    const mine = [
      makeVideo({ _id: inside._id, title: 'Already here' }),
      makeVideo({ _id: 'd0000000-0000-4000-8000-000000000001', title: 'Cats at play' }),
      makeVideo({ _id: 'd0000000-0000-4000-8000-000000000002', title: 'Dogs at rest' }),
      makeVideo({ _id: 'd0000000-0000-4000-8000-000000000003', title: 'Cats asleep' }),
    ];
    server().on('listVideos', () => ({
      data: { videos: mine, page: 1, limit: 50, totalPages: 1, hasNextPage: false, totalVideos: 4 },
    }));
    let added: string[] = [];
    server().on('addPlaylistVideo', (request) => {
      added = [...added, request.params.videoId!];
      const extra = added.map((id, i) =>
        makePlaylistVideo(i + 1, { _id: id, title: `Added ${id}` }),
      );
      return { data: { ...playlist, videos: [inside, ...extra], videoCount: 1 + extra.length } };
    });
    const { user } = await openPlaylist(playlist);
    await user.click(screen.getByRole('button', { name: 'Add Videos' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Videos' });
    await within(dialog).findByRole('list', { name: 'Your videos' });
    expect(server().requestsTo('listVideos')[0]?.query).toEqual({ userId: me._id, limit: '50' });

    const addButton = within(dialog).getByRole('button', { name: 'Add 0 Videos' });
    expect(addButton).toBeDisabled();
    expect(within(dialog).getByRole('checkbox', { name: /Already here/ })).toBeDisabled();

    await user.type(within(dialog).getByRole('searchbox'), 'CATS');
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(2);
    await user.click(within(dialog).getByRole('checkbox', { name: /Cats at play/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Cats asleep/ }));
    expect(within(dialog).getByText('2 selected')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add 2 Videos' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(added).toEqual([
      'd0000000-0000-4000-8000-000000000001',
      'd0000000-0000-4000-8000-000000000003',
    ]);
    expect(rows()).toHaveLength(3);
  });

  it("Add Videos says 'Failed to add videos to playlist' when adding fails", async () => {
    const playlist = makePlaylist();
    servePlaylist(playlist);
    server().on('listVideos', () => ({
      data: {
        videos: [makeVideo({ title: 'One' })],
        page: 1,
        limit: 50,
        totalPages: 1,
        hasNextPage: false,
        totalVideos: 1,
      },
    }));
    server().on('addPlaylistVideo', () => ({
      status: 500,
      error: { code: 'INTERNAL', message: '' },
    }));
    const { user } = await openPlaylist(playlist);
    await user.click(screen.getAllByRole('button', { name: 'Add Videos' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Add Videos' });
    await user.click(await within(dialog).findByRole('checkbox', { name: /One/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add 1 Video' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to add videos to playlist',
    );
  });

  it("Add Videos says 'Failed to add videos to playlist' when adding gets no answer", async () => {
    const playlist = makePlaylist();
    servePlaylist(playlist);
    server().on('listVideos', () => ({
      data: {
        videos: [makeVideo({ title: 'One' })],
        page: 1,
        limit: 50,
        totalPages: 1,
        hasNextPage: false,
        totalVideos: 1,
      },
    }));
    server().on('addPlaylistVideo', () => networkFailure);
    const { user } = await openPlaylist(playlist);
    await user.click(screen.getAllByRole('button', { name: 'Add Videos' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Add Videos' });
    await user.click(await within(dialog).findByRole('checkbox', { name: /One/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add 1 Video' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to add videos to playlist',
    );
  });

  it('loads the videos past the first page by position (keyset); the last loaded can still move down', async () => {
    const firstPage = [0, 1].map((i) => makePlaylistVideo(i, { title: `Early ${i}` }));
    const secondPage = [2, 3].map((i) => makePlaylistVideo(i, { title: `Late ${i}` }));
    const playlist = makePlaylist({
      videos: firstPage,
      videoCount: 4,
      hasMoreVideos: true,
    });
    servePlaylist(playlist);
    server().on('getPlaylist', (request) =>
      request.query.after === '1'
        ? { data: { ...playlist, videos: secondPage, hasMoreVideos: false } }
        : { data: playlist },
    );
    const { user } = await openPlaylist(playlist);
    expect(titles()).toEqual(['Early 0', 'Early 1']);
    // The last loaded video can still move down: more follow on the server.
    expect(screen.getByRole('button', { name: 'Move Early 1 down' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Load more videos' }));
    await waitFor(() => expect(titles()).toEqual(['Early 0', 'Early 1', 'Late 2', 'Late 3']));
    expect(server().requestsTo('getPlaylist').at(-1)?.query).toEqual({ after: '1' });
    expect(screen.queryByRole('button', { name: 'Load more videos' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Move Late 3 down' })).toBeDisabled();
  });
});
