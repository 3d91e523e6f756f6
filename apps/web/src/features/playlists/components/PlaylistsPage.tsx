import type { CurrentUser, Playlist } from '@kinora/contract';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { PlaylistIcon } from '../../../components/icons';
import { LoadError } from '../../../components/LoadError';
import { StatusPanel } from '../../../components/StatusPanel';
import { useToast } from '../../../components/toast';
import { messageOf } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { playlistText } from '../api/playlists-api';
import {
  useCreatePlaylist,
  useDeletePlaylist,
  useUpdatePlaylist,
  loadedPlaylists,
  useUserPlaylistPages,
} from '../hooks/use-playlists';
import { PlaylistCard, PlaylistCardSkeleton } from './PlaylistCard';
import { PlaylistFormDialog } from './PlaylistFormDialog';
import { signedInOnly } from '../../../components/SignedInOnly';
import { PageColumn, PageHeader } from '../../../components/Page';

/** /playlists (signed-in-areas §2): the signed-in user's playlists, with create, edit, delete. */
export const PlaylistsPage = signedInOnly(Playlists, playlistText);

type DialogState = { mode: 'create' } | { mode: 'edit'; playlist: Playlist } | null;

function Playlists({ user }: { user: CurrentUser }) {
  useDocumentTitle(playlistText.heading);
  const toast = useToast();
  const playlists = useUserPlaylistPages(user._id);
  const create = useCreatePlaylist(user._id);
  const update = useUpdatePlaylist();
  const remove = useDeletePlaylist(user._id);
  const [dialog, setDialog] = useState<DialogState>(null);

  const deletePlaylist = (playlist: Playlist) => {
    if (!window.confirm(playlistText.confirmDelete)) return;
    remove.mutate(playlist._id, {
      onError: (error) => toast.error(messageOf(error, playlistText.deleteFailed)),
    });
  };

  const list = loadedPlaylists(playlists.data);
  // Watch later is built in, not a playlist the person made: it sits apart, and without one of
  // their own the page says 'No playlists yet' (signed-in-areas §2).
  const builtIn = list.filter((playlist) => playlist.kind === 'watch_later');
  const own = list.filter((playlist) => playlist.kind !== 'watch_later');
  const cardGrid = (shown: Playlist[]) => (
    <div className="grid grid-cols-1 gap-x-4 gap-y-8 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {shown.map((playlist) => (
        <PlaylistCard
          key={playlist._id}
          playlist={playlist}
          onEdit={() => setDialog({ mode: 'edit', playlist })}
          onDelete={() => deletePlaylist(playlist)}
        />
      ))}
    </div>
  );
  return (
    <PageColumn>
      <PageHeader title={playlistText.heading}>
        <Button onClick={() => setDialog({ mode: 'create' })}>
          <PlaylistIcon size={18} />
          {playlistText.create}
        </Button>
      </PageHeader>

      {playlists.isPending ? (
        <div
          role="status"
          aria-label="Loading playlists"
          className="grid grid-cols-1 gap-x-4 gap-y-8 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
        >
          {[0, 1, 2, 3].map((i) => (
            <PlaylistCardSkeleton key={i} />
          ))}
        </div>
      ) : playlists.isError ? (
        <LoadError title={playlistText.fetchListFailed} query={playlists} />
      ) : (
        <>
          {/* Under the page's h1, the cards' h3 titles need a level between. */}
          <h2 className="sr-only">All playlists</h2>
          {builtIn.length > 0 ? cardGrid(builtIn) : null}
          {own.length === 0 ? (
            <StatusPanel
              title={playlistText.empty}
              description="Collect videos into playlists to watch them in order or share them."
              icon={<PlaylistIcon size={26} />}
            >
              <Button onClick={() => setDialog({ mode: 'create' })}>
                {playlistText.createFirst}
              </Button>
            </StatusPanel>
          ) : (
            cardGrid(own)
          )}
          {playlists.hasNextPage ? (
            <div className="flex justify-center">
              <Button
                variant="secondary"
                disabled={playlists.isFetchingNextPage}
                onClick={() => void playlists.fetchNextPage()}
              >
                {playlists.isFetchingNextPage ? 'Loading…' : 'Load more playlists'}
              </Button>
            </div>
          ) : null}
          {playlists.isFetchNextPageError ? (
            <p role="alert" className="text-center text-sm text-danger">
              {playlistText.fetchListFailed}
            </p>
          ) : null}
          {own.length > 0 ? (
            <p className="text-center text-sm text-fg-muted">
              {/* Pages not loaded yet hold more: the count says so rather than stop short. */}
              {list.length}
              {playlists.hasNextPage ? '+' : ''} {list.length === 1 ? 'Playlist' : 'Playlists'} in
              your collection
            </p>
          ) : null}
        </>
      )}

      {dialog?.mode === 'create' ? (
        <PlaylistFormDialog
          onSubmit={(values) => create.mutateAsync(values)}
          onClose={() => setDialog(null)}
        />
      ) : dialog?.mode === 'edit' ? (
        <PlaylistFormDialog
          playlist={dialog.playlist}
          onSubmit={(values) =>
            update.mutateAsync({ playlistId: dialog.playlist._id, body: values })
          }
          onClose={() => setDialog(null)}
        />
      ) : null}
    </PageColumn>
  );
}
