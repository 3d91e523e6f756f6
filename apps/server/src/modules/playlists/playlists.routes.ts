import { endpoints, playlistsTotalHeader } from '@kinora/contract';
import { shows, videosShown } from '../../platform/http/kept-tags';
import { emptyAfter, type Router } from '../../platform/http/router';
import type { Storage } from '../../platform/storage/storage';
import { presentPlaylist, presentPlaylistPage } from './playlists.presenter';
import type { PlaylistsService } from './playlists.service';

interface PlaylistRouteDeps {
  playlists: PlaylistsService;
  storage: Storage;
}

export function registerPlaylistRoutes(
  router: Router,
  { playlists, storage }: PlaylistRouteDeps,
): void {
  router.route(endpoints.userPlaylists, {
    handler: async ({ params, query, actor, reply }) => {
      const { views, total } = await playlists.listUserPlaylists({
        userId: params.userId,
        viewer: actor,
        page: query.page,
        limit: query.limit,
      });
      // The data is the plain list the spec's client reads; the total rides in a header.
      reply.header(playlistsTotalHeader, String(total));
      return views.map((view) => presentPlaylist(view, storage));
    },
  });
  router.route(endpoints.getWatchLater, {
    handler: async ({ query, actor }) =>
      presentPlaylist(
        await playlists.getWatchLater({ actor, after: query.after, limit: query.limit }),
        storage,
      ),
  });
  router.route(endpoints.toggleWatchLater, {
    handler: ({ params, actor }) => playlists.toggleWatchLater({ videoId: params.videoId, actor }),
  });
  /**
   * Who sees each computed playlist answer otherwise than a visitor, for `shared`, and the
   * videos it holds that it does not show, for `shows`.
   */
  const seeMore = new WeakMap<object, { notFor: readonly string[]; unshown: readonly string[] }>();
  router.route(endpoints.getPlaylist, {
    handler: async ({ params, query, actor }) => {
      // Who sees more (the drafts' owners) is read beside the playlist, not after it: one
      // round of queries less on every computed answer. Nothing of it is sent unless the
      // reader may see the playlist. Every video it holds is named, shown or not, whatever
      // their sight (read apart from the page, so a video taken out of sight or back into it
      // between the reads is named anyway, and its event drops the answer being computed): one
      // coming back into sight, or leaving it, changes the page or its count (decision 0064).
      const [view, unseen, unshown] = await Promise.all([
        playlists.getPlaylistPage({
          playlistId: params.playlistId,
          viewer: actor,
          after: query.after,
          limit: query.limit,
        }),
        playlists.unseenItems(params.playlistId),
        playlists.itemVideoIds(params.playlistId),
      ]);
      const answer = presentPlaylistPage(view);
      seeMore.set(answer, {
        notFor: [view.playlist.ownerId, ...new Set(unseen.map((item) => item.ownerId))],
        unshown,
      });
      return answer;
    },
    // The same for every signed-in person but its owner and those with a draft in it.
    shared: ({ data }) => {
      const notFor = seeMore.get(data)?.notFor;
      return notFor ? { notFor } : null;
    },
    // Everything it shows is dropped by an event but the cards' counters (decision 0064): its
    // own fields and order, its owner, each video it shows, and each it holds but does not show
    // (one coming back into sight, or leaving it, changes the page or its count).
    shows: ({ data }) => [
      ...new Set([
        shows.playlist(data._id),
        shows.person(data.owner),
        ...videosShown(data.videos),
        ...(seeMore.get(data)?.unshown ?? []).map(shows.video),
      ]),
    ],
  });
  router.route(endpoints.createPlaylist, {
    handler: async ({ body, actor }) =>
      presentPlaylist(await playlists.createPlaylist({ actor, details: body }), storage),
  });
  router.route(endpoints.updatePlaylist, {
    handler: async ({ params, body, actor }) =>
      presentPlaylist(
        await playlists.updatePlaylist({ playlistId: params.playlistId, actor, changes: body }),
        storage,
      ),
  });
  router.route(endpoints.deletePlaylist, {
    handler: ({ params, actor }) =>
      emptyAfter(playlists.deletePlaylist({ playlistId: params.playlistId, actor })),
  });
  router.route(endpoints.addPlaylistVideo, {
    handler: async ({ params, actor }) =>
      presentPlaylist(await playlists.addVideo({ ...params, actor }), storage),
  });
  router.route(endpoints.removePlaylistVideo, {
    handler: async ({ params, actor }) =>
      presentPlaylist(await playlists.removeVideo({ ...params, actor }), storage),
  });
  router.route(endpoints.movePlaylistVideo, {
    handler: async ({ params, body, actor }) =>
      presentPlaylist(
        await playlists.moveVideo({ ...params, position: body.position, actor }),
        storage,
      ),
  });
}
