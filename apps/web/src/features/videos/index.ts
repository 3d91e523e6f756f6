// The watch page and its cache keys.
export { videoKeys } from './api/videos-api';
export { WatchPage } from './components/WatchPage';
