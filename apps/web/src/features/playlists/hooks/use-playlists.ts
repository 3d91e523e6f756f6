import type { CreatePlaylistBody, Playlist, UpdatePlaylistBody } from '@kinora/contract';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  addVideoToPlaylist,
  createPlaylist,
  deletePlaylist,
  fetchPickerVideos,
  fetchPlaylist,
  fetchUserPlaylistsPage,
  PLAYLISTS_PAGE_SIZE,
  movePlaylistVideo,
  playlistKeys,
  removeVideoFromPlaylist,
  toggleWatchLater,
  updatePlaylist,
  watchLaterQuery,
  type WatchLaterState,
} from '../api/playlists-api';

/** The user's playlists a page at a time (`/playlists` and the Save menu load more while there are more). */
export function useUserPlaylistPages(userId: string) {
  return useInfiniteQuery({
    queryKey: playlistKeys.pagesOfUser(userId),
    queryFn: ({ pageParam, signal }) => fetchUserPlaylistsPage(userId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      last.length < PLAYLISTS_PAGE_SIZE ? undefined : pages.length + 1,
  });
}

/**
 * Every playlist of the pages loaded so far, each once: one created while pages were loading
 * may show up on two of them.
 */
export function loadedPlaylists(data: { pages: Playlist[][] } | undefined): Playlist[] {
  const seen = new Set<string>();
  return (data?.pages.flat() ?? []).filter((p) => !seen.has(p._id) && seen.add(p._id));
}

/**
 * Changes the user's lists in place: the first page other screens read, and every page loaded
 * on `/playlists` (`firstPageOnly` for what goes at the top, such as a new playlist).
 */
function changeUserLists(
  queryClient: QueryClient,
  userId: string,
  change: (list: Playlist[]) => Playlist[],
  { firstPageOnly = false } = {},
) {
  queryClient.setQueryData<Playlist[]>(playlistKeys.ofUser(userId), (list) =>
    list ? change(list) : list,
  );
  queryClient.setQueryData<InfiniteData<Playlist[], number>>(
    playlistKeys.pagesOfUser(userId),
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page, i) => (firstPageOnly && i > 0 ? page : change(page))),
      },
  );
}

export function usePlaylist(playlistId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: playlistKeys.detail(playlistId),
    queryFn: ({ signal }) => fetchPlaylist(playlistId, signal),
    enabled: options.enabled ?? true,
  });
}

export function usePickerVideos(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: playlistKeys.pickerVideos(userId),
    queryFn: ({ signal }) => fetchPickerVideos(userId, signal),
    enabled,
  });
}

/**
 * Every write answers the whole playlist: it becomes the detail's data at once and the lists
 * are loaded again (their cards show counts and first thumbnails).
 */
function useStorePlaylist() {
  const queryClient = useQueryClient();
  return (playlist: Playlist) => {
    queryClient.setQueryData(playlistKeys.detail(playlist._id), playlist);
    void queryClient.invalidateQueries({ queryKey: playlistKeys.ofUser(playlist.owner) });
  };
}

export function useCreatePlaylist(userId: string) {
  const queryClient = useQueryClient();
  const store = useStorePlaylist();
  return useMutation({
    mutationFn: (body: CreatePlaylistBody) => createPlaylist(body),
    onSuccess: (created) => {
      // Create prepends the new playlist (spec §4), after the built-in Watch later.
      changeUserLists(
        queryClient,
        userId,
        (list) => {
          const builtIn = list.filter((p) => p.kind === 'watch_later');
          return [...builtIn, created, ...list.filter((p) => p.kind !== 'watch_later')];
        },
        { firstPageOnly: true },
      );
      store(created);
    },
  });
}

export function useUpdatePlaylist() {
  const queryClient = useQueryClient();
  const store = useStorePlaylist();
  return useMutation({
    mutationFn: ({ playlistId, body }: { playlistId: string; body: UpdatePlaylistBody }) =>
      updatePlaylist(playlistId, body),
    onSuccess: (updated) => {
      // Edit replaces it in place (spec §4).
      changeUserLists(queryClient, updated.owner, (list) =>
        list.map((p) => (p._id === updated._id ? updated : p)),
      );
      store(updated);
    },
  });
}

export function useDeletePlaylist(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (playlistId: string) => deletePlaylist(playlistId),
    onSuccess: (_, playlistId) => {
      changeUserLists(queryClient, userId, (list) => list.filter((p) => p._id !== playlistId));
      queryClient.removeQueries({ queryKey: playlistKeys.detail(playlistId) });
    },
  });
}

/** Adds several videos one after the other; the last answer is the playlist as it ends up. */
export function useAddVideos(playlistId: string) {
  const store = useStorePlaylist();
  return useMutation({
    mutationFn: async (videoIds: string[]) => {
      let playlist: Playlist | null = null;
      for (const videoId of videoIds) playlist = await addVideoToPlaylist(playlistId, videoId);
      return playlist;
    },
    onSuccess: (playlist) => {
      if (playlist) store(playlist);
    },
  });
}

export function useRemoveVideo(playlistId: string) {
  const store = useStorePlaylist();
  return useMutation({
    mutationFn: (videoId: string) => removeVideoFromPlaylist(playlistId, videoId),
    onSuccess: store,
  });
}

export function useMoveVideo(playlistId: string) {
  const store = useStorePlaylist();
  return useMutation({
    mutationFn: ({ videoId, position }: { videoId: string; position: number }) =>
      movePlaylistVideo(playlistId, videoId, position),
    onSuccess: store,
  });
}

/** Whether each video is in the person's Watch later (shared by every Save button). */
export function useWatchLater(userId: string | null) {
  return useQuery({
    ...watchLaterQuery(userId ?? ''),
    enabled: userId !== null,
    retry: false,
  });
}

/**
 * Saves a video to Watch later, or takes it out: every Save button shows the new state at once
 * and the lists show the new count.
 */
export function useToggleWatchLater(userId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (videoId: string) => toggleWatchLater(videoId),
    onSuccess: (result, videoId) => {
      if (userId !== undefined) {
        queryClient.setQueryData<WatchLaterState>(playlistKeys.watchLater(userId), (state) => {
          const videoIds = new Set(state?.videoIds);
          if (result.isSaved) videoIds.add(videoId);
          else videoIds.delete(videoId);
          return { playlistId: result.playlistId, videoIds };
        });
      }
      // The answer said where the video is now: Watch later's state needs no second read.
      const watchLaterKey = playlistKeys.watchLater(userId ?? '');
      void queryClient.invalidateQueries({
        queryKey: playlistKeys.all,
        predicate: (query) =>
          userId === undefined || query.queryKey.join('/') !== watchLaterKey.join('/'),
      });
    },
  });
}
