import type { Playlist } from '@kinora/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../app/testing';
import { networkFailure, withContractServer } from '../../../testing/contract-server';
import { makeUser } from '../../../testing/fixtures';
import { makePlaylist, makePlaylistVideo } from '../../../testing/playlist-fixtures';

const server = withContractServer();
const me = makeUser();

const watchLater = () =>
  makePlaylist({
    name: 'Watch later',
    description: '',
    kind: 'watch_later',
    visibility: 'private',
  });

/** Signs `me` in and answers the list of playlists. */
function servePlaylists(playlists: Playlist[]) {
  server().on('currentUser', () => ({ data: me }));
  server().on('userPlaylists', () => ({ data: playlists }));
}

async function openPlaylists() {
  const view = renderRoute('/playlists');
  await screen.findByRole('heading', { level: 1, name: 'Your Playlists' }, { timeout: 3000 });
  return view;
}

const cards = () => screen.findAllByRole('article');

describe('playlists page', () => {
  it("asks visitors to sign in: 'Access Your Playlists' with 'Sign In Now' to /login", async () => {
    renderRoute('/playlists');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Access Your Playlists' },
        { timeout: 3000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In Now' })).toHaveAttribute('href', '/login');
    expect(server().requestsTo('userPlaylists')).toHaveLength(0);
  });

  it('shows each playlist as a card with badges, thumbnail, name, description and age', async () => {
    const withVideos = makePlaylist({
      name: 'Compilers',
      videos: [makePlaylistVideo(0), makePlaylistVideo(1)],
      videoCount: 2,
    });
    const single = makePlaylist({
      name: 'Solo',
      visibility: 'unlisted',
      videos: [makePlaylistVideo(0)],
      videoCount: 1,
    });
    servePlaylists([watchLater(), withVideos, single]);
    await openPlaylists();
    const [laterCard, first, second] = await cards();

    expect(server().requestsTo('userPlaylists')[0]?.params).toEqual({ userId: me._id });
    expect(within(first!).getByRole('link', { name: 'Compilers' })).toHaveAttribute(
      'href',
      `/playlist/${withVideos._id}`,
    );
    expect(first).toHaveTextContent('PLAYLIST');
    expect(first).toHaveTextContent('2 videos');
    expect(first).toHaveTextContent('Long talks worth the time');
    expect(first).toHaveTextContent('Created 2 days ago');
    expect(first!.querySelector('img[src="/media/thumbnails/v1.webp"]')).not.toBeNull();
    expect(second).toHaveTextContent('1 video');
    expect(second).toHaveTextContent('unlisted');
    // Watch later is built in: no menu to rename or delete it.
    expect(within(laterCard!).queryByRole('button', { name: /Options/ })).toBeNull();
    expect(within(first!).getByRole('button', { name: 'Options for Compilers' })).toBeVisible();
    expect(await screen.findByText('3 Playlists in your collection')).toBeInTheDocument();
  });

  it("shows the thumbnail fallbacks 'Empty Playlist', 'No Thumbnail' and 'No Thumbnail Available'", async () => {
    servePlaylists([
      makePlaylist({ name: 'Empty' }),
      makePlaylist({
        name: 'Bare',
        videos: [makePlaylistVideo(0, { thumbnail: '' })],
        videoCount: 1,
      }),
      makePlaylist({
        name: 'Broken',
        videos: [makePlaylistVideo(0, { thumbnail: '/media/missing.webp' })],
        videoCount: 1,
      }),
    ]);
    await openPlaylists();
    const [empty, bare, broken] = await cards();
    expect(empty).toHaveTextContent('Empty Playlist');
    expect(bare).toHaveTextContent('No Thumbnail');
    const img = broken!.querySelector('img');
    expect(img).not.toBeNull();
    fireEvent.error(img!);
    expect(broken).toHaveTextContent('No Thumbnail Available');
    expect(await screen.findByText('3 Playlists in your collection')).toBeInTheDocument();
  });

  it("shows 'No playlists yet'; 'Create Your First Playlist' opens the dialog", async () => {
    servePlaylists([]);
    const { user } = await openPlaylists();
    expect(await screen.findByText('No playlists yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Your First Playlist' }));
    expect(screen.getByRole('dialog', { name: 'Create Playlist' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  });

  it("shows Watch later apart, and 'No playlists yet' while the person has none of their own", async () => {
    servePlaylists([watchLater()]);
    server().on('createPlaylist', (request) => ({
      status: 201,
      data: makePlaylist(request.body as { name: string; description: string }),
    }));
    const { user } = await openPlaylists();
    expect(await screen.findByText('No playlists yet')).toBeInTheDocument();
    const [later] = await cards();
    expect(within(later!).getByRole('link', { name: 'Watch later' })).toBeInTheDocument();
    expect(screen.queryByText(/in your collection/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Create Your First Playlist' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Playlist' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Talks');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Good ones');
    await user.click(within(dialog).getByRole('button', { name: 'Create Playlist' }));
    expect(await screen.findByRole('link', { name: 'Talks' })).toBeInTheDocument();
    expect(screen.queryByText('No playlists yet')).toBeNull();
    expect(screen.getByRole('link', { name: 'Watch later' })).toBeInTheDocument();
  });

  it("says 'Failed to create playlist' in the dialog when the create gets no answer", async () => {
    servePlaylists([]);
    server().on('createPlaylist', () => networkFailure);
    const { user } = await openPlaylists();
    await user.click(await screen.findByRole('button', { name: 'Create Your First Playlist' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Playlist' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'A');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'B');
    await user.click(within(dialog).getByRole('button', { name: 'Create Playlist' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to create playlist');
  });

  it('creates a playlist: live counters, required fields, the new card comes first', async () => {
    const old = makePlaylist({ name: 'Older list' });
    servePlaylists([watchLater(), old]);
    server().on('createPlaylist', (request) => {
      const body = request.body as { name: string; description: string };
      return {
        status: 201,
        data: makePlaylist({ ...body, _id: 'c0ffee00-0000-4000-8000-000000000001' }),
      };
    });
    const { user } = await openPlaylists();
    await cards();
    await user.click(screen.getByRole('button', { name: 'Create Playlist' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Playlist' });
    const submit = within(dialog).getByRole('button', { name: 'Create Playlist' });
    expect(within(dialog).getByText('0/50 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('0/200 characters')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    const description = within(dialog).getByRole('textbox', { name: 'Description' });
    await user.click(name);
    await user.click(description);
    expect(within(dialog).getByText('Playlist name is required')).toBeInTheDocument();
    await user.click(name);
    expect(within(dialog).getByText('Playlist description is required')).toBeInTheDocument();

    await user.type(name, 'Talks');
    expect(within(dialog).getByText('5/50 characters')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.type(description, 'Good ones');
    expect(within(dialog).getByText('9/200 characters')).toBeInTheDocument();
    expect(name).toHaveAttribute('maxlength', '50');
    expect(description).toHaveAttribute('maxlength', '200');
    await user.click(within(dialog).getByRole('radio', { name: /Private/ }));
    await user.click(submit);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server().requestsTo('createPlaylist')[0]?.body).toEqual({
      name: 'Talks',
      description: 'Good ones',
      visibility: 'private',
    });
    const names = (await cards()).map((c) => within(c).getByRole('heading').textContent);
    expect(names).toEqual(['Watch later', 'Talks', 'Older list']);
    expect(await screen.findByText('3 Playlists in your collection')).toBeInTheDocument();
  });

  it('treats a name or description of invisible characters alone as blank', async () => {
    servePlaylists([watchLater()]);
    const { user } = await openPlaylists();
    await cards();
    await user.click(screen.getByRole('button', { name: 'Create Playlist' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Playlist' });
    const submit = within(dialog).getByRole('button', { name: 'Create Playlist' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    const description = within(dialog).getByRole('textbox', { name: 'Description' });
    fireEvent.change(name, { target: { value: '\u0085' } });
    fireEvent.blur(name);
    fireEvent.change(description, { target: { value: '\u200b\u200b' } });
    fireEvent.blur(description);
    expect(within(dialog).getByText('Playlist name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Playlist description is required')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.click(submit);
    expect(server().requestsTo('createPlaylist')).toHaveLength(0);
  });

  it('says why a create failed, preferring the server message', async () => {
    servePlaylists([]);
    server().on('createPlaylist', () => ({
      status: 409,
      error: { code: 'CONFLICT', message: 'You have too many playlists' },
    }));
    const { user } = await openPlaylists();
    await user.click(await screen.findByRole('button', { name: 'Create Your First Playlist' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Playlist' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'A');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'B');
    await user.click(within(dialog).getByRole('button', { name: 'Create Playlist' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You have too many playlists',
    );
  });

  it('edits a playlist from its menu; the card is replaced', async () => {
    const list = makePlaylist({ name: 'Old name', description: 'Old text' });
    servePlaylists([list]);
    server().on('updatePlaylist', (request) => ({
      data: { ...list, ...(request.body as Partial<Playlist>) },
    }));
    const { user } = await openPlaylists();
    await cards();
    await user.click(screen.getByRole('button', { name: 'Options for Old name' }));
    const menu = screen.getByRole('menu', { name: 'Options for Old name' });
    expect(within(menu).getByRole('menuitem', { name: 'Edit playlist' })).toHaveFocus();
    await user.click(within(menu).getByRole('menuitem', { name: 'Edit playlist' }));

    const dialog = screen.getByRole('dialog', { name: 'Edit Playlist' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Old name');
    expect(within(dialog).getByText('8/50 characters')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'New name');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByRole('link', { name: 'New name' })).toBeInTheDocument();
    expect(server().requestsTo('updatePlaylist')[0]).toMatchObject({
      params: { playlistId: list._id },
      body: { name: 'New name', description: 'Old text', visibility: 'public' },
    });
  });

  it('deletes a playlist only after the confirmation', async () => {
    const list = makePlaylist({ name: 'Doomed' });
    servePlaylists([list]);
    server().on('deletePlaylist', () => ({ data: {} }));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    const { user } = await openPlaylists();
    await cards();

    const remove = async () => {
      await user.click(screen.getByRole('button', { name: 'Options for Doomed' }));
      await user.click(screen.getByRole('menuitem', { name: 'Delete playlist' }));
    };
    await remove();
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this playlist?');
    expect(server().requestsTo('deletePlaylist')).toHaveLength(0);

    await remove();
    expect(await screen.findByText('No playlists yet')).toBeInTheDocument();
    expect(server().requestsTo('deletePlaylist')[0]?.params).toEqual({ playlistId: list._id });
  });

  it("says 'Failed to delete playlist' when the delete gets no answer; the card stays", async () => {
    const list = makePlaylist({ name: 'Survivor' });
    servePlaylists([list]);
    server().on('deletePlaylist', () => networkFailure);
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = await openPlaylists();
    await cards();
    await user.click(screen.getByRole('button', { name: 'Options for Survivor' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete playlist' }));
    const notifications = screen.getByRole('status', { name: 'Notifications' });
    expect(await within(notifications).findByText('Failed to delete playlist')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Survivor' })).toBeInTheDocument();
  });

  it("says 'Failed to fetch playlists'; Try Again loads again", async () => {
    servePlaylists([]);
    let attempts = 0;
    server().on('userPlaylists', () => {
      attempts += 1;
      return attempts === 1
        ? { status: 500, error: { code: 'INTERNAL', message: 'Broken' } }
        : { data: [makePlaylist({ name: 'Back again' })] };
    });
    const { user } = await openPlaylists();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch playlists');
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: 'Back again' })).toBeInTheDocument();
  });

  it('loads more playlists while the server has more, 100 a page', async () => {
    const all = [
      watchLater(),
      ...Array.from({ length: 104 }, (_, i) => makePlaylist({ name: `List ${i + 1}` })),
    ];
    servePlaylists([]);
    server().on('userPlaylists', (request) => {
      const page = Number(request.query.page);
      const limit = Number(request.query.limit);
      return { data: all.slice((page - 1) * limit, page * limit) };
    });
    const { user } = await openPlaylists();
    await waitFor(() => expect(document.querySelectorAll('article')).toHaveLength(100));
    expect(server().requestsTo('userPlaylists')[0]?.query).toEqual({ page: '1', limit: '100' });
    // More may come: the count does not stop short at the page loaded.
    expect(screen.getByText('100+ Playlists in your collection')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more playlists' }));
    await waitFor(() => expect(document.querySelectorAll('article')).toHaveLength(105));
    expect(server().requestsTo('userPlaylists')[1]?.query).toEqual({ page: '2', limit: '100' });
    expect(screen.getByRole('link', { name: 'List 104' })).toBeInTheDocument();
    expect(screen.getByText('105 Playlists in your collection')).toBeInTheDocument();
    // A short page is the last one.
    expect(screen.queryByRole('button', { name: 'Load more playlists' })).toBeNull();
  });

  it('shows no Load more when the first page is not full', async () => {
    servePlaylists([watchLater(), makePlaylist({ name: 'Only one' })]);
    await openPlaylists();
    expect(await screen.findByRole('link', { name: 'Only one' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more playlists' })).toBeNull();
    expect(server().requestsTo('userPlaylists')).toHaveLength(1);
  });
});
