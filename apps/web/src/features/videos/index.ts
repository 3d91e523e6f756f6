// The watch page and its cache keys.
export { videoKeys } from './api/videos-api';
export { EmbedPage } from './components/EmbedPage';
export { WatchPage } from './components/WatchPage';
