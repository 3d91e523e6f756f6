// What other screens show of playlists: the card, the Save menu, the queue beside the player,
// the cards' Watch later button, and the cache keys and queries.
export { playlistKeys, playlistVideoPath, userPlaylistsQuery } from './api/playlists-api';
export { PlaylistCard } from './components/PlaylistCard';
export { nextInPlaylist, PlaylistQueue } from './components/PlaylistQueue';
export { SaveToPlaylistMenu } from './components/SaveToPlaylistMenu';
export { WatchLaterCardButton } from './components/WatchLaterCardButton';
export { usePlaylist } from './hooks/use-playlists';
