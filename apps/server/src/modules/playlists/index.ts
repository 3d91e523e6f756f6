export { PlaylistsRepository } from './playlists.repository';
export { PlaylistsService } from './playlists.service';
export { registerPlaylistRoutes } from './playlists.routes';
