export { myVideosKeys } from './api/my-videos-api';
