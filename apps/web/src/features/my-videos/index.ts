export { myVideosKeys, myVideosQueries } from './api/my-videos-api';
