// What other screens show of the liked videos (the library).
export { likedKeys, recentLikedQuery } from './api/liked-api';
