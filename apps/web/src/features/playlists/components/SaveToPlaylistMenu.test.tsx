import type { Playlist } from '@kinora/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../app/testing';
import { networkFailure, withContractServer } from '../../../testing/contract-server';
import { makeUser } from '../../../testing/fixtures';
import { makePlaylist, makePlaylistVideo } from '../../../testing/playlist-fixtures';
import { makeVideo, videoId } from '../../../testing/video-fixtures';

const server = withContractServer();

beforeAll(async () => {
  await import('../../../app/WatchRoute');
  configure({ asyncUtilTimeout: 4000 });
});
afterAll(() => configure({ asyncUtilTimeout: 1000 }));

const viewer = makeUser({ _id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b' });
const notifications = () => screen.getByRole('status', { name: 'Notifications' });

/** The watch page's own calls, answered plainly; the viewer signed in unless null. */
function serveWatchPage(signedIn: boolean, playlists: Playlist[] = []) {
  const video = makeVideo();
  if (signedIn) server().on('currentUser', () => ({ data: viewer }));
  server().on('getVideo', () => ({ data: video }));
  server().on('listComments', () => ({
    data: { comments: [], totalCount: 0, page: 1, limit: 20, totalPages: 1, hasNextPage: false },
  }));
  server().on('videoLikeStatus', () => ({ data: { isLiked: false, likeCount: 0 } }));
  server().on('subscriptionStatus', () => ({ data: { isSubscribed: false, subscriberCount: 0 } }));
  server().on('listVideos', () => ({
    data: { videos: [], page: 1, limit: 10, totalPages: 1, hasNextPage: false, totalVideos: 0 },
  }));
  server().on('userPlaylists', () => ({ data: playlists }));
  return video;
}

async function openWatchPage(signedIn = true, playlists: Playlist[] = []) {
  const video = serveWatchPage(signedIn, playlists);
  const view = renderRoute(`/video/${video._id}`);
  await screen.findByRole('heading', { level: 1, name: video.title });
  return view;
}

const dropdown = () => screen.getByRole('dialog', { name: 'Save to playlist' });

describe('save to playlist on the watch page', () => {
  it('visitors get the alert and no dropdown', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { user } = await openWatchPage(false);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(alert).toHaveBeenCalledWith('Please login to save videos to playlists');
    expect(screen.queryByRole('dialog', { name: 'Save to playlist' })).toBeNull();
  });

  it("lists the viewer's playlists (Watch later apart) in a list at most 8rem high; Escape closes", async () => {
    const later = makePlaylist({ name: 'Watch later', kind: 'watch_later' });
    const { user } = await openWatchPage(true, [
      later,
      makePlaylist({ name: 'Talks' }),
      makePlaylist({ name: 'Music' }),
    ]);
    const save = screen.getByRole('button', { name: 'Save' });
    await user.click(save);
    expect(save).toHaveAttribute('aria-expanded', 'true');
    const list = await within(dropdown()).findByRole('list', { name: 'Your playlists' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Talks', 'Music']);
    expect(within(dropdown()).getByTestId('playlist-list')).toHaveClass('max-h-32');
    expect(server().requestsTo('userPlaylists')[0]?.params).toEqual({ userId: viewer._id });

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Save to playlist' })).toBeNull();
    expect(save).toHaveFocus();
  });

  it('reaches playlists past the first page with More playlists', async () => {
    const firstPage = Array.from({ length: 100 }, (_, i) => makePlaylist({ name: `List ${i}` }));
    const { user } = await openWatchPage(true, firstPage);
    server().on('userPlaylists', (request) =>
      request.query.page === '2'
        ? { data: [makePlaylist({ name: 'The last one' })] }
        : { data: firstPage },
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const list = await within(dropdown()).findByRole('list', { name: 'Your playlists' });
    await user.click(within(list).getByRole('button', { name: 'More playlists' }));
    expect(await within(list).findByRole('button', { name: 'The last one' })).toBeInTheDocument();
    expect(server().requestsTo('userPlaylists')[1]?.query).toEqual({ page: '2', limit: '100' });
    // A short page is the last.
    expect(within(list).queryByRole('button', { name: 'More playlists' })).toBeNull();
  });

  it('opens upward when less than 350 px are left below the button', async () => {
    const { user } = await openWatchPage();
    const save = screen.getByRole('button', { name: 'Save' });
    vi.spyOn(save, 'getBoundingClientRect').mockReturnValue({
      bottom: window.innerHeight - 349,
    } as DOMRect);
    await user.click(save);
    expect(dropdown()).toHaveAttribute('data-placement', 'top');
    await user.click(save);
    vi.spyOn(save, 'getBoundingClientRect').mockReturnValue({
      bottom: window.innerHeight - 350,
    } as DOMRect);
    await user.click(save);
    expect(dropdown()).toHaveAttribute('data-placement', 'bottom');
  });

  it('adds the video to a playlist; one already holding it says so', async () => {
    const talks = makePlaylist({ name: 'Talks' });
    const music = makePlaylist({ name: 'Music' });
    server().on('addPlaylistVideo', (request) =>
      request.params.playlistId === talks._id
        ? { data: talks }
        : { status: 409, error: { code: 'CONFLICT', message: 'The video is already there' } },
    );
    const { user } = await openWatchPage(true, [talks, music]);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await within(dropdown()).findByRole('button', { name: 'Talks' }));
    expect(await within(notifications()).findByText('Added to Talks')).toBeInTheDocument();
    expect(server().requestsTo('addPlaylistVideo')[0]?.params).toEqual({
      playlistId: talks._id,
      videoId,
    });
    expect(within(dropdown()).getByRole('button', { name: 'Talks' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(dropdown()).getByRole('button', { name: 'Music' }));
    expect(await within(notifications()).findByText('Already in Music')).toBeInTheDocument();
  });

  it("says 'Failed to add videos to playlist' when adding gets no answer", async () => {
    const talks = makePlaylist({ name: 'Talks' });
    server().on('addPlaylistVideo', () => networkFailure);
    const { user } = await openWatchPage(true, [talks]);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await within(dropdown()).findByRole('button', { name: 'Talks' }));
    expect(
      await within(notifications()).findByText('Failed to add videos to playlist'),
    ).toBeInTheDocument();
    expect(within(dropdown()).getByRole('button', { name: 'Talks' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it("says 'Failed to create playlist' when the create gets no answer", async () => {
    server().on('createPlaylist', () => networkFailure);
    const { user } = await openWatchPage();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(
      await within(dropdown()).findByRole('button', { name: 'Create new playlist' }),
    );
    await user.type(
      within(dropdown()).getByRole('textbox', { name: 'Playlist name' }),
      'Fresh{Enter}',
    );
    expect(
      await within(notifications()).findByText('Failed to create playlist'),
    ).toBeInTheDocument();
    expect(server().requestsTo('addPlaylistVideo')).toHaveLength(0);
  });

  it('creates a playlist with an empty description and adds the video to it', async () => {
    const created = makePlaylist({ name: 'Fresh', description: '' });
    server().on('createPlaylist', () => ({ status: 201, data: created }));
    server().on('addPlaylistVideo', () => ({ data: created }));
    const { user } = await openWatchPage();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(dropdown()).findByText('You have no playlists yet.')).toBeInTheDocument();
    await user.click(within(dropdown()).getByRole('button', { name: 'Create new playlist' }));
    const name = within(dropdown()).getByRole('textbox', { name: 'Playlist name' });
    expect(name).toHaveFocus();
    expect(within(dropdown()).getByRole('button', { name: 'Create' })).toBeDisabled();
    await user.type(name, 'Fresh{Enter}');

    expect(await within(notifications()).findByText('Added to Fresh')).toBeInTheDocument();
    expect(server().requestsTo('createPlaylist')[0]?.body).toEqual({
      name: 'Fresh',
      description: '',
    });
    expect(server().requestsTo('addPlaylistVideo')[0]?.params).toEqual({
      playlistId: created._id,
      videoId,
    });
  });

  it('Save to Watch later toggles the video in the built-in list', async () => {
    let saved = false;
    server().on('toggleWatchLater', () => {
      saved = !saved;
      return { data: { isSaved: saved, playlistId: 'wl', videoCount: saved ? 1 : 0 } };
    });
    const { user } = await openWatchPage();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(dropdown()).getByRole('button', { name: 'Save to Watch later' }));
    expect(await within(notifications()).findByText('Saved to Watch later')).toBeInTheDocument();
    const button = within(dropdown()).getByRole('button', { name: 'Saved to Watch later' });
    expect(button).toHaveAttribute('aria-pressed', 'true');
    await user.click(button);
    expect(
      await within(notifications()).findByText('Removed from Watch later'),
    ).toBeInTheDocument();
    await waitFor(() => expect(server().requestsTo('toggleWatchLater')).toHaveLength(2));
    expect(server().requestsTo('toggleWatchLater')[0]?.params).toEqual({ videoId });
  });

  it('shows a video already in Watch later as saved, from the state the cards share', async () => {
    const later = makePlaylist({
      name: 'Watch later',
      kind: 'watch_later',
      visibility: 'private',
      videos: [makePlaylistVideo(0, { _id: videoId })],
    });
    server().on('getWatchLater', () => ({ data: later }));
    const { user } = await openWatchPage();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const button = await within(dropdown()).findByRole('button', {
      name: 'Saved to Watch later',
    });
    expect(button).toHaveAttribute('aria-pressed', 'true');
  });
});
