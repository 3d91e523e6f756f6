import { hasVisibleText, trimText, type Playlist } from '@kinora/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { buttonClass } from '../../../components/Button';
import { inputClass } from '../../../components/form/TextField';
import { CheckIcon, PlaylistIcon, SpinnerIcon } from '../../../components/icons';
import { useToast } from '../../../components/toast';
import { isApiError, messageOf } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import {
  addVideoToPlaylist,
  PLAYLIST_NAME_MAX,
  playlistKeys,
  playlistText,
} from '../api/playlists-api';
import {
  useCreatePlaylist,
  loadedPlaylists,
  useToggleWatchLater,
  useUserPlaylistPages,
  useWatchLater,
} from '../hooks/use-playlists';
import { usePopup } from '../../../lib/use-popup';
import { ListPlusIcon } from '../icons';

export const saveText = {
  signIn: 'Please login to save videos to playlists',
  title: 'Save to…',
  watchLater: 'Save to Watch later',
  savedToWatchLater: 'Saved to Watch later',
  removedFromWatchLater: 'Removed from Watch later',
  watchLaterFailed: 'Failed to update Watch later',
  noPlaylists: 'You have no playlists yet.',
  createNew: 'Create new playlist',
  morePlaylists: 'More playlists',
  added: (name: string) => `Added to ${name}`,
  already: (name: string) => `Already in ${name}`,
} as const;

/** Below this much room under the button, the list opens upward (core §2.8). */
export const DROPDOWN_FLIP_SPACE_PX = 350;

const pillClass = buttonClass({ variant: 'secondary', className: 'rounded-full' });

/**
 * Save on the watch page (core §2.8): visitors get the spec's alert; a signed-in viewer gets a
 * dropdown with "Save to Watch later", their playlists (list at most 8rem high, scrolling) and
 * "Create new playlist", which creates one (description "") and adds the video to it. It opens
 * upward when less than 350 px are left below the button, and closes with Escape (the focus
 * goes back to the button) or a click elsewhere.
 */
export function SaveToPlaylistMenu({
  videoId,
  userId,
}: {
  videoId: string;
  /** The signed-in viewer, or null for a visitor. */
  userId: string | null;
}) {
  const popup = usePopup();
  const [opensUp, setOpensUp] = useState(false);

  const toggle = () => {
    if (userId === null) {
      window.alert(saveText.signIn);
      return;
    }
    const button = popup.buttonRef.current;
    if (!popup.isOpen && button) {
      const spaceBelow = window.innerHeight - button.getBoundingClientRect().bottom;
      setOpensUp(spaceBelow < DROPDOWN_FLIP_SPACE_PX);
    }
    popup.toggle();
  };

  return (
    <div ref={popup.wrapperRef} className="relative">
      <button
        {...popup.buttonProps}
        type="button"
        // A visitor's press only says to sign in: nothing opens.
        aria-expanded={userId === null ? undefined : popup.isOpen}
        onClick={toggle}
        className={pillClass}
      >
        <ListPlusIcon size={18} />
        Save
      </button>
      {popup.isOpen && userId !== null ? (
        <div
          id={popup.popupId}
          role="dialog"
          aria-label="Save to playlist"
          data-placement={opensUp ? 'top' : 'bottom'}
          className={cn(
            'absolute right-0 z-20 w-72 rounded-lg border border-border bg-surface p-3 shadow-pop sm:right-auto sm:left-0',
            opensUp ? 'bottom-full mb-2' : 'top-full mt-2',
          )}
        >
          <SavePanel videoId={videoId} userId={userId} />
        </div>
      ) : null}
    </div>
  );
}

function SavePanel({ videoId, userId }: { videoId: string; userId: string }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  // A page at a time, as on /playlists: someone with more than a page reaches them all.
  const playlists = useUserPlaylistPages(userId);
  const watchLater = useToggleWatchLater(userId);
  const watchLaterState = useWatchLater(userId);
  const create = useCreatePlaylist(userId);
  /** Playlists this video went into while the dropdown was open (the list shows a tick). */
  const [savedTo, setSavedTo] = useState<string[]>([]);
  const [busyId, setBusyId] = useState<string | null>(null);
  /** Known from the shared Watch later state (the cards' buttons read the same). */
  const isSavedLater = watchLaterState.data?.videoIds.has(videoId) ?? null;
  const [isCreating, setIsCreating] = useState(false);
  const [name, setName] = useState('');

  const custom = loadedPlaylists(playlists.data).filter((p) => p.kind !== 'watch_later');

  const saveTo = async (playlist: Pick<Playlist, '_id' | 'name'>) => {
    setBusyId(playlist._id);
    try {
      await addVideoToPlaylist(playlist._id, videoId);
      setSavedTo((ids) => [...ids, playlist._id]);
      toast.success(saveText.added(playlist.name));
      void queryClient.invalidateQueries({ queryKey: playlistKeys.all });
    } catch (error) {
      // A playlist holds a video once: the server answers 409 when it is there already.
      if (isApiError(error) && error.status === 409 && error.code === 'CONFLICT') {
        setSavedTo((ids) => [...ids, playlist._id]);
        toast.success(saveText.already(playlist.name));
      } else {
        toast.error(messageOf(error, playlistText.addFailed));
      }
    } finally {
      setBusyId(null);
    }
  };

  const toggleWatchLater = () =>
    watchLater.mutate(videoId, {
      onSuccess: (result) => {
        toast.success(result.isSaved ? saveText.savedToWatchLater : saveText.removedFromWatchLater);
      },
      onError: (error) => toast.error(messageOf(error, saveText.watchLaterFailed)),
    });

  const createAndAdd = async (event: FormEvent) => {
    event.preventDefault();
    if (!hasVisibleText(name)) return;
    const trimmed = trimText(name);
    try {
      // The quick create sends an empty description (the server allows it; spec §2.8).
      const created = await create.mutateAsync({ name: trimmed, description: '' });
      setName('');
      setIsCreating(false);
      await saveTo(created);
    } catch (error) {
      toast.error(messageOf(error, playlistText.createFailed));
    }
  };

  const item =
    'flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm text-fg hover:bg-raised disabled:opacity-60';

  return (
    <>
      <p className="text-sm font-semibold text-fg">{saveText.title}</p>
      <button
        type="button"
        aria-pressed={isSavedLater ?? undefined}
        disabled={watchLater.isPending}
        onClick={toggleWatchLater}
        className={cn(item, 'mt-2')}
      >
        {isSavedLater ? (
          <CheckIcon size={16} className="text-success" />
        ) : (
          <PlaylistIcon size={16} />
        )}
        {isSavedLater ? saveText.savedToWatchLater : saveText.watchLater}
      </button>
      <div
        data-testid="playlist-list"
        className="mt-1 max-h-32 overflow-y-auto rounded-md border border-border"
      >
        {playlists.isPending ? (
          <p role="status" className="flex items-center gap-2 px-3 py-3 text-sm text-fg-muted">
            <SpinnerIcon size={16} className="animate-spin" />
            Loading playlists…
          </p>
        ) : playlists.isError ? (
          <p className="px-3 py-3 text-sm text-danger">{playlistText.fetchListFailed}</p>
        ) : custom.length === 0 ? (
          <p className="px-3 py-3 text-sm text-fg-muted">{saveText.noPlaylists}</p>
        ) : (
          <ul aria-label="Your playlists" className="p-1">
            {custom.map((playlist) => {
              const isSaved = savedTo.includes(playlist._id);
              return (
                <li key={playlist._id}>
                  <button
                    type="button"
                    disabled={busyId !== null}
                    aria-pressed={isSaved}
                    onClick={() => void saveTo(playlist)}
                    className={item}
                  >
                    {isSaved ? (
                      <CheckIcon size={16} className="shrink-0 text-success" />
                    ) : (
                      <ListPlusIcon size={16} className="shrink-0" />
                    )}
                    <span className="truncate">{playlist.name}</span>
                  </button>
                </li>
              );
            })}
            {playlists.hasNextPage ? (
              <li>
                <button
                  type="button"
                  disabled={playlists.isFetchingNextPage}
                  onClick={() => void playlists.fetchNextPage()}
                  className={cn(item, 'text-fg-muted')}
                >
                  {playlists.isFetchingNextPage ? (
                    <SpinnerIcon size={16} className="shrink-0 animate-spin" />
                  ) : (
                    <PlaylistIcon size={16} className="shrink-0" />
                  )}
                  {saveText.morePlaylists}
                </button>
              </li>
            ) : null}
          </ul>
        )}
        {playlists.isFetchNextPageError ? (
          <p role="alert" className="px-3 py-2 text-sm text-danger">
            {playlistText.fetchListFailed}
          </p>
        ) : null}
      </div>
      {isCreating ? (
        <form onSubmit={(event) => void createAndAdd(event)} className="mt-2 flex flex-col gap-2">
          <label className="flex flex-col gap-1 text-sm font-medium text-fg">
            Playlist name
            <input
              // The form opened on the person's request: the field is where they type next.
              autoFocus
              value={name}
              maxLength={PLAYLIST_NAME_MAX}
              onChange={(event) => setName(event.target.value)}
              className={cn(inputClass, 'h-9')}
            />
          </label>
          <p className="text-xs text-fg-muted">
            {name.length}/{PLAYLIST_NAME_MAX} characters
          </p>
          <div className="flex justify-end gap-2">
            <button
              type="button"
              onClick={() => setIsCreating(false)}
              className={buttonClass({ variant: 'ghost', size: 'sm' })}
            >
              Cancel
            </button>
            <button
              type="submit"
              disabled={!hasVisibleText(name) || create.isPending}
              className={buttonClass({ size: 'sm' })}
            >
              Create
            </button>
          </div>
        </form>
      ) : (
        <button
          type="button"
          onClick={() => setIsCreating(true)}
          className={buttonClass({
            variant: 'ghost',
            size: 'sm',
            className: 'mt-2 w-full justify-start',
          })}
        >
          <ListPlusIcon size={16} />
          {saveText.createNew}
        </button>
      )}
    </>
  );
}
